'use client';

import { Form, Input, Modal, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import type { BlacklistRow } from '@/lib/contract/risk';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

/** Relieves an active blacklist entry; the reason is required and kept with the row. */
export function RelieveDialog({ row, close, refresh }: { row: BlacklistRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.blacklist');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();

  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      const { message: text } = await apiCall('sysBlackList/relieve', { id: row.id, version: row.version, reason });
      message.success(text);
      await refresh();
      close();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      if (error instanceof ApiError && error.code === 409) await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('relieveTitle')} okText={t('relieve')} okButtonProps={{ danger: true, loading: busy, htmlType: 'submit' }}
      onCancel={close} destroyOnHidden modalRender={(node) => <Form form={form} layout="vertical" onFinish={submit}>{node}</Form>}>
      <Typography.Paragraph>{t('relieveWho', { name: row.name, idNumber: row.idNumber })}</Typography.Paragraph>
      <Form.Item name="reason" label={t('relieveReason')} rules={[{ required: true, whitespace: true, message: tv('reasonTextRequired') }]}>
        <Input.TextArea autoFocus maxLength={255} showCount rows={3} />
      </Form.Item>
    </Modal>
  );
}

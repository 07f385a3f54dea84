'use client';

import { Alert, Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { api, ApiError } from '@/lib/api/client';
import type { SmsTemplateRow } from '@/lib/contract/sms';
import { useFieldErrors, useFieldRule } from '@/components/common/use-field-rule';

/** Renders a template with sample values into the outbox for a mobile, and shows the text sent. */
export function TestSendDialog({ row, close }: { row: SmsTemplateRow; close: () => void }) {
  const t = useTranslations('resources.smsTemplate');
  const rule = useFieldRule();
  const fieldErrors = useFieldErrors();
  const [form] = Form.useForm<{ mobile: string }>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async ({ mobile }: { mobile: string }) => {
    setSending(true);
    try {
      setSent((await api('noteTemplate/testSend', { id: row.id, mobile })).content);
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title={t('testSend')} onCancel={close} onOk={() => (sent === null ? form.submit() : close())} okText={sent === null ? t('send') : t('done')}
      confirmLoading={sending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="mobile" label={t('testMobile')} rules={[{ required: true, message: t('testMobile') }, rule('mobile')]}>
          <Input inputMode="numeric" maxLength={11} autoFocus />
        </Form.Item>
      </Form>
      {sent !== null && <Alert type="success" showIcon title={t('sentText')} description={sent} />}
    </Modal>
  );
}

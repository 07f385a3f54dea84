'use client';

import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import { formatChinaTime } from '@/lib/china-time';
import type { ConsultRow } from '@/lib/contract/content';
import { useFieldErrors } from '@/components/common/use-field-rule';
import '@/styles/antd/descriptions.generated.css';
import { useApp } from '@/components/providers/app-notices';

const ANSWER_MAX = 2000;

/** The question as it came, and its answer when there is one. */
function Question({ row }: { row: ConsultRow }) {
  const t = useTranslations('resources.consult');
  const tc = useTranslations('content.consultCategory');
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} items={[
      { key: 'name', label: t('name'), children: row.name },
      { key: 'mobile', label: t('mobile'), children: row.mobile },
      { key: 'category', label: t('category'), children: tc(row.category) },
      { key: 'time', label: t('createTime'), children: formatChinaTime(row.createTime) },
      { key: 'content', label: t('content'), children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.content}</Typography.Paragraph> },
      ...(row.answer ? [{
        key: 'answer', label: t('answerText'),
        children: (
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.answer}</Typography.Paragraph>
            <Typography.Text type="secondary">{t('answeredBy', { name: row.answeredBy ?? '', time: row.answerTime ? formatChinaTime(row.answerTime) : '' })}</Typography.Text>
          </>
        ),
      }] : []),
    ]} />
  );
}

/** A consultation, read only. */
export function ConsultView({ row, close }: { row: ConsultRow; close: () => void }) {
  const t = useTranslations('resources.consult');
  return <Modal open title={t('viewTitle', { id: row.id })} onCancel={close} footer={null} width="min(640px, 100vw)"><Question row={row} /></Modal>;
}

/** Answers a consultation; the asker gets the CONSULT_ANSWERED SMS. */
export function ConsultAnswer({ row, close, refresh }: { row: ConsultRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.consult');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm<{ answer: string }>();
  const [saving, setSaving] = useState(false);
  const fieldErrors = useFieldErrors();
  const submit = async ({ answer }: { answer: string }) => {
    setSaving(true);
    try {
      const { message: text } = await apiCall('businssConsult/answer', { id: row.id, version: row.version, answer });
      void message.success(text);
      close();
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('answerTitle', { id: row.id })} onCancel={close} onOk={() => form.submit()} okText={t('send')} confirmLoading={saving}
      width="min(640px, 100vw)" destroyOnHidden>
      <Question row={row} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="answer" label={t('answerText')} extra={t('smsHint')}
          rules={[{ required: true, whitespace: true, message: tv('contentAnswerRequired') }]}>
          <Input.TextArea rows={5} maxLength={ANSWER_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

'use client';

import { CloudUploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, api, apiCall } from '@/lib/api/client';
import { formatChinaTime } from '@/lib/china-time';
import { useCallAllowed } from '@/components/access/permission';
import { useApp } from '@/components/providers/app-notices';

/** The version in force, the draft's changes against it, and the issue button (a confirmation with a note). */
export function IssueBar() {
  const t = useTranslations('resources.indicator');
  const { message } = useApp();
  const { mutate: mutateAll } = useSWRConfig();
  const canIssue = useCallAllowed()('business/index/issue');
  const { data, mutate } = useSWR('business/index/draft', () => api('business/index/draft', {}), { refreshInterval: 5000 });
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const issue = async () => {
    if (!data) return;
    setBusy(true);
    try {
      const { data: issued, message: text } = await apiCall('business/index/issue', { basedOn: data.issued ?? 0, note });
      message.success(`${text} ${t('issuedAs', { number: issued.number })}`);
      setOpen(false);
      setNote('');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
      await Promise.all([mutate(), mutateAll((key) => Array.isArray(key) && key[0] === 'business/index/list')]);
    }
  };

  return (
    <>
      <Alert type={data?.changes ? 'warning' : 'info'} showIcon style={{ marginBottom: 16 }}
        title={data ? t('inForce', { number: data.issued ?? 0, at: data.issuedAt ? formatChinaTime(data.issuedAt) : '—' }) : t('loading')}
        description={data ? (data.changes ? t('draftChanges', { count: data.changes }) : t('draftClean')) : undefined}
        action={canIssue && (
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!data?.changes} onClick={() => setOpen(true)}>{t('issue')}</Button>
        )} />
      <Modal open={open} title={t('issueTitle')} okText={t('issue')} okButtonProps={{ loading: busy }} onOk={() => void issue()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('issueQuestion', { count: data?.changes ?? 0, number: (data?.issued ?? 0) + 1 })}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('issueNote')}>
              <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} maxLength={255} showCount rows={2} />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}

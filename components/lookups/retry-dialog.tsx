'use client';

import { Modal, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import type { LookupErrorRow } from '@/lib/contract/lookups';
import { useApp } from '@/components/providers/app-notices';

/**
 * Runs a failed lookup again: when the source answers, the error is resolved and the case's
 * indicators of that source re-checked; when it fails again, the new reason is shown and counted.
 */
export function RetryDialog({ row, close, refresh }: { row: LookupErrorRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.lookupError');
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      const { data } = await apiCall('business-real-time-exception/retry', { id: row.id, version: row.version });
      if (data.resolved) void message.success(t('retryResolved', { number: data.number }));
      else void message.warning(t('retryFailed', { message: data.message }));
      await refresh();
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 409) { await refresh(); close(); }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('retryTitle')} okText={t('retry')} okButtonProps={{ loading: busy }} onOk={() => void retry()} onCancel={close} destroyOnHidden>
      <Typography.Paragraph>{t('retryQuestion', { number: row.number, name: row.name, interface: row.interface })}</Typography.Paragraph>
      <Typography.Text type="secondary">{t('retryLast', { code: row.code, message: row.message, retries: row.retries })}</Typography.Text>
    </Modal>
  );
}

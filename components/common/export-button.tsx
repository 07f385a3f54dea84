'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { download } from '@/lib/api/client';
import type { CallPath } from '@/lib/contract/calls';
import { useApp } from '@/components/providers/app-notices';

/**
 * Downloads a file call's answer (an .xlsx export) with the payload as it stands when
 * clicked, and says which file was saved. Errors are shown like every call's.
 */
export function ExportButton({ path, payload, label = 'common.export' }: { path: CallPath; payload: () => Record<string, unknown>; label?: string }) {
  const t = useTranslations();
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await download(path, payload());
      void message.success(t('common.exported', { name }));
    } catch {
      // Already shown by the client's notifier.
    } finally {
      setBusy(false);
    }
  };
  return <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>{t(label)}</Button>;
}

'use client';

import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import type { PushLogRow } from '@/lib/contract/push';
import '@/styles/antd/descriptions.generated.css';

/** The body of one pushed event as it is sent, with its idempotency key (read only). */
export function PayloadDialog({ row, close }: { row: PushLogRow; close: () => void }) {
  const t = useTranslations('resources.pushData');
  const { data } = useSWR(['businessDataSyncLog/payload', row.id], () => api('businessDataSyncLog/payload', { id: row.id }));
  const pretty = data ? JSON.stringify(JSON.parse(data.payload), null, 2) : '';
  return (
    <Modal open title={t('payloadTitle', { number: row.applicationNumber ?? '' })} onCancel={close} onOk={close} okText={t('close')}
      cancelButtonProps={{ style: { display: 'none' } }} width={720} destroyOnHidden>
      {data ? (
        <>
          <Descriptions size="small" column={1} items={[{ key: 'key', label: t('idempotencyKey'), children: <Typography.Text code copyable>{data.idempotencyKey}</Typography.Text> }]} />
          <pre data-testid="push-payload" style={{ maxHeight: 420, overflow: 'auto', background: 'var(--ant-color-fill-quaternary, #f5f5f5)', padding: 12, borderRadius: 6, marginTop: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {pretty}
          </pre>
        </>
      ) : <Spin />}
    </Modal>
  );
}

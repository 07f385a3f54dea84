'use client';

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api/client';
import type { InsuranceInfo } from '@/lib/contract/lookups';
import { formatChinaTime } from '@/lib/china-time';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/descriptions.generated.css';
import { useApp } from '@/components/providers/app-notices';

/**
 * The proposer's social-insurance record (GovernmentDataSc/insure) as last read, with when it
 * was read and whether a simulated source answered; a reviewer of the case's stage reads it
 * again (which re-checks the INSURANCE indicators, so the red flags are read again too).
 */
export function DetailInsurance({ id }: { id: number }) {
  const t = useTranslations('approval.insurance');
  const { message } = useApp();
  const { mutate: mutateAll } = useSWRConfig();
  const { data, isLoading, mutate } = useCall('GovernmentDataSc/insure', { id });
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const next = await api('GovernmentDataSc/insure', { id, refresh: true });
      await mutate(next, { revalidate: false });
      await mutateAll((key) => Array.isArray(key) && key[0] === 'businessProposerInfo/getCueRedInfo');
      if (next.failure) void message.warning(t('failed', next.failure));
      else void message.success(t('refreshed'));
    } catch {
      // The error was shown by the client.
    } finally {
      setBusy(false);
    }
  };
  const record = (info: InsuranceInfo) => info.record!;
  return (
    <Section title={t('title')} data={data} loading={isLoading} empty={(info) => !info.record && !info.failure && !info.canRefresh}>
      {(info) => (
        <>
          {info.failure && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('failed', info.failure)} />}
          {info.record ? (
            <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} items={[
              { key: 'insured', label: t('insured'), children: <Tag color={record(info).insured ? 'green' : 'red'}>{t(record(info).insured ? 'yes' : 'no')}</Tag> },
              { key: 'monthsPaid', label: t('monthsPaid'), children: record(info).monthsPaid },
              { key: 'lastMonthPaid', label: t('lastMonthPaid'), children: record(info).lastMonthPaid ?? '—' },
              { key: 'employer', label: t('employer'), children: record(info).employer ?? '—', span: { xs: 1, md: 2 } },
              { key: 'readAt', label: t('readAt'), children: <>{formatChinaTime(record(info).readAt)}{record(info).simulated && <Tag style={{ marginInlineStart: 8 }}>{t('simulated')}</Tag>}</> },
            ]} />
          ) : !info.failure && <Alert type="info" title={t('none')} />}
          {info.canRefresh && (
            <Button size="small" icon={<ReloadOutlined />} loading={busy} style={{ marginTop: 8 }} onClick={() => void refresh()}>{t('refresh')}</Button>
          )}
        </>
      )}
    </Section>
  );
}

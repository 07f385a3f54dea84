'use client';

import { Descriptions, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { formatMoney, formatTime } from './format';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/descriptions.generated.css';

/**
 * The bank's first review of a case that passed it (businessClubFirstTrial/getBankFirst) and
 * the signed contracts the later bank stages work from (businessClubFirstTrial/getFiles).
 */
export function DetailBankFirst({ id }: { id: number }) {
  const t = useTranslations('casework.bankFirst');
  const { data, isLoading } = useCall('businessClubFirstTrial/getBankFirst', { id });
  const contracts = useCall('businessClubFirstTrial/getFiles', { id, kind: 'CONTRACT' });
  const files = contracts.data?.flatMap((group) => group.files) ?? [];
  return (
    <Section title={t('title')} data={data} loading={isLoading} empty={(d) => d.record === null}>
      {(d) => (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
            { key: 'bank', label: t('bank'), children: d.bankOrg },
            { key: 'actor', label: t('actor'), children: d.record!.actor ?? '—' },
            { key: 'time', label: t('time'), children: formatTime(d.record!.createTime) },
            { key: 'result', label: t('result'), children: t(`action.${d.record!.action === 'CHECK' ? 'CHECK' : 'OTHER'}`) },
            { key: 'amount', label: t('amount'), children: formatMoney(d.amount) },
            { key: 'quota', label: t('quota'), children: formatMoney(d.guaranteeQuota) },
            { key: 'opinion', label: t('opinion'), children: d.record!.opinion || '—', span: 2 },
          ]} />
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 4 }}>{t('contracts')}</Typography.Paragraph>
          {files.length === 0 ? <Typography.Text type="secondary">{t('noContracts')}</Typography.Text> : (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {files.map((file) => <li key={file.id}><a href={file.url} target="_blank" rel="noreferrer">{file.name}</a></li>)}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}

'use client';

import { FileAddOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import type { ClaimRow, UnclaimedRow } from '@/lib/contract/subsidy';
import { CLAIM_PROPOSE } from '@/lib/resources/subsidy';
import { formatMoney } from '@/components/approval/format';
import { makeKey } from '@/components/approval/idempotency';
import { EmptyState } from '@/components/common/empty-state';
import { useApp } from '@/components/providers/app-notices';

const rowKey = (r: UnclaimedRow) => `${r.year}-${r.quarter}-${r.rensheOrgId}`;

/**
 * What the bank may still claim (subsidyClaim/unclaimed): per quarter and renshe bureau, the
 * periods repaid on time and in no claim with their subsidy; a quarter that has ended offers
 * 生成申请, which proposes its claims (one per bureau) with a fresh key; `proposed` gets them.
 */
export function Unclaimed({ proposed }: { proposed: (claims: ClaimRow[]) => void }) {
  const t = useTranslations('subsidyClaims');
  const locale = useLocale();
  const { message } = useApp();
  const { data, isLoading, mutate } = useSWR(['subsidyClaim/unclaimed', locale], () => api('subsidyClaim/unclaimed', {}));
  const [busy, setBusy] = useState<string | null>(null);

  const propose = async (row: UnclaimedRow) => {
    const quarter = `${row.year}-${row.quarter}`;
    setBusy(quarter);
    try {
      const claims = await api(CLAIM_PROPOSE, { year: row.year, quarter: row.quarter, key: makeKey() });
      void message.success(t('proposed', { count: claims.length }));
      proposed(claims);
    } catch {
      // Said by the client's notifier.
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  return (
    <Card title={t('unclaimed.title')}>
      <Table<UnclaimedRow> rowKey={rowKey} size="small" loading={isLoading} dataSource={data ?? []} pagination={false} scroll={{ x: 'max-content' }}
        aria-label={t('unclaimed.title')}
        locale={{ emptyText: <EmptyState description={t('unclaimed.none')} /> }}
        columns={[
          { key: 'quarter', title: t('unclaimed.quarter'), render: (_, r) => t('quarterName', { year: r.year, quarter: r.quarter }) },
          { key: 'rensheOrg', title: t('rensheOrg'), dataIndex: 'rensheOrg' },
          { key: 'periods', title: t('periods'), align: 'right', render: (_, r) => t('periodCount', { count: r.periods }) },
          { key: 'amount', title: t('amount'), align: 'right', render: (_, r) => formatMoney(r.amount) },
          {
            key: 'action', title: t('actions'),
            render: (_, r) => (r.claimable
              ? <Button size="small" type="primary" icon={<FileAddOutlined />} loading={busy === `${r.year}-${r.quarter}`} disabled={busy !== null}
                  aria-label={t('proposeQuarter', { year: r.year, quarter: r.quarter })} onClick={() => void propose(r)}>{t('propose')}</Button>
              : <Tag>{t('unclaimed.notEnded')}</Tag>),
          },
        ]} />
    </Card>
  );
}

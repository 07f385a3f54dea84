'use client';

import { Table, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { StatisticsForm } from '@/lib/contract/statistics';
import { formatMoney } from '@/components/approval/format';
import { EmptyState } from '@/components/common/empty-state';

type Subsidy = NonNullable<StatisticsForm['subsidy']>;
const FIGURES = ['owed', 'claimed', 'paid'] as const;

/**
 * The banks' interest subsidy owed, claimed and paid per month of repayment and bank, with the
 * total. A reader who sees one bank only (its own) reads no bank column, so that on a phone the
 * figures stand beside their month.
 */
export function SubsidyTab({ subsidy, oneBank }: { subsidy: Subsidy; oneBank: boolean }) {
  const t = useTranslations('statistics.subsidy');
  const ts = useTranslations('statistics');
  const labels = oneBank ? 1 : 2;
  const columns = [
    { key: 'month', title: t('month'), dataIndex: 'month' },
    ...(oneBank ? [] : [{ key: 'org', title: ts('orgOf.bank'), dataIndex: 'orgName' }]),
    ...FIGURES.map((key) => ({ key, title: t(key), align: 'right' as const, render: (_: unknown, r: Subsidy['rows'][number]) => formatMoney(r[key]) })),
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('note')}</Typography.Paragraph>
      <Table rowKey={(r) => `${r.month}-${r.orgId}`} size="small" pagination={false} columns={columns} dataSource={subsidy.rows} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        summary={() => (subsidy.rows.length ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={labels}>{t('total')}</Table.Summary.Cell>
            {FIGURES.map((key, i) => <Table.Summary.Cell key={key} index={i + labels} align="right">{formatMoney(subsidy.totals[key])}</Table.Summary.Cell>)}
          </Table.Summary.Row>
        ) : null)} />
    </>
  );
}

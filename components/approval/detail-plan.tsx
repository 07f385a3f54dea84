'use client';

import { Descriptions, Table } from 'antd';
import { useTranslations } from 'next-intl';
import type { ApplicationDetail } from '@/lib/contract/workflow';
import type { PlanRow } from '@/lib/workflow/plan';
import { formatMoney } from './format';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/descriptions.generated.css';

/** The repayment plan of the loan (getPlan), with its totals. */
export function DetailPlan({ detail }: { detail: ApplicationDetail }) {
  const t = useTranslations('approval');
  const { data, isLoading } = useCall('businessClubFirstTrial/getPlan', { id: detail.id });
  const money = (key: keyof PlanRow) => ({ key, title: t(`plan.${key}`), align: 'right' as const, render: (_: unknown, row: PlanRow) => formatMoney(row[key]) });
  return (
    <Section data={data} loading={isLoading} empty={(plan) => plan.rows.length === 0}>
      {(plan) => (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 12 }} items={[
            { key: 'amount', label: t('detail.amount'), children: formatMoney(detail.amount) },
            { key: 'rate', label: t('detail.rate'), children: `${(detail.rate * 100).toFixed(2)}%` },
            { key: 'method', label: t('detail.repaymentMethod'), children: t(`repaymentMethod.${detail.repaymentMethod}`) },
            { key: 'term', label: t('detail.term'), children: t('detail.months', { count: detail.termMonths }) },
            { key: 'totalInterest', label: t('plan.totalInterest'), children: formatMoney(plan.totalInterest) },
            { key: 'totalPayment', label: t('plan.totalPayment'), children: formatMoney(plan.totalPayment) },
          ]} />
          <Table<PlanRow> rowKey="period" size="small" dataSource={plan.rows} scroll={{ x: 'max-content' }}
            pagination={plan.rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
            columns={[{ key: 'period', dataIndex: 'period', title: t('plan.period') }, money('principal'), money('interest'), money('payment'), money('balance')]} />
        </>
      )}
    </Section>
  );
}

'use client';

import { Table, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { BankStatistics, ReportStatistics, SubsidyFigures } from '@/lib/contract/report';
import { formatMoney } from '@/components/approval/format';
import { EmptyState } from '@/components/common/empty-state';
import { SectionTitle } from '@/components/common/section-title';

const FIGURES = ['owed', 'claimed', 'paid'] as const;
const TITLES = { owed: 'subsidyOwed', claimed: 'subsidyClaimed', paid: 'subsidyPaid' } as const;

/** The three figures' columns and the total row after `before` columns of labels. */
function useSubsidyColumns() {
  const t = useTranslations('reports.report');
  const columns = FIGURES.map((key) => ({
    key, title: t(TITLES[key]), align: 'right' as const, render: (_: unknown, r: SubsidyFigures) => formatMoney(r[key]),
  }));
  const total = (before: number, totals: SubsidyFigures) => (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={before}>{t('total')}</Table.Summary.Cell>
      {FIGURES.map((key, i) => <Table.Summary.Cell key={key} index={i + before} align="right">{formatMoney(totals[key])}</Table.Summary.Cell>)}
    </Table.Summary.Row>
  );
  return { columns, total };
}

/**
 * The interest subsidy of the periods repaid in the months (the month of repayment, not of issue):
 * owed, claimed and paid per month and region, and per bank.
 */
export function SubsidySection({ report, banks }: { report: ReportStatistics; banks: BankStatistics | undefined }) {
  const t = useTranslations('reports.report');
  const { columns, total } = useSubsidyColumns();
  const empty = { emptyText: <EmptyState description={t('noSubsidy')} /> };
  return (
    <section>
      <SectionTitle>{t('sections.subsidy')}</SectionTitle>
      <Typography.Paragraph type="secondary">{t('subsidyNote')}</Typography.Paragraph>
      <Table rowKey={(r) => `${r.month}-${r.region}`} size="small" pagination={false} dataSource={report.subsidy.rows} scroll={{ x: 'max-content' }} locale={empty}
        columns={[{ key: 'month', title: t('repaidMonth'), dataIndex: 'month' }, { key: 'region', title: t('region'), dataIndex: 'regionName' }, ...columns]}
        summary={() => (report.subsidy.rows.length ? total(2, report.subsidy.totals) : null)} />
      {banks && (
        <Table rowKey="bankId" size="small" pagination={false} dataSource={banks.subsidy.rows} scroll={{ x: 'max-content' }} style={{ marginTop: 12 }} locale={empty}
          columns={[{ key: 'bank', title: t('bank'), dataIndex: 'bank' }, ...columns]}
          summary={() => (banks.subsidy.rows.length ? total(1, banks.subsidy.totals) : null)} />
      )}
    </section>
  );
}

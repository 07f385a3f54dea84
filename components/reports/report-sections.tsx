'use client';

import { Button, Progress, Table} from 'antd';
import { useTranslations } from 'next-intl';
import type { BondingCompanies } from '@/lib/contract/case-extras';
import type { BankStatistics, EmploymentForm, LoanFigures, ReportStatistics } from '@/lib/contract/report';
import { formatMoney } from '@/components/approval/format';
import { BarChart } from '@/components/statistics/bar-chart';
import styles from './report-print.module.css';
import '@/styles/antd/progress.generated.css';
import { EmptyState } from '@/components/common/empty-state';
import { SectionTitle } from '@/components/common/section-title';

export interface JobsCell { label: string; count: number; filter: { month?: string; borrowerType?: string; keyGroup?: boolean } }
type OpenJobs = (cell: JobsCell) => void;

const FIGURES = ['loans', 'amount', 'people', 'employees', 'keyEmployees'] as const;
/** Where the loans issued stand now (their accounts): a table of their own, so that each fits the page. */
const AFTER_ISSUE = ['repaid', 'outstanding', 'overdue', 'compensated', 'recovered'] as const;
const MONEY = new Set<string>(['amount', ...AFTER_ISSUE]);

function useFigureColumns<R extends LoanFigures>(keys: readonly (keyof LoanFigures)[] = FIGURES) {
  const t = useTranslations('reports.report');
  return keys.map((key) => ({
    key, title: t(key), align: 'right' as const, render: (_: unknown, r: R) => (MONEY.has(key) ? formatMoney(r[key]) : r[key]),
  }));
}

/** Loans issued, people supported and jobs created per region and month of issue, with the months as a chart. */
export function MonthlySection({ data }: { data: ReportStatistics }) {
  const t = useTranslations('reports.report');
  const figures = useFigureColumns<ReportStatistics['rows'][number]>();
  const months = data.byMonth;
  return (
    <section>
      <SectionTitle>{t('sections.monthly')}</SectionTitle>
      <BarChart timeline title={t('chart.loans', { from: data.period.monthFrom, to: data.period.monthTo })} tableCaption={t('chart.table')} categoryTitle={t('month')}
        categories={months.map((m) => m.month)} series={[
          { name: t('loans'), values: months.map((m) => m.loans), color: '#1677ff' },
          { name: t('employees'), values: months.map((m) => m.employees), color: '#52c41a' },
        ]} />
      <Table rowKey={(r) => `${r.month}-${r.region}`} size="small" pagination={false} dataSource={data.rows} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={t('noLoans')} /> }} style={{ marginTop: 12 }}
        columns={[{ key: 'month', title: t('month'), dataIndex: 'month' }, { key: 'region', title: t('region'), dataIndex: 'regionName' }, ...figures]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>{t('total')}</Table.Summary.Cell>
            {FIGURES.map((key, i) => (
              <Table.Summary.Cell key={key} index={i + 2} align="right">{MONEY.has(key) ? formatMoney(data.totals[key]) : data.totals[key]}</Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )} />
    </section>
  );
}

/** Jobs created per month and borrower type; every count opens its employees. */
export function JobsSection({ data, open }: { data: EmploymentForm; open: OpenJobs }) {
  const t = useTranslations('reports.report');
  const ta = useTranslations('approval');
  const count = (label: string, n: number, filter: JobsCell['filter']) => (n === 0 ? 0 : (
    <Button type="link" size="small" style={{ padding: 0 }} aria-label={t('openEmployees', { label, count: n })} onClick={() => open({ label, count: n, filter })}>{n}</Button>
  ));
  return (
    <section>
      <SectionTitle>{t('sections.jobs')}</SectionTitle>
      <BarChart title={t('chart.jobs')} tableCaption={t('chart.table')} categoryTitle={t('borrowerType')}
        categories={data.byBorrowerType.map((b) => ta(`borrowerType.${b.borrowerType}`))} series={[
          { name: t('employees'), values: data.byBorrowerType.map((b) => b.employees), color: '#52c41a' },
          { name: t('keyEmployees'), values: data.byBorrowerType.map((b) => b.keyEmployees), color: '#faad14' },
        ]} />
      <Table rowKey={(r) => `${r.month}-${r.borrowerType}`} size="small" pagination={false} dataSource={data.rows} scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyState description={t('noLoans')} /> }} style={{ marginTop: 12 }}
        columns={[
          { key: 'month', title: t('month'), dataIndex: 'month' },
          { key: 'type', title: t('borrowerType'), render: (_, r) => ta(`borrowerType.${r.borrowerType}`) },
          { key: 'loans', title: t('loans'), align: 'right', dataIndex: 'loans' },
          { key: 'employees', title: t('employees'), align: 'right', render: (_, r) => count(`${r.month} ${ta(`borrowerType.${r.borrowerType}`)} ${t('employees')}`, r.employees, { month: r.month, borrowerType: r.borrowerType }) },
          { key: 'key', title: t('keyEmployees'), align: 'right', render: (_, r) => count(`${r.month} ${ta(`borrowerType.${r.borrowerType}`)} ${t('keyEmployees')}`, r.keyEmployees, { month: r.month, borrowerType: r.borrowerType, keyGroup: true }) },
        ]} />
    </section>
  );
}

/** The loans issued in the months, month by month and per bank: principal repaid, outstanding, overdue, compensated and recovered now. */
export function AfterIssueSection({ report, banks }: { report: ReportStatistics; banks: BankStatistics | undefined }) {
  const t = useTranslations('reports.report');
  const months = useFigureColumns<ReportStatistics['byMonth'][number]>(AFTER_ISSUE);
  const perBank = useFigureColumns<BankStatistics['rows'][number]>(AFTER_ISSUE);
  return (
    <section>
      <SectionTitle>{t('sections.afterIssue')}</SectionTitle>
      <Table rowKey="month" size="small" pagination={false} dataSource={report.byMonth.filter((m) => m.loans > 0 || m.outstanding > 0 || m.repaid > 0)}
        scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyState description={t('noLoans')} /> }}
        columns={[{ key: 'month', title: t('month'), dataIndex: 'month' }, ...months]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
            {AFTER_ISSUE.map((key, i) => <Table.Summary.Cell key={key} index={i + 1} align="right">{formatMoney(report.totals[key])}</Table.Summary.Cell>)}
          </Table.Summary.Row>
        )} />
      {banks && (
        <Table rowKey="bankId" size="small" pagination={false} dataSource={banks.rows} scroll={{ x: 'max-content' }} style={{ marginTop: 12 }}
          locale={{ emptyText: <EmptyState description={t('noLoans')} /> }} columns={[{ key: 'bank', title: t('bank'), dataIndex: 'bank' }, ...perBank]} />
      )}
    </section>
  );
}

export function BanksSection({ data }: { data: BankStatistics }) {
  const t = useTranslations('reports.report');
  const figures = useFigureColumns<BankStatistics['rows'][number]>();
  return (
    <section>
      <SectionTitle>{t('sections.banks')}</SectionTitle>
      <Table rowKey="bankId" size="small" pagination={false} dataSource={data.rows} scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyState description={t('noLoans')} /> }}
        columns={[{ key: 'bank', title: t('bank'), dataIndex: 'bank' }, ...figures]} />
    </section>
  );
}

/** The guarantee each company carries on the date against its quota. */
export function BalancesSection({ data, edit }: { data: BondingCompanies; edit?: (company: BondingCompanies['list'][number]) => void }) {
  const t = useTranslations('reports.report');
  return (
    <section>
      <SectionTitle>{t('sections.balances', { date: data.date })}</SectionTitle>
      <Table rowKey="orgId" size="small" pagination={false} dataSource={data.list} scroll={{ x: 900 }} columns={[
        { key: 'name', title: t('company'), dataIndex: 'name' },
        { key: 'quota', title: t('quota'), align: 'right', render: (_, c) => formatMoney(c.quota) },
        { key: 'loans', title: t('guaranteedLoans'), align: 'right', dataIndex: 'loans' },
        { key: 'used', title: t('used'), align: 'right', render: (_, c) => formatMoney(c.used) },
        { key: 'left', title: t('left'), align: 'right', render: (_, c) => formatMoney(c.left) },
        {
          key: 'share', title: t('usedShare'), width: 160, render: (_, c) => (c.quota
            ? <Progress percent={Math.round((c.used / c.quota) * 1000) / 10} size="small" status={c.used > c.quota ? 'exception' : 'normal'} aria-label={t('usedShare')} />
            : '—'),
        },
        { key: 'pending', title: t('pending'), align: 'right', render: (_, c) => `${c.pending} · ${formatMoney(c.pendingAmount)}` },
        ...(edit ? [{
          key: 'actions', title: t('actions'), className: styles.noPrint,
          render: (_: unknown, c: BondingCompanies['list'][number]) => <Button type="link" size="small" onClick={() => edit(c)}>{t('quotaEdit')}</Button>,
        }] : []),
      ]} />
    </section>
  );
}

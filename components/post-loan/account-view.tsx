'use client';

import { Button, Descriptions, Flex, Skeleton, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '@/lib/api/client';
import type { LoanAccount, ScheduleRow } from '@/lib/contract/loans';
import { accountActions, LOAN_STATE_COLORS, type AccountAction } from '@/lib/resources/ledger';
import { CLAIM_STATE_COLORS } from '@/lib/resources/subsidy-states';
import type { PeriodState } from '@/lib/workflow/loan-states';
import { formatDate, formatMoney, formatTime } from '@/components/approval/format';
import { lazyPart } from '@/components/common/lazy-part';
import { EmptyState } from '@/components/common/empty-state';
import { useCallAllowed } from '@/components/access/permission';
import '@/styles/antd/descriptions.generated.css';

/** The action dialogs, downloaded when one is first opened. */
const AccountDialog = lazyPart(() => import('./account-dialogs').then((m) => m.AccountDialog));

const NOT_FOUND = 404;
const PERIOD_COLORS: Record<PeriodState, string> = { DUE: 'blue', PAID: 'green', PAID_LATE: 'gold', OVERDUE: 'red' };
const ENTRY_COLORS = { PENDING: 'blue', CONFIRMED: 'green', REJECTED: 'default' } as const;

type Account = LoanAccount['account'];
type Repayment = LoanAccount['repayments'][number];
type Compensation = LoanAccount['compensations'][number];
type Recovery = LoanAccount['recoveries'][number];
type WriteOff = LoanAccount['writeOffs'][number];

/** The account of one loan, read silently: a case whose account is not open yet says so in place. */
function useLoanAccount(id: number) {
  const locale = useLocale();
  return useSWR<LoanAccount, unknown>(['loanAccount/getInfo', JSON.stringify({ id }), 'POST', locale], () => api('loanAccount/getInfo', { id }, { silent: true }));
}

/**
 * A loan's account (DOMAIN.md section 6): its summary, the actions the user may take on it now,
 * and in tabs its repayment schedule, the bank's repayments, compensation, recovery and
 * write-off. Shown by the ledger's drawer and by the case drawer's 贷后 tab; `changed` tells
 * the screen around it that an action went through (its list reads again).
 */
export function LoanAccountView({ id, changed }: { id: number; changed?: () => unknown }) {
  const t = useTranslations('postLoan');
  const allowed = useCallAllowed();
  const { data, error, isLoading, mutate } = useLoanAccount(id);
  const [action, setAction] = useState<AccountAction | null>(null);
  const refresh = useCallback(async () => {
    await mutate();
    await changed?.();
  }, [mutate, changed]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data) {
    const missing = error instanceof ApiError && error.code === NOT_FOUND;
    return <EmptyState description={missing ? t('loan.notOpened') : error instanceof ApiError && error.message !== 'system' ? error.message : t('loan.loadFailed')} />;
  }
  const actions = accountActions(data, allowed);
  return (
    <>
      {actions.length > 0 && (
        <Flex wrap gap={8} style={{ marginBottom: 16 }} role="toolbar" aria-label={t('loan.actions')}>
          {actions.map((key) => (
            <Button key={key} type={key === 'repay' ? 'primary' : 'default'} danger={key === 'writeOff'} onClick={() => setAction(key)}>{t(`actions.${key}`)}</Button>
          ))}
        </Flex>
      )}
      <Summary account={data.account} />
      <Tabs items={[
        { key: 'schedule', label: t('loan.tabs.schedule'), children: <ScheduleTable rows={data.schedule} /> },
        { key: 'repayments', label: t('loan.tabs.repayments'), children: <Repayments rows={data.repayments} /> },
        { key: 'compensations', label: t('loan.tabs.compensations'), children: <Compensations rows={data.compensations} /> },
        { key: 'recoveries', label: t('loan.tabs.recoveries'), children: <Recoveries rows={data.recoveries} /> },
        { key: 'writeOffs', label: t('loan.tabs.writeOffs'), children: <WriteOffs rows={data.writeOffs} /> },
      ]} />
      {action && <AccountDialog action={action} account={data} close={() => setAction(null)} refresh={refresh} />}
    </>
  );
}

/** The state tag of a loan, with its days overdue. */
function LoanStateTag({ account }: { account: Pick<Account, 'state' | 'overdueDays' | 'settledHow'> }) {
  const t = useTranslations('postLoan');
  return (
    <>
      <Tag color={LOAN_STATE_COLORS[account.state]}>{t(`state.${account.state}`)}</Tag>
      {account.overdueDays > 0 && <Tag color="red">{t('overdueDays', { days: account.overdueDays })}</Tag>}
      {account.settledHow && <Tag>{t(`settledHow.${account.settledHow}`)}</Tag>}
    </>
  );
}

function Summary({ account }: { account: Account }) {
  const t = useTranslations('postLoan');
  const ta = useTranslations('approval');
  const l = (key: string) => t(`ledger.${key}`);
  const items = [
    { key: 'number', label: l('number'), children: account.number },
    { key: 'name', label: l('name'), children: account.name },
    { key: 'idNumber', label: t('loan.idNumber'), children: account.idNumber },
    { key: 'borrowerType', label: l('borrowerType'), children: ta(`borrowerType.${account.borrowerType}`) },
    { key: 'bankOrg', label: l('bankOrg'), children: account.bankOrg },
    { key: 'guaranteeOrg', label: l('guaranteeOrg'), children: account.guaranteeOrg },
    { key: 'state', label: l('state'), children: <LoanStateTag account={account} /> },
    { key: 'principal', label: l('principal'), children: formatMoney(account.principal) },
    { key: 'outstanding', label: l('outstanding'), children: formatMoney(account.outstanding) },
    { key: 'rate', label: t('loan.rate'), children: `${(account.rate * 100).toFixed(2)}%` },
    { key: 'method', label: t('loan.method'), children: ta(`repaymentMethod.${account.method}`) },
    { key: 'term', label: t('loan.termLabel'), children: t('loan.term', { months: account.termMonths }) },
    { key: 'issueDate', label: l('issueDate'), children: formatDate(account.issueDate) },
    { key: 'maturityDate', label: l('maturityDate'), children: formatDate(account.maturityDate) },
    { key: 'nextDueDate', label: l('nextDueDate'), children: formatDate(account.nextDueDate) },
    { key: 'nextDueAmount', label: l('nextDueAmount'), children: formatMoney(account.nextDueAmount) },
    ...(account.settledOn ? [{ key: 'settledOn', label: l('settledOn'), children: formatDate(account.settledOn) }] : []),
    ...(account.compensated > 0 ? [{ key: 'compensated', label: t('loan.compensated'), children: formatMoney(account.compensated) }] : []),
    ...(account.recovered > 0 ? [{ key: 'recovered', label: t('loan.recovered'), children: formatMoney(account.recovered) }] : []),
    ...(account.writtenOff > 0 ? [{ key: 'writtenOff', label: t('loan.writtenOff'), children: formatMoney(account.writtenOff) }] : []),
    ...(account.writeOffFrom ? [{ key: 'writeOffFrom', label: t('loan.writeOffFrom'), children: formatDate(account.writeOffFrom) }] : []),
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }} items={items} />;
}

const PAGE = 12;

/** The page a schedule opens on: where the loan stands, its first unpaid period (its last, once all are paid). */
export function schedulePage(rows: Pick<ScheduleRow, 'state'>[]): number {
  const unpaid = rows.findIndex((r) => r.state === 'DUE' || r.state === 'OVERDUE');
  return Math.floor((unpaid < 0 ? Math.max(rows.length - 1, 0) : unpaid) / PAGE) + 1;
}

/** A small table of the account that scrolls sideways on a phone, opening on page `start`; 'none' when it is empty. */
function AccountTable<Row extends object>({ rows, columns, rowKey, label, start = 1 }: {
  rows: Row[]; columns: TableColumnsType<Row>; rowKey: keyof Row & string; label: string; start?: number;
}) {
  const t = useTranslations('postLoan');
  return (
    <Table<Row> rowKey={rowKey} size="small" dataSource={rows} columns={columns} scroll={{ x: 'max-content' }} aria-label={label}
      pagination={rows.length > PAGE ? { pageSize: PAGE, showSizeChanger: false, defaultCurrent: start } : false}
      locale={{ emptyText: <EmptyState description={t('loan.none')} /> }} />
  );
}

const right = { align: 'right' as const };

function ScheduleTable({ rows }: { rows: ScheduleRow[] }) {
  const t = useTranslations('postLoan');
  const ts = useTranslations('subsidy');
  return (
    <AccountTable<ScheduleRow> rows={rows} rowKey="period" label={t('loan.tabs.schedule')} start={schedulePage(rows)} columns={[
      { key: 'period', title: t('loan.period'), render: (_, r) => t('loan.periodValue', { period: r.period }) },
      { key: 'dueDate', title: t('loan.dueDate'), render: (_, r) => formatDate(r.dueDate) },
      { key: 'principal', title: t('loan.principal'), ...right, render: (_, r) => formatMoney(r.principal) },
      { key: 'interest', title: t('loan.interest'), ...right, render: (_, r) => formatMoney(r.interest) },
      { key: 'paid', title: t('loan.paid'), ...right, render: (_, r) => formatMoney(r.paidPrincipal + r.paidInterest) },
      { key: 'paidOn', title: t('loan.paidOn'), render: (_, r) => formatDate(r.paidOn) },
      { key: 'subsidy', title: t('loan.subsidy'), ...right, render: (_, r) => formatMoney(r.subsidy) },
      { key: 'borrowerInterest', title: t('loan.borrowerInterest'), ...right, render: (_, r) => formatMoney(r.borrowerInterest) },
      {
        key: 'claim', title: t('loan.claim'),
        render: (_, r) => (r.claim ? <Flex gap={4} wrap={false} align="center">
          <span>{r.claim.number}</span><Tag color={CLAIM_STATE_COLORS[r.claim.state]}>{ts(`state.${r.claim.state}`)}</Tag>
        </Flex> : '—'),
      },
      {
        key: 'state', title: t('loan.periodState'),
        render: (_, r) => <>
          <Tag color={PERIOD_COLORS[r.state]}>{t(`periodState.${r.state}`)}</Tag>
          {r.overdueDays > 0 && <Tag color="red">{t('overdueDays', { days: r.overdueDays })}</Tag>}
        </>,
      },
    ]} />
  );
}

function Repayments({ rows }: { rows: Repayment[] }) {
  const t = useTranslations('postLoan');
  return (
    <AccountTable<Repayment> rows={rows} rowKey="id" label={t('loan.tabs.repayments')} columns={[
      { key: 'paidOn', title: t('loan.paidOn'), render: (_, r) => formatDate(r.paidOn) },
      { key: 'kind', title: t('loan.kind'), render: (_, r) => t(`reportKind.${r.kind}`) },
      { key: 'period', title: t('loan.period'), render: (_, r) => (r.period === null ? '—' : t('loan.periodValue', { period: r.period })) },
      { key: 'principal', title: t('loan.principal'), ...right, render: (_, r) => formatMoney(r.principal) },
      { key: 'interest', title: t('loan.interest'), ...right, render: (_, r) => formatMoney(r.interest) },
      { key: 'lateDays', title: t('loan.lateDays'), render: (_, r) => t('loan.lateDaysValue', { days: r.lateDays }) },
      { key: 'reportId', title: t('loan.reportId'), dataIndex: 'reportId' },
      { key: 'recordedBy', title: t('loan.recordedBy'), dataIndex: 'recordedBy' },
      { key: 'createTime', title: t('loan.recordedAt'), render: (_, r) => formatTime(r.createTime) },
    ]} />
  );
}

function EntryState({ state }: { state: keyof typeof ENTRY_COLORS }) {
  const t = useTranslations('postLoan');
  return <Tag color={ENTRY_COLORS[state]}>{t(`entryState.${state}`)}</Tag>;
}

function Compensations({ rows }: { rows: Compensation[] }) {
  const t = useTranslations('postLoan');
  return (
    <AccountTable<Compensation> rows={rows} rowKey="id" label={t('loan.tabs.compensations')} columns={[
      { key: 'paidOn', title: t('loan.paidOn'), render: (_, r) => formatDate(r.paidOn) },
      { key: 'principal', title: t('loan.principal'), ...right, render: (_, r) => formatMoney(r.principal) },
      { key: 'interest', title: t('loan.interest'), ...right, render: (_, r) => formatMoney(r.interest) },
      { key: 'state', title: t('loan.entryState'), render: (_, r) => <EntryState state={r.state} /> },
      { key: 'recordedBy', title: t('loan.recordedBy'), dataIndex: 'recordedBy' },
      { key: 'decidedBy', title: t('loan.decidedBy'), render: (_, r) => r.decidedBy ?? '—' },
      { key: 'opinion', title: t('loan.opinion'), render: (_, r) => r.opinion || '—' },
      { key: 'createTime', title: t('loan.recordedAt'), render: (_, r) => formatTime(r.createTime) },
    ]} />
  );
}

function Recoveries({ rows }: { rows: Recovery[] }) {
  const t = useTranslations('postLoan');
  return (
    <AccountTable<Recovery> rows={rows} rowKey="id" label={t('loan.tabs.recoveries')} columns={[
      { key: 'recoveredOn', title: t('loan.recoveredOn'), render: (_, r) => formatDate(r.recoveredOn) },
      { key: 'amount', title: t('loan.amount'), ...right, render: (_, r) => formatMoney(r.amount) },
      { key: 'source', title: t('loan.source'), render: (_, r) => t(`source.${r.source}`) },
      { key: 'note', title: t('loan.note'), render: (_, r) => r.note || '—' },
      { key: 'recordedBy', title: t('loan.recordedBy'), dataIndex: 'recordedBy' },
      { key: 'createTime', title: t('loan.recordedAt'), render: (_, r) => formatTime(r.createTime) },
    ]} />
  );
}

function WriteOffs({ rows }: { rows: WriteOff[] }) {
  const t = useTranslations('postLoan');
  return (
    <AccountTable<WriteOff> rows={rows} rowKey="id" label={t('loan.tabs.writeOffs')} columns={[
      { key: 'amount', title: t('loan.amount'), ...right, render: (_, r) => formatMoney(r.amount) },
      { key: 'reason', title: t('loan.reason'), dataIndex: 'reason' },
      { key: 'state', title: t('loan.entryState'), render: (_, r) => <EntryState state={r.state} /> },
      { key: 'requestedBy', title: t('loan.requestedBy'), dataIndex: 'requestedBy' },
      { key: 'decidedBy', title: t('loan.decidedBy'), render: (_, r) => r.decidedBy ?? '—' },
      { key: 'opinion', title: t('loan.opinion'), render: (_, r) => r.opinion || '—' },
      { key: 'createTime', title: t('loan.recordedAt'), render: (_, r) => formatTime(r.createTime) },
    ]} />
  );
}

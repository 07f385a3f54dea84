import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { defineCall } from '../../core/call';
import { allowed } from '../../core/permission';
import { notFound } from '../../core/errors';
import { ensureExportable, xlsxFile } from '../../core/export';
import type { Cell } from '../../core/xlsx';
import type { Translate } from '../../core/i18n';
import type { Page } from '../../../lib/contract/common';
import type { LedgerListInput, LedgerRow, LoanAccount } from '../../../lib/contract/loans';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { chinaToday } from '../../core/china-time';
import { addMonths } from '../../../lib/workflow/loan-schedule';
import { caseScope } from '../workflow/scope';
import { countUpTo, pageTotals } from '../workflow/list';
import { dateText } from '../workflow/rows';
import { inLoanScope, loanSettings, loanVisible, yuanOf, type AccountRow } from './store';

type Db = Kysely<Database>;
type Filters = Omit<LedgerListInput, 'pageNum' | 'pageSize'>;
const iso = (value: Date | string) => new Date(value).toISOString();

const SORTS = {
  nextDue: [sql`l.next_due_date`, 'asc'],
  overdueDays: [sql`l.overdue_days`, 'desc'],
  outstanding: [sql`l.outstanding`, 'desc'],
  issueDate: [sql`l.issue_date`, 'desc'],
} as const;

/** The ledger's loans in the caller's scope matching the search (before paging). */
async function ledgerBase(db: Db, user: AuthUser, input: Filters) {
  const scope = await caseScope(db, user);
  let base = db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id').where((eb) => inLoanScope(eb, scope));
  if (input.state) base = base.where('l.state', '=', input.state);
  if (input.bankOrgId) base = base.where('l.bank_org_id', '=', input.bankOrgId);
  if (input.guaranteeOrgId) base = base.where('l.guarantee_org_id', '=', input.guaranteeOrgId);
  if (input.overdueMin) base = base.where('l.overdue_days', '>=', input.overdueMin);
  if (input.dateFrom) base = base.where('l.next_due_date', '>=', input.dateFrom);
  if (input.dateTo) base = base.where('l.next_due_date', '<=', input.dateTo);
  if (input.keyword) {
    const keyword = input.keyword;
    base = base.where((eb) => eb.or([eb('a.number', '=', keyword), eb('a.name', '=', keyword)]));
  }
  return base;
}

type Base = Awaited<ReturnType<typeof ledgerBase>>;

function ledgerRows(base: Base, input: Filters) {
  const [column, direction] = SORTS[input.sort ?? 'nextDue'];
  return base.innerJoin('organization as b', 'b.id', 'l.bank_org_id').innerJoin('organization as g', 'g.id', 'l.guarantee_org_id')
    .selectAll('l')
    .select(['a.number', 'a.name', 'a.id_number', 'a.borrower_type', 'b.name as bank', 'g.name as guarantee'])
    .select([dateText('l.issue_date').as('issue'), dateText('l.maturity_date').as('maturity'), dateText('l.next_due_date').as('next_due'), dateText('l.settled_on').as('settled'), dateText('l.compensated_on').as('compensated_day')])
    .orderBy(column, sql.raw(`${direction} nulls last`)).orderBy('l.application_id', 'desc');
}

type Joined = Awaited<ReturnType<ReturnType<typeof ledgerRows>['execute']>>[number];

const toLedgerRow = (r: Joined): LedgerRow => ({
  id: r.application_id, number: r.number, name: r.name, idNumber: maskIdNumber(r.id_number), borrowerType: r.borrower_type,
  bankOrg: r.bank, guaranteeOrg: r.guarantee, principal: yuanOf(r.principal), outstanding: yuanOf(r.outstanding),
  issueDate: r.issue!, maturityDate: r.maturity!, method: r.method, rate: Number(r.rate), state: r.state, overdueDays: r.overdue_days,
  nextDueDate: r.next_due, nextDueAmount: r.next_due_amount === null ? null : yuanOf(r.next_due_amount),
  settledHow: r.settled_how, settledOn: r.settled, version: r.version,
});

/** Whether the caller is of the loan's own organisation of that kind (the operator's staff are of none). */
async function ownOrg(db: Db, user: AuthUser, orgId: number) {
  const scope = await caseScope(db, user);
  return scope?.includes(orgId) ?? false;
}

const holds = (db: Db, user: AuthUser, verb: string) => allowed(db, user, { permission: `postLoan::${verb}` });

/** A loan's account as the caller may see it, with what the caller may do now (the service checks each again). */
export async function loanAccountAnswer(db: Db, user: AuthUser, id: number, now: Date): Promise<LoanAccount> {
  const scope = await caseScope(db, user);
  const found = await ledgerRows(db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id').where('l.application_id', '=', id), {})
    .executeTakeFirst();
  if (!found || !loanVisible(found, scope)) throw notFound('loan');
  const [settings, periods, repayments, compensations, recoveries, writeOffs] = await Promise.all([
    loanSettings(db),
    db.selectFrom('loan_period').selectAll().select([dateText('due_date').as('due'), dateText('paid_on').as('paid')]).where('application_id', '=', id).orderBy('period').execute(),
    db.selectFrom('loan_repayment as r').leftJoin('app_user as u', 'u.id', 'r.recorded_by').selectAll('r').select(['u.nickname', dateText('r.paid_on').as('paid')])
      .where('r.application_id', '=', id).orderBy('r.id', 'desc').execute(),
    db.selectFrom('loan_compensation as c').leftJoin('app_user as u', 'u.id', 'c.recorded_by').leftJoin('app_user as d', 'd.id', 'c.decided_by')
      .selectAll('c').select(['u.nickname as recorder', 'd.nickname as decider', dateText('c.paid_on').as('paid')]).where('c.application_id', '=', id).orderBy('c.id', 'desc').execute(),
    db.selectFrom('loan_recovery as r').leftJoin('app_user as u', 'u.id', 'r.recorded_by').selectAll('r').select(['u.nickname', dateText('r.recovered_on').as('day')])
      .where('r.application_id', '=', id).orderBy('r.id', 'desc').execute(),
    db.selectFrom('loan_write_off as w').leftJoin('app_user as u', 'u.id', 'w.requested_by').leftJoin('app_user as d', 'd.id', 'w.decided_by')
      .selectAll('w').select(['u.nickname as requester', 'd.nickname as decider']).where('w.application_id', '=', id).orderBy('w.id', 'desc').execute(),
  ]);
  const account: AccountRow = found;
  const compensatedOn = found.compensated_day;
  const writeOffFrom = compensatedOn ? addMonths(compensatedOn, settings.writeOffYears * 12) : null;
  const pendingCompensation = compensations.find((c) => c.state === 'PENDING');
  const pendingWriteOff = writeOffs.find((w) => w.state === 'PENDING');
  const [bank, guarantee, renshe] = await Promise.all([ownOrg(db, user, account.bank_org_id), ownOrg(db, user, account.guarantee_org_id), ownOrg(db, user, account.renshe_org_id)]);
  const compensatedState = account.state === 'COMPENSATED' || account.state === 'RECOVERING';
  const can = {
    repay: bank && (account.state === 'CURRENT' || account.state === 'OVERDUE') && await holds(db, user, 'repay'),
    compensate: guarantee && account.state === 'OVERDUE' && account.overdue_days >= settings.claimDays && !pendingCompensation && await holds(db, user, 'compensate'),
    confirmCompensation: guarantee && !!pendingCompensation && pendingCompensation.recorded_by !== user.id && await holds(db, user, 'confirmCompensation'),
    recover: guarantee && compensatedState && await holds(db, user, 'recover'),
    writeOff: guarantee && compensatedState && !pendingWriteOff && writeOffFrom !== null && writeOffFrom <= chinaToday(now) && await holds(db, user, 'chargeOff'),
    confirmWriteOff: renshe && !!pendingWriteOff && await holds(db, user, 'confirmChargeOff'),
  };
  return {
    account: {
      ...toLedgerRow(found), termMonths: account.term_months, compensated: yuanOf(account.compensated), recovered: yuanOf(account.recovered),
      writtenOff: yuanOf(account.written_off), claimDays: settings.claimDays, writeOffFrom,
    },
    schedule: periods.map((p) => ({
      period: p.period, dueDate: p.due!, principal: yuanOf(p.principal), interest: yuanOf(p.interest), paidPrincipal: yuanOf(p.paid_principal),
      paidInterest: yuanOf(p.paid_interest), paidOn: p.paid, state: p.state, overdueDays: p.overdue_days,
    })),
    repayments: repayments.map((r) => ({
      id: r.id, reportId: r.report_id, kind: r.kind, period: r.period, paidOn: r.paid!, principal: yuanOf(r.principal), interest: yuanOf(r.interest),
      lateDays: r.late_days, recordedBy: r.nickname ?? '', createTime: iso(r.created_at),
    })),
    compensations: compensations.map((c) => ({
      id: c.id, principal: yuanOf(c.principal), interest: yuanOf(c.interest), paidOn: c.paid!, state: c.state, recordedBy: c.recorder ?? '',
      decidedBy: c.decider, opinion: c.opinion, createTime: iso(c.created_at),
    })),
    recoveries: recoveries.map((r) => ({
      id: r.id, recoveredOn: r.day!, amount: yuanOf(r.amount), source: r.source, note: r.note, recordedBy: r.nickname ?? '', createTime: iso(r.created_at),
    })),
    writeOffs: writeOffs.map((w) => ({
      id: w.id, amount: yuanOf(w.amount), reason: w.reason, state: w.state, requestedBy: w.requester ?? '', decidedBy: w.decider,
      opinion: w.opinion, createTime: iso(w.created_at),
    })),
    can,
  };
}

/** Columns of the ledger export: header key (under loans.column) and the cell of a row. */
export const LEDGER_COLUMNS: [string, (row: LedgerRow, t: Translate) => Cell][] = [
  ['number', (r) => r.number],
  ['name', (r) => r.name],
  ['idNumber', (r) => r.idNumber],
  ['borrowerType', (r, t) => t(`approval.borrowerType.${r.borrowerType}`)],
  ['bankOrg', (r) => r.bankOrg],
  ['guaranteeOrg', (r) => r.guaranteeOrg],
  ['principal', (r) => r.principal],
  ['outstanding', (r) => r.outstanding],
  ['issueDate', (r) => r.issueDate],
  ['maturityDate', (r) => r.maturityDate],
  ['state', (r, t) => (r.settledHow ? `${t(`loans.state.${r.state}`)} (${t(`loans.settledHow.${r.settledHow}`)})` : t(`loans.state.${r.state}`))],
  ['overdueDays', (r) => r.overdueDays],
  ['nextDueDate', (r) => r.nextDueDate ?? ''],
  ['nextDueAmount', (r) => r.nextDueAmount ?? ''],
  ['settledOn', (r) => r.settledOn ?? ''],
];

export const ledgerCalls = [
  defineCall({
    path: 'loanAccount/getList',
    async handler(ctx, input): Promise<Page<LedgerRow>> {
      const base = await ledgerBase(ctx.db, ctx.user, input);
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        ledgerRows(base, input).limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return { ...totals, list: rows.map(toLedgerRow) };
    },
  }),
  defineCall({
    path: 'loanAccount/getInfo',
    handler: (ctx, input) => loanAccountAnswer(ctx.db, ctx.user, input.id, ctx.now),
  }),
  defineCall({
    path: 'loanAccount/export',
    async handler(ctx, input) {
      const base = await ledgerBase(ctx.db, ctx.user, input);
      ensureExportable(await countUpTo(ctx.db, base, ctx.options.exportMaxRows), ctx.options.exportMaxRows);
      const rows = (await ledgerRows(base, input).execute()).map(toLedgerRow);
      const title = ctx.t('loans.ledgerTitle');
      return xlsxFile(title, ctx.now, [{
        name: title,
        header: LEDGER_COLUMNS.map(([key]) => ctx.t(`loans.column.${key}`)),
        rows: rows.map((row) => LEDGER_COLUMNS.map(([, cell]) => cell(row, ctx.t))),
      }]);
    },
  }),
];

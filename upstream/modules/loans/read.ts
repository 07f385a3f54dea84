import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { defineCall } from '../../core/call';
import { allowed } from '../../core/permission';
import { notFound } from '../../core/errors';
import { ensureExportable, xlsxFile } from '../../core/export';
import { dayCell, type Cell } from '../../core/xlsx';
import type { Translate } from '../../core/i18n';
import type { Page } from '../../../lib/contract/common';
import type { EarlierLoan, LedgerListInput, LedgerRow, LoanAccount } from '../../../lib/contract/loans';
import { visibleApplication } from '../workflow/detail';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { claimNumber, type ClaimState } from '../../../lib/workflow/subsidy';
import { chinaToday } from '../../core/china-time';
import { addMonths } from '../../../lib/workflow/loan-schedule';
import { caseScope } from '../workflow/scope';
import { countUpTo, pageTotals } from '../workflow/list';
import { dateText } from '../workflow/rows';
import { inLoanScope, loanSettings, loanVisible, yuanOf, type AccountRow, type OrgColumn } from './store';

type Db = Kysely<Database>;
type Filters = Omit<LedgerListInput, 'pageNum' | 'pageSize'>;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Each order, and the index it walks (migration 0037): the page's ids come off the index, not a sort. */
const SORTS = {
  nextDue: [sql`l.next_due_date asc nulls last`, 'asc'],
  overdueDays: [sql`l.overdue_days desc`, 'desc'],
  outstanding: [sql`l.outstanding desc`, 'desc'],
  issueDate: [sql`l.issue_date desc`, 'desc'],
} as const;

/** The loan column that holds the caller's kind of organisation (a bank's loans by their bank...); null: all three. */
async function scopeColumn(db: Db, user: AuthUser): Promise<OrgColumn | null> {
  if (user.orgId === null) return null;
  const org = await db.selectFrom('organization').select('type').where('id', '=', user.orgId).executeTakeFirst();
  return org ? ({ BANK: 'bank_org_id', GUARANTEE: 'guarantee_org_id', RENSHE: 'renshe_org_id' } as const)[org.type as 'BANK'] ?? null : null;
}

/**
 * The ledger's loans in the caller's scope matching the search (before paging), on the accounts
 * alone: a bank's user filters by the bank column, a guarantee company's by its own, so the
 * indexes that lead with that column serve the search; the keyword finds its applications first.
 */
async function ledgerBase(db: Db, user: AuthUser, input: Filters) {
  const scope = await caseScope(db, user);
  const column = scope === null ? null : await scopeColumn(db, user);
  let base = db.selectFrom('loan_account as l')
    .where((eb) => (column && scope?.length ? eb(`l.${column}`, 'in', scope) : inLoanScope(eb, scope)));
  if (input.state) base = base.where('l.state', '=', input.state);
  if (input.bankOrgId) base = base.where('l.bank_org_id', '=', input.bankOrgId);
  if (input.guaranteeOrgId) base = base.where('l.guarantee_org_id', '=', input.guaranteeOrgId);
  if (input.overdueMin) base = base.where('l.overdue_days', '>=', input.overdueMin);
  if (input.dateFrom) base = base.where('l.next_due_date', '>=', input.dateFrom);
  if (input.dateTo) base = base.where('l.next_due_date', '<=', input.dateTo);
  if (input.keyword) {
    const keyword = input.keyword;
    base = base.where('l.application_id', 'in', db.selectFrom('application as k').select('k.id').where((eb) => eb.or([eb('k.number', '=', keyword), eb('k.name', '=', keyword)])));
  }
  return base;
}

type Base = Awaited<ReturnType<typeof ledgerBase>>;

/** The ids of a page of the search, in its order. */
const pageIds = (base: Base, input: Filters, page?: { pageNum: number; pageSize: number }) => {
  const [order, direction] = SORTS[input.sort ?? 'nextDue'];
  const ids = base.select('l.application_id').orderBy(order).orderBy('l.application_id', direction);
  return page ? ids.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize) : ids;
};

/** The loans of `ids` with what the ledger shows, in the search's order. */
function ledgerRows(db: Db, ids: ReturnType<typeof pageIds> | number[], input: Filters) {
  const [order, direction] = SORTS[input.sort ?? 'nextDue'];
  return db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id')
    .innerJoin('organization as b', 'b.id', 'l.bank_org_id').innerJoin('organization as g', 'g.id', 'l.guarantee_org_id')
    .selectAll('l')
    .select(['a.number', 'a.name', 'a.id_number', 'a.borrower_type', 'b.name as bank', 'g.name as guarantee'])
    .select([dateText('l.issue_date').as('issue'), dateText('l.maturity_date').as('maturity'), dateText('l.next_due_date').as('next_due'), dateText('l.settled_on').as('settled'), dateText('l.compensated_on').as('compensated_day')])
    .where('l.application_id', 'in', ids)
    .orderBy(order).orderBy('l.application_id', direction);
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

/** The claim holding a period ('id:state:year:quarter'), if any. */
function claimOf(text: string | null) {
  if (!text) return null;
  const [id, state, year, quarter] = text.split(':');
  return { id: Number(id), state: state as ClaimState, number: claimNumber({ id: Number(id), year: Number(year), quarter: Number(quarter) }) };
}

/** A loan's account as the caller may see it, with what the caller may do now (the service checks each again). */
export async function loanAccountAnswer(db: Db, user: AuthUser, id: number, now: Date): Promise<LoanAccount> {
  const scope = await caseScope(db, user);
  const found = await ledgerRows(db, [id], {}).executeTakeFirst();
  if (!found || !loanVisible(found, scope)) throw notFound('loan');
  const [settings, periods, repayments, compensations, recoveries, writeOffs] = await Promise.all([
    loanSettings(db),
    db.selectFrom('loan_period as p').selectAll('p').select([dateText('p.due_date').as('due'), dateText('p.paid_on').as('paid')])
      .select((eb) => eb.selectFrom('subsidy_claim_line as c').innerJoin('subsidy_claim as s', 's.id', 'c.claim_id')
        .select(sql<string>`s.id || ':' || s.state || ':' || s.year || ':' || s.quarter`.as('claim'))
        .whereRef('c.application_id', '=', 'p.application_id').whereRef('c.period', '=', 'p.period').where('c.excluded', '=', false).as('claim'))
      .where('p.application_id', '=', id).orderBy('p.period').execute(),
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
    // Not while a write-off waits: its amount must not change under renshe's decision.
    recover: guarantee && compensatedState && !pendingWriteOff && await holds(db, user, 'recover'),
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
      subsidy: p.subsidy === null ? null : yuanOf(p.subsidy), borrowerInterest: p.borrower_interest === null ? null : yuanOf(p.borrower_interest),
      claim: claimOf(p.claim),
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
  ['issueDate', (r) => dayCell(r.issueDate)],
  ['maturityDate', (r) => dayCell(r.maturityDate)],
  ['state', (r, t) => (r.settledHow ? `${t(`loans.state.${r.state}`)} (${t(`loans.settledHow.${r.settledHow}`)})` : t(`loans.state.${r.state}`))],
  ['overdueDays', (r) => r.overdueDays],
  ['nextDueDate', (r) => dayCell(r.nextDueDate)],
  ['nextDueAmount', (r) => r.nextDueAmount ?? ''],
  ['settledOn', (r) => dayCell(r.settledOn)],
];

export const ledgerCalls = [
  defineCall({
    path: 'loanAccount/getList',
    async handler(ctx, input): Promise<Page<LedgerRow>> {
      const base = await ledgerBase(ctx.db, ctx.user, input);
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        ledgerRows(ctx.db, pageIds(base, input, input), input).execute(),
      ]);
      return { ...totals, list: rows.map(toLedgerRow) };
    },
  }),
  defineCall({
    path: 'loanAccount/earlier',
    async handler(ctx, input): Promise<EarlierLoan[]> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      const rows = await ctx.db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id')
        .select(['a.number', 'l.principal', 'l.state', 'l.overdue_days', 'l.settled_how', dateText('l.issue_date').as('issue'), dateText('l.settled_on').as('settled')])
        .where('a.id_number', '=', app.id_number).where('a.id', '<>', app.id).orderBy('l.issue_date', 'desc').execute();
      return rows.map((r) => ({
        number: r.number, principal: yuanOf(r.principal), issueDate: r.issue!, state: r.state, overdueDays: r.overdue_days, settledHow: r.settled_how, settledOn: r.settled,
      }));
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
      const rows = (await ledgerRows(ctx.db, pageIds(base, input), input).execute()).map(toLedgerRow);
      const title = ctx.t('loans.ledgerTitle');
      return xlsxFile(title, ctx.now, [{
        name: title,
        header: LEDGER_COLUMNS.map(([key]) => ctx.t(`loans.column.${key}`)),
        rows: rows.map((row) => LEDGER_COLUMNS.map(([, cell]) => cell(row, ctx.t))),
      }]);
    },
  }),
];

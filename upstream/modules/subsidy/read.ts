import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoanTables } from '../../db/schema-loans';
import { defineCall, type AuthUser } from '../../core/call';
import type { RowKind } from '../../core/row-access';
import { allowed } from '../../core/permission';
import { forbidden, notFound } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import { xlsxFile } from '../../core/export';
import { dayCell, type Cell } from '../../core/xlsx';
import type { Translate } from '../../core/i18n';
import type { Page } from '../../../lib/contract/common';
import type { CLAIM_STEPS, ClaimDetail, ClaimLine, ClaimRow, UnclaimedRow } from '../../../lib/contract/subsidy';
import { EDITABLE_CLAIM_STATES, claimNumber, quarterDays, type ClaimState } from '../../../lib/workflow/subsidy';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { caseScope } from '../workflow/scope';
import { dateText } from '../workflow/rows';
import { yuanOf } from '../loans/store';

type Db = Kysely<Database>;
type Claim = Selectable<LoanTables['subsidy_claim']>;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A claim lies in a caller's scope when its bank does, or its renshe bureau once submitted (a draft is the bank's alone); null: everything. */
const claimVisible = (c: Pick<Claim, 'bank_org_id' | 'renshe_org_id' | 'state'>, scope: number[] | null) =>
  scope === null || scope.includes(c.bank_org_id) || (c.state !== 'DRAFT' && scope.includes(c.renshe_org_id));

/**
 * A claim named by a call's input (row access of kind 'claim'): in the caller's scope (its bank or
 * its bureau), else 404; with `org`, acted on only by a person of the claim's own bank (claiming)
 * or bureau (review, payout), else 403. The operator's staff read every claim and act on none.
 */
export const claimRowAccess: RowKind = async (ctx, id, rule) => {
  const claim = await ctx.db.selectFrom('subsidy_claim').select(['bank_org_id', 'renshe_org_id', 'state']).where('id', '=', id).executeTakeFirst();
  const scope = await caseScope(ctx.db, ctx.user);
  if (!claim || !claimVisible(claim, scope)) throw notFound('claim');
  const own = rule.org === 'bank' ? claim.bank_org_id : claim.renshe_org_id;
  if (rule.org && !(scope?.includes(own) ?? false)) throw forbidden();
};


export const claimRows = (db: Db) => db.selectFrom('subsidy_claim as c').innerJoin('organization as b', 'b.id', 'c.bank_org_id').innerJoin('organization as r', 'r.id', 'c.renshe_org_id')
  .selectAll('c').select(['b.name as bank', 'r.name as renshe', dateText('c.paid_on').as('paid')]);
type Joined = Awaited<ReturnType<ReturnType<typeof claimRows>['execute']>>[number];

export const toClaimRow = (c: Joined): ClaimRow => ({
  id: c.id, number: claimNumber(c), bankOrgId: c.bank_org_id, bankOrg: c.bank, rensheOrgId: c.renshe_org_id, rensheOrg: c.renshe, year: c.year, quarter: c.quarter,
  state: c.state, periods: c.periods, amount: yuanOf(c.amount), submitTime: c.submitted_at ? iso(c.submitted_at) : null, paidOn: c.paid,
  paidAmount: c.paid_amount === null ? null : yuanOf(c.paid_amount), voucherNo: c.voucher_no, createTime: iso(c.created_at), version: c.version,
});

/** A claim with its steps and what the caller may do with it now. */
export async function claimDetail(db: Db, user: AuthUser, id: number): Promise<ClaimDetail> {
  const [claim, excluded, steps, scope] = await Promise.all([
    claimRows(db).where('c.id', '=', id).executeTakeFirst(),
    db.selectFrom('subsidy_claim_line').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('subsidy').as('amount')])
      .where('claim_id', '=', id).where('excluded', '=', true).executeTakeFirstOrThrow(),
    db.selectFrom('subsidy_claim_step as s').leftJoin('app_user as u', 'u.id', 's.user_id').select(['s.action', 's.opinion', 's.created_at', 'u.nickname'])
      .where('s.claim_id', '=', id).orderBy('s.id').execute(),
    caseScope(db, user),
  ]);
  if (!claim || !claimVisible(claim, scope)) throw notFound('claim');
  const [claiming, reviewing, paying] = await Promise.all(['claim', 'review', 'pay'].map((verb) => allowed(db, user, { permission: `subsidy::${verb}` })));
  const bank = claiming === true && (scope?.includes(claim.bank_org_id) ?? false);
  const bureau = scope?.includes(claim.renshe_org_id) ?? false;
  const editable = EDITABLE_CLAIM_STATES.includes(claim.state);
  return {
    claim: toClaimRow(claim),
    excluded: { periods: Number(excluded.n), amount: yuanOf(excluded.amount) },
    steps: steps.map((s) => ({ action: s.action as (typeof CLAIM_STEPS)[number], user: s.nickname ?? '', opinion: s.opinion, createTime: iso(s.created_at) })),
    can: {
      edit: bank && editable, submit: bank && editable && claim.periods > 0, delete: bank && claim.state === 'DRAFT',
      check: reviewing === true && bureau && claim.state === 'SUBMITTED', approve: reviewing === true && bureau && claim.state === 'CHECKED' && claim.checked_by !== user.id,
      return: reviewing === true && bureau && (claim.state === 'SUBMITTED' || claim.state === 'CHECKED'), pay: paying === true && bureau && claim.state === 'APPROVED',
    },
  };
}

/** The states of claims awaiting the caller's organisation: a bank's to finish, a bureau's (or the operator's) to review or pay. */
async function awaitingStates(db: Db, user: AuthUser): Promise<ClaimState[]> {
  const org = user.orgId === null ? undefined : await db.selectFrom('organization').select('type').where('id', '=', user.orgId).executeTakeFirst();
  return org?.type === 'BANK' ? [...EDITABLE_CLAIM_STATES] : ['SUBMITTED', 'CHECKED', 'APPROVED'];
}


/** Every text of a claim's export (under subsidy.column): the sheets, their headers and the summary's labels. */
export const CLAIM_EXPORT_TEXTS = [
  'summary', 'item', 'value', 'lines', 'excluded', 'reason', 'number', 'bankOrg', 'rensheOrg', 'quarter', 'state', 'periods', 'amount', 'paidOn', 'paidAmount',
  'voucherNo', 'loanNumber', 'name', 'idNumber', 'period', 'dueDate', 'repaidOn', 'rate', 'lpr', 'interest', 'subsidy', 'borrowerInterest',
] as const;
type ExportText = (typeof CLAIM_EXPORT_TEXTS)[number];

/** The rows of a claim's export's summary: label key (under subsidy.column) and the value. */
const SUMMARY_ROWS: [ExportText, (claim: ClaimRow, t: Translate) => Cell][] = [
  ['number', (c) => c.number], ['bankOrg', (c) => c.bankOrg], ['rensheOrg', (c) => c.rensheOrg], ['quarter', (c) => `${c.year} Q${c.quarter}`],
  ['state', (c, t) => t(`subsidy.state.${c.state}`)], ['periods', (c) => c.periods], ['amount', (c) => c.amount],
  ['paidOn', (c) => dayCell(c.paidOn)], ['paidAmount', (c) => c.paidAmount], ['voucherNo', (c) => c.voucherNo],
];

/** Columns of a claim's export: header key (under subsidy.column) and the cell of a line. */
const LINE_COLUMNS: [ExportText, (line: ClaimLine) => Cell][] = [
  ['loanNumber', (l) => l.loanNumber],
  ['name', (l) => l.name],
  ['idNumber', (l) => l.idNumber],
  ['period', (l) => l.period],
  ['dueDate', (l) => dayCell(l.dueDate)],
  ['repaidOn', (l) => dayCell(l.paidOn)],
  ['rate', (l) => l.rate],
  ['lpr', (l) => l.lpr],
  ['interest', (l) => l.interest],
  ['subsidy', (l) => l.subsidy],
  ['borrowerInterest', (l) => l.borrowerInterest],
];

/** A claim's lines with their loans, in the lines' key order (its index), all or those of `loans`. */
function lineRows(db: Db, id: number, excluded?: boolean, loans?: number[]) {
  let query = db.selectFrom('subsidy_claim_line as c').innerJoin('loan_period as p', (j) => j.onRef('p.application_id', '=', 'c.application_id').onRef('p.period', '=', 'c.period'))
    .innerJoin('loan_account as l', 'l.application_id', 'c.application_id').innerJoin('application as a', 'a.id', 'c.application_id')
    .select(['c.application_id', 'c.period', 'c.subsidy', 'c.excluded', 'c.reason', 'p.interest', 'l.rate', 'l.lpr', 'a.number', 'a.name', 'a.id_number', 'a.borrower_type'])
    .select([dateText('p.due_date').as('due'), dateText('p.paid_on').as('paid')])
    .where('c.claim_id', '=', id);
  if (excluded !== undefined) query = query.where('c.excluded', '=', excluded);
  if (loans) query = query.where('c.application_id', 'in', loans.length ? loans : [0]);
  return query.orderBy('c.application_id').orderBy('c.period');
}

const toLine = (r: Awaited<ReturnType<ReturnType<typeof lineRows>['execute']>>[number]): ClaimLine => ({
  applicationId: r.application_id, loanNumber: r.number, name: r.name, idNumber: maskIdNumber(r.id_number), borrowerType: r.borrower_type, period: r.period,
  dueDate: r.due!, paidOn: r.paid!, rate: Number(r.rate), lpr: Number(r.lpr ?? 0), interest: yuanOf(r.interest), subsidy: yuanOf(r.subsidy),
  borrowerInterest: yuanOf(Number(r.interest) - Number(r.subsidy)), excluded: r.excluded, reason: r.reason,
});

/** The claims: lists, what is left to claim, a claim, its periods and its export. */
export const claimReadCalls = [
  defineCall({
    path: 'subsidyClaim/getList',
    async handler(ctx, input): Promise<Page<ClaimRow>> {
      const scope = await caseScope(ctx.db, ctx.user);
      let base = claimRows(ctx.db);
      if (scope !== null) {
        base = base.where((eb) => (scope.length
          ? eb.or([eb('c.bank_org_id', 'in', scope), eb.and([eb('c.renshe_org_id', 'in', scope), eb('c.state', '<>', 'DRAFT')])]) : sql<boolean>`false`));
      }
      if (input.state) base = base.where('c.state', '=', input.state);
      if (input.year) base = base.where('c.year', '=', input.year);
      if (input.quarter) base = base.where('c.quarter', '=', input.quarter);
      if (input.bankOrgId) base = base.where('c.bank_org_id', '=', input.bankOrgId);
      if (input.pending !== undefined) {
        const awaiting = await awaitingStates(ctx.db, ctx.user);
        base = base.where('c.state', input.pending ? 'in' : 'not in', awaiting);
      }
      const [count, rows] = await Promise.all([
        base.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base.orderBy('c.id', 'desc').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      const total = Number(count.n);
      return { total, totalPage: Math.ceil(total / input.pageSize), list: rows.map(toClaimRow) };
    },
  }),
  defineCall({
    path: 'subsidyClaim/unclaimed',
    async handler(ctx): Promise<UnclaimedRow[]> {
      const scope = await caseScope(ctx.db, ctx.user);
      const bankIn = (column: string) => (scope === null ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = any(${scope}::int[])`);
      const today = chinaToday(ctx.now);
      // Owed less claimed, from the tally, less what drafts and returned claims hold: no walk over the periods.
      const { rows } = await sql<{ year: number; quarter: number; renshe_org_id: number; renshe: string; n: string; amount: string }>`
        select q.year, q.quarter, q.renshe_org_id, r.name as renshe, sum(q.n) as n, sum(q.amount) as amount
        from (
          select extract(year from month)::int as year, extract(quarter from month)::int as quarter, renshe_org_id, owed_n - claimed_n as n, owed - claimed as amount
          from subsidy_tally where ${bankIn('bank_org_id')}
          union all
          select extract(year from p.paid_on)::int, extract(quarter from p.paid_on)::int, c.renshe_org_id, -1, -l.subsidy
          from subsidy_claim c join subsidy_claim_line l on l.claim_id = c.id and not l.excluded
            join loan_period p on p.application_id = l.application_id and p.period = l.period
          where c.state in ('DRAFT', 'RETURNED') and ${bankIn('c.bank_org_id')}
        ) q join organization r on r.id = q.renshe_org_id
        group by 1, 2, 3, 4 having sum(q.n) > 0 order by 1 desc, 2 desc, 3`.execute(ctx.db);
      return rows.map((r) => ({
        year: r.year, quarter: r.quarter, rensheOrgId: r.renshe_org_id, rensheOrg: r.renshe, periods: Number(r.n), amount: yuanOf(r.amount),
        claimable: quarterDays(r.year, r.quarter).to < today,
      }));
    },
  }),
  defineCall({ path: 'subsidyClaim/getInfo', handler: (ctx, input) => claimDetail(ctx.db, ctx.user, input.id) }),
  defineCall({
    path: 'subsidyClaim/lines',
    async handler(ctx, input): Promise<Page<ClaimLine>> {
      // The page's keys come off the lines' index; the totals from the claim's own count and the few left out.
      const keys = ctx.db.selectFrom('subsidy_claim_line').select(['application_id', 'period']).where('claim_id', '=', input.id)
        .$if(input.excluded !== undefined, (q) => q.where('excluded', '=', input.excluded!))
        .orderBy('application_id').orderBy('period').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize);
      const [claim, left, page] = await Promise.all([
        ctx.db.selectFrom('subsidy_claim').select('periods').where('id', '=', input.id).executeTakeFirstOrThrow(),
        ctx.db.selectFrom('subsidy_claim_line').select((eb) => eb.fn.countAll<string>().as('n')).where('claim_id', '=', input.id).where('excluded', '=', true).executeTakeFirstOrThrow(),
        keys.execute(),
      ]);
      const wanted = new Set(page.map((k) => `${k.application_id}#${k.period}`));
      const rows = (await lineRows(ctx.db, input.id, input.excluded, [...new Set(page.map((k) => k.application_id))]).execute())
        .filter((r) => wanted.has(`${r.application_id}#${r.period}`));
      const total = input.excluded === true ? Number(left.n) : claim.periods + (input.excluded === false ? 0 : Number(left.n));
      return { total, totalPage: Math.ceil(total / input.pageSize), list: rows.map(toLine) };
    },
  }),
  defineCall({
    path: 'subsidyClaim/export',
    async handler(ctx, input) {
      const { claim } = await claimDetail(ctx.db, ctx.user, input.id);
      const lines = (await lineRows(ctx.db, input.id).execute()).map(toLine);
      const t = (key: ExportText) => ctx.t(`subsidy.column.${key}`);
      const summary: Cell[][] = SUMMARY_ROWS.map(([key, cell]) => [t(key), cell(claim, ctx.t)]);
      const claimed = lines.filter((l) => !l.excluded), left = lines.filter((l) => l.excluded);
      return xlsxFile(claim.number, ctx.now, [
        { name: t('summary'), header: [t('item'), t('value')], rows: summary },
        { name: t('lines'), header: LINE_COLUMNS.map(([key]) => t(key)), rows: claimed.map((l) => LINE_COLUMNS.map(([, cell]) => cell(l))) },
        { name: t('excluded'), header: [...LINE_COLUMNS.map(([key]) => t(key)), t('reason')], rows: left.map((l) => [...LINE_COLUMNS.map(([, cell]) => cell(l)), l.reason]) },
      ]);
    },
  }),
];

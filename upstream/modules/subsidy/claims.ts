import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoanTables } from '../../db/schema-loans';
import { defineCall, type AuthUser, type InputOf } from '../../core/call';
import type { RowKind } from '../../core/row-access';
import { allowed } from '../../core/permission';
import { audit } from '../../core/audit';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import { xlsxFile } from '../../core/export';
import { dayCell, type Cell } from '../../core/xlsx';
import type { Translate } from '../../core/i18n';
import type { Page } from '../../../lib/contract/common';
import type { ClaimDetail, ClaimLine, ClaimRow, PayInput, ReviewInput, UnclaimedRow } from '../../../lib/contract/subsidy';
import type { CLAIM_STEPS } from '../../../lib/contract/subsidy';
import { EDITABLE_CLAIM_STATES, claimNumber, quarterDays, type ClaimState } from '../../../lib/workflow/subsidy';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { caseScope } from '../workflow/scope';
import { dateText } from '../workflow/rows';
import { toFen, yuanOf } from '../loans/store';
import { tallyClaim } from './terms';

type Db = Kysely<Database>;
type Claim = Selectable<LoanTables['subsidy_claim']>;
/** Who acts, and when: a call's context, or the demo seed's person. */
export interface Actor { user: Pick<AuthUser, 'id' | 'orgId'>; now: Date }
type Step = (typeof CLAIM_STEPS)[number];
const iso = (value: Date | string) => new Date(value).toISOString();

/** A claim lies in a caller's scope when its bank or its renshe bureau does (null: everything). */
const claimVisible = (c: Pick<Claim, 'bank_org_id' | 'renshe_org_id'>, scope: number[] | null) =>
  scope === null || scope.includes(c.bank_org_id) || scope.includes(c.renshe_org_id);

/**
 * A claim named by a call's input (row access of kind 'claim'): in the caller's scope (its bank or
 * its bureau), else 404; with `org`, acted on only by a person of the claim's own bank (claiming)
 * or bureau (review, payout), else 403. The operator's staff read every claim and act on none.
 */
export const claimRowAccess: RowKind = async (ctx, id, rule) => {
  const claim = await ctx.db.selectFrom('subsidy_claim').select(['bank_org_id', 'renshe_org_id']).where('id', '=', id).executeTakeFirst();
  const scope = await caseScope(ctx.db, ctx.user);
  if (!claim || !claimVisible(claim, scope)) throw notFound('claim');
  const own = rule.org === 'bank' ? claim.bank_org_id : claim.renshe_org_id;
  if (rule.org && !(scope?.includes(own) ?? false)) throw forbidden();
};

const claimRows = (db: Db) => db.selectFrom('subsidy_claim as c').innerJoin('organization as b', 'b.id', 'c.bank_org_id').innerJoin('organization as r', 'r.id', 'c.renshe_org_id')
  .selectAll('c').select(['b.name as bank', 'r.name as renshe', dateText('c.paid_on').as('paid')]);
type Joined = Awaited<ReturnType<ReturnType<typeof claimRows>['execute']>>[number];

const toClaimRow = (c: Joined): ClaimRow => ({
  id: c.id, number: claimNumber(c), bankOrgId: c.bank_org_id, bankOrg: c.bank, rensheOrgId: c.renshe_org_id, rensheOrg: c.renshe, year: c.year, quarter: c.quarter,
  state: c.state, periods: c.periods, amount: yuanOf(c.amount), submitTime: c.submitted_at ? iso(c.submitted_at) : null, paidOn: c.paid,
  paidAmount: c.paid_amount === null ? null : yuanOf(c.paid_amount), voucherNo: c.voucher_no, createTime: iso(c.created_at), version: c.version,
});

/** A claim with its steps and what the caller may do with it now. */
async function claimDetail(db: Db, user: AuthUser, id: number): Promise<ClaimDetail> {
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
    steps: steps.map((s) => ({ action: s.action as Step, user: s.nickname ?? '', opinion: s.opinion, createTime: iso(s.created_at) })),
    can: {
      edit: bank && editable, submit: bank && editable && claim.periods > 0, delete: bank && claim.state === 'DRAFT',
      check: reviewing === true && bureau && claim.state === 'SUBMITTED', approve: reviewing === true && bureau && claim.state === 'CHECKED' && claim.checked_by !== user.id,
      return: reviewing === true && bureau && (claim.state === 'SUBMITTED' || claim.state === 'CHECKED'), pay: paying === true && bureau && claim.state === 'APPROVED',
    },
  };
}

/** The claim, locked for the rest of the transaction, at the version the caller saw. */
export async function lockClaim(trx: Db, id: number, version: number): Promise<Claim> {
  const claim = await trx.selectFrom('subsidy_claim').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!claim) throw notFound('claim');
  if (claim.version !== version) throw conflict('subsidy.stale');
  return claim;
}

/** Moves a claim on (its figures recounted from its lines), with the step, audited. */
async function advance(trx: Db, ctx: Actor, claim: Claim, step: Step, set: Partial<Record<keyof Claim, unknown>>, opinion = '', details: Record<string, unknown> = {}) {
  const totals = await trx.selectFrom('subsidy_claim_line').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('subsidy').as('amount')])
    .where('claim_id', '=', claim.id).where('excluded', '=', false).executeTakeFirstOrThrow();
  const after = { periods: Number(totals.n), amount: Number(totals.amount ?? 0) };
  await trx.updateTable('subsidy_claim').set({ ...(set as object), ...after, version: sql`version + 1`, updated_at: ctx.now }).where('id', '=', claim.id).execute();
  await trx.insertInto('subsidy_claim_step').values({ claim_id: claim.id, action: step, user_id: ctx.user.id, opinion }).execute();
  await audit(trx, ctx.user, `subsidyClaim.${step.toLowerCase()}`, { type: 'subsidy_claim', id: claim.id }, {
    ...details, opinion, before: { state: claim.state, periods: claim.periods, amount: Number(claim.amount) }, after: { state: set.state ?? claim.state, ...after },
  });
}

const needState = (claim: Claim, ...states: ClaimState[]) => {
  if (!states.includes(claim.state)) throw conflict('subsidy.claimState');
};

/** The caller's own bank (a bank's person), else 403. */
async function ownBank(db: Db, user: Actor['user']): Promise<number> {
  if (user.orgId === null) throw forbidden();
  const org = await db.selectFrom('organization').select('type').where('id', '=', user.orgId).executeTakeFirst();
  if (org?.type !== 'BANK') throw forbidden();
  return user.orgId;
}

/** Periods of a bank's loans repaid on time with a subsidy and in no claim (a period left out may be claimed again). */
const claimable = (bank: number) => sql<boolean>`p.subsidy > 0 and l.bank_org_id = ${bank}
  and not exists (select 1 from subsidy_claim_line c where c.application_id = p.application_id and c.period = p.period and not c.excluded)`;

/**
 * A bank's quarter's claims (DOMAIN.md section 6): one per renshe bureau its loans belong to, with
 * every period repaid on time in the quarter and not yet claimed. The same key again answers the
 * claims it made; a period is claimed once even when two proposals race (the lines' unique index).
 */
export async function propose(trx: Db, ctx: Actor, input: { year: number; quarter: number; key: string }): Promise<number[]> {
  const bank = await ownBank(trx, ctx.user);
  await sql`select pg_advisory_xact_lock(hashtext(${`subsidy-claim:${bank}`}))`.execute(trx);
  const made = await trx.selectFrom('subsidy_claim').select(['id', 'bank_org_id', 'year', 'quarter', 'created_by']).where('client_key', '=', input.key).execute();
  if (made.length) {
    if (made.some((c) => c.bank_org_id !== bank || c.year !== input.year || c.quarter !== input.quarter || c.created_by !== ctx.user.id)) throw conflict('loans.keyUsed');
    return made.map((c) => c.id);
  }
  const { from, to } = quarterDays(input.year, input.quarter);
  if (to >= chinaToday(ctx.now)) throw invalid({ quarter: 'validation.quarterNotEnded' });
  const inQuarter = sql<boolean>`p.paid_on between ${from}::date and ${to}::date and ${claimable(bank)}`;
  const bureaus = await sql<{ renshe_org_id: number }>`select distinct l.renshe_org_id from loan_period p join loan_account l on l.application_id = p.application_id
    where ${inQuarter} order by 1`.execute(trx);
  const ids: number[] = [];
  for (const { renshe_org_id } of bureaus.rows) {
    const claim = await trx.insertInto('subsidy_claim').values({
      bank_org_id: bank, renshe_org_id, year: input.year, quarter: input.quarter, state: 'DRAFT', created_by: ctx.user.id, client_key: input.key, updated_at: ctx.now,
    }).returningAll().executeTakeFirstOrThrow();
    await sql`insert into subsidy_claim_line (claim_id, application_id, period, subsidy)
      select ${claim.id}, p.application_id, p.period, p.subsidy from loan_period p join loan_account l on l.application_id = p.application_id
      where ${inQuarter} and l.renshe_org_id = ${renshe_org_id} order by p.application_id, p.period
      on conflict do nothing`.execute(trx);
    await advance(trx, ctx, { ...claim, version: claim.version }, 'PROPOSE', {}, '', { year: input.year, quarter: input.quarter });
    ids.push(claim.id);
  }
  if (!ids.length) throw conflict('subsidy.nothingToClaim');
  return ids;
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

function lineRows(db: Db, id: number, excluded?: boolean) {
  let query = db.selectFrom('subsidy_claim_line as c').innerJoin('loan_period as p', (j) => j.onRef('p.application_id', '=', 'c.application_id').onRef('p.period', '=', 'c.period'))
    .innerJoin('loan_account as l', 'l.application_id', 'c.application_id').innerJoin('application as a', 'a.id', 'c.application_id')
    .select(['c.application_id', 'c.period', 'c.subsidy', 'c.excluded', 'c.reason', 'p.interest', 'l.rate', 'l.lpr', 'a.number', 'a.name', 'a.id_number', 'a.borrower_type'])
    .select([dateText('p.due_date').as('due'), dateText('p.paid_on').as('paid')])
    .where('c.claim_id', '=', id);
  if (excluded !== undefined) query = query.where('c.excluded', '=', excluded);
  return query.orderBy('a.number').orderBy('c.period');
}

const toLine = (r: Awaited<ReturnType<ReturnType<typeof lineRows>['execute']>>[number]): ClaimLine => ({
  applicationId: r.application_id, loanNumber: r.number, name: r.name, idNumber: maskIdNumber(r.id_number), borrowerType: r.borrower_type, period: r.period,
  dueDate: r.due!, paidOn: r.paid!, rate: Number(r.rate), lpr: Number(r.lpr ?? 0), interest: yuanOf(r.interest), subsidy: yuanOf(r.subsidy),
  borrowerInterest: yuanOf(Number(r.interest) - Number(r.subsidy)), excluded: r.excluded, reason: r.reason,
});

/** Submits a draft or returned claim: its periods count as claimed. */
export async function submitClaim(trx: Db, ctx: Actor, claim: Claim) {
  needState(claim, ...EDITABLE_CLAIM_STATES);
  if (claim.periods === 0) throw conflict('subsidy.emptyClaim');
  await advance(trx, ctx, claim, 'SUBMIT', { state: 'SUBMITTED', submitted_at: ctx.now, checked_by: null });
  await tallyClaim(trx, claim.id, 'claimed', 1);
}

/** Renshe's check, the approval by another person, or a return to the bank with the reason. */
export async function reviewClaim(trx: Db, ctx: Actor, claim: Claim, input: Pick<ReviewInput, 'decision' | 'opinion'>) {
  needState(claim, 'SUBMITTED', 'CHECKED');
  if (input.decision === 'RETURN') {
    await advance(trx, ctx, claim, 'RETURN', { state: 'RETURNED', checked_by: null }, input.opinion);
    await tallyClaim(trx, claim.id, 'claimed', -1);
  } else if (claim.state === 'SUBMITTED') {
    await advance(trx, ctx, claim, 'CHECK', { state: 'CHECKED', checked_by: ctx.user.id }, input.opinion);
  } else {
    // Four eyes: the approval is another person's than the check.
    if (claim.checked_by === ctx.user.id) throw conflict('subsidy.sameReviewer');
    await advance(trx, ctx, claim, 'APPROVE', { state: 'APPROVED' }, input.opinion);
  }
}

/** The finance payout of an approved claim: its amount, on a day not after today. */
export async function payClaim(trx: Db, ctx: Actor, claim: Claim, input: Pick<PayInput, 'paidOn' | 'amount' | 'voucherNo'>) {
  needState(claim, 'APPROVED');
  if (input.paidOn > chinaToday(ctx.now)) throw invalid({ paidOn: 'validation.paidOn' });
  if (toFen(input.amount) !== Number(claim.amount)) throw invalid({ amount: 'validation.payoutAmount' });
  await advance(trx, ctx, claim, 'PAY', { state: 'PAID', paid_on: input.paidOn, paid_amount: toFen(input.amount), voucher_no: input.voucherNo }, '',
    { paidOn: input.paidOn, amount: toFen(input.amount), voucherNo: input.voucherNo });
  await tallyClaim(trx, claim.id, 'paid', 1);
}

/** Runs an act on a claim in one transaction and answers the claim as it then stands. */
type Act = 'subsidyClaim/exclude' | 'subsidyClaim/include' | 'subsidyClaim/submit' | 'subsidyClaim/review' | 'subsidyClaim/pay';
const act = <P extends Act>(path: P, run: (trx: Db, ctx: Actor, claim: Claim, input: InputOf<P>) => Promise<void>) => defineCall<P>({
  path,
  async handler(ctx, input) {
    await ctx.db.transaction().execute(async (trx) => run(trx, ctx, await lockClaim(trx, input.id, input.version), input));
    return claimDetail(ctx.db, ctx.user, input.id) as Promise<never>;
  },
});

export const claimCalls = [
  defineCall({
    path: 'subsidyClaim/getList',
    async handler(ctx, input): Promise<Page<ClaimRow>> {
      const scope = await caseScope(ctx.db, ctx.user);
      let base = claimRows(ctx.db);
      if (scope !== null) base = base.where((eb) => (scope.length ? eb.or([eb('c.bank_org_id', 'in', scope), eb('c.renshe_org_id', 'in', scope)]) : sql<boolean>`false`));
      if (input.state) base = base.where('c.state', '=', input.state);
      if (input.year) base = base.where('c.year', '=', input.year);
      if (input.quarter) base = base.where('c.quarter', '=', input.quarter);
      if (input.bankOrgId) base = base.where('c.bank_org_id', '=', input.bankOrgId);
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
  defineCall({
    path: 'subsidyClaim/propose',
    async handler(ctx, input) {
      const ids = await ctx.db.transaction().execute((trx) => propose(trx, ctx, input));
      return (await claimRows(ctx.db).where('c.id', 'in', ids).orderBy('c.id').execute()).map(toClaimRow);
    },
  }),
  defineCall({ path: 'subsidyClaim/getInfo', handler: (ctx, input) => claimDetail(ctx.db, ctx.user, input.id) }),
  defineCall({
    path: 'subsidyClaim/lines',
    async handler(ctx, input): Promise<Page<ClaimLine>> {
      const base = lineRows(ctx.db, input.id, input.excluded);
      const [count, rows] = await Promise.all([
        ctx.db.selectFrom('subsidy_claim_line').select((eb) => eb.fn.countAll<string>().as('n')).where('claim_id', '=', input.id)
          .$if(input.excluded !== undefined, (q) => q.where('excluded', '=', input.excluded!)).executeTakeFirstOrThrow(),
        base.limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      const total = Number(count.n);
      return { total, totalPage: Math.ceil(total / input.pageSize), list: rows.map(toLine) };
    },
  }),
  act('subsidyClaim/exclude', async (trx, ctx, claim, input) => {
    needState(claim, ...EDITABLE_CLAIM_STATES);
    const line = await trx.updateTable('subsidy_claim_line').set({ excluded: true, reason: input.reason }).where('claim_id', '=', claim.id)
      .where('application_id', '=', input.applicationId).where('period', '=', input.period).where('excluded', '=', false).executeTakeFirst();
    if (Number(line.numUpdatedRows) !== 1) throw invalid({ period: 'validation.notInClaim' });
    await advance(trx, ctx, claim, 'EXCLUDE', {}, input.reason, { applicationId: input.applicationId, period: input.period });
  }),
  act('subsidyClaim/include', async (trx, ctx, claim, input) => {
    needState(claim, ...EDITABLE_CLAIM_STATES);
    const elsewhere = await trx.selectFrom('subsidy_claim_line').select('claim_id').where('application_id', '=', input.applicationId)
      .where('period', '=', input.period).where('excluded', '=', false).where('claim_id', '<>', claim.id).executeTakeFirst();
    if (elsewhere) throw conflict('subsidy.periodClaimed');
    const line = await trx.updateTable('subsidy_claim_line').set({ excluded: false, reason: '' }).where('claim_id', '=', claim.id)
      .where('application_id', '=', input.applicationId).where('period', '=', input.period).where('excluded', '=', true).executeTakeFirst();
    if (Number(line.numUpdatedRows) !== 1) throw invalid({ period: 'validation.notInClaim' });
    await advance(trx, ctx, claim, 'INCLUDE', {}, '', { applicationId: input.applicationId, period: input.period });
  }),
  act('subsidyClaim/submit', submitClaim),
  defineCall({
    path: 'subsidyClaim/delete',
    async handler(ctx, input) {
      await ctx.db.transaction().execute(async (trx) => {
        const claim = await lockClaim(trx, input.id, input.version);
        needState(claim, 'DRAFT');
        await trx.deleteFrom('subsidy_claim').where('id', '=', claim.id).execute();
        await audit(trx, ctx.user, 'subsidyClaim.delete', { type: 'subsidy_claim', id: claim.id }, { number: claimNumber(claim), periods: claim.periods, amount: Number(claim.amount) });
      });
      return null;
    },
  }),
  act('subsidyClaim/review', reviewClaim),
  act('subsidyClaim/pay', payClaim),
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

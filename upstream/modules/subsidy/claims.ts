import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoanTables } from '../../db/schema-loans';
import { defineCall, type AuthUser, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import type { CLAIM_STEPS, PayInput, ReviewInput } from '../../../lib/contract/subsidy';
import { EDITABLE_CLAIM_STATES, claimNumber, quarterDays, type ClaimState } from '../../../lib/workflow/subsidy';
import { toFen } from '../loans/store';
import { tallyClaim } from './terms';
import { claimDetail, claimRows, toClaimRow } from './read';

type Db = Kysely<Database>;
type Claim = Selectable<LoanTables['subsidy_claim']>;
/** Who acts, and when: a call's context, or the demo seed's person. */
export interface Actor { user: Pick<AuthUser, 'id' | 'orgId'>; now: Date }
type Step = (typeof CLAIM_STEPS)[number];

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
    path: 'subsidyClaim/propose',
    async handler(ctx, input) {
      const ids = await ctx.db.transaction().execute((trx) => propose(trx, ctx, input));
      return (await claimRows(ctx.db).where('c.id', 'in', ids).orderBy('c.id').execute()).map(toClaimRow);
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
];

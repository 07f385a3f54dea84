import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { chinaToday } from '../../core/china-time';
import { conflict, invalid, notFound } from '../../core/errors';
import { enqueueEvent } from '../push/enqueue';
import { applyStrategies } from '../risk/strategy';
import { dateText } from '../workflow/rows';
import { addMonths } from '../../../lib/workflow/loan-schedule';
import { loanAccountAnswer } from './read';
import { claimKey, lockAccount, loanSettings, requireVersion, toFen, touchAccount, yuanOf, type AccountRow } from './store';

type Db = Kysely<Database>;
type Ctx = CallContext<AuthUser>;
const yuan = (fen: number) => yuanOf(fen).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * One post-loan action of the guarantee company or renshe, in one transaction: the loan is
 * locked (another organisation's loan is 'not found'), the key claimed (a retry answers the
 * account as it is now, a key used for anything else is 409), a stale version is 409, then the
 * change with its audit entry and the REPAYMENT event for the push targets; the answer is the
 * loan's account.
 */
async function accountAction(ctx: Ctx, input: { id: number; version: number; key: string }, action: string,
  change: (trx: Db, account: AccountRow) => Promise<Record<string, unknown>>) {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, ctx.user, input.id);
    if (await claimKey(trx, input.key, action, account.application_id, ctx.user.id) === 'new') {
      requireVersion(account, input.version);
      const summary = await change(trx, account);
      await audit(trx, ctx.user, `loan.${action}`, { type: 'loan_account', id: account.application_id }, { before: { state: account.state, version: account.version }, ...summary });
      await enqueueEvent(trx, account.application_id, 'REPAYMENT', ctx.now, ctx.options.push);
    }
    return loanAccountAnswer(trx, ctx.user, input.id, ctx.now);
  });
}

/** A day in the future is not a day money moved. */
function notAfterToday(ctx: Ctx, day: string, field: string) {
  if (day > chinaToday(ctx.now)) throw invalid({ [field]: 'validation.date' });
}

const pendingOf = <T extends 'loan_compensation' | 'loan_write_off'>(trx: Db, table: T, applicationId: number) =>
  trx.selectFrom(table as 'loan_compensation').select('id').where('application_id', '=', applicationId).where('state', '=', 'PENDING').executeTakeFirst();

/** The pending compensation or write-off decided, of this loan, locked. */
async function pendingCompensation(trx: Db, applicationId: number, entryId: number) {
  const row = await trx.selectFrom('loan_compensation').selectAll().select(dateText('paid_on').as('paid'))
    .where('id', '=', entryId).where('application_id', '=', applicationId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.state !== 'PENDING') throw conflict('fund.decided');
  return row;
}
async function pendingWriteOff(trx: Db, applicationId: number, entryId: number) {
  const row = await trx.selectFrom('loan_write_off').selectAll().where('id', '=', entryId).where('application_id', '=', applicationId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.state !== 'PENDING') throw conflict('fund.decided');
  return row;
}

/** The borrower the blacklist strategy looks at. */
const borrowerOf = async (trx: Db, applicationId: number) => {
  const app = await trx.selectFrom('application').select(['name', 'id_number', 'mobile']).where('id', '=', applicationId).executeTakeFirstOrThrow();
  return { name: app.name, idNumber: app.id_number, mobile: app.mobile };
};

const compensatedDay = async (trx: Db, applicationId: number) =>
  (await trx.selectFrom('loan_account').select(dateText('compensated_on').as('day')).where('application_id', '=', applicationId).executeTakeFirstOrThrow()).day;

export const guaranteeCalls = [
  defineCall({
    path: 'loanAccount/compensate',
    /** A person of the loan's guarantee company records the compensation paid; it waits for a second person. */
    handler: (ctx, input) => accountAction(ctx, input, 'compensate', async (trx, account) => {
      const settings = await loanSettings(trx);
      if (account.state !== 'OVERDUE' || account.overdue_days < settings.claimDays) {
        throw conflict('fund.notClaimable', { days: account.overdue_days, claimDays: settings.claimDays });
      }
      if (await pendingOf(trx, 'loan_compensation', account.application_id)) throw conflict('fund.compensationPending');
      notAfterToday(ctx, input.paidOn, 'paidOn');
      const principal = toFen(input.principal);
      const interest = toFen(input.interest);
      if (principal > Number(account.outstanding)) throw conflict('fund.overOutstanding', { outstanding: yuan(Number(account.outstanding)) });
      const row = await trx.insertInto('loan_compensation').values({
        application_id: account.application_id, principal, interest, paid_on: input.paidOn, state: 'PENDING', recorded_by: ctx.user.id,
      }).returning('id').executeTakeFirstOrThrow();
      await touchAccount(trx, account.application_id, {}, ctx.now);
      return { after: { compensationId: row.id, principal, interest, paidOn: input.paidOn } };
    }),
  }),
  defineCall({
    path: 'loanAccount/confirmCompensation',
    /**
     * Another person of the same company confirms (four eyes): the loan is COMPENSATED, leaves
     * the guarantee balance, the fund pays, and the blacklist strategy's situation fires; or rejects it.
     */
    handler: (ctx, input) => accountAction(ctx, input, 'confirmCompensation', async (trx, account) => {
      const entry = await pendingCompensation(trx, account.application_id, input.entryId);
      if (entry.recorded_by === ctx.user.id) throw conflict('fund.fourEyes');
      const decided = { decided_by: ctx.user.id, decided_at: ctx.now, opinion: input.opinion };
      if (input.decision === 'REJECT') {
        await trx.updateTable('loan_compensation').set({ ...decided, state: 'REJECTED' }).where('id', '=', entry.id).execute();
        await touchAccount(trx, account.application_id, {}, ctx.now);
        return { after: { compensationId: entry.id, decision: 'REJECT' } };
      }
      if (account.state !== 'OVERDUE' && account.state !== 'CURRENT') throw conflict('fund.notClaimable', { days: account.overdue_days, claimDays: (await loanSettings(trx)).claimDays });
      const paid = Number(entry.principal) + Number(entry.interest);
      const paidOn = entry.paid!;
      await trx.updateTable('loan_compensation').set({ ...decided, state: 'CONFIRMED' }).where('id', '=', entry.id).execute();
      // The bank's claim is now on the fund: the outstanding principal stays as it was, the loan leaves the guarantee balance by its state.
      await touchAccount(trx, account.application_id, { state: 'COMPENSATED', compensated: paid, compensated_on: paidOn }, ctx.now);
      await trx.insertInto('guarantee_fund_entry').values({
        org_id: account.guarantee_org_id, kind: 'COMPENSATION', day: paidOn, amount: -paid, source: '', application_id: account.application_id, recorded_by: ctx.user.id,
      }).execute();
      await trx.updateTable('application').set({ repayment_state: 'COMPENSATED' }).where('id', '=', account.application_id).execute();
      await applyStrategies(trx, ctx, 'COMPENSATED', await borrowerOf(trx, account.application_id));
      return { after: { compensationId: entry.id, decision: 'CONFIRM', state: 'COMPENSATED', compensated: paid, compensatedOn: paidOn } };
    }),
  }),
  defineCall({
    path: 'loanAccount/recover',
    /** An amount recovered after compensation goes back to the fund; recovered in full, the loan is settled. */
    handler: (ctx, input) => accountAction(ctx, input, 'recover', async (trx, account) => {
      if (account.state !== 'COMPENSATED' && account.state !== 'RECOVERING') throw conflict('fund.notCompensated');
      if (await pendingOf(trx, 'loan_write_off', account.application_id)) throw conflict('fund.writeOffPending');
      notAfterToday(ctx, input.recoveredOn, 'recoveredOn');
      const since = await compensatedDay(trx, account.application_id);
      if (since && input.recoveredOn < since) throw invalid({ recoveredOn: 'validation.date' });
      const amount = toFen(input.amount);
      const unrecovered = Number(account.compensated) - Number(account.recovered);
      if (amount > unrecovered) throw conflict('fund.overUnrecovered', { unrecovered: yuan(unrecovered) });
      const recovered = Number(account.recovered) + amount;
      const settled = recovered === Number(account.compensated);
      await trx.insertInto('loan_recovery').values({
        application_id: account.application_id, recovered_on: input.recoveredOn, amount, source: input.source, note: input.note, recorded_by: ctx.user.id,
      }).execute();
      await trx.insertInto('guarantee_fund_entry').values({
        org_id: account.guarantee_org_id, kind: 'RECOVERY', day: input.recoveredOn, amount, source: input.source, application_id: account.application_id, recorded_by: ctx.user.id,
      }).execute();
      const state = settled ? 'SETTLED' : 'RECOVERING';
      await touchAccount(trx, account.application_id, {
        recovered, state, ...(settled ? { settled_how: 'RECOVERED', settled_on: input.recoveredOn } : {}),
      }, ctx.now);
      return { after: { amount, recovered, state, source: input.source } };
    }),
  }),
  defineCall({
    path: 'loanAccount/writeOff',
    /** The company asks to write off what is still unrecovered, once the compensation is the configured years old; renshe confirms. */
    handler: (ctx, input) => accountAction(ctx, input, 'writeOff', async (trx, account) => {
      if (account.state !== 'COMPENSATED' && account.state !== 'RECOVERING') throw conflict('fund.notCompensated');
      if (await pendingOf(trx, 'loan_write_off', account.application_id)) throw conflict('fund.writeOffPending');
      const settings = await loanSettings(trx);
      const from = addMonths((await compensatedDay(trx, account.application_id))!, settings.writeOffYears * 12);
      if (from > chinaToday(ctx.now)) throw conflict('fund.writeOffTooEarly', { from, years: settings.writeOffYears });
      const amount = Number(account.compensated) - Number(account.recovered);
      const row = await trx.insertInto('loan_write_off').values({
        application_id: account.application_id, amount, reason: input.reason, state: 'PENDING', requested_by: ctx.user.id,
      }).returning('id').executeTakeFirstOrThrow();
      await touchAccount(trx, account.application_id, {}, ctx.now);
      return { after: { writeOffId: row.id, amount } };
    }),
  }),
  defineCall({
    path: 'loanAccount/confirmWriteOff',
    /** Renshe of the loan's bureau confirms the write-off (the loan is settled, WRITTEN_OFF; the blacklist entry stays) or rejects it. */
    handler: (ctx, input) => accountAction(ctx, input, 'confirmWriteOff', async (trx, account) => {
      const entry = await pendingWriteOff(trx, account.application_id, input.entryId);
      if (entry.requested_by === ctx.user.id) throw conflict('fund.fourEyes');
      const decided = { decided_by: ctx.user.id, decided_at: ctx.now, opinion: input.opinion };
      if (input.decision === 'REJECT') {
        await trx.updateTable('loan_write_off').set({ ...decided, state: 'REJECTED' }).where('id', '=', entry.id).execute();
        await touchAccount(trx, account.application_id, {}, ctx.now);
        return { after: { writeOffId: entry.id, decision: 'REJECT' } };
      }
      const amount = Number(entry.amount);
      await trx.updateTable('loan_write_off').set({ ...decided, state: 'CONFIRMED' }).where('id', '=', entry.id).execute();
      await touchAccount(trx, account.application_id, {
        state: 'SETTLED', settled_how: 'WRITTEN_OFF', settled_on: chinaToday(ctx.now), written_off: sql`written_off + ${amount}`,
      }, ctx.now);
      return { after: { writeOffId: entry.id, decision: 'CONFIRM', state: 'SETTLED', writtenOff: amount } };
    }),
  }),
];

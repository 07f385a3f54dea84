import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import type { RepayInput } from '../../../lib/contract/loans';
import { schedule } from '../../../lib/workflow/loan-schedule';
import { loadCalendar } from '../calendar/store';
import { enqueueEvent } from '../push/enqueue';
import { dateText } from '../workflow/rows';
import { nextDue } from './open';
import { computeSubsidies } from '../subsidy/terms';
import { loanAccountAnswer } from './read';
import { claimKey, fenOf, lockAccount, requireVersion, toFen, touchAccount, type AccountRow } from './store';

type Db = Kysely<Database>;

/** Whole days from one China day to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The unpaid periods of a loan, earliest first, with their due dates as text. */
const unpaidPeriods = (db: Db, id: number) => db.selectFrom('loan_period').selectAll().select(dateText('due_date').as('due'))
  .where('application_id', '=', id).where('state', 'in', ['DUE', 'OVERDUE']).orderBy('period').execute();

/**
 * Brings a live loan's state, days overdue and next due period in line with its periods as of
 * `today`: a period past its due date and unpaid is OVERDUE with its days; the loan is OVERDUE
 * from its earliest such period, else CURRENT; with no period left unpaid it is SETTLED (`how`).
 */
export async function refreshAccount(trx: Db, account: AccountRow, today: string, now: Date, settled?: { how: 'REPAID' | 'EARLY_REPAID'; on: string }) {
  await trx.updateTable('loan_period').set({ state: 'OVERDUE', overdue_days: sql`${today}::date - due_date` })
    .where('application_id', '=', account.application_id).where('state', 'in', ['DUE', 'OVERDUE']).where('due_date', '<', sql<string>`${today}::date`).execute();
  const unpaid = await unpaidPeriods(trx, account.application_id);
  if (!unpaid.length) {
    await touchAccount(trx, account.application_id, {
      state: 'SETTLED', settled_how: settled?.how ?? 'REPAID', settled_on: settled?.on ?? today, overdue_days: 0, next_due_date: null, next_due_amount: null,
    }, now);
    return;
  }
  const first = unpaid[0]!;
  const overdueDays = first.due! < today ? daysBetween(first.due!, today) : 0;
  const owed = [{ dueDate: first.due!, principal: fenOf(first.principal) - fenOf(first.paid_principal), interest: fenOf(first.interest) - fenOf(first.paid_interest) }];
  await touchAccount(trx, account.application_id, { state: overdueDays > 0 ? 'OVERDUE' : 'CURRENT', overdue_days: overdueDays, ...nextDue(owed) }, now);
}

/** A period report: the earliest unpaid period's principal and interest, on time or late. */
async function payPeriod(trx: Db, account: AccountRow, input: RepayInput) {
  const unpaid = await unpaidPeriods(trx, account.application_id);
  const period = unpaid[0];
  if (!period || period.period !== input.period) throw invalid({ period: 'validation.periodNotNext' });
  const principal = fenOf(period.principal) - fenOf(period.paid_principal);
  const interest = fenOf(period.interest) - fenOf(period.paid_interest);
  if (toFen(input.principal) !== principal) throw invalid({ principal: 'validation.periodAmount' });
  if (toFen(input.interest) !== interest) throw invalid({ interest: 'validation.periodAmount' });
  const lateDays = Math.max(0, daysBetween(period.due!, input.paidOn));
  await trx.updateTable('loan_period').set({
    paid_principal: fenOf(period.principal), paid_interest: fenOf(period.interest), paid_on: input.paidOn, state: lateDays > 0 ? 'PAID_LATE' : 'PAID', overdue_days: lateDays,
  }).where('application_id', '=', account.application_id).where('period', '=', period.period).execute();
  return { principal, interest, lateDays, settledHow: 'REPAID' as const };
}

/** An early repayment: part of the principal (the rest of the schedule is recomputed over what is left), or all of it. */
async function payEarly(trx: Db, account: AccountRow, input: RepayInput, today: string) {
  const unpaid = await unpaidPeriods(trx, account.application_id);
  // Past due is overdue, whether or not today's roll has marked it yet.
  if (unpaid.some((p) => p.state === 'OVERDUE' || p.due! < today)) throw conflict('loans.overdueFirst');
  const principal = toFen(input.principal);
  const outstanding = fenOf(account.outstanding);
  if (principal > outstanding) throw invalid({ principal: 'validation.overOutstanding' });
  await trx.deleteFrom('loan_period').where('application_id', '=', account.application_id).where('state', '=', 'DUE').execute();
  if (principal < outstanding && unpaid.length) {
    const rest = schedule({
      principal: outstanding - principal, rate: String(account.rate), method: account.method, issueDate: dateOf(account.issue_date),
      firstPeriod: unpaid[0]!.period, termMonths: account.term_months,
    }, await loadCalendar(trx));
    await trx.insertInto('loan_period').values(rest.map((p) => ({
      application_id: account.application_id, period: p.period, due_date: p.dueDate, principal: p.principal, interest: p.interest, state: 'DUE' as const,
    }))).execute();
  }
  return { principal, interest: toFen(input.interest), lateDays: 0, settledHow: 'EARLY_REPAID' as const };
}

/** A DATE column as 'YYYY-MM-DD' whether the driver gave a Date (at local midnight) or text. */
const dateOf = (value: Date | string) => {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

/**
 * The bank's repayment report (DOMAIN.md section 6), by the loan's own bank, in one transaction
 * with its audit and push event. The bank's report id makes it idempotent: the same report again
 * answers the account as it stands; the id reused for another report is 409.
 */
async function repay(trx: Db, ctx: CallContext<AuthUser>, input: RepayInput) {
  const account = await lockAccount(trx, ctx.user, input.id);
  const known = await trx.selectFrom('loan_repayment').selectAll().select(dateText('paid_on').as('paid')).where('application_id', '=', input.id)
    .where('report_id', '=', input.reportId).executeTakeFirst();
  if (known) {
    const same = known.kind === input.kind && known.paid === input.paidOn && fenOf(known.principal) === toFen(input.principal)
      && fenOf(known.interest) === toFen(input.interest) && (input.kind === 'EARLY' || known.period === input.period);
    if (!same) throw conflict('loans.reportReused');
    return;
  }
  requireVersion(account, input.version);
  if (account.state === 'SETTLED') throw conflict('loans.settled');
  if (account.state !== 'CURRENT' && account.state !== 'OVERDUE') throw conflict('loans.compensated');
  const today = chinaToday(ctx.now);
  if (input.paidOn > today || input.paidOn < dateOf(account.issue_date)) throw invalid({ paidOn: 'validation.paidOn' });
  const paid = input.kind === 'PERIOD' ? await payPeriod(trx, account, input) : await payEarly(trx, account, input, today);
  const outstanding = fenOf(account.outstanding) - paid.principal;
  await trx.updateTable('loan_account').set({ outstanding }).where('application_id', '=', input.id).execute();
  await trx.insertInto('loan_repayment').values({
    application_id: input.id, report_id: input.reportId, kind: input.kind, period: input.kind === 'PERIOD' ? input.period! : null, paid_on: input.paidOn,
    principal: paid.principal, interest: paid.interest, late_days: paid.lateDays, recorded_by: ctx.user.id,
  }).execute();
  await refreshAccount(trx, account, today, ctx.now, { how: paid.settledHow, on: input.paidOn });
  // A period repaid earns its subsidy (on time) or none (late).
  await computeSubsidies(trx, [input.id]);
  await audit(trx, ctx.user, 'loan.repay', { type: 'loan', id: input.id }, {
    reportId: input.reportId, kind: input.kind, period: input.period ?? null, paidOn: input.paidOn, principal: paid.principal, interest: paid.interest,
    before: { outstanding: fenOf(account.outstanding), state: account.state }, after: { outstanding },
  });
  await enqueueEvent(trx, input.id, 'REPAYMENT', ctx.now, ctx.options.push);
}

export const repayCalls = [
  defineCall({
    path: 'loanAccount/repay',
    async handler(ctx, input) {
      await ctx.db.transaction().execute(async (trx) => {
        if ((await claimKey(trx, input.key, 'REPAY', input.id, ctx.user.id)) === 'retry') return;
        await repay(trx, ctx, input);
      });
      return loanAccountAnswer(ctx.db, ctx.user, input.id, ctx.now);
    },
  }),
];

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkCalendar } from '../../../lib/workflow/working-days';
import type { RepaymentMethod } from '../../../lib/workflow/plan';
import { addMonths, schedule, type Period } from '../../../lib/workflow/loan-schedule';
import { toFen } from './store';

type Db = Kysely<Database>;
const BATCH = 1000;

/** What opening an account reads of an issued case. */
export interface IssuedCase {
  id: number;
  bank_org_id: number;
  guarantee_org_id: number;
  renshe_org_id: number;
  loan_amount: string | number;
  loan_date: string;
  term_months: number;
  rate: string | number;
  repayment_method: RepaymentMethod;
}

/**
 * What is known of a loan's past when its account is opened late (a loan issued before accounts
 * existed, or imported): the periods due before `paidBefore` were repaid on their due dates, but
 * never the last one; `repaid` (an imported loan marked repaid) means every period was, the last
 * ones on `today` at the latest, and the loan is SETTLED.
 */
export interface History { paidBefore: string; repaid?: boolean; today?: string }

/** The next unpaid period's due date and amount, from a schedule's periods. */
export const nextDue = (periods: Pick<Period, 'dueDate' | 'principal' | 'interest'>[]) =>
  periods.length ? { next_due_date: periods[0]!.dueDate, next_due_amount: periods[0]!.principal + periods[0]!.interest } : { next_due_date: null, next_due_amount: null };

/** An account with its periods and the repayments of its past, as rows to insert. */
function accountRows(app: IssuedCase, calendar: WorkCalendar, now: Date, history?: History) {
  const principal = toFen(Number(app.loan_amount));
  const periods = schedule({ principal, rate: String(app.rate), method: app.repayment_method, issueDate: app.loan_date, termMonths: app.term_months }, calendar);
  const paid = history?.repaid ? periods : history ? periods.filter((p) => p.dueDate < history.paidBefore) : [];
  // Nothing settles a loan but evidence: without 'repaid', the last period of a matured loan is still owed.
  if (history && !history.repaid && paid.length === periods.length) paid.pop();
  const paidOn = (p: Period) => (history?.today && p.dueDate > history.today ? history.today : p.dueDate);
  const unpaid = periods.slice(paid.length);
  const outstanding = principal - paid.reduce((sum, p) => sum + p.principal, 0);
  const last = paid[paid.length - 1];
  const settledOn = unpaid.length === 0 && last ? paidOn(last) : null;
  const early = settledOn !== null && settledOn < last!.dueDate;
  return {
    account: {
      application_id: app.id, bank_org_id: app.bank_org_id, guarantee_org_id: app.guarantee_org_id, renshe_org_id: app.renshe_org_id,
      principal, outstanding, issue_date: app.loan_date, maturity_date: addMonths(app.loan_date, app.term_months), term_months: app.term_months,
      rate: String(app.rate), method: app.repayment_method, state: settledOn ? 'SETTLED' as const : 'CURRENT' as const,
      ...nextDue(unpaid), settled_how: settledOn ? (early ? 'EARLY_REPAID' as const : 'REPAID' as const) : null, settled_on: settledOn, updated_at: now,
    },
    periods: periods.map((p, index) => ({
      application_id: app.id, period: p.period, due_date: p.dueDate, principal: p.principal, interest: p.interest,
      ...(index < paid.length ? { paid_principal: p.principal, paid_interest: p.interest, paid_on: paidOn(p), state: 'PAID' as const } : { state: 'DUE' as const }),
    })),
    repayments: paid.map((p) => ({
      application_id: app.id, report_id: `HISTORY-${p.period}`, kind: 'PERIOD' as const, period: p.period, paid_on: paidOn(p),
      principal: p.principal, interest: p.interest, recorded_by: null,
    })),
  };
}

/**
 * Opens the accounts of issued loans with their schedules (DOMAIN.md section 6), in the caller's
 * transaction and in statements of 1,000 rows; a loan whose account exists is left alone.
 * Answers how many were opened.
 */
export async function openAccounts(trx: Db, loans: { app: IssuedCase; history?: History }[], calendar: WorkCalendar, now: Date): Promise<number> {
  const built = loans.map((l) => accountRows(l.app, calendar, now, l.history));
  let opened = 0;
  for (let i = 0; i < built.length; i += BATCH) {
    const chunk = built.slice(i, i + BATCH);
    const inserted = await trx.insertInto('loan_account').values(chunk.map((b) => b.account))
      .onConflict((oc) => oc.column('application_id').doNothing()).returning('application_id').execute();
    const fresh = new Set(inserted.map((r) => r.application_id));
    opened += fresh.size;
    const periods = chunk.filter((b) => fresh.has(b.account.application_id)).flatMap((b) => b.periods);
    const repayments = chunk.filter((b) => fresh.has(b.account.application_id)).flatMap((b) => b.repayments);
    for (let j = 0; j < periods.length; j += BATCH) await trx.insertInto('loan_period').values(periods.slice(j, j + BATCH)).execute();
    for (let j = 0; j < repayments.length; j += BATCH) await trx.insertInto('loan_repayment').values(repayments.slice(j, j + BATCH)).execute();
  }
  return opened;
}

/** Opens one issued loan's account (the bank's issue). */
export const openAccount = async (trx: Db, app: IssuedCase, calendar: WorkCalendar, now: Date, history?: History) =>
  (await openAccounts(trx, [{ app, ...(history ? { history } : {}) }], calendar, now)) === 1;

/** The columns openAccount reads, selected from `application as a`. */
export const ISSUED_COLUMNS = [
  'a.id', 'a.bank_org_id', 'a.guarantee_org_id', 'a.renshe_org_id', 'a.loan_amount', 'a.term_months', 'a.rate', 'a.repayment_method',
] as const;
export const issuedDate = sql<string>`to_char(a.loan_date, 'YYYY-MM-DD')`.as('loan_date');

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkCalendar } from '../../../lib/workflow/working-days';
import type { RepaymentMethod } from '../../../lib/workflow/plan';
import { addMonths, schedule, type Period } from '../../../lib/workflow/loan-schedule';
import { toFen } from './store';

type Db = Kysely<Database>;

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
 * existed, or imported): the periods due before `paidBefore` were repaid on their due dates.
 */
export interface History { paidBefore: string }

/** The next unpaid period's due date and amount, from a schedule's periods. */
export const nextDue = (periods: Pick<Period, 'dueDate' | 'principal' | 'interest'>[]) =>
  periods.length ? { next_due_date: periods[0]!.dueDate, next_due_amount: periods[0]!.principal + periods[0]!.interest } : { next_due_date: null, next_due_amount: null };

/**
 * Opens the account of an issued loan with its schedule (DOMAIN.md section 6), in the caller's
 * transaction; a loan whose account exists is left alone. With a history, the periods due before
 * it are paid; a loan all of whose periods are paid is SETTLED (REPAID) on its last due date.
 */
export async function openAccount(trx: Db, app: IssuedCase, calendar: WorkCalendar, now: Date, history?: History): Promise<boolean> {
  const principal = toFen(Number(app.loan_amount));
  const periods = schedule({ principal, rate: String(app.rate), method: app.repayment_method, issueDate: app.loan_date, termMonths: app.term_months }, calendar);
  const paid = history ? periods.filter((p) => p.dueDate < history.paidBefore) : [];
  const unpaid = periods.slice(paid.length);
  const outstanding = principal - paid.reduce((sum, p) => sum + p.principal, 0);
  const settledOn = unpaid.length === 0 ? paid[paid.length - 1]!.dueDate : null;
  const inserted = await trx.insertInto('loan_account').values({
    application_id: app.id, bank_org_id: app.bank_org_id, guarantee_org_id: app.guarantee_org_id, renshe_org_id: app.renshe_org_id,
    principal, outstanding, issue_date: app.loan_date, maturity_date: addMonths(app.loan_date, app.term_months), term_months: app.term_months,
    rate: String(app.rate), method: app.repayment_method, state: settledOn ? 'SETTLED' : 'CURRENT',
    ...nextDue(unpaid), settled_how: settledOn ? 'REPAID' : null, settled_on: settledOn, updated_at: now,
  }).onConflict((oc) => oc.column('application_id').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const rows = periods.map((p, index) => ({
    application_id: app.id, period: p.period, due_date: p.dueDate, principal: p.principal, interest: p.interest,
    ...(index < paid.length ? { paid_principal: p.principal, paid_interest: p.interest, paid_on: p.dueDate, state: 'PAID' as const } : { state: 'DUE' as const }),
  }));
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('loan_period').values(rows.slice(i, i + 500)).execute();
  if (paid.length) {
    await trx.insertInto('loan_repayment').values(paid.map((p) => ({
      application_id: app.id, report_id: `HISTORY-${p.period}`, kind: 'PERIOD' as const, period: p.period, paid_on: p.dueDate,
      principal: p.principal, interest: p.interest, recorded_by: null,
    }))).execute();
  }
  return true;
}

/** The columns openAccount reads, selected from `application as a`. */
export const ISSUED_COLUMNS = [
  'a.id', 'a.bank_org_id', 'a.guarantee_org_id', 'a.renshe_org_id', 'a.loan_amount', 'a.term_months', 'a.rate', 'a.repayment_method',
] as const;
export const issuedDate = sql<string>`to_char(a.loan_date, 'YYYY-MM-DD')`.as('loan_date');

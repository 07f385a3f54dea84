import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { chinaToday, daysBefore } from '../../core/china-time';
import { addMonths } from '../../../lib/workflow/loan-schedule';
import { loadCalendar } from '../../modules/calendar/store';
import { openAccount } from '../../modules/loans/open';
import { refreshAccount } from '../../modules/loans/repay';

type Db = Kysely<Database>;


/**
 * The demo loans' lives after issue, so that every post-loan screen shows something on a fresh
 * install: most loans current (their periods so far repaid on time, as their accounts opened),
 * two repaid early, three overdue (one past the 90-day claim threshold), one compensated by the
 * guarantee company and recovering, and one issued in 2021, compensated and written off by renshe.
 * Every figure is written the way the service's own events write it (periods, repayments,
 * compensation, recovery, fund entries), so the ledger, the fund and the reports agree.
 */
export async function seedLoanHistories(db: Db, now: Date = new Date()) {
  const today = chinaToday(now);
  const users = new Map((await db.selectFrom('app_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  const gc1 = await db.selectFrom('app_user as u').select('u.org_id').where('u.username', '=', 'guarantee').executeTakeFirst();
  const bank1 = await db.selectFrom('app_user as u').select('u.org_id').where('u.username', '=', 'bank').executeTakeFirst();
  if (!gc1?.org_id || !bank1?.org_id) return;
  const loans = await db.selectFrom('loan_account').selectAll().select(sql<string>`to_char(issue_date, 'YYYY-MM-DD')`.as('issued'))
    .where('guarantee_org_id', '=', gc1.org_id).where('bank_org_id', '=', bank1.org_id).where('state', '=', 'CURRENT')
    .orderBy('issue_date').orderBy('application_id').execute();
  if (loans.length < 8) return;
  const [oldest, second, third, ...rest] = loans;
  const byId = (id: number) => db.selectFrom('loan_account').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();

  // Overdue: issued long enough ago, the periods of the last days unpaid, brought in line as the daily roll does.
  await reissue(db, second!.application_id, addMonths(today, -8), daysBefore(today, 100), today, now);
  for (const [loan, days] of [[third!, 45], [rest[0]!, 25]] as const) {
    await unpay(db, loan.application_id, daysBefore(today, days));
    await refreshAccount(db, await byId(loan.application_id), today, now);
  }
  // Repaid early, in full, a month after issue.
  for (const loan of rest.slice(1, 3)) {
    const on = [addMonths(loan.issued, 1), today].sort()[0]!;
    await db.deleteFrom('loan_period').where('application_id', '=', loan.application_id).where('state', '=', 'DUE').execute();
    const outstanding = Number((await byId(loan.application_id)).outstanding);
    await db.insertInto('loan_repayment').values({
      application_id: loan.application_id, report_id: `DEMO-EARLY-${loan.application_id}`, kind: 'EARLY', period: null, paid_on: on,
      principal: outstanding, interest: 0, recorded_by: users.get('bank') ?? null,
    }).execute();
    await db.updateTable('loan_account').set({ outstanding: 0 }).where('application_id', '=', loan.application_id).execute();
    await refreshAccount(db, await byId(loan.application_id), today, now, { how: 'EARLY_REPAID', on });
  }
  // Issued fourteen months ago, 120 days overdue when the guarantee company compensated it 20 days ago; a first amount recovered since.
  const compensatedOn = daysBefore(today, 20);
  const compensated = await reissue(db, oldest!.application_id, addMonths(today, -14), daysBefore(today, 140), compensatedOn, now);
  await compensate(db, compensated, compensatedOn, users, gc1.org_id);
  await recover(db, compensated.application_id, daysBefore(today, 6), Math.round(Number(compensated.outstanding) / 5), gc1.org_id, users.get('guarantee') ?? null);
  await writtenOff(db, rest[3]!.application_id, users, gc1.org_id, now);
}

/** Marks a loan's periods due on or after `from` unpaid again (their history repayments go). */
async function unpay(db: Db, id: number, from: string) {
  const undone = await db.updateTable('loan_period').set({ paid_principal: 0, paid_interest: 0, paid_on: null, state: 'DUE' })
    .where('application_id', '=', id).where('due_date', '>=', sql<string>`${from}::date`).where('state', '=', 'PAID').returning(['period', 'principal']).execute();
  if (!undone.length) return;
  await db.deleteFrom('loan_repayment').where('application_id', '=', id).where('period', 'in', undone.map((p) => p.period)).execute();
  const principal = undone.reduce((sum, p) => sum + Number(p.principal), 0);
  await db.updateTable('loan_account').set({ outstanding: sql`outstanding + ${principal}` }).where('application_id', '=', id).execute();
}

/**
 * A demo loan issued on another day: its account opened anew, the periods due before `paidBefore`
 * repaid on time, and its state as the daily roll would have left it on `asOf`.
 */
async function reissue(db: Db, id: number, loanDate: string, paidBefore: string, asOf: string, now: Date) {
  await db.deleteFrom('loan_repayment').where('application_id', '=', id).execute();
  await db.deleteFrom('loan_period').where('application_id', '=', id).execute();
  await db.deleteFrom('loan_account').where('application_id', '=', id).execute();
  const app = await db.updateTable('application').set({ loan_date: loanDate, term_months: 36 }).where('id', '=', id)
    .returning(['id', 'bank_org_id', 'guarantee_org_id', 'renshe_org_id', 'loan_amount', 'term_months', 'rate', 'repayment_method']).executeTakeFirstOrThrow();
  await openAccount(db, { ...app, loan_amount: app.loan_amount!, loan_date: loanDate }, await loadCalendar(db), now, { paidBefore });
  await refreshAccount(db, await accountOf(db, id), asOf, now);
  return accountOf(db, id);
}

type Users = Map<string, number>;
type Account = Awaited<ReturnType<typeof accountOf>>;
const accountOf = (db: Db, id: number) => db.selectFrom('loan_account').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();

/** The guarantee company's confirmed compensation of what the loan owes: principal outstanding and the overdue interest. */
async function compensate(db: Db, account: Account, on: string, users: Users, orgId: number) {
  const interest = await db.selectFrom('loan_period').select((eb) => eb.fn.sum<string>(sql`interest - paid_interest`).as('owed'))
    .where('application_id', '=', account.application_id).where('state', '=', 'OVERDUE').executeTakeFirst();
  const principal = Number(account.outstanding), owed = Number(interest?.owed ?? 0);
  await db.insertInto('loan_compensation').values({
    application_id: account.application_id, principal, interest: owed, paid_on: on, state: 'CONFIRMED',
    recorded_by: users.get('guarantee') ?? null, decided_by: users.get('guarantee2') ?? null, opinion: '逾期超过90天，按担保合同代偿', decided_at: new Date(`${on}T16:00:00+08:00`),
  }).execute();
  await db.insertInto('guarantee_fund_entry').values({
    org_id: orgId, kind: 'COMPENSATION', day: on, amount: -(principal + owed), source: '代偿', application_id: account.application_id, recorded_by: users.get('guarantee2') ?? null,
  }).execute();
  await db.updateTable('loan_account').set({ state: 'COMPENSATED', compensated: principal + owed, compensated_on: on, next_due_date: null, next_due_amount: null })
    .where('application_id', '=', account.application_id).execute();
}

async function recover(db: Db, id: number, on: string, amount: number, orgId: number, by: number | null) {
  await db.insertInto('loan_recovery').values({ application_id: id, recovered_on: on, amount, source: 'BORROWER', note: '借款人分期归还代偿款', recorded_by: by }).execute();
  await db.insertInto('guarantee_fund_entry').values({ org_id: orgId, kind: 'RECOVERY', day: on, amount, source: '追偿', application_id: id, recorded_by: by }).execute();
  await db.updateTable('loan_account').set({ state: 'RECOVERING', recovered: sql`recovered + ${amount}` }).where('application_id', '=', id).execute();
}

/** A loan of 2021: fell overdue in its second year, compensated, partly recovered, written off by renshe in 2025. */
async function writtenOff(db: Db, id: number, users: Users, orgId: number, now: Date) {
  await reissue(db, id, '2021-06-15', '2022-05-01', '2022-08-20', now);
  await compensate(db, await accountOf(db, id), '2022-08-20', users, orgId);
  const account = await accountOf(db, id);
  const recovered = Math.round(Number(account.compensated) * 0.3);
  await recover(db, id, '2023-03-10', recovered, orgId, users.get('guarantee') ?? null);
  const left = Number(account.compensated) - recovered;
  await db.insertInto('loan_write_off').values({
    application_id: id, amount: left, reason: '借款人已无可执行财产，法院终结执行', state: 'CONFIRMED', requested_by: users.get('guarantee') ?? null,
    decided_by: users.get('renshe') ?? null, opinion: '同意核销', decided_at: new Date('2025-10-15T10:00:00+08:00'),
  }).execute();
  await db.updateTable('loan_account').set({ state: 'SETTLED', settled_how: 'WRITTEN_OFF', settled_on: '2025-10-15', written_off: left, overdue_days: 0 })
    .where('application_id', '=', id).execute();
}

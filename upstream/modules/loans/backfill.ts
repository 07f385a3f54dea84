import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadCalendar } from '../calendar/store';
import { chinaToday, daysBefore } from '../../core/china-time';
import { ISSUED_COLUMNS, issuedDate, openAccounts } from './open';
import { log } from '../../../lib/http/log';

type Db = Kysely<Database>;
const BATCH = 1000;


/**
 * Opens the accounts of issued loans that have none: loans issued before accounts existed (and
 * any a bulk load wrote). Each batch of 1,000 is its own short transaction, so a database of
 * 1,000,000 applications is never held by one. What a loan's past was is read from the bank's
 * last report on the case: no report or 'normal' means the periods due before today were repaid
 * on time, but a matured loan's last period, which settles it, needs the bank's report; 'overdue'
 * (or 'compensated') by N days means those due in the last N days (91 when not given) were not.
 * Answers the number of accounts opened.
 */
export async function openMissingAccounts(db: Db, now: Date = new Date()): Promise<number> {
  const today = chinaToday(now);
  const calendar = await loadCalendar(db);
  let after = 0, opened = 0;
  for (;;) {
    const batch = await db.selectFrom('application as a').select([...ISSUED_COLUMNS, 'a.repayment_state', 'a.overdue_days', issuedDate])
      .where('a.status', '=', 'LOANED').where('a.id', '>', after).where('a.loan_date', 'is not', null).where('a.loan_amount', 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('loan_account as l').select('l.application_id').whereRef('l.application_id', '=', 'a.id'))))
      .orderBy('a.id').limit(BATCH).execute();
    if (!batch.length) break;
    after = batch[batch.length - 1]!.id;
    opened += await db.transaction().execute(async (trx) => openAccounts(trx, batch.map((app) => {
      const late = app.repayment_state === 'OVERDUE' || app.repayment_state === 'COMPENSATED' ? (app.overdue_days ?? 91) : 0;
      return { app: { ...app, loan_amount: app.loan_amount! }, history: { paidBefore: daysBefore(today, late) } };
    }), calendar, now));
  }
  if (opened) log.info({ opened }, 'loan accounts opened for loans issued before');
  return opened;
}

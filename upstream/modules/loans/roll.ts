import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser, CallContext } from '../../core/call';
import { storedText } from '../../core/stored-text';
import { chinaToday } from '../../core/china-time';
import { PAGES } from '../../../lib/contract/pages';
import { log } from '../../../lib/http/log';
import { applyStrategies } from '../risk/strategy';

type Db = Kysely<Database>;
const JOB = 'loan-overdue';
const BATCH = 1000;

/**
 * The daily overdue roll (DOMAIN.md section 6, DESIGN.md 'Daily jobs'): every live loan whose next
 * due period has passed unpaid becomes OVERDUE with its days, its unpaid periods past due too.
 * The day's run is claimed by one row, so on several replicas it runs once. Batches of 1,000
 * loans, each its own short transaction that skips a loan a call holds (the next day's run takes
 * it), so no call waits for more than one batch. A bank's reviewers who record repayments are told
 * how many of its loans fell overdue; a loan crossing an overdue-days rule of the blacklist strategy
 * fires it. Answers the loans rolled (null: the day's run was already claimed).
 */
export async function rollOverdue(db: Db, now: Date): Promise<number | null> {
  const today = chinaToday(now);
  const claimed = await db.insertInto('daily_job_run').values({ job: JOB, day: today, started_at: now })
    .onConflict((oc) => oc.columns(['job', 'day']).doNothing()).returning('job').executeTakeFirst();
  if (!claimed) return null;
  const rules = await db.selectFrom('blacklist_strategy as s').innerJoin('situation_condition as c', 'c.id', 's.condition_id')
    .select('s.param_value').where('c.code', '=', 'OVERDUE_DAYS').where('s.state', '=', 'ENABLED').execute();
  const thresholds = rules.map((r) => Number(r.param_value ?? 0));
  let after = 0, rolled = 0;
  const fellOverdue = new Map<number, number>();
  for (;;) {
    const batch = await db.selectFrom('loan_account').select('application_id').where('state', 'in', ['CURRENT', 'OVERDUE'])
      .where('next_due_date', '<', sql<string>`${today}::date`).where('application_id', '>', after).orderBy('application_id').limit(BATCH).execute();
    if (!batch.length) break;
    after = batch[batch.length - 1]!.application_id;
    const ids = batch.map((b) => b.application_id);
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; bank: number; was: string; before: number; days: number }>`
        with held as (
          select application_id, state, overdue_days from loan_account
          where application_id = any(${ids}) and state in ('CURRENT', 'OVERDUE') and next_due_date < ${today}::date
          for update skip locked
        )
        update loan_account l set state = 'OVERDUE', overdue_days = ${today}::date - l.next_due_date, version = l.version + 1, updated_at = ${now}
        from held where l.application_id = held.application_id
        returning l.application_id as id, l.bank_org_id as bank, held.state as was, held.overdue_days as before, l.overdue_days as days`.execute(trx);
      if (!rows.length) return;
      await trx.updateTable('loan_period').set({ state: 'OVERDUE', overdue_days: sql`${today}::date - due_date` })
        .where('application_id', 'in', rows.map((r) => r.id)).where('state', 'in', ['DUE', 'OVERDUE']).where('due_date', '<', sql<string>`${today}::date`).execute();
      for (const row of rows) if (row.was === 'CURRENT') fellOverdue.set(row.bank, (fellOverdue.get(row.bank) ?? 0) + 1);
      const crossing = rows.filter((r) => thresholds.some((t) => r.before <= t && r.days > t));
      if (crossing.length) await fireOverdueRules(trx, crossing, now);
      rolled += rows.length;
    });
  }
  await tellBanks(db, fellOverdue);
  await db.updateTable('daily_job_run').set({ finished_at: new Date(), count: rolled }).where('job', '=', JOB).where('day', '=', today).execute();
  log.info({ job: JOB, day: today, rolled, banks: fellOverdue.size }, 'daily job finished');
  return rolled;
}

/** The strategy's overdue-days rules for loans that crossed a threshold today: the roll acts as the system (no actor). */
async function fireOverdueRules(trx: Db, crossing: { id: number; days: number }[], now: Date) {
  const people = await trx.selectFrom('application').select(['id', 'name', 'id_number', 'mobile']).where('id', 'in', crossing.map((c) => c.id)).execute();
  const system = { db: trx, now, user: { id: null } } as unknown as CallContext<AuthUser>;
  for (const person of people) {
    const days = crossing.find((c) => c.id === person.id)!.days;
    await applyStrategies(trx, system, 'OVERDUE_DAYS', { name: person.name, idNumber: person.id_number, mobile: person.mobile }, days);
  }
}

/** One message to each reviewer of a bank who records repayments: how many of the bank's loans fell overdue today. */
async function tellBanks(db: Db, fellOverdue: Map<number, number>) {
  if (!fellOverdue.size) return;
  const people = await db.selectFrom('app_user as u').innerJoin('user_role as ur', 'ur.user_id', 'u.id').innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permission as rp', 'rp.role_id', 'r.id').innerJoin('permission as p', 'p.id', 'rp.permission_id')
    .select(['u.id', 'u.org_id']).distinct()
    .where('p.action', '=', 'postLoan::repay').where('r.state', '=', 'ENABLED').where('u.state', '=', 'ENABLED')
    .where('u.org_id', 'in', [...fellOverdue.keys()]).execute();
  if (!people.length) return;
  await db.insertInto('message').values(people.map((p) => ({
    user_id: p.id, ...storedText('message.loansOverdue', { count: fellOverdue.get(p.org_id!) ?? 0 }), menu_url: `${PAGES.ledger}?state=OVERDUE`,
  }))).execute();
}

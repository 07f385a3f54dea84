import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storedText } from '../../core/stored-text';
import { chinaHour, chinaToday } from '../../core/china-time';
import { errorKind } from '../../core/errors';
import { STAGE_INFO, type Stage } from '../../../lib/workflow/stages';
import { log } from '../../../lib/http/log';
import { closeUnsupplemented } from './returns';
import { rollOverdue } from '../loans/roll';

type Db = Kysely<Database>;


/**
 * Tells every assignee of overdue cases, once a day, how many of their cases are past their
 * deadline, linking the stage holding most of them. Stages whose time-out config turns
 * reminders off are left out. The day's reminder row and the message are written together,
 * so running it twice a day (or on two processes) sends one. Answers how many were reminded.
 */
export async function remindOverdue(db: Db, now: Date): Promise<number> {
  const day = chinaToday(now);
  const rows = await db.selectFrom('application as a')
    .leftJoin('overtime_config as c', 'c.stage', 'a.stage')
    .select(['a.assignee_id', 'a.stage', (eb) => eb.fn.countAll<number>().as('n')])
    .where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', now).where('a.assignee_id', 'is not', null)
    .where((eb) => eb.or([eb('c.remind', 'is', null), eb('c.remind', '=', true)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('overdue_reminder as r').select('r.user_id')
      .whereRef('r.user_id', '=', 'a.assignee_id').where('r.day', '=', sql<string>`${day}::date`))))
    .groupBy(['a.assignee_id', 'a.stage']).execute();

  const byUser = new Map<number, { stage: Stage; n: number }[]>();
  for (const row of rows) {
    const list = byUser.get(row.assignee_id!) ?? [];
    list.push({ stage: row.stage!, n: Number(row.n) });
    byUser.set(row.assignee_id!, list);
  }
  let reminded = 0;
  for (const [userId, stages] of byUser) {
    const sent = await db.transaction().execute(async (trx) => {
      const total = stages.reduce((sum, s) => sum + s.n, 0);
      const claimed = await trx.insertInto('overdue_reminder').values({ user_id: userId, day, cases: total })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing()).returning('user_id').executeTakeFirst();
      if (!claimed) return false;
      const top = [...stages].sort((a, b) => b.n - a.n || a.stage.localeCompare(b.stage))[0]!;
      await trx.insertInto('message').values({ user_id: userId, ...storedText('workflow.overdueReminder', { count: total }), menu_url: `${STAGE_INFO[top.stage].path}?overdue=true` }).execute();
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

/**
 * The daily jobs, looked for every ten minutes: returned cases past their last day are withdrawn
 * and loans past due roll overdue from China's midnight on (each day's run is claimed once across replicas), and the overdue
 * reminders go out from the configured hour (null: never). Answers a stop function.
 */
export function scheduleDailyJobs(db: Db, remindHour: number | null, now: () => Date = () => new Date()): () => void {
  const tick = () => {
    const at = now();
    closeUnsupplemented(db, at).catch((error: unknown) => log.error({ kind: errorKind(error) }, 'returned-case time-outs failed'));
    rollOverdue(db, at).catch((error: unknown) => log.error({ kind: errorKind(error) }, 'the overdue roll failed'));
    if (remindHour === null || chinaHour(at) < remindHour) return;
    remindOverdue(db, at).catch((error: unknown) => log.error({ kind: errorKind(error) }, 'overdue reminders failed'));
  };
  const timer = setInterval(tick, 10 * 60_000);
  timer.unref();
  const first = setTimeout(tick, 60_000);
  first.unref();
  return () => { clearInterval(timer); clearTimeout(first); };
}

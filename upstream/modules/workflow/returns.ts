import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { chinaToday } from '../../core/china-time';
import { conflict, notFound } from '../../core/errors';
import { translator } from '../../core/i18n';
import type { Locale } from '../../../lib/contract/auth';
import { storedText } from '../../core/stored-text';
import { addWorkingDays, workingDaysBetween } from '../../../lib/workflow/working-days';
import { STAGE_INFO, type Stage } from '../../../lib/workflow/stages';
import type { FileKind } from '../../../lib/workflow/files';
import { keyVerdict } from '../../../lib/workflow/guards';
import { log } from '../../../lib/http/log';
import { loadCalendar } from '../calendar/store';
import { sendSms } from '../sms/send';
import { deadlineFor } from './flow';
import { keyUses, lockKey } from './guards';

type Db = Kysely<Database>;

/** The working days a returned case waits for its supplements (system parameter supplement.workingDays; seed 20). */
async function supplementDays(db: Db): Promise<number> {
  const row = await db.selectFrom('system_param').select('value').where('key', '=', 'supplement.workingDays').executeTakeFirst();
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : 20;
}


/**
 * After a return (in the action's transaction): what is awaited, until which China day, and the
 * working days the stage's deadline had left (the deadline is paused meanwhile); the applicant is
 * told by the RETURNED SMS what to supply and by when.
 */
export async function recordReturn(trx: Db, ctx: CallContext<AuthUser>, app: { id: number; name: string; number: string; mobile: string; deadline: Date | string | null }, input: { documents: FileKind[]; opinion: string }) {
  const [calendar, days] = await Promise.all([loadCalendar(trx), supplementDays(trx)]);
  await trx.updateTable('application').set({
    awaited_kinds: JSON.stringify(input.documents), return_note: input.opinion, returned_by: ctx.user.id, returned_at: ctx.now,
    supplement_due: chinaToday(addWorkingDays(ctx.now, days, calendar)),
    paused_days: app.deadline === null ? null : workingDaysBetween(ctx.now, app.deadline, calendar),
  }).where('id', '=', app.id).execute();
  await sendSms(trx, {
    scene: 'RETURNED', mobile: app.mobile, clientIp: ctx.clientIp, now: ctx.now,
    values: { name: app.name, number: app.number, documents: documentList('zh-CN', input.documents), days },
  });
}

const CLEARED = { awaited_kinds: null, return_note: null, returned_by: null, returned_at: null, supplement_due: null, paused_days: null } as const;

export const returnCalls = [
  defineCall({
    path: 'channel/application/supplement',
    /**
     * The applicant's supplements: the case goes back to the stage and reviewer that returned it,
     * its deadline the working days it had left, with a SUPPLEMENT record and a message to the
     * reviewer. Every awaited document must have been uploaded since the return.
     */
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        await lockKey(trx, input.key);
        const app = await trx.selectFrom('application').selectAll().where('number', '=', input.number).forUpdate().executeTakeFirst();
        if (!app) throw notFound('application');
        const key = keyVerdict(await keyUses(trx, input.key), { action: 'SUPPLEMENT', actorId: ctx.user.id, applicationId: app.id });
        if (key.kind === 'reused') throw conflict('workflow.keyUsed');
        if (key.kind === 'retry') return { id: app.id, number: app.number, status: app.status };
        if (app.status !== 'RETURNED' || app.node_id === null || app.stage === null) throw conflict('workflow.notReturnedCase');
        const awaited = app.awaited_kinds ?? [];
        const uploaded = awaited.length && app.returned_at ? await trx.selectFrom('application_file').select('kind').distinct()
          .where('application_id', '=', app.id).where('created_at', '>=', app.returned_at).where('kind', 'in', awaited).execute() : [];
        const missing = awaited.filter((kind) => !uploaded.some((f) => f.kind === kind));
        if (missing.length) throw conflict('workflow.supplementMissing', { documents: documentList(ctx.locale, missing) });
        const deadline = app.paused_days === null ? await deadlineFor(trx, app.node_id, ctx.now)
          : addWorkingDays(ctx.now, app.paused_days, await loadCalendar(trx));
        await trx.updateTable('application').set({ status: 'IN_REVIEW', deadline, overdue_notified_on: null, ...CLEARED, version: app.version + 1, updated_at: ctx.now })
          .where('id', '=', app.id).execute();
        await trx.insertInto('approval_record').values({
          application_id: app.id, action: 'SUPPLEMENT', node_id: app.node_id, stage: app.stage, from_status: 'RETURNED', to_status: 'IN_REVIEW',
          to_node_id: app.node_id, to_stage: app.stage, actor_id: ctx.user.id, actor_org_id: ctx.user.orgId, target_user_id: app.assignee_id,
          opinion: input.note, details: JSON.stringify({ documents: awaited }), idempotency_key: input.key,
        }).execute();
        if (app.assignee_id !== null) {
          await trx.insertInto('message').values({
            user_id: app.assignee_id, ...storedText('workflow.supplemented', { number: app.number, stage: { key: `workflow.stage.${app.stage}` } }),
            menu_url: STAGE_INFO[app.stage as Stage].path,
          }).execute();
        }
        return { id: app.id, number: app.number, status: 'IN_REVIEW' };
      });
    },
  }),
];

/** Document kinds named in the reader's language. */
export const documentList = (locale: Locale, kinds: readonly FileKind[]) => {
  const t = translator(locale);
  return kinds.map((kind) => t(`approval.fileKind.${kind}`)).join(locale === 'en' ? ', ' : '、');
};

const JOB = 'RETURN_TIMEOUT';
const BATCH = 200;

/**
 * The daily job: every case returned whose last day for supplements has passed is WITHDRAWN, each
 * in its own transaction with a record and the WITHDRAWN SMS, its reviewer told. The day's run is
 * claimed by one row, so on several replicas it runs once; a case another call holds is left for
 * the next run. Answers how many cases it closed (null: the day's run was already claimed).
 */
export async function closeUnsupplemented(db: Db, now: Date): Promise<number | null> {
  const day = chinaToday(now);
  const claimed = await db.insertInto('daily_job_run').values({ job: JOB, day, started_at: now })
    .onConflict((oc) => oc.columns(['job', 'day']).doNothing()).returning('job').executeTakeFirst();
  if (!claimed) return null;
  let closed = 0;
  let after = 0;
  for (;;) {
    const due = await db.selectFrom('application').select('id').where('status', '=', 'RETURNED')
      .where('supplement_due', '<', sql<string>`${day}::date`).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    for (const { id } of due) if (await closeOne(db, id, day, now)) closed += 1;
    if (due.length < BATCH) break;
    after = due[due.length - 1]!.id;
  }
  await db.updateTable('daily_job_run').set({ finished_at: new Date(), count: closed }).where('job', '=', JOB).where('day', '=', day).execute();
  log.info({ job: JOB, day, closed }, 'daily job finished');
  return closed;
}

async function closeOne(db: Db, id: number, day: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const app = await trx.selectFrom('application').selectAll().where('id', '=', id).where('status', '=', 'RETURNED')
      .where('supplement_due', '<', sql<string>`${day}::date`).forUpdate().skipLocked().executeTakeFirst();
    if (!app) return false;
    await trx.updateTable('application').set({
      status: 'WITHDRAWN', node_id: null, stage: null, assignee_id: null, deadline: null, ...CLEARED, version: app.version + 1, updated_at: now,
    }).where('id', '=', id).execute();
    await trx.insertInto('approval_record').values({
      application_id: id, action: 'WITHDRAW', node_id: app.node_id, stage: app.stage, from_status: 'RETURNED', to_status: 'WITHDRAWN',
      to_node_id: null, to_stage: null, actor_id: null, actor_org_id: null, target_user_id: null, opinion: '',
      details: JSON.stringify({ timedOut: true, due: app.supplement_due }), idempotency_key: randomUUID(),
    }).execute();
    await sendSms(trx, { scene: 'WITHDRAWN', mobile: app.mobile, now, values: { name: app.name, number: app.number } });
    if (app.assignee_id !== null) {
      await trx.insertInto('message').values({ user_id: app.assignee_id, ...storedText('workflow.returnTimedOut', { number: app.number }), menu_url: '/admin/home/loan' }).execute();
    }
    return true;
  });
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCall } from '../../core/call';
import { conflict, invalid, notFound } from '../../core/errors';
import { audit } from '../../core/audit';
import type { Page } from '../../../lib/contract/common';
import { type OvertimeRow } from '../../../lib/contract/flow';
import { STAGES, type Stage } from '../../../lib/workflow/stages';


async function overtimeRows(db: Kysely<Database>, now: Date, stage?: Stage): Promise<OvertimeRow[]> {
  const rows = await db.selectFrom('overtime_config as c')
    .select(['c.stage', 'c.days', 'c.remind', 'c.version', 'c.updated_at'])
    .select((eb) => eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('n'))
      .whereRef('a.stage', '=', 'c.stage').where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', now).as('overdue'))
    .$if(stage !== undefined, (q) => q.where('c.stage', '=', stage!))
    .execute();
  return rows
    .map((r) => ({ stage: r.stage, days: r.days, remind: r.remind, overdue: Number(r.overdue ?? 0), version: r.version, updateTime: new Date(r.updated_at).toISOString() }))
    .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
}

async function loadOvertime(db: Kysely<Database>, now: Date, stage: Stage): Promise<OvertimeRow> {
  const [row] = await overtimeRows(db, now, stage);
  if (!row) throw notFound();
  return row;
}

const summary = (row: OvertimeRow) => ({ days: row.days, remind: row.remind, version: row.version });

/**
 * systemOvertimeConfig: the default time limit (working days) of each stage and whether its
 * assignees are reminded of overdue cases. A node's own limit overrides it; a new limit
 * applies to cases entering the stage from then on.
 */
export const overtimeCalls = [
  defineCall({
    path: 'systemOvertimeConfig/list',
    async handler(ctx, input): Promise<Page<OvertimeRow>> {
      const rows = await overtimeRows(ctx.db, ctx.now, input.stage);
      const start = (input.pageNum - 1) * input.pageSize;
      return { list: rows.slice(start, start + input.pageSize), total: rows.length, totalPage: Math.ceil(rows.length / input.pageSize) };
    },
  }),
  defineCall({
    path: 'systemOvertimeConfig/add',
    handler: (ctx, input): Promise<OvertimeRow> => ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('overtime_config').values({ stage: input.stage, days: input.days, remind: input.remind, updated_at: ctx.now })
        .onConflict((oc) => oc.column('stage').doNothing()).returning('stage').executeTakeFirst();
      if (!inserted) throw invalid({ stage: 'validation.overtimeStageTaken' });
      const created = await loadOvertime(trx, ctx.now, input.stage);
      await audit(trx, ctx.user, 'overtime.create', { type: 'overtime', id: input.stage }, { after: summary(created) });
      return created;
    }),
  }),
  defineCall({
    path: 'systemOvertimeConfig/update',
    handler: (ctx, input): Promise<OvertimeRow> => ctx.db.transaction().execute(async (trx) => {
      const before = await loadOvertime(trx, ctx.now, input.stage);
      const updated = await trx.updateTable('overtime_config')
        .set((eb) => ({ days: input.days, remind: input.remind, version: eb('version', '+', 1), updated_at: ctx.now }))
        .where('stage', '=', input.stage).where('version', '=', input.version).returning('stage').executeTakeFirst();
      if (!updated) throw conflict();
      const after = await loadOvertime(trx, ctx.now, input.stage);
      await audit(trx, ctx.user, 'overtime.update', { type: 'overtime', id: input.stage }, { before: summary(before), after: summary(after) });
      return after;
    }),
  }),
  defineCall({
    path: 'systemOvertimeConfig/del',
    handler: (ctx, input) => ctx.db.transaction().execute(async (trx) => {
      const before = await loadOvertime(trx, ctx.now, input.stage);
      const deleted = await trx.deleteFrom('overtime_config').where('stage', '=', input.stage).where('version', '=', input.version)
        .returning('stage').executeTakeFirst();
      if (!deleted) throw conflict();
      await audit(trx, ctx.user, 'overtime.delete', { type: 'overtime', id: input.stage }, { before: summary(before) });
      return null;
    }),
  }),
];

import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { resource } from '../../core/resource';
import type { OvertimeRow } from '../../../lib/contract/flow';
import { STAGES } from '../../../lib/workflow/stages';

/**
 * systemOvertimeConfig: the default time limit (working days) of each stage and whether its
 * assignees are reminded of overdue cases, one row per stage (its key). A node's own limit
 * overrides it; a new limit applies to cases entering the stage from then on.
 */
const overtimeTable = resource({
  table: 'overtime_config',
  key: 'stage',
  select: (q, now) => q.select(['t.stage', 't.days', 't.remind', 't.version', 't.updated_at'])
    .select((eb) => eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('n'))
      .whereRef('a.stage', '=', 't.stage').where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', now).as('overdue')),
  toRow: (r): OvertimeRow => ({
    stage: r.stage, days: r.days, remind: r.remind, overdue: Number(r.overdue ?? 0), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  filters: { stage: { equals: 'stage' } },
  // Stages in flow order.
  orders: { stage: () => sql<number>`array_position(array[${sql.join(STAGES)}]::text[], t.stage::text)` },
  order: 'stage',
  unique: [{ field: 'stage', column: 'stage', key: 'validation.overtimeStageTaken', index: 'overtime_config_pkey' }],
  audit: { type: 'overtime', action: 'overtime', summary: (row) => ({ days: row.days, remind: row.remind, version: row.version }) },
  insert: (input: InputOf<'systemOvertimeConfig/add'>) => ({ stage: input.stage, days: input.days, remind: input.remind }),
  patch: (input: InputOf<'systemOvertimeConfig/update'>) => ({ days: input.days, remind: input.remind }),
});

export const overtimeCalls = [
  defineCall({ path: 'systemOvertimeConfig/list', handler: overtimeTable.list }),
  defineCall({ path: 'systemOvertimeConfig/add', handler: overtimeTable.add }),
  defineCall({ path: 'systemOvertimeConfig/update', handler: overtimeTable.update }),
  defineCall({ path: 'systemOvertimeConfig/del', handler: overtimeTable.remove }),
];

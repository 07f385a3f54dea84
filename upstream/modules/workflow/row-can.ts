import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { allowed } from '../../core/permission';
import { STAGE_INFO, type ApplicationStatus, type Stage } from '../../../lib/workflow/stages';

/** Statuses in which a case's assignee acts on it (reviews, records the loan, withdraws a returned case). */
const ACTING: readonly ApplicationStatus[] = ['IN_REVIEW', 'APPROVED', 'RETURNED'];

/** Whether the user acts on a case as its assignee (the detail answer's `can.act` too). */
export const actsOn = (user: Pick<AuthUser, 'id'>, app: { assignee_id: number | null; status: ApplicationStatus }) =>
  app.assignee_id === user.id && ACTING.includes(app.status);

/**
 * What the reader may do with each row of a list, as the detail answer says it (`can`): act as
 * the assignee, or redeploy a case in review as a holder of its stage's admin-redeploy button
 * (asked once per stage on the page). The client shows the actions by it, deriving nothing.
 */
export async function rowCan(db: Kysely<Database>, user: AuthUser, rows: readonly { stage: Stage | null; status: ApplicationStatus; assignee_id: number | null }[]) {
  const stages = [...new Set(rows.map((r) => r.stage).filter((s): s is Stage => s !== null))];
  const held = new Map(await Promise.all(stages.map(async (stage) =>
    [stage, await allowed(db, user, { permission: `${STAGE_INFO[stage].module}::adminRedeploy` })] as const)));
  return (row: (typeof rows)[number]) => ({
    act: actsOn(user, row),
    adminRedeploy: row.status === 'IN_REVIEW' && row.stage !== null && (held.get(row.stage) ?? false),
  });
}

import type { z } from 'zod';
import type { AuthUser, CallContext } from '../../core/call';
import { conflict, invalid, notFound } from '../../core/errors';
import type { TurnOverResult, turnOverInput } from '../../../lib/contract/workflow';
import { keyVerdict, mayTake } from '../../../lib/workflow/guards';
import type { Stage } from '../../../lib/workflow/stages';
import { notifyAssignee } from './actions';
import { nodePeople } from './flow';
import { approvalsOf, keyUses, lockKey } from './guards';
import { caseScope, caseVisible } from './scope';

type Input = z.infer<typeof turnOverInput>;

interface Details { fromUserId?: number; kept?: number }
const detailsOf = (details: unknown): Details => ((typeof details === 'string' ? JSON.parse(details) : details) ?? {}) as Details;

/**
 * turnOver: a supervisor's act (the stage's own `::turnOver` button) handing the cases of one
 * person waiting at a stage to another person, never to themselves. A case moves only if the
 * new person may take it (on its node, not its maker, not someone who approved it at another
 * stage); the others stay and are counted as kept, and when none can move the call is 422.
 * Each moved case gets its own record under the one key; the same key again answers the
 * first hand-over, used for anything else it is 409.
 */
export async function turnOver(ctx: CallContext<AuthUser>, input: Input): Promise<TurnOverResult> {
  const stage = input.stage as Stage;
  if (input.toUserId === ctx.user.id) throw invalid({ toUserId: 'validation.turnOverSelf' });
  if (input.fromUserId === input.toUserId) throw invalid({ toUserId: 'validation.personNotAtNode' });
  return ctx.db.transaction().execute(async (trx) => {
    await lockKey(trx, input.key);
    const key = keyVerdict(await keyUses(trx, input.key), { action: 'TURN_OVER', actorId: ctx.user.id, applicationId: null });
    if (key.kind === 'reused') throw conflict('workflow.keyUsed');
    if (key.kind === 'retry') {
      const records = await trx.selectFrom('approval_record').select(['stage', 'target_user_id', 'details'])
        .where('id', 'in', key.recordIds).execute();
      const same = records.every((r) => r.stage === stage && r.target_user_id === input.toUserId && detailsOf(r.details).fromUserId === input.fromUserId);
      if (!same) throw conflict('workflow.keyUsed');
      return { moved: records.length, kept: detailsOf(records[0]!.details).kept ?? 0 };
    }
    const scope = await caseScope(trx, ctx.user);
    const cases = await trx.selectFrom('application').selectAll().where('stage', '=', stage).where('status', '=', 'IN_REVIEW')
      .where('assignee_id', '=', input.fromUserId).orderBy('id').forUpdate().execute();
    const mine = cases.filter((app) => caseVisible(app, scope));
    if (cases.length && !mine.length) throw notFound('application');
    const movable = [];
    for (const app of mine) {
      const people = mayTake(await nodePeople(trx, { id: app.node_id!, stage }, app), stage, await approvalsOf(trx, app.id), [app.maker_id]);
      if (people.some((p) => p.id === input.toUserId)) movable.push(app);
    }
    if (mine.length && !movable.length) throw invalid({ toUserId: 'validation.turnOverNone' });
    const kept = mine.length - movable.length;
    for (const app of movable) {
      const updated = await trx.updateTable('application')
        .set({ assignee_id: input.toUserId, version: app.version + 1, updated_at: ctx.now })
        .where('id', '=', app.id).where('version', '=', app.version).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('workflow.stale');
      await trx.insertInto('approval_record').values({
        application_id: app.id, action: 'TURN_OVER', node_id: app.node_id, stage, from_status: app.status,
        to_status: app.status, to_node_id: app.node_id, to_stage: stage, actor_id: ctx.user.id, actor_org_id: ctx.user.orgId,
        target_user_id: input.toUserId, refuse_reason_id: null, details: JSON.stringify({ fromUserId: input.fromUserId, kept }),
        idempotency_key: input.key,
      }).execute();
    }
    if (movable.length) await notifyAssignee(trx, input.toUserId, movable, stage);
    return { moved: movable.length, kept };
  });
}

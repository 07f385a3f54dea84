import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser, CallContext } from '../../core/call';
import { conflict, invalid, notFound } from '../../core/errors';
import { allowed } from '../../core/permission';
import { storedText } from '../../core/stored-text';
import type { ActionResult, NodePerson } from '../../../lib/contract/workflow';
import { actorRefusal, keyVerdict, mayTake, type Approval } from '../../../lib/workflow/guards';
import { transition, type Move } from '../../../lib/workflow/machine';
import { STAGE_INFO, type Action, type Stage } from '../../../lib/workflow/stages';
import { deadlineFor, moduleNodes, nodePeople, passedNodes } from './flow';
import { approvalsOf, keyUses, lockKey } from './guards';
import { applicationRows, toApplicationRow } from './rows';
import { enqueueEvent, isPushEvent } from '../push/enqueue';

type Trx = Kysely<Database>;
type Ctx = CallContext<AuthUser>;
type App = NonNullable<Awaited<ReturnType<typeof lockApplication>>>;

export interface ActionInput { id: number; version: number; key: string; opinion: string }

/** One workflow action: its button, its record, where it moves the case and what else it writes. */
export interface ActionSpec<I extends ActionInput> {
  action: Action;
  move: (input: I) => Move;
  /** 'assignee': only the case's assignee (the default); 'scoped': any holder of the button who sees the case. */
  actor?: 'assignee' | 'scoped';
  /** The person the case goes to when the action picks one (check, reject, redeploy). */
  pick?: (input: I) => number | undefined;
  /** Further columns the action sets on the application. */
  apply?: (input: I, app: App) => Updateable<Database['application']>;
  details?: (input: I) => Record<string, unknown>;
  refuseReasonId?: (input: I) => number;
  /** After the change, inside the same transaction (e.g. the refusal SMS). */
  after?: (trx: Trx, ctx: Ctx, app: App, input: I) => Promise<void>;
}

async function lockApplication(trx: Trx, id: number) {
  return trx.selectFrom('application').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function actionResult(trx: Trx, id: number, recordId: number, now: Date): Promise<ActionResult> {
  const row = await applicationRows(trx).where('a.id', '=', id).executeTakeFirstOrThrow();
  return { application: toApplicationRow(row, now), recordId };
}

/** Whether the user holds the stage's button (admins hold every one). */
export const holdsButton = (db: Trx, user: AuthUser, stage: Stage, verb: string) =>
  allowed(db, user, { permission: `${STAGE_INFO[stage].module}::${verb}` });

/** Checks the chosen person against the node's people who may take the case there (not excluded, not approved elsewhere). */
function choose(people: NodePerson[], chosen: number | undefined, field: string, stage: Stage, approvals: Approval[], exclude: (number | null)[]): number {
  const eligible = mayTake(people, stage, approvals, exclude);
  if (chosen === undefined) {
    if (eligible.length === 1) return eligible[0]!.id;
    throw invalid({ [field]: eligible.length ? 'validation.personRequired' : 'validation.noPeople' });
  }
  if (!eligible.some((p) => p.id === chosen)) throw invalid({ [field]: 'validation.personNotAtNode' });
  return chosen;
}

/**
 * Runs one action under the guards of DESIGN.md section 5, in one transaction: the key and
 * the case are locked, the same key, action and case answer the first result while a key
 * used for anything else is 409, a stale version is 409, only the assignee (or a scoped
 * holder) acts, the maker never decides, nobody approves the case at a second stage, and
 * exactly one record and one message to the next assignee are written with the change.
 */
export async function runAction<I extends ActionInput>(ctx: Ctx, spec: ActionSpec<I>, input: I): Promise<ActionResult> {
  const { user, now } = ctx;
  return ctx.db.transaction().execute(async (trx) => {
    await lockKey(trx, input.key);
    const app = await lockApplication(trx, input.id);
    // The dispatcher has resolved the call's row access (the case in scope, the button at its stage); the version check below keeps it current.
    if (!app) throw notFound('application');
    const key = keyVerdict(await keyUses(trx, input.key), { action: spec.action, actorId: user.id, applicationId: app.id });
    if (key.kind === 'reused') throw conflict('workflow.keyUsed');
    if (key.kind === 'retry') return actionResult(trx, app.id, key.recordIds[0]!, now);
    if (app.version !== input.version) throw conflict('workflow.stale');
    const approvals = await approvalsOf(trx, app.id);
    const refusal = actorRefusal(spec.action, user.id, { assigneeId: app.assignee_id, makerId: app.maker_id, stage: app.stage, approvals }, spec.actor === 'scoped');
    if (refusal) throw conflict(`workflow.${refusal}`);

    const nodes = await moduleNodes(trx, app.module_id);
    const outcome = transition({
      status: app.status, nodeId: app.node_id, guaranteeMethod: app.guarantee_method, nodes,
      passed: await passedNodes(trx, app.id),
    }, spec.move(input));
    if (!outcome.ok) throw conflict(`workflow.${outcome.reason}`);

    const target = nodes.find((n) => n.id === outcome.nodeId) ?? null;
    const moved = outcome.nodeId !== app.node_id;
    // A node being deleted in the meantime is not entered: the deletion holds the node's row
    // while it counts the cases there, and this waits for it and then finds the node gone.
    if (target && moved && !(await trx.selectFrom('approval_node').select('id').where('id', '=', target.id)
      .where('deleted_at', 'is', null).forShare().executeTakeFirst())) throw conflict('workflow.stale');
    let assignee: number | null = null;
    if (target && (moved || spec.pick)) {
      const people = await nodePeople(trx, target, app);
      assignee = moved
        ? choose(people, spec.pick?.(input), spec.action === 'CHECK' ? 'nextUserId' : 'userId', target.stage, approvals, [user.id])
        : choose(people, spec.pick!(input), 'userId', target.stage, approvals, [user.id, app.assignee_id, app.maker_id]);
    } else if (target) {
      assignee = app.assignee_id;
    } else if (outcome.status === 'APPROVED') {
      assignee = user.id; // the bank's transfer reviewer records whether the loan was issued
    }
    const stageAfter: Stage | null = target?.stage ?? (outcome.status === 'APPROVED' ? 'BANK_TRANSFER' : null);
    await trx.updateTable('application').set({
      status: outcome.status,
      node_id: outcome.nodeId,
      stage: stageAfter,
      assignee_id: assignee,
      ...(moved ? { maker_id: target ? user.id : null, entered_at: target ? now : null, deadline: target ? await deadlineFor(trx, target.id, now) : null, overdue_notified_on: null } : {}),
      ...spec.apply?.(input, app),
      version: app.version + 1,
      updated_at: now,
    }).where('id', '=', app.id).where('version', '=', input.version).execute();

    const record = await trx.insertInto('approval_record').values({
      application_id: app.id, action: spec.action, node_id: app.node_id, stage: app.stage,
      from_status: app.status, to_status: outcome.status, to_node_id: target?.id ?? null, to_stage: stageAfter,
      actor_id: user.id, actor_org_id: user.orgId, target_user_id: assignee !== app.assignee_id ? assignee : null,
      opinion: input.opinion, refuse_reason_id: spec.refuseReasonId?.(input) ?? null,
      details: spec.details ? JSON.stringify(spec.details(input)) : null, idempotency_key: input.key,
    }).returning('id').executeTakeFirstOrThrow();

    if (assignee !== null && assignee !== user.id && assignee !== app.assignee_id && stageAfter) {
      await notifyAssignee(trx, assignee, [{ number: app.number }], stageAfter);
    }
    await spec.after?.(trx, ctx, app, input);
    // The transactional outbox: the event's rows for the push targets land with the action or not at all.
    if (outcome.status !== app.status && isPushEvent(outcome.status)) await enqueueEvent(trx, app.id, outcome.status, now, ctx.options.push);
    return actionResult(trx, app.id, record.id, now);
  });
}

/** Tells a person which cases now wait for them and where (in the language they read it in). */
export async function notifyAssignee(trx: Trx, userId: number, cases: { number: string }[], stage: Stage) {
  const text = cases.length === 1
    ? storedText('workflow.assigned', { number: cases[0]!.number, stage: { key: `workflow.stage.${stage}` } })
    : storedText('workflow.assignedMany', { count: cases.length, stage: { key: `workflow.stage.${stage}` } });
  await trx.insertInto('message').values({ user_id: userId, ...text, menu_url: STAGE_INFO[stage].path }).execute();
}

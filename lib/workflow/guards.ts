import type { Action, Stage } from './stages';

/**
 * Who may act on a case and with which key (DESIGN.md section 5, 'Guards'), pure: the
 * service feeds in what it read under the case's lock, the lists use the same rules to offer
 * only people who may act.
 */

/** An approval of the case: a CHECK record's actor and the stage it was made at. */
export interface Approval { actorId: number | null; stage: Stage | null }

/** Four eyes per stage: a person who approved the case at one stage approves it at no other. */
export const approvedElsewhere = (approvals: readonly Approval[], personId: number, stage: Stage) =>
  approvals.some((a) => a.actorId === personId && a.stage !== stage);

/** The people who may take the case at a node of `stage`: not excluded (the actor, the maker...), not approved elsewhere. */
export function mayTake<P extends { id: number }>(people: readonly P[], stage: Stage, approvals: readonly Approval[], exclude: readonly (number | null)[] = []): P[] {
  return people.filter((p) => !exclude.includes(p.id) && !approvedElsewhere(approvals, p.id, stage));
}

export interface CaseActors {
  assigneeId: number | null;
  /** Who moved the case to its node. */
  makerId: number | null;
  stage: Stage | null;
  approvals: readonly Approval[];
}

/** Review decisions: their actor may never be the person who moved the case to the node. */
const DECISIONS: readonly Action[] = ['CHECK', 'REJECT', 'RETURN', 'REFUSE'];

/** Reasons are message keys under `upstream.workflow`. */
export type ActorRefusal = 'notAssignee' | 'makerIsChecker' | 'approvedElsewhere';

/**
 * Whether this person may take this action on the case: only the assignee acts (an admin
 * redeploy, `anyone`, is the one exception), the maker never decides, and nobody approves
 * the case at a second stage.
 */
export function actorRefusal(action: Action, actorId: number, actors: CaseActors, anyone = false): ActorRefusal | null {
  if (!anyone && actors.assigneeId !== actorId) return 'notAssignee';
  if (DECISIONS.includes(action) && actors.makerId === actorId) return 'makerIsChecker';
  if (action === 'CHECK' && actors.stage && approvedElsewhere(actors.approvals, actorId, actors.stage)) return 'approvedElsewhere';
  return null;
}

/** An earlier use of an idempotency key: the record it wrote. */
export interface KeyUse { recordId: number; applicationId: number; action: Action; actorId: number | null }

/** What a key means for an attempt: new, a retry of the same action (answer its records), or refused. */
export type KeyVerdict = { kind: 'new' } | { kind: 'retry'; recordIds: number[] } | { kind: 'reused' };

/**
 * A key names one action of one person: the same key, action and case (any case of a
 * turn-over, which writes one record per case under one key) is a retry; anything else
 * under a used key is refused.
 */
export function keyVerdict(uses: readonly KeyUse[], attempt: { action: Action; actorId: number; applicationId: number | null }): KeyVerdict {
  if (uses.length === 0) return { kind: 'new' };
  const same = uses.every((u) => u.action === attempt.action && u.actorId === attempt.actorId
    && (attempt.applicationId === null || u.applicationId === attempt.applicationId));
  return same ? { kind: 'retry', recordIds: uses.map((u) => u.recordId) } : { kind: 'reused' };
}

import { STAGE_EXTRA_BUTTONS, type ApplicationStatus, type GuaranteeMethod, type Stage } from './stages';

/**
 * The state machine of DESIGN.md section 5, pure: where an action takes an application, or
 * why it may not. Who may act (assignee, permissions, organisation) is the caller's guard.
 */
export interface FlowNode { id: number; stage: Stage }

export interface FlowState {
  status: ApplicationStatus;
  /** Current node while IN_REVIEW, else null. */
  nodeId: number | null;
  guaranteeMethod: GuaranteeMethod;
  /** The module's nodes in their configured order. */
  nodes: readonly FlowNode[];
  /** Nodes the application has already been at (for a rejection back). */
  passed: readonly number[];
}

export type Move =
  | { action: 'SUBMIT' | 'CHECK' | 'RETURN' | 'SUPPLEMENT' | 'REFUSE' | 'WITHDRAW' | 'REDEPLOY' | 'ADMIN_REDEPLOY' | 'TURN_OVER' | 'QUOTA' | 'RESIGN' }
  | { action: 'REJECT'; targetNodeId: number }
  | { action: 'BANK_STATE'; issued: boolean; repayment?: boolean };

export type Outcome =
  | { ok: true; status: ApplicationStatus; nodeId: number | null }
  | { ok: false; reason: Refusal };

/** Reasons are message keys under `upstream.workflow`. */
type Refusal = 'notInReview' | 'notReturned' | 'notApproved' | 'notLoaned' | 'notPassed' | 'wrongStage' | 'noNodes' | 'finished';

const refuse = (reason: Refusal): Outcome => ({ ok: false, reason });
const at = (status: ApplicationStatus, nodeId: number | null = null): Outcome => ({ ok: true, status, nodeId });

/** The nodes an application of this guarantee method goes through: the house node only for house mortgages. */
export function routeOf(nodes: readonly FlowNode[], method: GuaranteeMethod): FlowNode[] {
  return nodes.filter((n) => n.stage !== 'GC_HOUSE' || method === 'HOUSE');
}

/** The node after the current one, or null when the current one is the last. */
export function nextNode(state: Pick<FlowState, 'nodes' | 'nodeId' | 'guaranteeMethod'>): FlowNode | null {
  const route = routeOf(state.nodes, state.guaranteeMethod);
  const index = route.findIndex((n) => n.id === state.nodeId);
  return index < 0 ? null : route[index + 1] ?? null;
}

const stageOf = (state: Pick<FlowState, 'nodes' | 'nodeId'>): Stage | null =>
  state.nodes.find((n) => n.id === state.nodeId)?.stage ?? null;

/** Nodes a rejection may go back to: passed ones before the current node, in route order. */
export function rejectTargets(state: FlowState): FlowNode[] {
  const route = routeOf(state.nodes, state.guaranteeMethod);
  const current = route.findIndex((n) => n.id === state.nodeId);
  return route.slice(0, Math.max(current, 0)).filter((n) => state.passed.includes(n.id));
}

export function transition(state: FlowState, move: Move): Outcome {
  const stage = stageOf(state);
  const inReview = state.status === 'IN_REVIEW' && stage !== null;
  switch (move.action) {
    case 'SUBMIT': {
      if (state.status !== 'RETURNED' && !(state.status === 'IN_REVIEW' && state.nodeId === null)) return refuse('notReturned');
      const first = routeOf(state.nodes, state.guaranteeMethod)[0];
      return first ? at('IN_REVIEW', first.id) : refuse('noNodes');
    }
    case 'CHECK': {
      if (!inReview) return refuse('notInReview');
      const next = nextNode(state);
      return next ? at('IN_REVIEW', next.id) : at('APPROVED');
    }
    case 'REJECT':
      if (!inReview) return refuse('notInReview');
      return rejectTargets(state).some((n) => n.id === move.targetNodeId) ? at('IN_REVIEW', move.targetNodeId) : refuse('notPassed');
    case 'RETURN':
      // The case keeps its node (and so its stage and reviewer) while it waits for the supplements.
      return inReview ? at('RETURNED', state.nodeId) : refuse('notInReview');
    case 'SUPPLEMENT':
      return state.status === 'RETURNED' && stage !== null ? at('IN_REVIEW', state.nodeId) : refuse('notReturned');
    case 'REFUSE':
      return inReview ? at('REFUSED') : refuse('notInReview');
    case 'WITHDRAW':
      return inReview || state.status === 'RETURNED' ? at('WITHDRAWN') : refuse('finished');
    case 'REDEPLOY':
    case 'ADMIN_REDEPLOY':
    case 'TURN_OVER':
      return inReview ? at('IN_REVIEW', state.nodeId) : refuse('notInReview');
    case 'QUOTA':
      if (!inReview) return refuse('notInReview');
      return STAGE_EXTRA_BUTTONS[stage]?.includes('quota') ? at('IN_REVIEW', state.nodeId) : refuse('wrongStage');
    case 'RESIGN':
      if (state.status === 'APPROVED') return at('APPROVED');
      if (!inReview) return refuse('notInReview');
      return STAGE_EXTRA_BUTTONS[stage]?.includes('reSign') ? at('IN_REVIEW', state.nodeId) : refuse('wrongStage');
    case 'BANK_STATE':
      // A repayment report (on time, overdue, compensated) concerns an issued loan and leaves it issued.
      if (move.repayment) return state.status === 'LOANED' ? at('LOANED') : refuse('notLoaned');
      return state.status === 'APPROVED' ? at(move.issued ? 'LOANED' : 'NOT_ISSUED') : refuse('notApproved');
  }
}

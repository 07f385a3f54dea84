import { describe, expect, it } from 'vitest';
import { actorRefusal, approvedElsewhere, keyVerdict, mayTake, type Approval, type KeyUse } from '@/lib/workflow/guards';
import { nextNode, rejectTargets, routeOf, transition, type FlowState, type Move } from '@/lib/workflow/machine';
import { APPLICATION_STATUSES, STAGES, type ApplicationStatus } from '@/lib/workflow/stages';

const nodes = STAGES.map((stage, index) => ({ id: index + 1, stage }));
const node = (stage: string) => nodes.find((n) => n.stage === stage)!.id;
const state = (over: Partial<FlowState> = {}): FlowState =>
  ({ status: 'IN_REVIEW', nodeId: node('RS_FIRST'), guaranteeMethod: 'CREDIT', nodes, passed: [node('RS_FIRST')], ...over });

describe('route', () => {
  it('goes through the house node only for house mortgages', () => {
    expect(routeOf(nodes, 'CREDIT').map((n) => n.stage)).not.toContain('GC_HOUSE');
    expect(routeOf(nodes, 'GUARANTOR').map((n) => n.stage)).not.toContain('GC_HOUSE');
    expect(routeOf(nodes, 'HOUSE').map((n) => n.stage)).toEqual([...STAGES]);
  });

  it('the next node follows the configured order, skipping the house node when not needed', () => {
    expect(nextNode(state({ nodeId: node('GC_SECOND') }))!.stage).toBe('BANK_FIRST');
    expect(nextNode(state({ nodeId: node('GC_SECOND'), guaranteeMethod: 'HOUSE' }))!.stage).toBe('GC_HOUSE');
    expect(nextNode(state({ nodeId: node('BANK_TRANSFER') }))).toBeNull();
    const reordered = [nodes[1]!, nodes[0]!, ...nodes.slice(2)];
    expect(nextNode({ nodes: reordered, nodeId: node('RS_SECOND'), guaranteeMethod: 'CREDIT' })!.stage).toBe('RS_FIRST');
  });
});

describe('check', () => {
  it('moves every stage to the next one and the last to APPROVED', () => {
    const route = routeOf(nodes, 'HOUSE');
    route.forEach((n, i) => {
      const outcome = transition(state({ nodeId: n.id, guaranteeMethod: 'HOUSE' }), { action: 'CHECK' });
      expect(outcome).toEqual(i + 1 < route.length ? { ok: true, status: 'IN_REVIEW', nodeId: route[i + 1]!.id } : { ok: true, status: 'APPROVED', nodeId: null });
    });
  });
});

describe('reject', () => {
  it('goes back to a passed node before the current one', () => {
    const s = state({ nodeId: node('GC_FIRST'), passed: [node('RS_FIRST'), node('RS_SECOND'), node('RS_FINAL'), node('GC_FIRST')] });
    expect(rejectTargets(s).map((n) => n.stage)).toEqual(['RS_FIRST', 'RS_SECOND', 'RS_FINAL']);
    expect(transition(s, { action: 'REJECT', targetNodeId: node('RS_SECOND') })).toEqual({ ok: true, status: 'IN_REVIEW', nodeId: node('RS_SECOND') });
  });

  it('refuses the current node, a later node and a node never passed', () => {
    const s = state({ nodeId: node('RS_FINAL'), passed: [node('RS_FIRST'), node('RS_FINAL')] });
    for (const target of ['RS_FINAL', 'GC_FIRST', 'RS_SECOND']) {
      expect(transition(s, { action: 'REJECT', targetNodeId: node(target) })).toEqual({ ok: false, reason: 'notPassed' });
    }
    expect(rejectTargets(state())).toEqual([]);
  });
});

describe('every action from every status', () => {
  const moves: Move[] = [
    { action: 'CHECK' }, { action: 'REJECT', targetNodeId: 1 }, { action: 'RETURN' }, { action: 'REFUSE' }, { action: 'WITHDRAW' },
    { action: 'REDEPLOY' }, { action: 'ADMIN_REDEPLOY' }, { action: 'TURN_OVER' }, { action: 'QUOTA' }, { action: 'RESIGN' },
    { action: 'BANK_STATE', issued: true }, { action: 'SUBMIT' },
  ];
  const allowedFrom: Record<string, ApplicationStatus[]> = {
    CHECK: ['IN_REVIEW'], REJECT: [], RETURN: ['IN_REVIEW'], REFUSE: ['IN_REVIEW'], WITHDRAW: ['IN_REVIEW', 'RETURNED'],
    REDEPLOY: ['IN_REVIEW'], ADMIN_REDEPLOY: ['IN_REVIEW'], TURN_OVER: ['IN_REVIEW'], QUOTA: [], RESIGN: ['APPROVED'],
    BANK_STATE: ['APPROVED'], SUBMIT: ['RETURNED'],
  };
  for (const move of moves) {
    for (const status of APPLICATION_STATUSES) {
      const expected = allowedFrom[move.action]!.includes(status);
      it(`${move.action} from ${status}: ${expected ? 'allowed' : 'refused'}`, () => {
        const inReview = status === 'IN_REVIEW';
        const outcome = transition(state({ status, nodeId: inReview ? node('RS_FIRST') : null }), move);
        expect(outcome.ok).toBe(expected);
      });
    }
  }
});

describe('stage-bound actions', () => {
  it('the quota changes only at guarantee stages; re-signing at guarantee stages, the bank transfer and once approved', () => {
    for (const stage of STAGES) {
      const s = state({ nodeId: node(stage), guaranteeMethod: 'HOUSE' });
      expect(transition(s, { action: 'QUOTA' }).ok, `quota at ${stage}`).toBe(stage.startsWith('GC_'));
      expect(transition(s, { action: 'RESIGN' }).ok, `reSign at ${stage}`).toBe(stage.startsWith('GC_') || stage === 'BANK_TRANSFER');
    }
    expect(transition(state({ nodeId: node('RS_FIRST') }), { action: 'QUOTA' })).toEqual({ ok: false, reason: 'wrongStage' });
  });

  it('the loan state ends an approved case as issued or not issued', () => {
    const approved = state({ status: 'APPROVED', nodeId: null });
    expect(transition(approved, { action: 'BANK_STATE', issued: true })).toEqual({ ok: true, status: 'LOANED', nodeId: null });
    expect(transition(approved, { action: 'BANK_STATE', issued: false })).toEqual({ ok: true, status: 'NOT_ISSUED', nodeId: null });
    expect(transition(state(), { action: 'BANK_STATE', issued: true })).toEqual({ ok: false, reason: 'notApproved' });
  });

  it('a repayment report concerns an issued loan and leaves it issued', () => {
    const report = { action: 'BANK_STATE', issued: true, repayment: true } as const;
    expect(transition(state({ status: 'LOANED', nodeId: null }), report)).toEqual({ ok: true, status: 'LOANED', nodeId: null });
    for (const status of ['APPROVED', 'NOT_ISSUED', 'REFUSED', 'IN_REVIEW'] as const) {
      expect(transition(state({ status, nodeId: status === 'IN_REVIEW' ? 1 : null }), report)).toEqual({ ok: false, reason: 'notLoaned' });
    }
  });

  it('exits leave the node; a returned case keeps it and comes back there with its supplements', () => {
    expect(transition(state(), { action: 'RETURN' })).toEqual({ ok: true, status: 'RETURNED', nodeId: node('RS_FIRST') });
    expect(transition(state({ status: 'RETURNED' }), { action: 'SUPPLEMENT' })).toEqual({ ok: true, status: 'IN_REVIEW', nodeId: node('RS_FIRST') });
    expect(transition(state(), { action: 'SUPPLEMENT' })).toEqual({ ok: false, reason: 'notReturned' });
    expect(transition(state({ status: 'RETURNED' }), { action: 'CHECK' })).toEqual({ ok: false, reason: 'notInReview' });
    expect(transition(state({ status: 'RETURNED' }), { action: 'WITHDRAW' })).toEqual({ ok: true, status: 'WITHDRAWN', nodeId: null });
    expect(transition(state(), { action: 'REFUSE' })).toEqual({ ok: true, status: 'REFUSED', nodeId: null });
    expect(transition(state(), { action: 'WITHDRAW' })).toEqual({ ok: true, status: 'WITHDRAWN', nodeId: null });
    expect(transition(state({ status: 'RETURNED', nodeId: null }), { action: 'SUBMIT' })).toEqual({ ok: true, status: 'IN_REVIEW', nodeId: node('RS_FIRST') });
    expect(transition(state({ status: 'IN_REVIEW', nodeId: null }), { action: 'SUBMIT' })).toEqual({ ok: true, status: 'IN_REVIEW', nodeId: node('RS_FIRST') });
    expect(transition(state({ status: 'RETURNED', nodeId: null, nodes: [] }), { action: 'SUBMIT' })).toEqual({ ok: false, reason: 'noNodes' });
    expect(transition(state({ status: 'LOANED', nodeId: null }), { action: 'WITHDRAW' })).toEqual({ ok: false, reason: 'finished' });
  });
});

describe('guards: who may act', () => {
  const approvals: Approval[] = [{ actorId: 1, stage: 'RS_FIRST' }, { actorId: 2, stage: 'RS_SECOND' }];
  const actors = (over = {}) => ({ assigneeId: 3, makerId: 2, stage: 'RS_FINAL' as const, approvals, ...over });

  it('nobody approves a case at two stages; approving the same stage again (after a rejection) is no second stage', () => {
    expect(approvedElsewhere(approvals, 1, 'RS_FINAL')).toBe(true);
    expect(approvedElsewhere(approvals, 1, 'RS_FIRST')).toBe(false);
    expect(approvedElsewhere(approvals, 3, 'RS_FINAL')).toBe(false);
    const people = [1, 2, 3, 4].map((id) => ({ id }));
    expect(mayTake(people, 'RS_FINAL', approvals).map((p) => p.id)).toEqual([3, 4]);
    expect(mayTake(people, 'RS_FIRST', approvals, [4]).map((p) => p.id)).toEqual([1, 3]);
    expect(mayTake(people, 'RS_SECOND', [], [null, 2]).map((p) => p.id)).toEqual([1, 3, 4]);
  });

  it('only the assignee acts, whatever the action; an admin redeploy is the exception', () => {
    for (const action of ['CHECK', 'REJECT', 'RETURN', 'REFUSE', 'WITHDRAW', 'REDEPLOY', 'QUOTA', 'RESIGN', 'BANK_STATE'] as const) {
      expect(actorRefusal(action, 4, actors()), action).toBe('notAssignee');
    }
    expect(actorRefusal('ADMIN_REDEPLOY', 4, actors(), true)).toBeNull();
    expect(actorRefusal('WITHDRAW', 3, actors())).toBeNull();
    expect(actorRefusal('WITHDRAW', 3, actors({ assigneeId: null }))).toBe('notAssignee');
  });

  it('the maker never decides; an approver of another stage never approves here but may still decide otherwise', () => {
    for (const action of ['CHECK', 'REJECT', 'RETURN', 'REFUSE'] as const) expect(actorRefusal(action, 2, actors({ assigneeId: 2 }))).toBe('makerIsChecker');
    expect(actorRefusal('REDEPLOY', 2, actors({ assigneeId: 2 }))).toBeNull();
    expect(actorRefusal('CHECK', 1, actors({ assigneeId: 1 }))).toBe('approvedElsewhere');
    expect(actorRefusal('RETURN', 1, actors({ assigneeId: 1 }))).toBeNull();
    expect(actorRefusal('CHECK', 1, actors({ assigneeId: 1, stage: 'RS_FIRST', makerId: null }))).toBeNull();
  });
});

describe('guards: action keys', () => {
  const use = (over: Partial<KeyUse> = {}): KeyUse => ({ recordId: 10, applicationId: 5, action: 'CHECK', actorId: 1, ...over });

  it('a fresh key is new; the same action of the same person on the same case is a retry of its record', () => {
    expect(keyVerdict([], { action: 'CHECK', actorId: 1, applicationId: 5 })).toEqual({ kind: 'new' });
    expect(keyVerdict([use()], { action: 'CHECK', actorId: 1, applicationId: 5 })).toEqual({ kind: 'retry', recordIds: [10] });
  });

  it('refuses the key for another action, another case or another person', () => {
    expect(keyVerdict([use()], { action: 'REFUSE', actorId: 1, applicationId: 5 })).toEqual({ kind: 'reused' });
    expect(keyVerdict([use()], { action: 'CHECK', actorId: 1, applicationId: 6 })).toEqual({ kind: 'reused' });
    expect(keyVerdict([use()], { action: 'CHECK', actorId: 2, applicationId: 5 })).toEqual({ kind: 'reused' });
  });

  it('a turn-over writes one record per case under its key: a retry over all of them, refused for any other action', () => {
    const turned = [use({ action: 'TURN_OVER', recordId: 11 }), use({ action: 'TURN_OVER', recordId: 12, applicationId: 6 })];
    expect(keyVerdict(turned, { action: 'TURN_OVER', actorId: 1, applicationId: null })).toEqual({ kind: 'retry', recordIds: [11, 12] });
    expect(keyVerdict(turned, { action: 'RESIGN', actorId: 1, applicationId: 6 })).toEqual({ kind: 'reused' });
    expect(keyVerdict([use()], { action: 'TURN_OVER', actorId: 1, applicationId: null })).toEqual({ kind: 'reused' });
  });
});

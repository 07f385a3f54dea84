import { z } from './zod';
import { bool, id, int, line, longText, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { TIME_LIMIT_MAX } from './limits';
import { version } from './role';
import { BORROWER_TYPES, STAGES } from '../workflow/stages';

/**
 * Flow configuration (SPEC.md section 7, 'Approval config'): approval modules per borrower
 * type with their ordered nodes (approvalModule, approvalConfig) and the time-out config of
 * every stage (systemOvertimeConfig). New applications take the enabled module of their
 * borrower type; running ones keep theirs.
 */
const FLOW_NAME_MAX = 64;
const FLOW_DESCRIPTION_MAX = 255;
/** Most people one node may hold. */
const NODE_PEOPLE_MAX = 200;
const FLOW_STATES = ['ENABLED', 'DISABLED'] as const;

const borrowerType = z.enum(BORROWER_TYPES, { error: 'validation.borrowerType' });
const flowState = z.enum(FLOW_STATES, { error: 'validation.state' });
const stage = z.enum(STAGES, { error: 'validation.stage' });
const days = int(1, TIME_LIMIT_MAX, 'validation.timeLimit');
const blankToUndefined = <T>(value: T | '' | null | undefined) => (value === '' || value === null ? undefined : value);

export const flowListInput = pageInput.extend({
  name: textFilter(FLOW_NAME_MAX),
  borrowerType: z.preprocess(blankToUndefined, borrowerType.optional()),
  state: z.preprocess(blankToUndefined, flowState.optional()),
});

const flowFields = {
  name: requiredLine(FLOW_NAME_MAX, 'validation.flowNameRequired'),
  /** The English name; blank: English readers see the Chinese one. */
  nameEn: line(FLOW_NAME_MAX).optional(),
  description: longText(FLOW_DESCRIPTION_MAX).optional(),
};

/** approvalModule/add: a new module starts disabled and without nodes. */
export const flowAddInput = z.object({ ...flowFields, borrowerType });

/** approvalModule/update: name, description and state; enabling one disables the type's other module. */
export const flowUpdateInput = z.object({ id, version, ...flowFields, state: flowState.optional() });

export const flowDeleteInput = z.object({ id, version });

export const flowRow = z.object({
  id: count,
  name: z.string(),
  nameEn: z.string(),
  borrowerType: z.enum(BORROWER_TYPES),
  description: z.string(),
  state: z.enum(FLOW_STATES),
  nodeCount: count,
  /** Applications of the module still under way (in review or returned to the applicant). */
  runningCount: count,
  version: count,
  createTime: timestamp,
  updateTime: timestamp,
});
export type FlowRow = z.infer<typeof flowRow>;

const userIds = z.array(id, { error: 'validation.nodePeople' }).min(1, 'validation.nodePeople').max(NODE_PEOPLE_MAX, 'validation.nodePeople');
const timeLimit = z.preprocess(blankToUndefined, days.optional());

export const nodeListInput = z.object({ moduleId: id });

/** approvalConfig/add: a stage not yet in the module, its people and an optional limit of its own; added last. */
export const nodeAddInput = z.object({ moduleId: id, stage, timeLimitDays: timeLimit, userIds });

/** approvalConfig/update: the node's people and limit (its stage stays). */
export const nodeUpdateInput = z.object({ id, version, timeLimitDays: timeLimit, userIds });

export const nodeDeleteInput = z.object({ id, version });

/** approvalConfig/updateSort: every node of the module, in the new order, with the module's version. */
export const nodeSortInput = z.object({
  moduleId: id,
  version,
  ids: z.array(id, { error: 'validation.nodeOrder' }).min(1, 'validation.nodeOrder').max(STAGES.length, 'validation.nodeOrder'),
});

export const nodePersonRef = z.object({ id: count, nickname: z.string(), orgName: z.string() });
export type NodePersonRef = z.infer<typeof nodePersonRef>;

const flowNodeRow = z.object({
  id: count,
  stage: z.enum(STAGES),
  sort: count,
  /** The node's own limit; null takes the stage's time-out config. */
  timeLimitDays: count.nullable(),
  /** The limit cases entering the node get: its own, else the stage's, else none. */
  effectiveDays: count.nullable(),
  people: z.array(nodePersonRef),
  /** Cases waiting at the node now: while there are any it cannot be deleted. */
  pending: count,
  version: count,
});
export type FlowNodeRow = z.infer<typeof flowNodeRow>;

export const flowNodes = z.object({ module: flowRow, nodes: z.array(flowNodeRow) });
export type FlowNodes = z.infer<typeof flowNodes>;

/** A person who may be put on a node of the stage: enabled, in an organisation of the stage's type. */
export const nodeCandidatesInput = z.object({ stage });
export type NodeCandidate = NodePersonRef;

/** systemOvertimeConfig: the default time limit of a stage and whether its assignees are reminded. */
export const overtimeListInput = pageInput.extend({ stage: z.preprocess(blankToUndefined, stage.optional()) });
export const overtimeAddInput = z.object({ stage, days, remind: bool().default(true) });
export const overtimeUpdateInput = overtimeAddInput.extend({ version });
export const overtimeDeleteInput = z.object({ stage, version });

export const overtimeRow = z.object({
  stage: z.enum(STAGES),
  days: count,
  remind: z.boolean(),
  /** Cases at the stage past their deadline now. */
  overdue: count,
  version: count,
  updateTime: timestamp,
});
export type OvertimeRow = z.infer<typeof overtimeRow>;

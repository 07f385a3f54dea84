import type { ApplicationDetail, ApplicationRow } from '../contract/workflow';
import type { StatusEntry } from '../contract/case-extras';
import {
  APPLICATION_STATUSES, BORROWER_TYPES, GUARANTEE_METHODS, STAGES, stageButtons,
  type ApplicationStatus, type Stage,
} from '../workflow/stages';
import { STATUS_COLORS, statusValue } from '../workflow/status-dictionary';
import type { ColumnSpec, FieldSpec, Option, ResourceSpec, RowAction } from './types';
import type { CallPath } from '../contract/calls';
import { callRequirements } from '../call-access';
import './rules/workbench.generated';

/**
 * The stage workbenches (DESIGN.md section 5): one spec per stage, run by the crud engine.
 * Which row actions a user sees depends on the stage's buttons, the calls' access (from the
 * call table) and the row as the server says the reader may act on it; the server checks it all again.
 */

/** Limits of lib/contract/workflow.ts, kept here so that no schema library reaches the browser. */
export const OPINION_LIMIT = 500;
export const QUOTA_LIMIT = 10_000_000;

const WORKBENCH_LIST = 'businessClubFirstTrial/getList';

export const ROW_ACTIONS = ['detail', 'check', 'reject', 'return', 'refuse', 'redeploy', 'adminRedeploy', 'withdraw', 'quota', 'reSign', 'bankState'] as const;
export type RowActionKey = (typeof ROW_ACTIONS)[number];

/** The call each action makes (details make none): who may press it at a stage is derived from the call's access. */
const ACTION_CALLS: Record<RowActionKey, CallPath | null> = {
  detail: null, check: 'businessClubFirstTrial/check', reject: 'businessClubFirstTrial/reject', return: 'businessClubFirstTrial/return',
  refuse: 'businessClubFirstTrial/refuse', redeploy: 'businessClubFirstTrial/redeploy', adminRedeploy: 'businessClubFirstTrial/adminRedeploy',
  withdraw: 'businessClubFirstTrial/withdraw', quota: 'businessClubFirstTrial/updateGuaranteeQuota', reSign: 'businessClubFirstTrial/reSign',
  bankState: 'businessClubFirstTrial/bankState',
};

/** The workbench's toolbar calls: hand over a person's cases, export the search. */
export const WORKBENCH_TURN_OVER = 'businessClubFirstTrial/turnOver';
/** exportAll: the workbench's search as an .xlsx file. */
export const WORKBENCH_EXPORT = 'businessClubFirstTrial/exportAll';
/** Recording a house of the mortgage stage. */
export const HOUSE_EDIT = 'business-house-property/edit';
/** Re-running a case's indicators (a holder of the check button at the case's stage). */
export const RECHECK = 'businessProposerInfo/recheck';

/** Whether the stage has the action's button at all (quota and reSign exist only at some stages), as the call's access names it. */
const stageHasAction = (stage: Stage, action: RowActionKey) => {
  const call = ACTION_CALLS[action];
  if (call === null) return true;
  const rule = callRequirements(call, { stage });
  return Array.isArray(rule) && rule.some((all) => all.every((need: string) => stageButtons(stage).includes(need)));
};

/**
 * Whether an action applies to a row at this stage (permissions aside), by what the server says
 * the reader may do with it (`can`): only the assignee acts (an admin redeploy aside), and a
 * rejection only where the case has passed a node to go back to.
 */
export function rowAllows(action: RowActionKey, stage: Stage, row: ApplicationRow): boolean {
  if (!stageHasAction(stage, action)) return false;
  const here = row.status === 'IN_REVIEW' && row.stage === stage;
  const acts = row.can?.act === true;
  const mine = here && acts;
  switch (action) {
    case 'detail': return true;
    // A case returned for supplements waits for the applicant; its reviewer may still withdraw it.
    case 'withdraw': return mine || (row.status === 'RETURNED' && row.stage === stage && acts);
    case 'adminRedeploy': return here && row.can?.adminRedeploy === true;
    case 'reject': return mine && row.rejectable !== false;
    case 'reSign': return mine || (row.status === 'APPROVED' && stage === 'BANK_TRANSFER');
    case 'bankState': return row.status === 'APPROVED' || row.status === 'LOANED'; // the loan decision, then the bank's repayment reports
    default: return mine;
  }
}

/**
 * Why an action does not apply to a row (a message key; rowAllows says whether it does): the
 * workbench keeps every action in its place and gives this as the disabled action's tooltip.
 */
export function actionUnavailable(action: RowActionKey, stage: Stage, row: ApplicationRow): string {
  const here = row.status === 'IN_REVIEW' && row.stage === stage;
  if (action === 'bankState') return 'approval.unavailable.notApproved';
  if (action === 'reSign' && !here && stage === 'BANK_TRANSFER') return 'approval.unavailable.notApproved';
  if (!here) return 'approval.unavailable.notHere';
  if (row.can?.act !== true) return 'approval.unavailable.notAssignee';
  if (action === 'reject') return 'approval.unavailable.nothingBehind';
  return 'approval.unavailable.notHere';
}

type Allowed = (path: CallPath, input?: Record<string, unknown>) => boolean;

/** The actions a user sees on a row: the row allows them and the user may make their call at this stage. */
export function visibleActions(stage: Stage, row: ApplicationRow, allowed: Allowed): RowActionKey[] {
  return ROW_ACTIONS.filter((action) => {
    const call = ACTION_CALLS[action];
    return rowAllows(action, stage, row) && (call === null || allowed(call, { stage }));
  });
}

/** The actions of the detail drawer: as on the row (whose `can` the detail answer carries too). */
export function detailActions(stage: Stage, detail: ApplicationDetail, allowed: Allowed): RowActionKey[] {
  return visibleActions(stage, detail, allowed).filter((action) => action !== 'detail');
}

/** Buttons of their own on a row; the rest sit in its 'more' menu. */
const INLINE_ACTIONS: readonly RowActionKey[] = ['detail', 'check', 'bankState'];
export const DANGER_ACTIONS: readonly RowActionKey[] = ['reject', 'return', 'refuse', 'withdraw'];

export const statusColor = (status: ApplicationStatus) => STATUS_COLORS[status];

export const STATUS_OPTIONS: Option[] = APPLICATION_STATUSES.map((s) => ({ value: s, label: `approval.status.${s}`, color: STATUS_COLORS[s] }));
/** A case in review shows its stage with the status. */
const REVIEW_AT_OPTIONS: Option[] = STAGES.map((s) => ({ value: `IN_REVIEW:${s}`, label: `approval.reviewAt.${s}`, color: STATUS_COLORS.IN_REVIEW }));
export const STATUS_CELL_OPTIONS: Option[] = [...REVIEW_AT_OPTIONS, ...STATUS_OPTIONS];

/** The status dictionary of the service (businessApproveRecord/approvalStatus): the filter offers its statuses, the tags show all of it. */
const DICTIONARY = 'businessApproveRecord/approvalStatus';
const entries = (data: unknown) => data as StatusEntry[];
const STATUS_FILTER_SOURCE = {
  path: DICTIONARY, toOptions: (data: unknown) => entries(data).filter((e) => e.stage === null).map((e) => ({ value: e.status, label: e.label, color: e.color })),
} as const;
export const STATUS_TAG_SOURCE = { path: DICTIONARY, toOptions: (data: unknown) => entries(data).map((e) => ({ value: e.value, label: e.label, color: e.color })) } as const;

export const BORROWER_TYPE_OPTIONS: Option[] = BORROWER_TYPES.map((b) => ({ value: b, label: `approval.borrowerType.${b}` }));
export const GUARANTEE_METHOD_OPTIONS: Option[] = GUARANTEE_METHODS.map((g) => ({ value: g, label: `approval.guaranteeMethod.${g}` }));
const YES_NO: Option[] = [{ value: 'true', label: 'crud.yes' }, { value: 'false', label: 'crud.no' }];
const SCOPE_OPTIONS: Option[] = [
  { value: 'pending', label: 'resources.workbench.scopePending' },
  { value: 'processed', label: 'resources.workbench.scopeProcessed' },
];
const OVERDUE_FLAG: Option = { value: 'overdue', label: 'approval.overdue', color: 'red' };
/** A case returned for supplements: its deadline is paused until they arrive. */
const AWAITED_FLAG: Option = { value: 'awaited', label: 'approval.awaitingSupplements', color: 'orange' };

const label = (key: string) => `resources.workbench.${key}`;

/** The search fields of the application lists (workbenches and loan query), by name. */
export const APPLICATION_SEARCH = {
  number: { name: 'number', label: label('number'), kind: 'text' },
  name: { name: 'name', label: label('name'), kind: 'text' },
  idNumber: { name: 'idNumber', label: label('idNumber'), kind: 'text' },
  mobile: { name: 'mobile', label: label('mobile'), kind: 'text' },
  date: { name: 'date', label: label('date'), kind: 'dateRange' },
  status: { name: 'status', label: label('status'), kind: 'select', source: STATUS_FILTER_SOURCE },
  overdue: { name: 'overdue', label: label('overdue'), kind: 'select', options: YES_NO },
} as const satisfies Record<string, FieldSpec>;

/** The columns of the application lists: the case, its people, where it stands and with whom. */
export const APPLICATION_COLUMNS: ColumnSpec<ApplicationRow>[] = [
  { key: 'number', title: label('number'), width: 140 },
  { key: 'name', title: label('name'), width: 100 },
  { key: 'idNumber', title: label('idNumber'), kind: 'masked', width: 170, hidden: true },
  { key: 'mobile', title: label('mobile'), kind: 'masked', width: 120, hidden: true },
  { key: 'amount', title: label('amount'), kind: 'money', sort: 'amount' },
  { key: 'status', title: label('status'), kind: 'tag', options: STATUS_CELL_OPTIONS, source: STATUS_TAG_SOURCE, value: statusValue, width: 140 },
  { key: 'assignee', title: label('assignee'), value: (row) => row.assignee?.nickname, width: 110 },
  { key: 'deadline', title: label('deadline'), kind: 'datetime', sort: 'deadline', flag: (row) => (row.overdue ? OVERDUE_FLAG : row.awaited ? AWAITED_FLAG : null), width: 200 },
  { key: 'borrowerType', title: label('borrowerType'), kind: 'enum', options: BORROWER_TYPE_OPTIONS, hidden: true },
  { key: 'termMonths', title: label('term'), width: 90, hidden: true },
  { key: 'guaranteeMethod', title: label('guaranteeMethod'), kind: 'enum', options: GUARANTEE_METHOD_OPTIONS, hidden: true },
  { key: 'guaranteeOrg', title: label('guaranteeOrg'), width: 160, hidden: true },
  { key: 'bankOrg', title: label('bankOrg'), width: 160, hidden: true },
  { key: 'createTime', title: label('createTime'), kind: 'datetime', sort: 'createTime', hidden: true },
];

/** The detail drawer of a row: every list of applications has it, whatever the user's buttons. */
export const DETAIL_ACTION: RowAction<{ id: number }> = { key: 'detail', label: 'approval.actions.detail', dialog: 'detail' };

/** The workbench of a stage. Row actions open the dialog of the same name (components/approval). */
export function workbenchSpec(stage: Stage): ResourceSpec<ApplicationRow> {
  const actions: RowAction<ApplicationRow>[] = ROW_ACTIONS.filter((action) => stageHasAction(stage, action)).map((action) => ({
    key: action,
    label: `approval.actions.${action}`,
    ...(ACTION_CALLS[action] ? { call: ACTION_CALLS[action], callInput: { stage } } : {}),
    when: (row) => rowAllows(action, stage, row),
    unavailable: (row) => actionUnavailable(action, stage, row),
    danger: DANGER_ACTIONS.includes(action),
    more: !INLINE_ACTIONS.includes(action),
    dialog: action,
  }));
  const { number, name, idNumber, mobile, date, status, overdue } = APPLICATION_SEARCH;
  return {
    key: `workbench.${stage}`,
    rowKey: (row) => row.id,
    list: WORKBENCH_LIST,
    params: { stage },
    search: [
      { name: 'scope', label: label('scope'), kind: 'select', options: SCOPE_OPTIONS, initial: 'pending' },
      number, name, idNumber, mobile, date, status, overdue,
      { name: 'mine', label: label('mine'), kind: 'select', options: YES_NO },
    ],
    columns: APPLICATION_COLUMNS,
    actions,
  };
}

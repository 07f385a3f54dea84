import { z } from './zod';
import { id, pageInput } from './common';
import { version } from './role';
import { APPLICATION_STATUSES, BORROWER_TYPES, GUARANTEE_METHODS, STAGES, type Action, type ApplicationStatus, type BorrowerType, type GuaranteeMethod, type Stage } from '../workflow/stages';
import type { Plan, RepaymentMethod } from '../workflow/plan';

/**
 * Contracts of the loan workflow (SPEC.md section 7 'First trial' and 'Applications').
 * Amounts travel as numbers in yuan; times as ISO strings; dates as YYYY-MM-DD.
 */
export const OPINION_MAX = 500;
export const stage = z.enum(STAGES, { error: 'validation.stage' });
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, 'validation.tooLong').optional());
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

/** The workbench's searches: `scope` pending = waiting at the stage, processed = worked there by the user's organisation. */
export const WORKBENCH_SCOPES = ['pending', 'processed'] as const;
export const workbenchListInput = pageInput.extend({
  stage,
  scope: z.preprocess(blankToUndefined, z.enum(WORKBENCH_SCOPES, { error: 'validation.invalid' }).default('pending')),
  number: optionalText(24),
  name: optionalText(64),
  idNumber: optionalText(18),
  mobile: optionalText(11),
  dateFrom: z.preprocess(blankToUndefined, isoDate.optional()),
  dateTo: z.preprocess(blankToUndefined, isoDate.optional()),
  status: z.preprocess(blankToUndefined, z.enum(APPLICATION_STATUSES, { error: 'validation.invalid' }).optional()),
  overdue: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1'), z.boolean().optional()),
  mine: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1'), z.boolean().optional()),
  order: z.preprocess(blankToUndefined, z.enum(['createTime', '-createTime', 'amount', '-amount', 'deadline', '-deadline'], { error: 'validation.invalid' }).optional()),
});
export type WorkbenchListInput = z.input<typeof workbenchListInput>;

/** exportAll: the workbench's search without paging (every row the search finds, up to the export limit). */
export const workbenchExportInput = workbenchListInput.omit({ pageNum: true, pageSize: true });
export type WorkbenchExportInput = z.input<typeof workbenchExportInput>;
export type WorkbenchQuery = z.infer<typeof workbenchListInput>;

/** Loan query (/admin/home/loan): the same searches over every stage the user may see. */
export const loanQueryInput = workbenchListInput.omit({ stage: true, scope: true, mine: true }).extend({
  stage: z.preprocess(blankToUndefined, stage.optional()),
  borrowerType: z.preprocess(blankToUndefined, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
});
export type LoanQueryInput = z.input<typeof loanQueryInput>;
export type LoanQuery = z.infer<typeof loanQueryInput>;

export interface ApplicationRow {
  id: number;
  number: string;
  borrowerType: BorrowerType;
  name: string;
  /** Masked unless the caller holds the reveal permission. */
  idNumber: string;
  mobile: string;
  amount: number;
  termMonths: number;
  guaranteeMethod: GuaranteeMethod;
  status: ApplicationStatus;
  stage: Stage | null;
  assignee: { id: number; nickname: string } | null;
  deadline: string | null;
  overdue: boolean;
  whitelisted: boolean;
  guaranteeOrg: string;
  bankOrg: string;
  version: number;
  createTime: string;
  /** Whether a rejection has a passed node to go back to (in workbench lists and details). */
  rejectable?: boolean;
}

export const applicationIdInput = z.object({ id });

/** Every action carries the version it saw and a key that makes a retry safe. */
const actionBase = z.object({
  id,
  version,
  key: z.string({ error: 'validation.actionKey' }).trim().min(8, 'validation.actionKey').max(64, 'validation.actionKey'),
  opinion: z.preprocess((v) => v ?? '', z.string().trim().max(OPINION_MAX, 'validation.tooLong')),
});
const requiredOpinion = z.string({ error: 'validation.opinionRequired' }).trim().min(1, 'validation.opinionRequired').max(OPINION_MAX, 'validation.tooLong');

export const checkInput = actionBase.extend({ nextUserId: id.optional() });
export const rejectInput = actionBase.extend({ opinion: requiredOpinion, nodeId: id, userId: id });
export const returnInput = actionBase.extend({ opinion: requiredOpinion });
export const refuseInput = actionBase.extend({ reasonId: z.coerce.number({ error: 'validation.reasonRequired' }).int().positive('validation.reasonRequired') });
export const redeployInput = actionBase.extend({ userId: id });
export const withdrawInput = actionBase.extend({ opinion: requiredOpinion });
export const quotaInput = actionBase.extend({
  quota: z.coerce.number({ error: 'validation.amount' }).positive('validation.amount').max(10_000_000, 'validation.amount'),
});
export const reSignInput = actionBase;
export const bankStateInput = actionBase.extend({
  issued: z.boolean({ error: 'validation.invalid' }),
  loanAmount: z.coerce.number({ error: 'validation.amount' }).positive('validation.amount').max(10_000_000, 'validation.amount').optional(),
  loanDate: isoDate.optional(),
}).superRefine((value, ctx) => {
  if (!value.issued) return;
  if (value.loanAmount === undefined) ctx.addIssue({ code: 'custom', path: ['loanAmount'], message: 'validation.amount' });
  if (value.loanDate === undefined) ctx.addIssue({ code: 'custom', path: ['loanDate'], message: 'validation.date' });
});
/** turnOver: the cases of one person waiting at a stage go to another person of the same node (never the caller). */
export const turnOverInput = z.object({
  stage,
  fromUserId: id,
  toUserId: id,
  key: actionBase.shape.key,
});

export type CheckInput = z.input<typeof checkInput>;
export type RejectInput = z.input<typeof rejectInput>;
export type ReturnInput = z.input<typeof returnInput>;
export type RefuseInput = z.input<typeof refuseInput>;
export type RedeployInput = z.input<typeof redeployInput>;
export type WithdrawInput = z.input<typeof withdrawInput>;
export type QuotaInput = z.input<typeof quotaInput>;
export type BankStateInput = z.input<typeof bankStateInput>;
export type TurnOverInput = z.input<typeof turnOverInput>;

/** What every action answers: the application as it now stands and the record it wrote. */
export interface ActionResult { application: ApplicationRow; recordId: number }
/** turnOver's answer: cases moved, and cases kept because the new person may not take them. */
export interface TurnOverResult { moved: number; kept: number }

export interface NodePerson { id: number; nickname: string; orgName: string; pending: number }
/** getNodeAndPeople: the node a check moves to (null: the check approves) and who can take it there. */
export interface NodeAndPeople { node: { id: number; stage: Stage } | null; people: NodePerson[] }
/** Where a rejection may go: passed nodes and their people. */
export interface RejectTarget { node: { id: number; stage: Stage }; people: NodePerson[] }
export const rejectUserInput = z.object({ applicationId: id });

export interface PersonInfo {
  id: number;
  name: string;
  idNumber: string;
  mobile: string;
  gender: 'MALE' | 'FEMALE';
  workUnit: string;
  shareRatio: number | null;
}
export interface GuarantorInfo extends PersonInfo { spouse: PersonInfo | null }

export interface HouseInfo {
  id: number;
  certificateNo: string;
  owner: string;
  address: string;
  area: number;
  assessedValue: number;
  mortgageState: 'PENDING' | 'REGISTERED' | 'RELEASED';
  registeredOn: string | null;
  version: number;
}

export interface FileInfo { id: number; kind: string; name: string; mime: string; size: number; url: string; createTime: string }

export interface ApplicationDetail extends ApplicationRow {
  gender: 'MALE' | 'FEMALE';
  householdRegister: string;
  employmentCategory: string;
  address: string;
  businessName: string;
  businessScope: string;
  rate: number;
  repaymentMethod: RepaymentMethod;
  guaranteeQuota: number | null;
  loanAmount: number | null;
  loanDate: string | null;
  resignCount: number;
  refuseReason: string | null;
  rensheOrg: string;
  moduleName: string;
  /** What the caller may do now (the server checks again on the call). */
  can: { act: boolean; adminRedeploy: boolean; reveal: boolean };
}

export interface ProgressNode {
  nodeId: number;
  stage: Stage;
  state: 'done' | 'current' | 'todo' | 'skipped';
  actor: string | null;
  actedAt: string | null;
  assignee: string | null;
  deadline: string | null;
}
export interface Progress { status: ApplicationStatus; nodes: ProgressNode[] }

export interface RecordRow {
  id: number;
  action: Action;
  stage: Stage | null;
  toStage: Stage | null;
  fromStatus: ApplicationStatus | null;
  toStatus: ApplicationStatus;
  actor: string | null;
  actorOrg: string | null;
  targetUser: string | null;
  opinion: string;
  refuseReason: string | null;
  remark: string;
  createTime: string;
}
export const editRemarkInput = z.object({ id, remark: z.string().trim().max(OPINION_MAX, 'validation.tooLong') });

export const revealInput = z.object({ id, field: z.enum(['idNumber', 'mobile'], { error: 'validation.invalid' }) });

export interface PendingCounts { [stage: string]: number }

export interface RefuseReasonOption { id: number; kind: 'INDICATOR' | 'STATUS'; content: string }

export type { Plan };
export { BORROWER_TYPES, GUARANTEE_METHODS };

import { z } from './zod';
import { clientKey, date, flag, id, int, INT_MAX, longText, money, pageInput, textFilter } from './fields';
import { version } from './role';
import { ACTIONS, APPLICATION_STATUSES, BORROWER_TYPES, GUARANTEE_METHODS, REPAYMENT_STATES, STAGES } from '../workflow/stages';
import { REPAYMENT_METHODS, type Plan } from '../workflow/plan';
import { OVERDUE_DAYS_MAX } from './limits';
import { HOUSE_STATES } from '../workflow/house';
import { count, timestamp } from './output';
import { FILE_KINDS } from '../workflow/files';

/**
 * Contracts of the loan workflow (SPEC.md section 7 'First trial' and 'Applications').
 * Amounts travel as numbers in yuan; times as ISO strings; dates as YYYY-MM-DD.
 */
export const OPINION_MAX = 500;
export const stage = z.enum(STAGES, { error: 'validation.stage' });
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = textFilter;
const isoDate = date;

/** The workbench's searches: `scope` pending = waiting at the stage, processed = worked there by the user's organisation. */
const WORKBENCH_SCOPES = ['pending', 'processed'] as const;
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
  overdue: flag,
  mine: flag,
  order: z.preprocess(blankToUndefined, z.enum(['createTime', '-createTime', 'amount', '-amount', 'deadline', '-deadline'], { error: 'validation.invalid' }).optional()),
});

/** exportAll: the workbench's search without paging (every row the search finds, up to the export limit). */
export const workbenchExportInput = workbenchListInput.omit({ pageNum: true, pageSize: true });
export type WorkbenchQuery = z.infer<typeof workbenchListInput>;

/** Loan query (/admin/home/loan): the same searches over every stage the user may see. */
export const loanQueryInput = workbenchListInput.omit({ stage: true, scope: true, mine: true }).extend({
  stage: z.preprocess(blankToUndefined, stage.optional()),
  borrowerType: z.preprocess(blankToUndefined, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
});
export type LoanQuery = z.infer<typeof loanQueryInput>;

const stageOut = z.enum(STAGES);
const statusOut = z.enum(APPLICATION_STATUSES);
const gender = z.enum(['MALE', 'FEMALE']);
export const applicationRow = z.object({
  id: count,
  number: z.string(),
  borrowerType: z.enum(BORROWER_TYPES),
  name: z.string(),
  /** Masked unless the caller holds the reveal permission. */
  idNumber: z.string(),
  mobile: z.string(),
  amount: z.number(),
  termMonths: count,
  guaranteeMethod: z.enum(GUARANTEE_METHODS),
  status: statusOut,
  stage: stageOut.nullable(),
  assignee: z.object({ id: count, nickname: z.string() }).nullable(),
  deadline: timestamp.nullable(),
  overdue: z.boolean(),
  whitelisted: z.boolean(),
  guaranteeOrg: z.string(),
  bankOrg: z.string(),
  version: count,
  createTime: timestamp,
  /** Whether a rejection has a passed node to go back to (in workbench lists and details). */
  rejectable: z.boolean().optional(),
  /** A case returned for supplements: the document kinds awaited, the reviewer's note and the last China day they may arrive. */
  awaited: z.object({ documents: z.array(z.enum(FILE_KINDS)), note: z.string(), due: z.string().nullable() }).nullable().optional(),
  /**
   * What the reader may do with the case, as the server decides it (in lists and details): act as
   * its assignee, or redeploy it as a holder of its stage's admin-redeploy button.
   */
  can: z.object({ act: z.boolean(), adminRedeploy: z.boolean() }).optional(),
});
export type ApplicationRow = z.infer<typeof applicationRow>;

export const applicationIdInput = z.object({ id });

/** Every action carries the version it saw and a key that makes a retry safe. */
const actionBase = z.object({
  id,
  version,
  key: clientKey,
  opinion: z.preprocess((v) => v ?? '', longText(OPINION_MAX)),
});
const requiredOpinion = longText(OPINION_MAX, 'validation.opinionRequired').refine((v) => v.length > 0, 'validation.opinionRequired');

export const checkInput = actionBase.extend({ nextUserId: id.optional() });
export const rejectInput = actionBase.extend({ opinion: requiredOpinion, nodeId: id, userId: id });
/** return: the note (what is wrong) and the document kinds awaited from the applicant. */
export const returnInput = actionBase.extend({
  opinion: requiredOpinion,
  documents: z.array(z.enum(FILE_KINDS, { error: 'validation.documentsRequired' }), { error: 'validation.documentsRequired' })
    .min(1, 'validation.documentsRequired').max(FILE_KINDS.length, 'validation.documentsRequired'),
});
export const refuseInput = actionBase.extend({ reasonId: int(1, INT_MAX, 'validation.reasonRequired') });
export const redeployInput = actionBase.extend({ userId: id });
export const withdrawInput = actionBase.extend({ opinion: requiredOpinion });
export const quotaInput = actionBase.extend({
  quota: money('validation.amount', 10_000_000),
});
export const reSignInput = actionBase;
/**
 * bankState: on an approved case, whether the bank issued the loan (and how much, when); on an
 * issued loan (`repayment` given), the bank's repayment report: on time, overdue by some days,
 * or compensated by the guarantee company.
 */
export const bankStateInput = actionBase.extend({
  issued: z.boolean({ error: 'validation.invalid' }),
  loanAmount: money('validation.amount', 10_000_000).optional(),
  loanDate: isoDate.optional(),
  repayment: z.enum(REPAYMENT_STATES, { error: 'validation.invalid' }).optional(),
  overdueDays: int(1, OVERDUE_DAYS_MAX, 'validation.overdueDays').optional(),
}).superRefine((value, ctx) => {
  if (value.repayment !== undefined) {
    if (value.repayment === 'OVERDUE' && value.overdueDays === undefined) ctx.addIssue({ code: 'custom', path: ['overdueDays'], message: 'validation.overdueDays' });
    if (value.repayment !== 'OVERDUE' && value.overdueDays !== undefined) ctx.addIssue({ code: 'custom', path: ['overdueDays'], message: 'validation.invalid' });
    return;
  }
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

/** What every action answers: the application as it now stands and the record it wrote. */
export const actionResult = z.object({ application: applicationRow, recordId: count });
export type ActionResult = z.infer<typeof actionResult>;
/** turnOver's answer: cases moved, and cases kept because the new person may not take them. */
export const turnOverResult = z.object({ moved: count, kept: count });
export type TurnOverResult = z.infer<typeof turnOverResult>;

/** A person who may take a case at a node: cases waiting with them at every stage (`pending`) and at the node's stage (`stagePending`). */
export const nodePerson = z.object({ id: count, nickname: z.string(), orgName: z.string(), pending: count, stagePending: count });
export type NodePerson = z.infer<typeof nodePerson>;
const nodeRef = z.object({ id: count, stage: stageOut });
/** getNodeAndPeople: the node a check moves to (null: the check approves) and who can take it there. */
export const nodeAndPeople = z.object({ node: nodeRef.nullable(), people: z.array(nodePerson) });
export type NodeAndPeople = z.infer<typeof nodeAndPeople>;
/** Where a rejection may go: passed nodes and their people. */
export const rejectTarget = z.object({ node: nodeRef, people: z.array(nodePerson) });
export type RejectTarget = z.infer<typeof rejectTarget>;
export const rejectUserInput = z.object({ applicationId: id });

export const personInfo = z.object({
  id: count,
  name: z.string(),
  idNumber: z.string(),
  mobile: z.string(),
  gender,
  workUnit: z.string(),
  shareRatio: z.number().nullable(),
  /** An employee hired from the policy's key groups (false for everyone else). */
  keyGroup: z.boolean(),
});
export type PersonInfo = z.infer<typeof personInfo>;
export const guarantorInfo = personInfo.extend({ spouse: personInfo.nullable() });
export type GuarantorInfo = z.infer<typeof guarantorInfo>;

export const houseInfo = z.object({
  id: count,
  certificateNo: z.string(),
  owner: z.string(),
  address: z.string(),
  area: z.number(),
  assessedValue: z.number(),
  mortgageState: z.enum(HOUSE_STATES),
  /** The mortgage registration number (empty until registered). */
  mortgageNo: z.string(),
  registeredOn: z.string().nullable(),
  version: count,
});
export type HouseInfo = z.infer<typeof houseInfo>;

export const fileInfo = z.object({ id: count, kind: z.string(), name: z.string(), mime: z.string(), size: count, url: z.string(), createTime: timestamp });
export type FileInfo = z.infer<typeof fileInfo>;

export const applicationDetail = applicationRow.extend({
  gender,
  householdRegister: z.string(),
  employmentCategory: z.string(),
  address: z.string(),
  businessName: z.string(),
  businessScope: z.string(),
  rate: z.number(),
  repaymentMethod: z.enum(REPAYMENT_METHODS),
  guaranteeQuota: z.number().nullable(),
  loanAmount: z.number().nullable(),
  loanDate: z.string().nullable(),
  resignCount: count,
  /** The agreement versions the last signing (reSign) recorded. */
  signedAgreements: z.array(z.object({ kind: z.string(), title: z.string(), version: count })),
  refuseReason: z.string().nullable(),
  rensheOrg: z.string(),
  moduleName: z.string(),
  /** The proof documents the proposer's client group requires, and whether each is on the case (renshe first review approves only with all). */
  proofs: z.array(z.object({ kind: z.enum(FILE_KINDS), uploaded: z.boolean() })),
  /** What the caller may do now (the server checks again on the call). */
  can: z.object({ act: z.boolean(), adminRedeploy: z.boolean(), reveal: z.boolean() }),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

const progressNode = z.object({
  nodeId: count,
  stage: stageOut,
  state: z.enum(['done', 'current', 'todo', 'skipped']),
  actor: z.string().nullable(),
  actedAt: timestamp.nullable(),
  assignee: z.string().nullable(),
  deadline: timestamp.nullable(),
});
export type ProgressNode = z.infer<typeof progressNode>;
export const progress = z.object({ status: statusOut, nodes: z.array(progressNode) });
export type Progress = z.infer<typeof progress>;

export const recordRow = z.object({
  id: count,
  action: z.enum(ACTIONS),
  stage: stageOut.nullable(),
  toStage: stageOut.nullable(),
  fromStatus: statusOut.nullable(),
  toStatus: statusOut,
  actor: z.string().nullable(),
  actorOrg: z.string().nullable(),
  targetUser: z.string().nullable(),
  opinion: z.string(),
  refuseReason: z.string().nullable(),
  remark: z.string(),
  /** A bank repayment report's state and days overdue (BANK_STATE on an issued loan). */
  repayment: z.enum(REPAYMENT_STATES).nullable().optional(),
  overdueDays: count.nullable().optional(),
  createTime: timestamp,
});
export type RecordRow = z.infer<typeof recordRow>;
export const editRemarkInput = z.object({ id, remark: longText(OPINION_MAX) });

export const revealInput = z.object({ id, field: z.enum(['idNumber', 'mobile'], { error: 'validation.invalid' }) });

export const pendingCounts = z.record(z.string(), count);
export type PendingCounts = z.infer<typeof pendingCounts>;

export const refuseReasonOption = z.object({ id: count, kind: z.enum(['INDICATOR', 'STATUS']), content: z.string() });
export type RefuseReasonOption = z.infer<typeof refuseReasonOption>;

const planRow = z.object({ period: count, principal: z.number(), interest: z.number(), payment: z.number(), balance: z.number() });
export const plan = z.object({ rows: z.array(planRow), totalInterest: z.number(), totalPayment: z.number() });

export type { Plan };

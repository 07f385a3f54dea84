import { z } from './zod';
import { date, id, int, INT_MAX, line, money, pageInput, textFilter } from './fields';
import { version } from './role';
import { ACTIONS, APPLICATION_STATUSES, STAGES } from '../workflow/stages';
import { HOUSE_STATES } from '../workflow/house';
import { count, timestamp } from './output';
import { fileInfo, houseInfo, plan, recordRow, stage } from './workflow';

/**
 * Contracts of the application calls around the workbench (SPEC.md section 7 'Applications'
 * and 'First trial'): the status dictionary, a case's state, the approval-record search, the
 * people of a stage with their amounts, guarantor spouses, files, the bank's first review,
 * the guarantee companies' quotas and the house-property records of the mortgage stage.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** approvalStatus: every status a case shows, with its label in the caller's language and its colour. */
export const statusEntry = z.object({
  /** `IN_REVIEW:<stage>` for a case in review at a stage, else the status. */
  value: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  stage: z.enum(STAGES).nullable(),
  label: z.string(),
  color: z.string(),
});
export type StatusEntry = z.infer<typeof statusEntry>;

/** state: where a case stands now. */
export const caseState = z.object({
  id: count,
  status: z.enum(APPLICATION_STATUSES),
  stage: z.enum(STAGES).nullable(),
  /** The dictionary's value of the case's status (see approvalStatus). */
  value: z.string(),
  assignee: z.string().nullable(),
  enteredAt: timestamp.nullable(),
  deadline: timestamp.nullable(),
  overdue: z.boolean(),
  /** Working days the case has waited at its node (null when it waits nowhere). */
  waitingDays: count.nullable(),
  records: count,
  version: count,
});
export type CaseState = z.infer<typeof caseState>;

/** infoList: approval records of the cases the user may see. */
export const recordSearchInput = pageInput.extend({
  number: textFilter(24),
  stage: z.preprocess(blank, stage.optional()),
  action: z.preprocess(blank, z.enum(ACTIONS, { error: 'validation.invalid' }).optional()),
  actor: textFilter(64),
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
});
export const recordInfoRow = recordRow.extend({ applicationId: count, number: z.string(), name: z.string() });
export type RecordInfoRow = z.infer<typeof recordInfoRow>;

/** getPersonAndAmount: the people of a stage's nodes in the user's scope with the cases and amount waiting with them. */
export const personAndAmount = z.object({ id: count, nickname: z.string(), orgName: z.string(), pending: count, amount: z.number(), overdue: count });
export type PersonAndAmount = z.infer<typeof personAndAmount>;

export const guarantorIdInput = z.object({ id });

/** getFiles: the case's files grouped by kind (optionally one kind). */
export const filesInput = z.object({ id, kind: z.preprocess(blank, line(24).optional()) });
export const fileGroup = z.object({ kind: z.string(), files: z.array(fileInfo) });

/** getBankFirst: the bank's first review of a case: who, when, the opinion, and the amounts then. */
export const bankFirst = z.object({
  record: recordRow.nullable(),
  amount: z.number(),
  guaranteeQuota: z.number().nullable(),
  bankOrg: z.string(),
});
export type BankFirst = z.infer<typeof bankFirst>;

/** getBondingCompanyList: each guarantee company with its quota, the balance it guarantees and what is left. */
export const bondingCompanyInput = z.object({ date: z.preprocess(blank, date.optional()) });
const bondingCompany = z.object({
  orgId: count,
  name: z.string(),
  quota: z.number().nullable(),
  /** Outstanding guaranteed loans on the date (issued, term not yet over). */
  loans: count,
  used: z.number(),
  left: z.number().nullable(),
  /** Approved cases waiting for the loan, with their guarantee quotas. */
  pending: count,
  pendingAmount: z.number(),
  /** The version of the quota, 0 while the company has none (guaranteeCompany/updateQuota sends it back). */
  version: count,
});
export const bondingCompanies = z.object({ date: z.string(), list: z.array(bondingCompany) });
export type BondingCompanies = z.infer<typeof bondingCompanies>;

/** guaranteeCompany/updateQuota: a guarantee company's quota in yuan, against the version read (0: none yet). */
export const companyQuotaInput = z.object({ orgId: id, quota: money(), version: int(0, INT_MAX, 'validation.version') });
export type CompanyQuotaInput = z.infer<typeof companyQuotaInput>;
export const companyQuota = z.object({ orgId: count, quota: z.number(), version: count });

/** business-house-property/getPage: the houses of the cases in scope. */
export const housePageInput = pageInput.extend({
  number: textFilter(24),
  owner: textFilter(64),
  certificateNo: textFilter(64),
  mortgageState: z.preprocess(blank, z.enum(HOUSE_STATES, { error: 'validation.invalid' }).optional()),
  /** Houses of cases waiting at the mortgage stage (and with the user, `mine`). */
  waiting: z.preprocess(blank, z.enum(['stage', 'mine'], { error: 'validation.invalid' }).optional()),
});
export type HousePageQuery = z.infer<typeof housePageInput>;
export const houseRow = houseInfo.extend({
  applicationId: count,
  number: z.string(),
  name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  stage: z.enum(STAGES).nullable(),
  /** Whether the caller may edit it now (the case waits with them at the mortgage stage). */
  editable: z.boolean(),
});
export type HouseRow = z.infer<typeof houseRow>;
export const houseNum = z.object({ total: count, PENDING: count, REGISTERED: count, RELEASED: count, waiting: count });
export type HouseNum = z.infer<typeof houseNum>;

/** edit: what the mortgage stage records on a house. */
export const houseEditInput = z.object({
  id,
  version,
  assessedValue: money('validation.amount', 100_000_000),
  certificateNo: line(64, 'validation.fieldRequired').refine((v) => v.length > 0, 'validation.fieldRequired'),
  mortgageNo: z.preprocess((v) => v ?? '', line(64)),
  registeredOn: z.preprocess(blank, date.optional()),
  mortgageState: z.enum(HOUSE_STATES, { error: 'validation.invalid' }),
}).superRefine((value, ctx) => {
  if (value.mortgageState === 'PENDING') return;
  if (!value.mortgageNo) ctx.addIssue({ code: 'custom', path: ['mortgageNo'], message: 'validation.fieldRequired' });
  if (!value.registeredOn) ctx.addIssue({ code: 'custom', path: ['registeredOn'], message: 'validation.date' });
});

/** plan: the case's repayment plan against the house's value (loan to value after each payment). */
export const housePlan = plan.extend({ assessedValue: z.number(), loanToValue: z.array(z.number()) });
export type HousePlan = z.infer<typeof housePlan>;

import { z } from './zod';
import { bool, clientKey, decimal, id, idNumber, int, line, longText, money, requiredLine } from './fields';
import { MOBILE_PATTERN } from './rules';
import { REPAYMENT_METHODS } from '../workflow/plan';
import { EMPLOYEES_MAX } from './limits';
import { RATE_MAX } from '../workflow/intake-limits';
import { PARTNERS_MAX } from '../workflow/caps';
import { BORROWER_TYPES, GUARANTEE_METHODS } from '../workflow/stages';

/**
 * The applicant channel's intake call (channel/application/submit): one application with its
 * people, idempotent by the channel's client key. Amounts in yuan.
 */

const text = (max: number, required = 'validation.fieldRequired') => requiredLine(max, required);

const mobile = z.string({ error: 'validation.mobileFormat' }).trim().regex(MOBILE_PATTERN, 'validation.mobileFormat');
const gender = z.enum(['MALE', 'FEMALE'], { error: 'validation.invalid' });

const personInput = z.object({
  name: text(64), idNumber, mobile, gender,
  workUnit: line(100).default(''),
});
const partnerInput = personInput.extend({ shareRatio: decimal(0, 100).refine((v) => v > 0, 'validation.invalid') });
const guarantorInput = personInput.extend({ spouse: personInput.optional() });
/** An employee of the borrower, and whether hired from the policy's key groups (the report's jobs created). */
const employeeInput = personInput.extend({ keyGroup: bool().default(false) });

const houseInput = z.object({
  certificateNo: text(64), owner: text(64), address: text(200),
  area: decimal(0, 1_000_000).refine((v) => v > 0, 'validation.invalid'),
  assessedValue: money(),
});

const STAFF_COUNT_MAX = 100_000;
/** The longest term a borrower type's settings may give (lib/contract/risk.ts borrowerTypeUpdateInput). */
export const TERM_MONTHS_MAX = 360;

export const intakeInput = z.object({
  clientKey,
  borrowerType: z.enum(BORROWER_TYPES, { error: 'validation.invalid' }),
  proposer: personInput.extend({ householdRegister: text(100), employmentCategory: text(32), address: line(200).default('') }),
  /** The proposer's client group; absent: the enabled group named by the employment category (its code or name). */
  clientGroupId: id.optional(),
  spouse: personInput.optional(),
  partners: z.array(partnerInput).max(PARTNERS_MAX, 'validation.invalid').default([]),
  employees: z.array(employeeInput).max(EMPLOYEES_MAX, 'validation.invalid').default([]),
  /** A small company's staff (the base of the staffing indicator); required for a small company. */
  staffCount: int(1, STAFF_COUNT_MAX, 'validation.staffCount').optional(),
  guarantors: z.array(guarantorInput).max(5, 'validation.invalid').default([]),
  house: houseInput.optional(),
  businessName: line(100).default(''),
  businessScope: longText(200).default(''),
  amount: money(),
  /** Checked against the borrower type's longest term by the TERM_MAX indicator; here only what a term can be. */
  termMonths: int(1, TERM_MONTHS_MAX, 'validation.term'),
  rate: decimal(0, RATE_MAX),
  repaymentMethod: z.enum(REPAYMENT_METHODS, { error: 'validation.invalid' }),
  guaranteeMethod: z.enum(GUARANTEE_METHODS, { error: 'validation.invalid' }),
  /** The loan product (a current revision of the borrower type); absent: the borrower type's current product. */
  productId: id.optional(),
  rensheOrgId: id, guaranteeOrgId: id, bankOrgId: id,
}).superRefine((v, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (v.guaranteeMethod === 'HOUSE' && !v.house) issue(['house'], 'validation.houseRequired');
  if (v.guaranteeMethod === 'GUARANTOR' && v.guarantors.length === 0) issue(['guarantors'], 'validation.guarantorRequired');
  if (v.borrowerType === 'PARTNERSHIP' && v.partners.length === 0) issue(['partners'], 'validation.partnerRequired');
  if (v.borrowerType === 'SMALL_COMPANY' && v.staffCount === undefined) issue(['staffCount'], 'validation.staffCount');
  if (v.staffCount !== undefined && v.employees.length > v.staffCount) issue(['staffCount'], 'validation.staffBelowHires');
  if (v.spouse && v.spouse.idNumber === v.proposer.idNumber) issue(['spouse', 'idNumber'], 'validation.idNumber');
});
export type IntakeInput = z.input<typeof intakeInput>;
export const intakeResult = z.object({
  id: z.number().int(), number: z.string(), status: z.string(), whitelisted: z.boolean(),
  /** A refused application's failed HARD indicators (codes). */
  refusedBy: z.array(z.string()).optional(),
});
export type IntakeResult = z.infer<typeof intakeResult>;

/**
 * channel/application/supplement: the applicant's supplements to a case returned to them, by its
 * number (the documents are uploaded to the case first); idempotent by the channel's key.
 */
export const supplementInput = z.object({
  number: z.string({ error: 'validation.applicationNumber' }).trim().regex(/^SQ\d{15}$/, 'validation.applicationNumber'),
  key: clientKey,
  note: longText(500).default(''),
});
export const supplementResult = z.object({ id: z.number().int(), number: z.string(), status: z.string() });

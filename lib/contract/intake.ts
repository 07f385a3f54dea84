import { z } from './zod';
import { id } from './common';
import { MOBILE_PATTERN } from './rules';
import { isValidIdNumber } from '../workflow/id-number';
import { REPAYMENT_METHODS } from '../workflow/plan';
import { AMOUNT_LIMITS, RATE_MAX, TERM_MONTHS } from '../workflow/intake-limits';
import { BORROWER_TYPES, GUARANTEE_METHODS } from '../workflow/stages';

/**
 * The applicant channel's intake call (channel/application/submit): one application with its
 * people, idempotent by the channel's client key. Amounts in yuan.
 */
export { AMOUNT_LIMITS, RATE_MAX, TERM_MONTHS };

const text = (max: number, required = 'validation.fieldRequired') =>
  z.string({ error: required }).trim().min(1, required).max(max, 'validation.tooLong');
const idNumber = z.string({ error: 'validation.idNumber' }).trim().toUpperCase().refine((v) => isValidIdNumber(v), 'validation.idNumber');
const mobile = z.string({ error: 'validation.mobileFormat' }).trim().regex(MOBILE_PATTERN, 'validation.mobileFormat');
const gender = z.enum(['MALE', 'FEMALE'], { error: 'validation.invalid' });

export const personInput = z.object({
  name: text(64), idNumber, mobile, gender,
  workUnit: z.string().trim().max(100, 'validation.tooLong').default(''),
});
export const partnerInput = personInput.extend({ shareRatio: z.coerce.number({ error: 'validation.invalid' }).gt(0, 'validation.invalid').max(100, 'validation.invalid') });
export const guarantorInput = personInput.extend({ spouse: personInput.optional() });

export const houseInput = z.object({
  certificateNo: text(64), owner: text(64), address: text(200),
  area: z.coerce.number({ error: 'validation.invalid' }).positive('validation.invalid'),
  assessedValue: z.coerce.number({ error: 'validation.amount' }).positive('validation.amount'),
});

export const intakeInput = z.object({
  clientKey: z.string({ error: 'validation.actionKey' }).trim().min(8, 'validation.actionKey').max(64, 'validation.actionKey'),
  borrowerType: z.enum(BORROWER_TYPES, { error: 'validation.invalid' }),
  proposer: personInput.extend({ householdRegister: text(100), employmentCategory: text(32), address: z.string().trim().max(200, 'validation.tooLong').default('') }),
  spouse: personInput.optional(),
  partners: z.array(partnerInput).max(20, 'validation.invalid').default([]),
  employees: z.array(personInput).max(200, 'validation.invalid').default([]),
  guarantors: z.array(guarantorInput).max(5, 'validation.invalid').default([]),
  house: houseInput.optional(),
  businessName: z.string().trim().max(100, 'validation.tooLong').default(''),
  businessScope: z.string().trim().max(200, 'validation.tooLong').default(''),
  amount: z.coerce.number({ error: 'validation.amount' }).positive('validation.amount'),
  termMonths: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(TERM_MONTHS.min, 'validation.term').max(TERM_MONTHS.max, 'validation.term'),
  rate: z.coerce.number({ error: 'validation.invalid' }).min(0, 'validation.invalid').max(RATE_MAX, 'validation.invalid'),
  repaymentMethod: z.enum(REPAYMENT_METHODS, { error: 'validation.invalid' }),
  guaranteeMethod: z.enum(GUARANTEE_METHODS, { error: 'validation.invalid' }),
  rensheOrgId: id, guaranteeOrgId: id, bankOrgId: id,
}).superRefine((v, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (v.amount > AMOUNT_LIMITS[v.borrowerType]) issue(['amount'], 'validation.amountLimit');
  if (v.guaranteeMethod === 'HOUSE' && !v.house) issue(['house'], 'validation.houseRequired');
  if (v.guaranteeMethod === 'GUARANTOR' && v.guarantors.length === 0) issue(['guarantors'], 'validation.guarantorRequired');
  if (v.borrowerType === 'PARTNERSHIP' && v.partners.length === 0) issue(['partners'], 'validation.partnerRequired');
  if (v.spouse && v.spouse.idNumber === v.proposer.idNumber) issue(['spouse', 'idNumber'], 'validation.idNumber');
});
export type IntakeInput = z.input<typeof intakeInput>;
export interface IntakeResult { id: number; number: string; status: string; whitelisted: boolean }

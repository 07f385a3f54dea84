import type { IntakeInput } from '../contract/intake';
import { MOBILE_PATTERN } from '../contract/rules';
import { idGender, isValidIdNumber } from '../workflow/id-number';
import { RATE_MAX } from '../workflow/intake-limits';
import type { RepaymentMethod } from '../workflow/plan';
import type { GuaranteeMethod } from '../workflow/stages';
import './rules/intake.generated';

/**
 * The intake form of the loan query ('录入申请'): a personal loan as the applicant channel
 * sends it (lib/contract/intake.ts). Pure: the form's values, its checks (the service's own
 * numbers, message keys under `validation`) and the payload made from them.
 */
interface PersonValues { name?: string; idNumber?: string; mobile?: string; gender?: 'MALE' | 'FEMALE'; workUnit?: string }
interface EmployeeValues extends PersonValues { keyGroup?: boolean }
interface ProposerValues extends PersonValues { householdRegister?: string; employmentCategory?: string; address?: string }

export interface IntakeValues {
  proposer?: ProposerValues;
  hasSpouse?: boolean;
  spouse?: PersonValues;
  amount?: number;
  termMonths?: number;
  /** The yearly rate in per cent (4.35 for 0.0435). */
  ratePercent?: number;
  repaymentMethod?: RepaymentMethod;
  businessName?: string;
  businessScope?: string;
  guaranteeMethod?: GuaranteeMethod;
  /** The loan product (businessSchemaConfig/options). */
  productId?: number;
  house?: { certificateNo?: string; owner?: string; address?: string; area?: number; assessedValue?: number };
  guarantors?: PersonValues[];
  /** The borrower's employees (the monthly report's jobs created), each marked when hired from the key groups. */
  employees?: EmployeeValues[];
  rensheOrgId?: number;
  guaranteeOrgId?: number;
  bankOrgId?: number;
}

export const INTAKE_CALL = 'channel/application/submit';
export const RATE_PERCENT_MAX = RATE_MAX * 100;
export const GUARANTORS_MAX = 5;

export const INTAKE_DEFAULTS: IntakeValues = {
  hasSpouse: false, termMonths: 24, ratePercent: 4.35, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
};

/** An ID number as the service stores it (trimmed, upper-case X). */
export const normalIdNumber = (value: string | undefined) => (value ?? '').trim().toUpperCase();

export const checkIdNumber = (value: string | undefined) => (isValidIdNumber(normalIdNumber(value)) ? null : 'validation.idNumber');
export const checkMobile = (value: string | undefined) => (MOBILE_PATTERN.test((value ?? '').trim()) ? null : 'validation.mobileFormat');

/** The gender an ID number says, once it is a valid one. */
export const genderOfIdNumber = (value: string | undefined) => (checkIdNumber(value) ? undefined : idGender(normalIdNumber(value)));

const text = (value: string | undefined) => (value ?? '').trim();
const person = (p: PersonValues = {}) => ({
  name: text(p.name), idNumber: normalIdNumber(p.idNumber), mobile: text(p.mobile), gender: p.gender ?? 'MALE', workUnit: text(p.workUnit),
});

/** The intake call's payload: the spouse, house and guarantors only where the form asks for them. */
export function intakePayload(values: IntakeValues, clientKey: string): IntakeInput {
  const proposer = values.proposer ?? {};
  const method = values.guaranteeMethod ?? 'CREDIT';
  const house = values.house ?? {};
  return {
    clientKey,
    borrowerType: 'PERSON',
    proposer: { ...person(proposer), householdRegister: text(proposer.householdRegister), employmentCategory: text(proposer.employmentCategory), address: text(proposer.address) },
    ...(values.hasSpouse ? { spouse: person(values.spouse) } : {}),
    ...(method === 'HOUSE' ? {
      house: { certificateNo: text(house.certificateNo), owner: text(house.owner), address: text(house.address), area: house.area ?? 0, assessedValue: house.assessedValue ?? 0 },
    } : {}),
    guarantors: method === 'GUARANTOR' ? (values.guarantors ?? []).map(person) : [],
    employees: (values.employees ?? []).map((e) => ({ ...person(e), keyGroup: e.keyGroup ?? false })),
    businessName: text(values.businessName),
    businessScope: text(values.businessScope),
    amount: values.amount ?? 0,
    termMonths: values.termMonths ?? 0,
    rate: Math.round((values.ratePercent ?? 0) * 10_000) / 1_000_000,
    repaymentMethod: values.repaymentMethod ?? 'INTEREST_MONTHLY',
    guaranteeMethod: method,
    ...(values.productId ? { productId: values.productId } : {}),
    rensheOrgId: values.rensheOrgId ?? 0,
    guaranteeOrgId: values.guaranteeOrgId ?? 0,
    bankOrgId: values.bankOrgId ?? 0,
  };
}

/** Where a field the service names ('spouse.idNumber', 'guarantors.0.name', 'rate') sits in the form. */
export function formPath(field: string): (string | number)[] {
  if (field === 'rate') return ['ratePercent'];
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

import { describe, expect, it } from 'vitest';
import { intakeInput } from '@/lib/contract/intake';
import { loanQueryInput } from '@/lib/contract/workflow';
import { publishListInput, spouseListInput } from '@/lib/contract/loan-lists';
import { formPath, genderOfIdNumber, intakePayload, INTAKE_DEFAULTS, type IntakeValues } from '@/lib/resources/intake';
import { loanQuerySpec } from '@/lib/resources/loan-query';
import { publishSpec, spouseSpec } from '@/lib/resources/loan-lists';
import type { ResourceSpec } from '@/lib/resources/types';
import { APPLICATION_COLUMNS, workbenchSpec } from '@/lib/resources/workbench';
import { idCheckDigit } from '@/lib/workflow/id-number';
import { fileProblem } from '@/components/approval/file-upload';
import { EMPLOYMENT_CATEGORIES } from '@/components/intake/person-fields';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];
const en = UI_TEXTS.en;

const get = (messages: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], messages);
const keys = (value: unknown, prefix = ''): string[] => (value && typeof value === 'object'
  ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]);
const specTexts = (spec: ResourceSpec<never>) => [
  `resources.${spec.key}.title`,
  ...spec.search.flatMap((f) => [f.label, ...(f.options ?? []).map((o) => o.label)]),
  ...spec.columns.flatMap((c) => [c.title, ...(c.options ?? []).map((o) => o.label)]),
  ...(spec.actions ?? []).map((a) => a.label as string),
];
const idOf = (first17: string) => first17 + idCheckDigit(first17);

describe('loan query, spouse and published information screens', () => {
  it('shares the workbench columns and searches, with the stage and borrower type, and calls loanUnfold', () => {
    expect(loanQuerySpec.columns).toBe(APPLICATION_COLUMNS);
    expect(workbenchSpec('RS_FIRST').columns).toBe(APPLICATION_COLUMNS);
    expect(loanQuerySpec.list).toBe('businessApproveRecord/loanUnfold');
    expect(loanQuerySpec.search.map((f) => f.name)).toEqual(['number', 'name', 'idNumber', 'mobile', 'date', 'stage', 'status', 'borrowerType', 'overdue']);
    expect(loanQuerySpec.actions?.map((a) => a.key)).toEqual(['detail']);
    // Every search is one the call takes (a date range is sent as dateFrom and dateTo).
    const shape = loanQueryInput.shape as Record<string, unknown>;
    for (const field of loanQuerySpec.search) {
      for (const name of field.kind === 'dateRange' ? [`${field.name}From`, `${field.name}To`] : [field.name]) expect(shape[name], name).toBeDefined();
    }
    for (const [spec, input] of [[spouseSpec, spouseListInput], [publishSpec(true), publishListInput]] as const) {
      for (const field of spec.search) {
        for (const name of field.kind === 'dateRange' ? [`${field.name}From`, `${field.name}To`] : [field.name]) expect((input.shape as Record<string, unknown>)[name], name).toBeDefined();
      }
    }
  });

  it('offers the details of a notice only to readers of the workflow', () => {
    expect(publishSpec(true).actions?.map((a) => a.key)).toEqual(['detail']);
    expect(publishSpec(false).actions).toEqual([]);
  });

  it('has every text the screens name, in both languages, with the same keys', () => {
    const used = [
      ...specTexts(loanQuerySpec as ResourceSpec<never>), ...specTexts(spouseSpec as ResourceSpec<never>), ...specTexts(publishSpec(true) as ResourceSpec<never>),
      ...EMPLOYMENT_CATEGORIES.map((c) => `intake.employment.${c}`),
      'validation.fileType', 'validation.fileTooLarge', 'validation.fileRequired', 'validation.fileKind', 'validation.rate', 'validation.spouseSameId',
    ];
    for (const key of used) {
      expect(typeof get(zh, key), key).toBe('string');
      expect(typeof get(en, key), key).toBe('string');
    }
    expect(keys(en.intake)).toEqual(keys(zh.intake));
    for (const part of ['loanQuery', 'spouse', 'publish'] as const) expect(keys(en.resources[part])).toEqual(keys(zh.resources[part]));
  });
});

describe('intake form', () => {
  const proposer = { name: ' 周晓明 ', idNumber: idOf('43010219900307451').toLowerCase(), mobile: '13712345678', gender: 'MALE' as const, householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' };
  const values: IntakeValues = {
    ...INTAKE_DEFAULTS, proposer, amount: 200000, ratePercent: 4.35, rensheOrgId: 2, guaranteeOrgId: 3, bankOrgId: 5,
    spouse: { name: '李芳', idNumber: idOf('43010219920511342'), mobile: '13712345679', gender: 'FEMALE' },
    house: { certificateNo: 'X', owner: 'Y', address: 'Z', area: 90, assessedValue: 800000 },
    guarantors: [{ name: '王五', idNumber: idOf('43010219800101123'), mobile: '13700000000', gender: 'MALE' }],
  };

  it('sends a personal loan the intake call accepts, with the rate as a fraction and only what the method needs', () => {
    const payload = intakePayload(values, 'key-12345678');
    expect(payload).toMatchObject({ clientKey: 'key-12345678', borrowerType: 'PERSON', rate: 0.0435, guaranteeMethod: 'CREDIT', guarantors: [] });
    expect(payload.proposer).toMatchObject({ name: '周晓明', idNumber: proposer.idNumber.toUpperCase(), address: '' });
    expect(payload).not.toHaveProperty('spouse');
    expect(payload).not.toHaveProperty('house');
    expect(intakeInput.safeParse(payload).success).toBe(true);

    const married = intakePayload({ ...values, hasSpouse: true, guaranteeMethod: 'HOUSE' }, 'key-12345678');
    expect(married.spouse).toMatchObject({ name: '李芳', gender: 'FEMALE', workUnit: '' });
    expect(married.house).toEqual({ certificateNo: 'X', owner: 'Y', address: 'Z', area: 90, assessedValue: 800000 });
    expect(intakeInput.safeParse(married).success).toBe(true);

    const guaranteed = intakePayload({ ...values, guaranteeMethod: 'GUARANTOR' }, 'key-12345678');
    expect(guaranteed.guarantors).toHaveLength(1);
    expect(intakeInput.safeParse(guaranteed).success).toBe(true);
  });

  it('places the service\'s field names on the form and reads the gender from a valid ID number', () => {
    expect(formPath('spouse.idNumber')).toEqual(['spouse', 'idNumber']);
    expect(formPath('guarantors.0.mobile')).toEqual(['guarantors', 0, 'mobile']);
    expect(formPath('rate')).toEqual(['ratePercent']);
    expect(genderOfIdNumber(idOf('43010219920511342'))).toBe('FEMALE');
    expect(genderOfIdNumber('4301021992')).toBeUndefined();
  });
});

describe('file upload', () => {
  it('lets only JPG, PNG and PDF files up to 10 MB go', () => {
    expect(fileProblem({ name: 'a.JPG', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('validation.fileTooLarge');
    expect(fileProblem({ name: 'a.gif', size: 10 })).toBe('validation.fileType');
    expect(fileProblem({ name: 'noending', size: 10 })).toBe('validation.fileType');
  });
});

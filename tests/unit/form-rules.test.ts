import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_FILE, accessSource, RULES_DIR, rulesImport, rulesSources } from '../../scripts/form-rules';
import { callAllowed } from '../../lib/call-access';
import { CALL_ACCESS } from '../../lib/call-access.generated';
import type { CallPath } from '../../lib/contract/calls';
import { PAGES } from '../../lib/contract/pages';

const SPEC_FILES = readdirSync(join('lib', 'resources')).filter((f) => f.endsWith('.ts') && f !== 'form-rules.ts' && f !== 'types.ts');
import { withCallRules } from '../../lib/resources/form-rules';
import { flowSpec, overtimeSpec } from '../../lib/resources/flow';
import { userSpec } from '../../lib/resources/user';

describe('form rules from the call table', () => {
  it('are up to date with the input schemas (run `npx tsx scripts/form-rules.ts` after changing a contract)', () => {
    const sources = rulesSources();
    for (const { file, source } of sources.values()) expect(readFileSync(file, 'utf8'), file).toBe(source);
    expect(readdirSync(RULES_DIR).sort()).toEqual([...sources.values()].map(({ file }) => file.split('/').pop()).sort());
  });

  it('are loaded by the spec file that names their calls, so a page gets only its specs\' rules', () => {
    for (const specFile of rulesSources().keys()) {
      expect(readFileSync(join('lib', 'resources', specFile), 'utf8'), specFile).toContain(rulesImport(specFile));
    }
  });

  it('give a form what the service checks: required, longest text, number bounds, patterns', () => {
    const [name, nameEn, borrowerType, description] = withCallRules(flowSpec.form!.fields, 'approvalModule/add');
    expect(name).toMatchObject({ name: 'name', required: true, max: 64 });
    expect(nameEn).toMatchObject({ name: 'nameEn', required: false, max: 64 });
    expect(borrowerType).toMatchObject({ required: true });
    expect(description).toMatchObject({ required: false, max: 255 });
    const days = withCallRules(overtimeSpec.form!.fields, 'systemOvertimeConfig/add').find((f) => f.name === 'days')!;
    expect(days).toMatchObject({ required: true });
    expect(days.bounds).toBeUndefined();
    expect([0, 61, 1.5, 7].map((v) => days.check!(v, {}))).toEqual(['validation.timeLimit', 'validation.timeLimit', 'validation.timeLimit', null]);
  });

  it('leave what a spec sets itself, and differ between adding and editing', () => {
    const created = withCallRules(userSpec.form!.fields, 'systemUser/saveOrUpdate');
    expect(created.find((f) => f.name === 'username')).toMatchObject({ required: true, max: 64 });
    expect(created.find((f) => f.name === 'orgId')).toMatchObject({ required: true });
    const [nameOnEdit] = withCallRules(flowSpec.form!.fields, 'approvalModule/update');
    expect(nameOnEdit).toMatchObject({ required: true, max: 64 });
    expect(withCallRules(flowSpec.search, 'approvalModule/getList').find((f) => f.name === 'name')).toMatchObject({ required: false, max: 64 });
  });

  it('never take the markup bound of a rich text for its text length (the spec sets max itself)', () => {
    const [body] = withCallRules([{ name: 'description', label: 'x', kind: 'richText' }], 'approvalModule/add');
    expect(body!.max).toBeUndefined();
    const [own] = withCallRules([{ name: 'description', label: 'x', kind: 'richText', max: 2000 }], 'approvalModule/add');
    expect(own!.max).toBe(2000);
  });
});

describe('the UI access table from the call table', () => {
  it('is up to date with the calls\' access (run `npx tsx scripts/form-rules.ts` after changing a contract)', () => {
    expect(readFileSync(ACCESS_FILE, 'utf8')).toBe(accessSource());
  });

  it('answers a screen what the service answers: the button of the call, at the input that decides it, and nothing for a call of no table', () => {
    const holder = (codes: string[]) => ({ admin: false, button: (c: string) => codes.includes(c), page: () => false });
    expect(callAllowed('role/del', holder(['role::delete']))).toBe(true);
    expect(callAllowed('role/del', holder(['role::edit']))).toBe(false);
    expect(callAllowed('role/saveOrUpdate', holder(['role::edit']), {})).toBe(false);
    expect(callAllowed('role/saveOrUpdate', holder(['role::edit']), { id: 3 })).toBe(true);
    expect(callAllowed('systemUser/saveOrUpdate', holder(['user::add']), { roleIds: [2] })).toBe(false);
    expect(callAllowed('systemUser/saveOrUpdate', holder(['user::add', 'user::confer']), { roleIds: [2] })).toBe(true);
    expect(callAllowed('businessClubFirstTrial/check', holder(['bankFirst::check']), { stage: 'BANK_FIRST' })).toBe(true);
    expect(callAllowed('businessClubFirstTrial/check', holder(['bankFirst::check']), { stage: 'RS_FIRST' })).toBe(false);
    expect(callAllowed('businessClubFirstTrial/check', holder(['bankFirst::check']))).toBe(false);
    expect(callAllowed('nothing/here' as CallPath, { ...holder([]), admin: false })).toBe(false);
    expect(callAllowed('systemUser/adminList', { admin: false, button: () => false, page: (p) => p === PAGES.user })).toBe(true);
  });

  it('knows every call a screen spec names', () => {
    const named = SPEC_FILES.flatMap((file) => [...readFileSync(join('lib', 'resources', file), 'utf8').matchAll(/'([A-Za-z][\w-]*(?:\/[A-Za-z][\w-]*)+)'/g)].map(([, path]) => path!));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((path) => !(path in CALL_ACCESS) && !path.startsWith('admin/setting') && !path.includes('.'))).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import type { SimulatedMode, SourceName } from '../../upstream/integrations/types';
import { describeUpstream } from './harness';
import { expectFields, staffIn } from './helpers';
import { ORGS } from './workflow-fixtures';

let serial = 100;
/** A valid ID number born on `birth` (YYYYMMDD) with the sequence code `seq` (the simulated sources read 997-999). */
const idBorn = (birth: string, seq = String(++serial).slice(-3)) => {
  const first17 = `430102${birth}${seq}`;
  return first17 + idCheckDigit(first17);
};

/** The simulated sources' switches, shared with the service (set per test). */
const modes: Record<SourceName, SimulatedMode> = { insurance: 'ok', credit: 'ok' };

describeUpstream('indicators at intake, issued versions, models and red flags', (up) => {
  let admin: string;
  let reviewer: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
    for (const [k, name] of Object.entries(ORGS)) {
      orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  const call = (path: string, body: unknown, token = admin) => up().call(path, body, { token });
  const intake = (idNumber: string, over: Record<string, unknown> = {}) => call('channel/application/submit', {
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: '周晓明', idNumber, mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1, ...over,
  });
  const flags = async (id: number, token = admin) => (await call('businessProposerInfo/getCueRedInfo', { id }, token)).body.data;
  const verdictOf = (data: { items: { code: string; verdict: string; observed: number | null }[] }, code: string) => data.items.find((i) => i.code === code);

  it('an age outside the range is refused by the HARD indicator with its reason and SMS; the case records the version', async () => {
    const res = await intake(idBorn('20120101'));
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.status).toBe('REFUSED');
    const app = await up().db.selectFrom('application as a').innerJoin('refuse_reason as r', 'r.id', 'a.refuse_reason_id').innerJoin('indicator_issue as i', 'i.id', 'a.indicator_issue_id')
      .select(['a.stage', 'a.assignee_id', 'a.check_outcome', 'r.content', 'r.sms_text', 'i.number']).where('a.id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ stage: null, assignee_id: null, check_outcome: 'REFUSED', content: '申请人年龄不在18至60周岁之间', number: 4 });
    const sms = await up().db.selectFrom('sms_outbox').select(['mobile', 'content']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms).toEqual({ mobile: '13712345678', content: expect.stringContaining(app.sms_text) });
    const data = await flags(res.body.data.id);
    expect(data).toMatchObject({ version: 4, outcome: 'REFUSED' });
    expect(verdictOf(data, 'AGE_RANGE')).toMatchObject({ verdict: 'REFUSED', observed: 14 });
    expect(verdictOf(data, 'AMOUNT_CAP')).toMatchObject({ verdict: 'PASSED', observed: -100000 });
  });

  it('a SOFT failure is a red flag: the case goes on, the flag is recorded and shown with the observed value', async () => {
    const res = await intake(idBorn('19900307', '997'));
    expect(res.body.data.status).toBe('IN_REVIEW');
    const data = await flags(res.body.data.id);
    expect(data.outcome).toBe('FLAGGED');
    expect(verdictOf(data, 'INSURED_MONTHS')).toMatchObject({ verdict: 'FLAGGED', observed: 0, simulated: true, source: 'INSURANCE', effect: 'SOFT' });
    expect(verdictOf(data, 'CURRENT_OVERDUE')).toMatchObject({ verdict: 'PASSED', observed: 0, simulated: true });
    expect(data.canRecheck).toBe(false);
    const overdue = await intake(idBorn('19900307', '999'));
    expect(overdue.body.data.status).toBe('REFUSED');
  });

  it('a source that fails or hangs gives "could not be checked", never a pass; the re-check runs it again', async () => {
    modes.insurance = 'fail';
    modes.credit = 'hang';
    try {
      const started = Date.now();
      const res = await intake(idBorn('19880808'));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.body.data.status).toBe('IN_REVIEW');
      const data = await flags(res.body.data.id, reviewer);
      expect(data.outcome).toBe('FLAGGED');
      for (const code of ['INSURED_MONTHS', 'CURRENT_OVERDUE', 'UNSETTLED_GUARANTEES']) expect(verdictOf(data, code)).toMatchObject({ verdict: 'UNCHECKED', observed: null });
      expect(data.canRecheck).toBe(true);
      modes.insurance = 'ok';
      modes.credit = 'ok';
      const again = await call('businessProposerInfo/recheck', { id: res.body.data.id }, reviewer);
      expect(again.body.code, again.body.message).toBe(200);
      expect(again.body.data).toMatchObject({ outcome: 'PASSED', canRecheck: false });
      expect(verdictOf(again.body.data, 'CURRENT_OVERDUE')).toMatchObject({ verdict: 'PASSED', observed: 0 });
    } finally {
      modes.insurance = 'ok';
      modes.credit = 'ok';
    }
  });

  it('a person blacklisted after intake shows as a red flag of the case', async () => {
    const id = idBorn('19850505');
    const res = await intake(id);
    expect((await flags(res.body.data.id)).blacklistHits).toEqual([]);
    expect((await call('sysBlackList/add', { name: '周晓明', idNumber: id, reason: '提供虚假材料' })).body.code).toBe(200);
    expect((await flags(res.body.data.id)).blacklistHits).toEqual([expect.objectContaining({ name: '周晓明', reason: '提供虚假材料' })]);
    expect((await call('businessProposerInfo/getCueRedInfo', { id: 99_999_999 })).status).toBe(404);
  });

  it('edits make a draft compared with the version in force; issue publishes it as the next version, all or nothing', async () => {
    const list = async () => (await call('business/index/list', { pageNum: 1, pageSize: 30 })).body.data.list as { code: string; change: string; changedFields: string[]; id: number; version: number; [k: string]: unknown }[];
    const before = await list();
    expect(before.map((r) => r.change)).toEqual(before.map(() => 'SAME'));
    const age = before.find((r) => r.code === 'AGE_RANGE')!;
    expectFields(await call('business/index/edit', { ...age, min: 70, max: 60 }), { max: 'validation.thresholdOrder' });
    expectFields(await call('business/index/edit', { ...age, refuseReasonId: null }), { refuseReasonId: 'validation.reasonRequired' });
    const edited = await call('business/index/edit', { ...age, max: 55 });
    expect(edited.body.data).toMatchObject({ max: 55, version: age.version + 1 });
    expect((await call('business/index/edit', { ...age, max: 50 })).status).toBe(409);
    const added = await call('business/index/edit', {
      code: 'YOUNG_FLAG', nameZh: '年轻申请人', nameEn: 'Young proposer', metric: 'AGE', operator: 'GTE', min: 22, borrowerTypes: ['PERSON'], effect: 'SOFT',
    });
    expect(added.body.data).toMatchObject({ source: 'APPLICATION', state: 'ENABLED' });
    const draft = await list();
    expect(draft.find((r) => r.code === 'AGE_RANGE')).toMatchObject({ change: 'CHANGED', changedFields: ['max'] });
    expect(draft.find((r) => r.code === 'YOUNG_FLAG')?.change).toBe('NEW');

    // Until issued, intake keeps version 4 (the seeded set, the small companies' staffing indicator, the client group and the term, the number of loans).
    expect((await intake(idBorn('19680101'))).body.data.status).toBe('IN_REVIEW');
    expect((await call('business/index/issue', { basedOn: 0 })).status).toBe(409);
    const issued = await call('business/index/issue', { basedOn: 4, note: '年龄上限调整为55岁' });
    expect(issued.body.data).toMatchObject({ number: 5, items: 12 });
    expect((await call('business/index/issue', { basedOn: 4 })).status).toBe(409);
    expect((await list()).every((r) => r.change === 'SAME')).toBe(true);

    const refused = await intake(idBorn('19680101'));
    expect(refused.body.data.status).toBe('REFUSED');
    const young = await intake(idBorn('20060101'));
    expect(young.body.data.status).toBe('IN_REVIEW');
    expect(verdictOf(await flags(young.body.data.id), 'YOUNG_FLAG')).toMatchObject({ verdict: 'FLAGGED', observed: 20 });

    const models = (await call('business/model/getList', { borrowerType: 'PERSON' })).body.data;
    expect(models).toHaveLength(1);
    expect(models[0].current).toMatchObject({ number: 5, indicators: 11, note: '年龄上限调整为55岁', checked: 2, refused: 1, flagged: 1, passed: 0 });
    expect(models[0].history.map((h: { number: number }) => h.number)).toEqual([5, 4, 3, 2, 1]);
    expect(models[0].history[1].checked).toBeGreaterThanOrEqual(6);
    const company = (await call('business/model/getList', { borrowerType: 'SMALL_COMPANY' })).body.data[0];
    expect(company.current).toMatchObject({ number: 5, indicators: 11 });
  });

  it('is the risk officers\' business: a reviewer gets 403; the edit button does not issue', async () => {
    for (const [path, body] of [
      ['business/index/list', { pageNum: 1, pageSize: 10 }], ['business/index/edit', { code: 'X' }], ['business/index/issue', { basedOn: 3 }],
      ['business/model/getList', {}],
    ] as const) {
      expect((await call(path, body, reviewer)).status, path).toBe(403);
    }
    const editor = await staffIn(up(), 'indicatoreditor', null, { pages: ['/admin/setting/model-setting-target'], buttons: ['indicator::edit'] });
    expect((await call('business/index/list', { pageNum: 1, pageSize: 10 }, editor.token)).status).toBe(200);
    expect((await call('business/index/issue', { basedOn: 3 }, editor.token)).status).toBe(403);
    const outsider = await staffIn(up(), 'nocases', null, { pages: ['/admin/setting/model-setting-target'] });
    expect((await call('businessProposerInfo/getCueRedInfo', { id: 1 }, outsider.token)).status).toBe(403);
  });
}, { simulatedSources: modes, sourceTimeoutMs: 300 });

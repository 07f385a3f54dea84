import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, newIdNumber } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';

/** The China day `months` after today (a strategy entry's last day). */
const monthsLater = (months: number) => {
  const [y, m, d] = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
};

describeUpstream('bank repayment reports and the blacklist strategy (COMPENSATED, OVERDUE_DAYS)', (up) => {
  const tokens: Record<string, string> = {};
  let rules: { compensated: { id: number; version: number }; overdue: { id: number; version: number } };
  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'bank3']) tokens[who] = await up().login(who);
    const situations = (await call('business-situation-condition/list', {})).body.data as { id: number; code: string }[];
    const situation = (code: string) => situations.find((s) => s.code === code)!.id;
    const compensated = await call('business-blacklist-strategy/edit', { name: '担保代偿', conditionId: situation('COMPENSATED'), months: 12, reason: '担保公司代偿' });
    const overdue = await call('business-blacklist-strategy/edit', { name: '逾期90天', conditionId: situation('OVERDUE_DAYS'), paramValue: 90, months: 24, reason: '逾期超过90天' });
    rules = { compensated: compensated.body.data, overdue: overdue.body.data };
  });
  const call = (path: string, body: unknown, who = 'admin') => up().call(path, body, { token: tokens[who] });
  const bankState = (body: object, who = 'bank3') => call('businessClubFirstTrial/bankState', body, who);
  const activeEntries = async (idNumber: string) => (await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber, state: 'ACTIVE' })).body.data;

  /** A case of a person of its own, approved: waiting for the bank's transfer reviewer. */
  async function approvedCase() {
    const app = await createCase(up().db);
    const idNumber = newIdNumber();
    const bank3 = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'bank3').executeTakeFirstOrThrow()).id;
    await up().db.updateTable('application').set({ id_number: idNumber, status: 'APPROVED', stage: 'BANK_TRANSFER', node_id: null, assignee_id: bank3 })
      .where('id', '=', app.id).execute();
    return { ...app, idNumber };
  }

  /** A case of a person of its own, approved and then issued by the bank through bankState. */
  async function loanedCase() {
    const app = await approvedCase();
    const idNumber = app.idNumber;
    const issued = await bankState({ id: app.id, version: app.version, key: key(), issued: true, loanAmount: 200000, loanDate: '2026-11-20' });
    expect(issued.body.code, issued.body.message).toBe(200);
    return { id: app.id, idNumber, version: issued.body.data.application.version as number };
  }

  it('a repayment report needs an issued loan, the bank stage\'s button and the days of an overdue', async () => {
    const app = await approvedCase();
    const notLoaned = await bankState({ id: app.id, version: app.version, key: key(), issued: true, repayment: 'NORMAL' });
    expect(notLoaned.status).toBe(409);
    const loan = await loanedCase();
    expectFields(await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'OVERDUE' }), { overdueDays: 'validation.overdueDays' });
    expectFields(await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'OVERDUE', overdueDays: 0 }), { overdueDays: 'validation.overdueDays' });
    expectFields(await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'LATE' }), { repayment: 'validation.invalid' });
    expect((await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'NORMAL' }, 'renshe')).status).toBe(403);
    expect((await bankState({ id: loan.id, version: loan.version + 3, key: key(), issued: true, repayment: 'NORMAL' })).status).toBe(409);
    expect((await bankState({ id: 99_999_999, version: 1, key: key(), issued: true, repayment: 'NORMAL' })).status).toBe(404);
    const normal = await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'NORMAL' });
    expect(normal.body.data.application.status).toBe('LOANED');
    const row = await up().db.selectFrom('application').select(['status', 'repayment_state', 'overdue_days']).where('id', '=', loan.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'LOANED', repayment_state: 'NORMAL', overdue_days: null });
    expect((await activeEntries(loan.idNumber)).total).toBe(0);
  });

  it('a compensation blacklists the proposer for the rule\'s months in the same transaction; a second one adds no second entry', async () => {
    const loan = await loanedCase();
    const body = { id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'COMPENSATED', opinion: '担保公司已代偿' };
    const first = await bankState(body);
    expect(first.body.code, first.body.message).toBe(200);
    const entries = await activeEntries(loan.idNumber);
    expect(entries.total).toBe(1);
    expect(entries.list[0]).toMatchObject({ source: 'STRATEGY', sourceRef: `rule:${rules.compensated.id}`, reason: '担保公司代偿', expiresOn: monthsLater(12) });
    // The same key again is a retry: the first answer, nothing written twice.
    const retry = await bankState(body);
    expect(retry.body.data.recordId).toBe(first.body.data.recordId);
    const again = await bankState({ ...body, version: first.body.data.application.version, key: key() });
    expect(again.body.code).toBe(200);
    expect((await activeEntries(loan.idNumber)).total).toBe(1);
    const records = await up().db.selectFrom('approval_record').select(['action', 'details']).where('application_id', '=', loan.id).orderBy('id').execute();
    expect(records.at(-1)).toMatchObject({ action: 'BANK_STATE', details: { repayment: 'COMPENSATED', overdueDays: null } });
    // The case's history shows each report.
    const history = (await call('businessApproveRecord/getList', { id: loan.id })).body.data;
    expect(history.slice(-3)).toEqual([
      expect.objectContaining({ action: 'BANK_STATE', toStatus: 'LOANED' }),
      expect.objectContaining({ action: 'BANK_STATE', toStatus: 'LOANED', repayment: 'COMPENSATED', overdueDays: null, opinion: '担保公司已代偿' }),
      expect.objectContaining({ action: 'BANK_STATE', repayment: 'COMPENSATED' }),
    ]);
    expect(history.at(-3)).not.toHaveProperty('repayment');
    expect((await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10, name: '担保代偿' })).body.data.list[0].added).toBe(1);
  });

  it('an overdue blacklists only beyond the rule\'s days; a disabled rule does nothing', async () => {
    const loan = await loanedCase();
    const thirty = await bankState({ id: loan.id, version: loan.version, key: key(), issued: true, repayment: 'OVERDUE', overdueDays: 90 });
    expect(thirty.body.code, thirty.body.message).toBe(200);
    expect((await activeEntries(loan.idNumber)).total).toBe(0);
    const ninetyOne = await bankState({ id: loan.id, version: thirty.body.data.application.version, key: key(), issued: true, repayment: 'OVERDUE', overdueDays: 91 });
    expect(ninetyOne.body.code).toBe(200);
    expect((await activeEntries(loan.idNumber)).list).toEqual([expect.objectContaining({ source: 'STRATEGY', sourceRef: `rule:${rules.overdue.id}`, expiresOn: monthsLater(24) })]);
    expect(await up().db.selectFrom('application').select(['repayment_state', 'overdue_days']).where('id', '=', loan.id).executeTakeFirstOrThrow())
      .toEqual({ repayment_state: 'OVERDUE', overdue_days: 91 });

    // Disabling the rules (the seeded ones and this test's): the same events add nothing.
    const all = (await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 30 })).body.data.list as { id: number; version: number; condition: string }[];
    for (const rule of all.filter((r) => r.condition !== 'FALSE_MATERIAL')) {
      expect((await call('business-blacklist-strategy/del', { id: rule.id, version: rule.version })).body.code).toBe(200);
    }
    const other = await loanedCase();
    const overdue = await bankState({ id: other.id, version: other.version, key: key(), issued: true, repayment: 'OVERDUE', overdueDays: 400 });
    const compensated = await bankState({ id: other.id, version: overdue.body.data.application.version, key: key(), issued: true, repayment: 'COMPENSATED' });
    expect(compensated.body.code).toBe(200);
    expect((await activeEntries(other.idNumber)).total).toBe(0);
  });
});

describeUpstream('the staffing indicator of small companies (KEY_HIRES)', (up) => {
  let admin: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    for (const [k, name] of Object.entries(ORGS)) {
      orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  const call = (path: string, body: unknown) => up().call(path, body, { token: admin });
  const employee = (keyGroup: boolean) => ({ name: '员工', idNumber: newIdNumber(), mobile: '13812345678', gender: 'FEMALE', keyGroup });
  /** A small company's application with `staff` staff and `keyHires` new hires from the key groups (and one other new hire). */
  const intake = (staff: number | undefined, keyHires: number) => call('channel/application/submit', {
    clientKey: randomUUID(), borrowerType: 'SMALL_COMPANY',
    proposer: { name: '刘志强', idNumber: newIdNumber(), mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '化解过剩产能企业职工' },
    employees: [...Array.from({ length: keyHires }, () => employee(true)), employee(false)],
    ...(staff === undefined ? {} : { staffCount: staff }),
    guarantors: [{ name: '王建国', idNumber: newIdNumber(), mobile: '13612345678', gender: 'MALE' }],
    businessName: '长沙星火科技有限公司', amount: 300000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'GUARANTOR',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1,
  });
  const verdict = async (id: number) => {
    const data = (await up().call('businessProposerInfo/getCueRedInfo', { id }, { token: admin })).body.data;
    return { version: data.version, ...data.items.find((i: { code: string }) => i.code === 'KEY_HIRES') };
  };

  it('is part of a new issued version for small companies only; older versions keep their items', async () => {
    const models = (await call('business/model/getList', { borrowerType: 'SMALL_COMPANY' })).body.data[0];
    expect(models.current).toMatchObject({ number: 4 });
    const issues = await up().db.selectFrom('indicator_issue').select(['number', 'items']).orderBy('number').execute();
    expect(issues.map((i) => i.items.some((item) => item.code === 'KEY_HIRES'))).toEqual([false, true, true, true]);
    expect(issues[1]!.items.find((i) => i.code === 'KEY_HIRES')).toMatchObject({ borrower_types: ['SMALL_COMPANY'], effect: 'HARD', metric: 'KEY_HIRE_MARGIN' });
    expect(issues[1]!.items.filter((i) => i.code !== 'KEY_HIRES')).toEqual(issues[0]!.items);
  });

  it('a small company needs its staff count, at least as many as its new hires', async () => {
    expectFields(await intake(undefined, 2), { staffCount: 'validation.staffCount' });
    expectFields(await intake(0, 2), { staffCount: 'validation.staffCount' });
    expectFields(await intake(2, 2), { staffCount: 'validation.staffBelowHires' });
  });

  describe.each([
    // staff, key-group hires, share, passes
    [100, 14, '14%', false],
    [100, 15, '15%', true],
    [101, 8, '7.92%', false],
    [101, 9, '8.91%', true],
    [200, 15, '7.5%', false],
    [200, 16, '8%', true],
  ] as const)('at %i staff with %i key-group hires (%s)', (staff, keyHires, _share, passes) => {
    it(passes ? 'passes' : 'is refused with the indicator\'s reason', async () => {
      const res = await intake(staff, keyHires);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const app = await up().db.selectFrom('application as a').leftJoin('refuse_reason as r', 'r.id', 'a.refuse_reason_id')
        .select(['a.status', 'a.staff_count', 'r.content']).where('a.id', '=', res.body.data.id).executeTakeFirstOrThrow();
      const keyRow = await up().db.selectFrom('application_person').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('application_id', '=', res.body.data.id).where('key_group', '=', true).executeTakeFirstOrThrow();
      expect(Number(keyRow.n)).toBe(keyHires);
      expect(app.staff_count).toBe(staff);
      const needed = staff > 100 ? 8 : 15;
      expect(await verdict(res.body.data.id)).toMatchObject({
        version: 4, verdict: passes ? 'PASSED' : 'REFUSED', observed: Math.round((keyHires * 100 / staff - needed) * 100) / 100,
      });
      if (passes) expect(app.status).toBe('IN_REVIEW');
      else expect(app).toMatchObject({ status: 'REFUSED', content: expect.stringContaining('新招用重点群体人员占比不足') });
    });
  });

  it('reads the small companies\' limits at check time: raising a share refuses what passed, lowering it passes what was refused', async () => {
    const limits = async (body: { keyHireShare: number; keyHireLargeShare: number; keyHireStaffThreshold: number }) => {
      const small = (await call('business-client-group/typeOfBorrowerList', {})).body.data.find((t: { borrowerType: string }) => t.borrowerType === 'SMALL_COMPANY');
      const res = await call('business-client-group/typeOfBorrowerUpdate', { ...small, ...body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    };
    const checked = async (staff: number, keyHires: number) => {
      const res = await intake(staff, keyHires);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const status = (await up().db.selectFrom('application').select('status').where('id', '=', res.body.data.id).executeTakeFirstOrThrow()).status;
      const { verdict: v, observed } = await verdict(res.body.data.id);
      return { status, verdict: v, observed };
    };
    const passed = (observed: number) => ({ status: 'IN_REVIEW', verdict: 'PASSED', observed });
    const refused = (observed: number) => ({ status: 'REFUSED', verdict: 'REFUSED', observed });
    try {
      // The policy's figures: 15 of 100 pass, 14 of 100 fail; 9 of 101 pass, 8 of 101 fail.
      expect(await checked(100, 15)).toEqual(passed(0));
      expect(await checked(100, 14)).toEqual(refused(-1));
      expect(await checked(101, 9)).toEqual(passed(0.91));

      // A share raised to 16%: the same 15 of 100 are refused; the threshold raised to 200: 9 of 101 need 16% too.
      await limits({ keyHireShare: 16, keyHireLargeShare: 8, keyHireStaffThreshold: 200 });
      expect(await checked(100, 15)).toEqual(refused(-1));
      expect(await checked(101, 9)).toEqual(refused(-7.09));
      expect(await checked(201, 17)).toEqual(passed(0.46));

      // Shares lowered to 13.5% and 7.5%: 14 of 100 and 16 of 201 (7.96%) pass.
      await limits({ keyHireShare: 13.5, keyHireLargeShare: 7.5, keyHireStaffThreshold: 200 });
      expect(await checked(100, 14)).toEqual(passed(0.5));
      expect(await checked(201, 16)).toEqual(passed(0.46));
      expect(await checked(201, 15)).toEqual(refused(-0.04));
    } finally {
      await limits({ keyHireShare: 15, keyHireLargeShare: 8, keyHireStaffThreshold: 100 });
    }
    // What was checked keeps the limits it was checked with.
    const detail = await up().db.selectFrom('application_check').select('detail').where('code', '=', 'KEY_HIRES').orderBy('checked_at', 'desc').orderBy('application_id', 'desc').executeTakeFirstOrThrow();
    expect(detail.detail).toEqual({ staff: 201, keyHires: 15, limits: { share: 13.5, largeShare: 7.5, staffThreshold: 200 } });
  });
});

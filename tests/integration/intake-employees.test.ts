import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { describeUpstream } from './harness';
import { countRows, expectFields, orgIdOf } from './helpers';
import { ORGS } from './workflow-fixtures';

const idOf = (first17: string) => first17 + idCheckDigit(first17);

describeUpstream('intake records the borrower’s employees with the key-group mark; the report counts them', (up) => {
  let admin: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    for (const key of ['renshe', 'gc1', 'bank1'] as const) orgs[key] = await orgIdOf(up().db, ORGS[key]);
  });
  const employee = (n: number, keyGroup?: boolean) => ({
    name: `员工${n}`, idNumber: idOf(`43010219950101${String(100 + n).padStart(3, '0')}`), mobile: `1390000000${n}`, gender: 'FEMALE', workUnit: '小店',
    ...(keyGroup === undefined ? {} : { keyGroup }),
  });
  const payload = (over: Record<string, unknown> = {}) => ({
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: '钱多多', idNumber: idOf('43010219910203452'), mobile: '13712340000', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    amount: 150000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1, ...over,
  });
  const submit = (body: object) => up().call('channel/application/submit', body, { token: admin });
  const PERIOD = { monthFrom: '2014-01', monthTo: '2014-12' };

  it('stores each employee and the mark, the case shows it, and once loaned the jobs created count them', async () => {
    const answer = await submit(payload({ employees: [employee(1, true), employee(2, false), employee(3)] }));
    expect(answer.status).toBe(200);
    const { id } = answer.body.data;
    const shown = (await up().call('businessProposerInfo/getEmployee', { id }, { token: admin })).body.data;
    expect(shown.map((p: { name: string; keyGroup: boolean; idNumber: string }) => [p.name, p.keyGroup, p.idNumber.includes('*')])).toEqual([
      ['员工1', true, true], ['员工2', false, true], ['员工3', false, true],
    ]);

    const before = (await up().call('businessClubFirstTrial/employmentForm', PERIOD, { token: admin })).body.data;
    expect(before.rows).toEqual([]);
    // The bank issues the loan (in 2014, before any demo loan): the report's jobs created follow.
    await up().db.updateTable('application').set({ status: 'LOANED', stage: null, node_id: null, assignee_id: null, loan_amount: 150000, loan_date: '2014-06-10' })
      .where('id', '=', id).execute();
    const jobs = (await up().call('businessClubFirstTrial/employmentForm', PERIOD, { token: admin })).body.data;
    expect(jobs.rows).toEqual([{ month: '2014-06', borrowerType: 'PERSON', loans: 1, employees: 3, keyEmployees: 1 }]);
    const report = (await up().call('reportStatistics/form', PERIOD, { token: admin })).body.data;
    expect(report.totals).toMatchObject({ loans: 1, employees: 3, keyEmployees: 1 });
    const key = (await up().call('businessClubFirstTrial/employmentFormUnfold', { ...PERIOD, keyGroup: true, pageNum: 1, pageSize: 10 }, { token: admin })).body.data;
    expect(key.list.map((r: { name: string }) => r.name)).toEqual(['员工1']);
  });

  it('a bad employee is 422 naming the field, and nothing is entered', async () => {
    const before = await countRows(up().db, 'application');
    const persons = await countRows(up().db, 'application_person');
    expectFields(await submit(payload({ employees: [employee(1), { ...employee(2), keyGroup: 'yes' }] })), { 'employees.1.keyGroup': 'validation.invalid' });
    expectFields(await submit(payload({ employees: [{ ...employee(1), idNumber: '430102199501011' }] })), { 'employees.0.idNumber': 'validation.idNumber' });
    expectFields(await submit(payload({ employees: [{ ...employee(1), mobile: '123' }] })), { 'employees.0.mobile': 'validation.mobileFormat' });
    expectFields(await submit(payload({ employees: [{ ...employee(1), name: ' ' }] })), { 'employees.0.name': 'validation.fieldRequired' });
    expectFields(await submit(payload({ employees: Array.from({ length: 201 }, (_, i) => employee(i % 10)) })), { employees: 'validation.invalid' });
    expect(await countRows(up().db, 'application')).toBe(before);
    expect(await countRows(up().db, 'application_person')).toBe(persons);
  });
});

import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn } from './helpers';
import { createCase, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';
import { openMissingAccounts } from '../../upstream/modules/loans/backfill';
import { fillSubsidies } from '../../upstream/modules/subsidy/backfill';

describeUpstream('the monthly report: loans, people, jobs, banks, subsidy, guarantee balances', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'bank']) tokens[name] = await up().login(name);
  });
  const call = async (path: string, body: object, who = 'admin', locale?: string) => up().call(path, body, { token: tokens[who], locale });
  const PERIOD = { monthFrom: '2015-01', monthTo: '2015-12' };

  /** A small company's loan issued in 2015 (before the demo's loans), with three employees, one from the key groups, and its product. */
  async function loan(day: string, amount: number, bank: 'bank1' | 'bank2' = 'bank1') {
    const app = await createCase(up().db, { bank });
    const product = await up().db.selectFrom('loan_product').select(['id']).where('borrower_type', '=', 'SMALL_COMPANY').where('current', '=', true).executeTakeFirstOrThrow();
    await up().db.insertInto('application_person').values([0, 1, 2].map((i) => ({
      application_id: app.id, role: 'EMPLOYEE' as const, name: `员工${i}`, id_number: '430102199001011234', mobile: '13700000000', gender: 'MALE' as const,
      guarantor_id: null, share_ratio: null, key_group: i === 0,
    }))).execute();
    await up().db.updateTable('application').set({
      status: 'LOANED', stage: null, node_id: null, assignee_id: null, borrower_type: 'SMALL_COMPANY', product_id: product.id, loan_amount: amount, loan_date: day, term_months: 12, rate: 0.06,
    }).where('id', '=', app.id).execute();
    await openMissingAccounts(up().db);
    await fillSubsidies(up().db);
    return { app };
  }

  it('counts the loans issued, the people and jobs they bring and the subsidy owed, by region, month and bank, as the loans say', async () => {
    const before = (await call('reportStatistics/form', PERIOD)).body.data;
    expect(before.totals).toEqual({ loans: 0, amount: 0, people: 0, employees: 0, keyEmployees: 0, repaid: 0, outstanding: 0, overdue: 0, compensated: 0, recovered: 0 });
    expect(before.subsidy.totals).toEqual({ owed: 0, claimed: 0, paid: 0 });
    await loan('2015-03-10', 120000);
    await loan('2015-03-20', 80000, 'bank2');
    const data = (await call('reportStatistics/form', PERIOD)).body.data;
    expect(data.totals).toMatchObject({ loans: 2, amount: 200000, people: 2, employees: 6, keyEmployees: 2 });
    // Where the two loans stand now, from their accounts: interest-only, matured, the last period (the principal) still owed.
    const { rows: [direct] } = await sql<{ repaid: string; live: string; overdue: string }>`select sum(principal - outstanding) / 100.0 as repaid,
        sum(outstanding) filter (where state in ('CURRENT', 'OVERDUE')) / 100.0 as live, coalesce(sum(outstanding) filter (where state = 'OVERDUE'), 0) / 100.0 as overdue
      from loan_account where issue_date between '2015-01-01' and '2015-12-31'`.execute(up().db);
    expect(data.totals).toMatchObject({ repaid: Number(direct!.repaid), outstanding: Number(direct!.live), overdue: Number(direct!.overdue), compensated: 0, recovered: 0 });
    expect(data.totals.outstanding).toBe(200000);
    // The subsidy owed: the periods repaid on time in 2015 (April to December), by the month each was repaid.
    const { rows: owed } = await sql<{ month: string; fen: string }>`select to_char(p.paid_on, 'YYYY-MM') as month, sum(p.subsidy) as fen
      from loan_period p where p.subsidy > 0 and p.paid_on between '2015-01-01' and '2015-12-31' group by 1 order by 1`.execute(up().db);
    expect(owed.map((r) => r.month)).toEqual(['2015-04', '2015-05', '2015-06', '2015-07', '2015-08', '2015-09', '2015-10', '2015-11', '2015-12']);
    expect(Math.round(data.subsidy.totals.owed * 100)).toBe(owed.reduce((n, r) => n + Number(r.fen), 0));
    expect(data.subsidy.byMonth.filter((m: { owed: number }) => m.owed > 0).map((m: { month: string; owed: number }) => [m.month, Math.round(m.owed * 100)]))
      .toEqual(owed.map((r) => [r.month, Number(r.fen)]));
    expect(data.subsidy.totals).toMatchObject({ claimed: 0, paid: 0 });
    expect(data.rows.find((r: { month: string }) => r.month === '2015-03')).toMatchObject({ region: '430100', regionName: '长沙市', loans: 2, amount: 200000, employees: 6 });
    const english = (await call('reportStatistics/form', PERIOD, 'admin', 'en')).body.data;
    expect(english.rows.find((r: { month: string }) => r.month === '2015-03')).toMatchObject({ region: '430100', regionName: 'Changsha' });
    expect(english.regions).toContainEqual({ code: '430100', name: 'Changsha' });
    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth[1]).toMatchObject({ month: '2015-02', loans: 0 });
    expect(data.subsidy.byMonth[2]).toEqual({ month: '2015-03', owed: 0, claimed: 0, paid: 0 });

    const banks = (await call('bankStatistics/form', PERIOD)).body.data;
    expect(banks.rows.map((r: { bank: string; loans: number }) => [r.bank, r.loans])).toEqual([[ORGS.bank1, 1], [ORGS.bank2, 1]]);
    expect(banks.subsidy.rows.map((r: { bank: string }) => r.bank)).toEqual([ORGS.bank1, ORGS.bank2]);
    expect(banks.subsidy.totals).toEqual(data.subsidy.totals);
    const jobs = (await call('businessClubFirstTrial/employmentForm', PERIOD)).body.data;
    expect(jobs.rows).toEqual([{ month: '2015-03', borrowerType: 'SMALL_COMPANY', loans: 2, employees: 6, keyEmployees: 2 }]);
    const key = (await call('businessClubFirstTrial/employmentFormUnfold', { ...PERIOD, month: '2015-03', keyGroup: true, pageNum: 1, pageSize: 10 })).body.data;
    expect(key.total).toBe(2);
    expect(key.list[0]).toMatchObject({ name: '员工0', keyGroup: true, idNumber: '430***********1234', borrowerType: 'SMALL_COMPANY', loanDate: '2015-03-20' });

    // The tally follows a loan taken back (its state corrected) and an employee added afterwards.
    const { app } = await loan('2015-05-02', 50000);
    await up().db.insertInto('application_person').values({ application_id: app.id, role: 'EMPLOYEE', name: '新员工', id_number: '430102199001011234', mobile: '13700000000', gender: 'FEMALE', guarantor_id: null, share_ratio: null, key_group: true }).execute();
    expect((await call('reportStatistics/form', PERIOD)).body.data.totals).toMatchObject({ loans: 3, employees: 10, keyEmployees: 4 });
    await up().db.updateTable('application').set({ status: 'NOT_ISSUED' }).where('id', '=', app.id).execute();
    expect((await call('reportStatistics/form', PERIOD)).body.data.totals).toMatchObject({ loans: 2, employees: 6, keyEmployees: 2 });
    const { rows } = await sql<{ n: string }>`select count(*) as n from application where status = 'LOANED' and loan_date between '2015-01-01' and '2015-12-31'`.execute(up().db);
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it('a bank sees its own loans only; the page is needed; bad input is 422', async () => {
    await loan('2015-07-01', 60000, 'bank2');
    const viewer = await staffIn(up(), 'report_bank_viewer', await orgIdOf(up().db, ORGS.bank2), { pages: ['/admin/setting/report'] });
    const own = (await up().call('bankStatistics/form', PERIOD, { token: viewer.token })).body.data;
    expect(own.rows.map((r: { bank: string }) => r.bank)).toEqual([ORGS.bank2]);
    expect((await call('reportStatistics/form', PERIOD, 'bank')).status).toBe(403);
    expect((await up().call('reportStatistics/export', PERIOD, { token: viewer.token })).status).toBe(403);
    expectFields(await call('reportStatistics/form', { monthFrom: '2015-13', monthTo: '2015-01' }), { monthFrom: 'validation.month' });
    expectFields(await call('reportStatistics/form', { monthFrom: '2012-01', monthTo: '2015-12' }), { monthFrom: 'validation.periodTooLong' });
    expectFields(await call('reportStatistics/form', { monthFrom: '2015-05', monthTo: '2015-01' }), { monthTo: 'validation.dateOrder' });
    expectFields(await call('businessClubFirstTrial/employmentFormUnfold', { pageNum: 1, pageSize: 10, keyGroup: 'yes', borrowerType: 'CAT' }), { keyGroup: 'validation.invalid', borrowerType: 'validation.invalid' });
  });

  it('exports the report with its jobs and guarantee balances, and the jobs alone, in the caller’s language', async () => {
    const response = await up().request('reportStatistics/export', PERIOD, { token: tokens.admin, locale: 'en' });
    const book = readXlsx(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(book)).toEqual(['By region and month', 'By month', 'By bank', 'Subsidy by month and region', 'Subsidy by bank', 'Subsidy by month and bank', 'Jobs created', 'Guarantee companies']);
    expect(book['By month']![0]).toEqual(['Month issued', 'Loans issued', 'Amount issued (yuan)', 'People supported', 'Jobs created', 'Of them from key groups',
      'Principal repaid (yuan)', 'Outstanding (yuan)', 'Of it overdue (yuan)', 'Compensated (yuan)', 'Recovered (yuan)']);
    expect(book['Subsidy by month and region']![0]).toEqual(['Month repaid', 'Region', 'Subsidy owed (yuan)', 'Subsidy claimed (yuan)', 'Subsidy paid (yuan)']);
    expect(book['Subsidy by month and region']!.slice(1).every((row) => row.slice(2).every((cell) => typeof cell === 'number'))).toBe(true);
    const jobs = readXlsx(new Uint8Array(await (await up().request('businessClubFirstTrial/employmentFormExport', PERIOD, { token: tokens.admin })).arrayBuffer()));
    expect(Object.keys(jobs)).toEqual(['带动就业']);
  });
});

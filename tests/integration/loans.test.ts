import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, newIdNumber, staffIn } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import { rollOverdue } from '../../upstream/modules/loans/roll';
import { openMissingAccounts } from '../../upstream/modules/loans/backfill';
import { chinaToday } from '../../lib/china-time';
import { readXlsx } from './xlsx-reader';

type Account = {
  account: { id: number; state: string; outstanding: number; principal: number; version: number; overdueDays: number; nextDueDate: string | null; settledHow: string | null };
  schedule: { period: number; dueDate: string; principal: number; interest: number; state: string; paidOn: string | null }[];
  repayments: { reportId: string; kind: string; lateDays: number }[];
  can: Record<string, boolean>;
};

const daysAgo = (days: number) => new Date(Date.now() + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
const fen = (yuan: number) => Math.round(yuan * 100);

describeUpstream('the loan after issue: accounts, schedules, repayment reports, the daily roll, borrowing again', (up) => {
  const tokens: Record<string, string> = {};
  let otherBank: string;
  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'guarantee', 'bank', 'bank2']) tokens[who] = await up().login(who);
    const bank2 = (await up().db.selectFrom('organization').select('id').where('name', '=', ORGS.bank2).executeTakeFirstOrThrow()).id;
    otherBank = (await staffIn(up(), 'ccb-reviewer', bank2, { pages: ['/post-loan/ledger'], buttons: ['postLoan::repay'] })).token;
  });
  const call = (path: string, body: unknown, who: string = 'admin') => up().call(path, body, { token: tokens[who] ?? who });
  const info = async (id: number, who = 'bank') => (await call('loanAccount/getInfo', { id }, who)).body.data as Account;

  /** A case of a person of its own, approved and issued by the bank through bankState on `loanDate`. */
  async function loan(options: { loanDate?: string; amount?: number; term?: number; method?: string } = {}) {
    const app = await createCase(up().db);
    const idNumber = newIdNumber();
    const bank3 = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'bank3').executeTakeFirstOrThrow()).id;
    await up().db.updateTable('application').set({
      id_number: idNumber, status: 'APPROVED', stage: 'BANK_TRANSFER', node_id: null, assignee_id: bank3,
      term_months: options.term ?? 12, rate: '0.0435', repayment_method: (options.method ?? 'EQUAL_INSTALMENT') as 'EQUAL_INSTALMENT',
    }).where('id', '=', app.id).execute();
    tokens.bank3 ??= await up().login('bank3');
    const issued = await call('businessClubFirstTrial/bankState', {
      id: app.id, version: app.version, key: key(), issued: true, loanAmount: options.amount ?? 100000, loanDate: options.loanDate ?? daysAgo(3),
    }, 'bank3');
    expect(issued.body.code, issued.body.message).toBe(200);
    return { id: app.id, number: app.number, idNumber };
  }

  const repay = (id: number, version: number, over: Record<string, unknown>, who = 'bank') =>
    call('loanAccount/repay', { id, version, key: key(), reportId: `R-${randomUUID().slice(0, 8)}`, kind: 'PERIOD', paidOn: chinaToday(), principal: 0, interest: 0, ...over }, who);

  it('the bank\'s issue opens the account: the schedule sums to the loan, at the product\'s rate and method', async () => {
    const { id } = await loan({ amount: 100000, term: 12 });
    const account = await info(id);
    expect(account.account).toMatchObject({ state: 'CURRENT', principal: 100000, outstanding: 100000, overdueDays: 0 });
    expect(account.schedule).toHaveLength(12);
    expect(account.schedule.reduce((s, p) => s + fen(p.principal), 0)).toBe(fen(100000));
    // 100,000 at 4.35% over 12 months: 8,530.99 a month.
    expect(fen(account.schedule[0]!.principal + account.schedule[0]!.interest)).toBe(853_099);
    expect(account.account.nextDueDate).toBe(account.schedule[0]!.dueDate);
    // The same figures, recomputed from the base tables.
    const row = await up().db.selectFrom('loan_period').select((eb) => [eb.fn.sum<string>('principal').as('p'), eb.fn.count<string>('period').as('n')])
      .where('application_id', '=', id).executeTakeFirstOrThrow();
    expect([Number(row.p), Number(row.n)]).toEqual([10_000_000, 12]);
  });

  it('each organisation sees its own loans: the bank, the guarantee company and renshe; another bank none', async () => {
    const { id, number } = await loan();
    for (const who of ['bank', 'guarantee', 'renshe', 'admin']) {
      const list = (await call('loanAccount/getList', { pageNum: 1, pageSize: 10, keyword: number }, who)).body.data;
      expect(list.list.map((r: { id: number }) => r.id), who).toEqual([id]);
      expect(list.list[0].idNumber).toMatch(/\*{4}/);
    }
    expect((await call('loanAccount/getList', { pageNum: 1, pageSize: 10, keyword: number }, otherBank)).body.data.total).toBe(0);
    expect((await call('loanAccount/getInfo', { id }, otherBank)).status).toBe(404);
    // Another bank's loans are 404 to its repayment report too, and nothing is written.
    const before = await info(id);
    expect((await repay(id, before.account.version, { period: 1, principal: before.schedule[0]!.principal, interest: before.schedule[0]!.interest }, otherBank)).status).toBe(404);
    expect((await info(id)).account.version).toBe(before.account.version);
    // A user without the page is refused the ledger; renshe holds no repayment button.
    const stranger = await staffIn(up(), 'no-ledger', null, { pages: ['/admin/home/loan'] });
    expect((await call('loanAccount/getList', { pageNum: 1, pageSize: 10 }, stranger.token)).status).toBe(403);
    expect((await repay(id, before.account.version, { period: 1 }, 'renshe')).status).toBe(403);
    expect(before.can).toMatchObject({ repay: true, compensate: false });
    expect((await info(id, 'renshe')).can.repay).toBe(false);
  });

  it('the ledger exports its search as .xlsx for holders of the export button only', async () => {
    const { number } = await loan();
    const file = await up().request('loanAccount/export', { keyword: number }, { token: tokens.bank, locale: 'en' });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = Object.values(readXlsx(new Uint8Array(await file.arrayBuffer())))[0]!;
    expect(sheet[0]!.slice(0, 3)).toEqual(['Loan number', 'Borrower', 'ID number']);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]!.slice(0, 1)).toEqual([number]);
    expect(sheet[1]![10]).toBe('Current');
    expect((await up().request('loanAccount/export', {}, { token: otherBank })).status).toBe(403);
  });

  it('a period report pays the earliest unpaid period exactly; a replay is harmless, a reused report id, a stale version and bad input are refused', async () => {
    const { id } = await loan();
    const start = await info(id);
    const first = start.schedule[0]!;
    expectFields(await repay(id, start.account.version, { period: 2, principal: first.principal, interest: first.interest }), { period: 'validation.periodNotNext' });
    expectFields(await repay(id, start.account.version, { period: 1, principal: first.principal + 0.01, interest: first.interest }), { principal: 'validation.periodAmount' });
    expectFields(await repay(id, start.account.version, { period: 1, principal: first.principal, interest: first.interest, paidOn: '2099-01-01' }), { paidOn: 'validation.paidOn' });
    expectFields(await repay(id, start.account.version, { kind: 'PERIOD' }), { period: 'validation.fieldRequired' });
    expectFields(await repay(id, start.account.version, { period: 1, reportId: '../x' }), { reportId: 'validation.reportId' });
    expect((await repay(id, start.account.version + 1, { period: 1, principal: first.principal, interest: first.interest })).status).toBe(409);
    const body = { period: 1, principal: first.principal, interest: first.interest, reportId: 'ICBC-2026-0001' };
    const paid = await repay(id, start.account.version, body);
    expect(paid.body.code, paid.body.message).toBe(200);
    const after = paid.body.data as Account;
    expect(after.schedule[0]).toMatchObject({ state: 'PAID', paidOn: chinaToday() });
    expect(fen(after.account.outstanding)).toBe(fen(100000) - fen(first.principal));
    // The bank sends the same report again (a new key, the old version): the account as it stands.
    const replay = await repay(id, start.account.version, body);
    expect(replay.body.code).toBe(200);
    expect((replay.body.data as Account).repayments).toHaveLength(1);
    expect((await repay(id, after.account.version, { ...body, interest: first.interest + 1 })).status).toBe(409);
    expect(await up().db.selectFrom('audit_log').select('action').where('action', '=', 'loan.repay').where('target_id', '=', String(id)).execute()).toHaveLength(1);
  });

  it('an early repayment of part recomputes the rest; of all settles the loan, after which reports are refused', async () => {
    const { id } = await loan({ amount: 120000, term: 12 });
    const start = await info(id);
    const part = await repay(id, start.account.version, { kind: 'EARLY', principal: 60000, interest: 100 });
    expect(part.body.code, part.body.message).toBe(200);
    const halved = part.body.data as Account;
    expect(halved.account.outstanding).toBe(60000);
    expect(halved.schedule).toHaveLength(12);
    expect(halved.schedule.reduce((s, p) => s + fen(p.principal), 0)).toBe(fen(60000));
    expect(fen(halved.schedule[0]!.principal)).toBeLessThan(fen(start.schedule[0]!.principal));
    expectFields(await repay(id, halved.account.version, { kind: 'EARLY', principal: 60000.01 }), { principal: 'validation.overOutstanding' });
    const all = await repay(id, halved.account.version, { kind: 'EARLY', principal: 60000, interest: 50 });
    const settled = all.body.data as Account;
    expect(settled.account).toMatchObject({ state: 'SETTLED', settledHow: 'EARLY_REPAID', outstanding: 0 });
    expect(settled.can.repay).toBe(false);
    const refused = await repay(id, settled.account.version, { kind: 'EARLY', principal: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('结清');
  });

  it('the daily roll turns an unpaid due period overdue once a day, tells the bank, and a late payment clears it', async () => {
    const { id } = await loan({ loanDate: daysAgo(45), term: 6, method: 'INTEREST_MONTHLY' });
    const before = await info(id);
    const due = before.schedule[0]!;
    expect(due.dueDate < chinaToday()).toBe(true);
    const rolled = await rollOverdue(up().db, new Date());
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(await rollOverdue(up().db, new Date())).toBeNull();
    const overdue = await info(id);
    const days = Math.round((Date.parse(chinaToday()) - Date.parse(due.dueDate)) / 86_400_000);
    expect(overdue.account).toMatchObject({ state: 'OVERDUE', overdueDays: days });
    expect(overdue.schedule[0]!.state).toBe('OVERDUE');
    const bankUser = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'bank').executeTakeFirstOrThrow()).id;
    const told = await up().db.selectFrom('message').select(['text_key', 'menu_url']).where('user_id', '=', bankUser).where('text_key', '=', 'message.loansOverdue').execute();
    expect(told.at(-1)?.menu_url).toBe('/post-loan/ledger?state=OVERDUE');
    expect((await repay(id, overdue.account.version, { kind: 'EARLY', principal: 1 })).status).toBe(409);
    const late = await repay(id, overdue.account.version, { period: 1, principal: 0, interest: due.interest });
    expect(late.body.code, late.body.message).toBe(200);
    const cleared = late.body.data as Account;
    expect(cleared.account).toMatchObject({ state: 'CURRENT', overdueDays: 0 });
    expect(cleared.schedule[0]!.state).toBe('PAID_LATE');
    expect(cleared.repayments[0]!.lateDays).toBe(days);
  });

  it('a settled borrower may borrow again: OPEN_LOANS counts unsettled loans only', async () => {
    const { id, idNumber } = await loan({ amount: 10000, term: 1, method: 'INTEREST_MONTHLY' });
    const { openLoansOf } = await import('../../upstream/modules/workflow/people');
    expect(await openLoansOf(up().db, [idNumber])).toHaveLength(1);
    const account = await info(id);
    const only = account.schedule[0]!;
    const paid = await repay(id, account.account.version, { period: 1, principal: only.principal, interest: only.interest });
    expect((paid.body.data as Account).account).toMatchObject({ state: 'SETTLED', settledHow: 'REPAID' });
    expect(await openLoansOf(up().db, [idNumber])).toEqual([]);
  });

  it('a person borrows again once settled, at most the configured number of loans (LOAN_NUMBER, seed 3)', async () => {
    const orgs = Object.fromEntries(await Promise.all((['renshe', 'gc1', 'bank1'] as const).map(async (k) => [k,
      (await up().db.selectFrom('organization').select('id').where('name', '=', ORGS[k]).executeTakeFirstOrThrow()).id])));
    const apply = async (idNumber: string) => {
      const res = await call('channel/application/submit', {
        clientKey: randomUUID(), borrowerType: 'PERSON',
        proposer: { name: '再贷款人', idNumber, mobile: '13712340000', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
        amount: 100000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
        rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1,
      });
      expect(res.body.code, res.body.message).toBe(200);
      const check = await up().db.selectFrom('application_check').select(['verdict', 'observed']).where('application_id', '=', res.body.data.id)
        .where('code', '=', 'LOAN_NUMBER').executeTakeFirstOrThrow();
      return { id: res.body.data.id as number, status: res.body.data.status as string, verdict: check.verdict, observed: Number(check.observed) };
    };
    /** A loan of the person, issued and repaid in full (settled). */
    const settledLoan = async (idNumber: string) => {
      const { id } = await loan({ amount: 10000, term: 1, method: 'INTEREST_MONTHLY' });
      await up().db.updateTable('application').set({ id_number: idNumber }).where('id', '=', id).execute();
      const account = await info(id);
      const paid = await repay(id, account.account.version, { kind: 'EARLY', principal: 10000, interest: 0 });
      expect((paid.body.data as Account).account.state).toBe('SETTLED');
    };
    const twice = newIdNumber();
    for (let i = 0; i < 2; i += 1) await settledLoan(twice);
    const again = await apply(twice);
    expect(again).toMatchObject({ status: 'IN_REVIEW', verdict: 'PASSED', observed: 3 });
    // The reviewer sees the proposer's earlier loans, settled; another bank's reviewer does not see the case at all.
    const earlier = (await call('loanAccount/earlier', { id: again.id }, 'renshe')).body.data;
    expect(earlier.map((l: { state: string; settledHow: string }) => [l.state, l.settledHow])).toEqual([['SETTLED', 'EARLY_REPAID'], ['SETTLED', 'EARLY_REPAID']]);
    expect((await call('loanAccount/earlier', { id: again.id }, otherBank)).status).toBe(403);
    const thrice = newIdNumber();
    for (let i = 0; i < 3; i += 1) await settledLoan(thrice);
    expect(await apply(thrice)).toMatchObject({ status: 'REFUSED', verdict: 'REFUSED', observed: 4 });
  });

  it('loans issued before accounts existed get theirs in batches, with their past; a matured one settles by its last report', async () => {
    const old = await createCase(up().db);
    await up().db.updateTable('application').set({
      status: 'LOANED', stage: null, node_id: null, loan_amount: '50000', loan_date: '2024-04-10', term_months: 24, repayment_method: 'INTEREST_MONTHLY',
    }).where('id', '=', old.id).execute();
    const late = await createCase(up().db);
    await up().db.updateTable('application').set({
      status: 'LOANED', stage: null, node_id: null, loan_amount: '80000', loan_date: daysAgo(200), term_months: 36, repayment_method: 'EQUAL_INSTALMENT',
      repayment_state: 'OVERDUE', overdue_days: 40,
    }).where('id', '=', late.id).execute();
    expect(await openMissingAccounts(up().db)).toBe(2);
    expect(await openMissingAccounts(up().db)).toBe(0);
    // Matured in April 2026: every period but the last repaid on time; nothing settles it but the bank's report of the last one.
    const matured = await info(old.id, 'admin');
    expect(matured.schedule.filter((p) => p.state === 'PAID')).toHaveLength(23);
    expect(matured.schedule[23]).toMatchObject({ state: 'DUE', principal: 50000 });
    await rollOverdue(up().db, new Date(Date.now() + 86_400_000));
    const owed = await info(old.id);
    expect(owed.account.state).toBe('OVERDUE');
    const last = owed.schedule[23]!;
    const paid = await repay(old.id, owed.account.version, { period: 24, principal: last.principal, interest: last.interest });
    expect((paid.body.data as Account).account).toMatchObject({ state: 'SETTLED', settledHow: 'REPAID', outstanding: 0 });
    const behind = await info(late.id, 'admin');
    expect(behind.schedule.filter((p) => p.state === 'PAID').length).toBeGreaterThan(3);
    // The bank's last report said 40 days overdue: the periods of those days unpaid, rolled overdue.
    expect(behind.account.state).toBe('OVERDUE');
    expect(behind.schedule.filter((p) => p.state === 'OVERDUE').length).toBeGreaterThan(0);
  });
});

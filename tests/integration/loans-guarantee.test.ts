import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream, type Upstream } from './harness';
import { newIdNumber, orgIdOf, staffIn, userId } from './helpers';
import { ORGS, createCase } from './workflow-fixtures';
import type { LoanState } from '../../lib/workflow/loan-states';
import { rollOverdue } from '../../upstream/modules/loans/roll';

const key = () => randomUUID();
/** A China day `days` before today (negative: after). */
const daysAgo = (days: number) => new Date(Date.now() + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);

interface NewLoan { guarantee?: 'gc1' | 'gc2'; bank?: 'bank1' | 'bank2'; state?: LoanState; overdueDays?: number; principal?: number; outstanding?: number; issued?: string }

/**
 * An issued loan with its account (written straight into the database, as the account opening
 * at LOANED would): 100,000.00 yuan over 12 months by default, overdue 120 days.
 */
export async function openLoan(up: Upstream, o: NewLoan = {}) {
  const app = await createCase(up.db, { guarantee: o.guarantee ?? 'gc1', bank: o.bank ?? 'bank1' });
  const principal = o.principal ?? 10_000_000;
  const issued = o.issued ?? daysAgo(400);
  await up.db.updateTable('application').set({ status: 'LOANED', node_id: null, stage: null, assignee_id: null, loan_amount: principal / 100, loan_date: issued })
    .where('id', '=', app.id).execute();
  const row = await up.db.selectFrom('application').select(['bank_org_id', 'guarantee_org_id', 'renshe_org_id']).where('id', '=', app.id).executeTakeFirstOrThrow();
  await up.db.insertInto('loan_account').values({
    application_id: app.id, ...row, principal, outstanding: o.outstanding ?? principal, issue_date: issued, maturity_date: daysAgo(35), term_months: 12,
    rate: '0.0435', method: 'INTEREST_MONTHLY', state: o.state ?? 'OVERDUE', overdue_days: o.overdueDays ?? 120, next_due_date: daysAgo(35),
    next_due_amount: principal, updated_at: new Date(),
  }).execute();
  await up.db.insertInto('loan_period').values({
    application_id: app.id, period: 12, due_date: daysAgo(35), principal, interest: 36_250, state: o.state === 'CURRENT' ? 'DUE' : 'OVERDUE', overdue_days: o.overdueDays ?? 120,
  }).execute();
  return { id: app.id, number: app.number };
}

describeUpstream('the loan after issue: compensation, recovery, write-off and the guarantee fund', (up) => {
  const tokens: Record<string, string> = {};
  let nobody: string;
  beforeAll(async () => {
    for (const name of ['admin', 'guarantee', 'guarantee2', 'bank', 'renshe', 'renshe2']) tokens[name] = await up().login(name);
    // A person of the first company whose role holds no post-loan page or button.
    nobody = (await staffIn(up(), 'gc-nobody', await orgIdOf(up().db, ORGS.gc1), { pages: ['/guarantee/guarantee-first'] })).token;
    // The blacklist strategy watches compensations.
    const condition = await up().db.selectFrom('situation_condition').select('id').where('code', '=', 'COMPENSATED').executeTakeFirstOrThrow();
    await up().db.insertInto('blacklist_strategy').values({ name: '代偿拉黑', condition_id: condition.id, param_value: null, months: 36, reason: '担保公司代偿', state: 'ENABLED', updated_at: new Date(), updated_by: null }).execute();
  });
  const call = (path: string, body: object, who: string) => up().call(path, body, { token: tokens[who] ?? who });
  const info = async (id: number) => (await up().db.selectFrom('loan_account').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow());
  const version = async (id: number) => (await info(id)).version;

  /** The guarantee balance and fund balance of every company equal the direct sums of the database. */
  async function expectFundsAdd() {
    const answer = await call('guaranteeFund/getList', {}, 'admin');
    expect(answer.status).toBe(200);
    for (const fund of answer.body.data.funds) {
      const held = await sql<{ n: string }>`select coalesce(sum(outstanding), 0)::bigint as n from loan_account where guarantee_org_id = ${fund.orgId} and state in ('CURRENT', 'OVERDUE')`.execute(up().db);
      const entries = await sql<{ n: string }>`select coalesce(sum(amount), 0)::bigint as n from guarantee_fund_entry where org_id = ${fund.orgId}`.execute(up().db);
      expect(Math.round(fund.guaranteeBalance * 100)).toBe(Number(held.rows[0]!.n));
      expect(Math.round(fund.balance * 100)).toBe(Number(entries.rows[0]!.n));
    }
  }

  async function compensated(o: NewLoan = {}) {
    const loan = await openLoan(up(), o);
    const recorded = await call('loanAccount/compensate', { id: loan.id, version: await version(loan.id), key: key(), principal: 100000, interest: 1200.5, paidOn: daysAgo(3) }, 'guarantee');
    expect(recorded.status).toBe(200);
    const entryId = recorded.body.data.compensations[0].id;
    const confirmed = await call('loanAccount/confirmCompensation', { id: loan.id, version: await version(loan.id), key: key(), entryId, decision: 'CONFIRM' }, 'guarantee2');
    expect(confirmed.status).toBe(200);
    return { ...loan, entryId };
  }

  it('a compensation is recorded by one person and confirmed by another of the company: COMPENSATED, the fund pays, the strategy blacklists', async () => {
    await expectFundsAdd();
    const loan = await openLoan(up());
    const v = await version(loan.id);
    const body = { id: loan.id, version: v, key: key(), principal: 100000, interest: 1200.5, paidOn: daysAgo(3) };
    const recorded = await call('loanAccount/compensate', body, 'guarantee');
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.account).toMatchObject({ state: 'OVERDUE', version: v + 1 });
    expect(recorded.body.data.compensations).toMatchObject([{ principal: 100000, interest: 1200.5, state: 'PENDING', paidOn: daysAgo(3) }]);
    // The recorder may not confirm; the other person may (the answer says so).
    expect(recorded.body.data.can.confirmCompensation).toBe(false);
    // A retry with the same key answers the account as it is, and records nothing twice.
    const again = await call('loanAccount/compensate', body, 'guarantee');
    expect(again.status).toBe(200);
    expect(again.body.data.compensations).toHaveLength(1);
    // The same key for another action is refused; a second compensation while one waits too.
    const entryId = recorded.body.data.compensations[0].id;
    expect((await call('loanAccount/recover', { id: loan.id, version: v + 1, key: body.key, recoveredOn: daysAgo(1), amount: 1, source: 'BORROWER' }, 'guarantee')).status).toBe(409);
    expect((await call('loanAccount/compensate', { ...body, version: v + 1, key: key() }, 'guarantee2')).status).toBe(409);

    const decide = { id: loan.id, version: v + 1, key: key(), entryId, decision: 'CONFIRM' };
    const self = await call('loanAccount/confirmCompensation', decide, 'guarantee');
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/另一人|another person/);
    expect((await call('loanAccount/confirmCompensation', { ...decide, version: v }, 'guarantee2')).status).toBe(409); // stale
    const other = await call('loanAccount/getInfo', { id: loan.id }, 'guarantee2');
    if (other.status === 200) expect(other.body.data.can.confirmCompensation).toBe(true);
    const confirmed = await call('loanAccount/confirmCompensation', decide, 'guarantee2');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.account).toMatchObject({ state: 'COMPENSATED', compensated: 101200.5, outstanding: 100000, recovered: 0 });
    expect(confirmed.body.data.compensations[0]).toMatchObject({ state: 'CONFIRMED', decidedBy: '担保复核员' });
    const entry = await up().db.selectFrom('guarantee_fund_entry').selectAll().where('application_id', '=', loan.id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'COMPENSATION', amount: -10_120_050 });
    const listed = await up().db.selectFrom('blacklist').select(['reason', 'source']).where('id_number', '=', '110101199003074514').where('source', '=', 'STRATEGY').execute();
    expect(listed.some((b) => b.reason === '担保公司代偿')).toBe(true);
    const audits = await up().db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_type', '=', 'loan_account').where('target_id', '=', String(loan.id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['loan.compensate', 'loan.confirmCompensation']);
    expect(audits[1]!.actor_id).toBe(await userId(up().db, 'guarantee2'));
    await expectFundsAdd();
  });

  it('the claim threshold: not before the configured days overdue, not on a current loan; a rejection needs an opinion', async () => {
    const early = await openLoan(up(), { overdueDays: 30 });
    const refused = await call('loanAccount/compensate', { id: early.id, version: await version(early.id), key: key(), principal: 1000, interest: 0, paidOn: daysAgo(1) }, 'guarantee');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('90');
    const current = await openLoan(up(), { state: 'CURRENT', overdueDays: 0 });
    expect((await call('loanAccount/compensate', { id: current.id, version: await version(current.id), key: key(), principal: 1000, interest: 0, paidOn: daysAgo(1) }, 'guarantee')).status).toBe(409);
    // The threshold is a setting.
    await up().db.updateTable('post_loan_setting').set({ claim_days: 30 }).execute();
    try {
      expect((await call('loanAccount/compensate', { id: early.id, version: await version(early.id), key: key(), principal: 1000, interest: 0, paidOn: daysAgo(1) }, 'guarantee')).status).toBe(200);
    } finally {
      await up().db.updateTable('post_loan_setting').set({ claim_days: 90 }).execute();
    }
    const entryId = (await up().db.selectFrom('loan_compensation').select('id').where('application_id', '=', early.id).executeTakeFirstOrThrow()).id;
    const reject = { id: early.id, version: await version(early.id), key: key(), entryId, decision: 'REJECT' };
    expect((await call('loanAccount/confirmCompensation', reject, 'guarantee2')).status).toBe(422);
    const rejected = await call('loanAccount/confirmCompensation', { ...reject, opinion: '金额有误' }, 'guarantee2');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.account.state).toBe('OVERDUE');
    expect(rejected.body.data.compensations[0]).toMatchObject({ state: 'REJECTED', opinion: '金额有误' });
    await expectFundsAdd();
  });

  it('refused: without the button 403, a bank or the administrator cannot compensate, another company\'s loan is not found, bad input 422', async () => {
    const loan = await openLoan(up());
    const body = async () => ({ id: loan.id, version: await version(loan.id), key: key(), principal: 1000, interest: 0, paidOn: daysAgo(1) });
    expect((await call('loanAccount/compensate', await body(), nobody)).status).toBe(403);
    expect((await call('loanAccount/compensate', await body(), 'bank')).status).toBe(403);
    expect((await call('loanAccount/compensate', await body(), 'admin')).status).toBe(403);
    const foreign = await openLoan(up(), { guarantee: 'gc2', bank: 'bank2' });
    expect((await call('loanAccount/compensate', { ...(await body()), id: foreign.id }, 'guarantee')).status).toBe(404);
    expect((await call('loanAccount/recover', { id: foreign.id, version: 1, key: key(), recoveredOn: daysAgo(1), amount: 1, source: 'BORROWER' }, 'guarantee')).status).toBe(404);
    expect((await call('guaranteeFund/entries', { orgId: await orgIdOf(up().db, ORGS.gc2) }, 'guarantee')).status).toBe(404);
    const bad = await call('loanAccount/compensate', { ...(await body()), principal: -5, paidOn: '2026-02-30', key: 'x' }, 'guarantee');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['key', 'paidOn', 'principal']);
    expect((await call('loanAccount/compensate', { ...(await body()), paidOn: daysAgo(-5) }, 'guarantee')).status).toBe(422);
    expect((await call('loanAccount/compensate', { ...(await body()), principal: 100001 }, 'guarantee')).status).toBe(409);
    expect((await call('loanAccount/recover', { id: loan.id, version: 1, key: key(), recoveredOn: daysAgo(1), amount: 1, source: 'FRIEND' }, 'guarantee')).status).toBe(422);
    expect(await up().db.selectFrom('loan_compensation').select('id').where('application_id', '=', loan.id).execute()).toEqual([]);
    expect((await info(loan.id)).version).toBe(1);
  });

  it('recoveries go back to the fund: RECOVERING, then SETTLED RECOVERED when recovered in full; never more than unrecovered', async () => {
    const loan = await compensated();
    const recover = async (amount: number, k = key()) => call('loanAccount/recover', { id: loan.id, version: await version(loan.id), key: k, recoveredOn: daysAgo(1), amount, source: 'GUARANTOR', note: '保证人还款' }, 'guarantee');
    const part = await recover(50000);
    expect(part.status).toBe(200);
    expect(part.body.data.account).toMatchObject({ state: 'RECOVERING', recovered: 50000 });
    await expectFundsAdd();
    expect((await recover(51200.51)).status).toBe(409);
    expect((await call('loanAccount/recover', { id: loan.id, version: await version(loan.id), key: key(), recoveredOn: daysAgo(1), amount: 1, source: 'BORROWER' }, 'bank')).status).toBe(403);
    const rest = await recover(51200.5);
    expect(rest.body.data.account).toMatchObject({ state: 'SETTLED', settledHow: 'RECOVERED', settledOn: daysAgo(1), recovered: 101200.5 });
    expect((await recover(1)).status).toBe(409);
    const entries = await up().db.selectFrom('guarantee_fund_entry').select(['kind', 'amount', 'source']).where('application_id', '=', loan.id).orderBy('id').execute();
    expect(entries).toEqual([
      { kind: 'COMPENSATION', amount: -10_120_050, source: '' }, { kind: 'RECOVERY', amount: 5_000_000, source: 'GUARANTOR' }, { kind: 'RECOVERY', amount: 5_120_050, source: 'GUARANTOR' },
    ]);
    await expectFundsAdd();
  });

  it('a write-off after the configured years, one at a time, confirmed or rejected by renshe of the loan\'s bureau', async () => {
    const loan = await compensated();
    await call('loanAccount/recover', { id: loan.id, version: await version(loan.id), key: key(), recoveredOn: daysAgo(1), amount: 200.5, source: 'COURT' }, 'guarantee');
    const ask = async (who = 'guarantee', reason = '借款人无可执行财产') => call('loanAccount/writeOff', { id: loan.id, version: await version(loan.id), key: key(), reason }, who);
    const early = await ask();
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/3/);
    // Compensated four years ago.
    await up().db.updateTable('loan_account').set({ compensated_on: daysAgo(4 * 366) }).where('application_id', '=', loan.id).execute();
    expect((await ask('guarantee', '')).status).toBe(422);
    const asked = await ask();
    expect(asked.status).toBe(200);
    expect(asked.body.data.writeOffs).toMatchObject([{ amount: 101000, state: 'PENDING', requestedBy: '担保审核员' }]);
    expect(asked.body.data.can.writeOff).toBe(false);
    expect((await ask('guarantee2')).status).toBe(409);
    // While it waits no recovery is recorded (the amount would change under renshe's decision).
    expect((await call('loanAccount/recover', { id: loan.id, version: await version(loan.id), key: key(), recoveredOn: daysAgo(1), amount: 1, source: 'COURT' }, 'guarantee')).status).toBe(409);
    const entryId = asked.body.data.writeOffs[0].id;
    const decide = async (who: string, decision = 'CONFIRM', opinion = '') => call('loanAccount/confirmWriteOff', { id: loan.id, version: await version(loan.id), key: key(), entryId, decision, opinion }, who);
    expect((await decide('guarantee2')).status).toBe(403);
    expect((await decide('admin')).status).toBe(403);
    const renshe = await call('loanAccount/getInfo', { id: loan.id }, 'renshe');
    if (renshe.status === 200) expect(renshe.body.data.can.confirmWriteOff).toBe(true);
    const rejected = await decide('renshe', 'REJECT', '请先申请强制执行');
    expect(rejected.body.data.writeOffs[0]).toMatchObject({ state: 'REJECTED', opinion: '请先申请强制执行' });
    expect(rejected.body.data.account.state).toBe('RECOVERING');
    const again = await ask();
    const confirmed = await call('loanAccount/confirmWriteOff', { id: loan.id, version: await version(loan.id), key: key(), entryId: again.body.data.writeOffs.find((w: { state: string }) => w.state === 'PENDING').id, decision: 'CONFIRM' }, 'renshe2');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.account).toMatchObject({ state: 'SETTLED', settledHow: 'WRITTEN_OFF', writtenOff: 101000 });
    // The blacklist entry stays.
    expect((await up().db.selectFrom('blacklist').select('id').where('id_number', '=', '110101199003074514').where('relieved_at', 'is', null).execute()).length).toBeGreaterThan(0);
    const audits = await up().db.selectFrom('audit_log').select('action').where('target_type', '=', 'loan_account').where('target_id', '=', String(loan.id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['loan.compensate', 'loan.confirmCompensation', 'loan.recover', 'loan.writeOff', 'loan.confirmWriteOff', 'loan.writeOff', 'loan.confirmWriteOff']);
    await expectFundsAdd();
  });

  it('the fund: contributions by the company\'s own people or the administrator, idempotent by key; balances, leverage and rates; entries paged', async () => {
    const gc1 = await orgIdOf(up().db, ORGS.gc1);
    const gc2 = await orgIdOf(up().db, ORGS.gc2);
    const body = { orgId: gc1, day: daysAgo(2), amount: 5_000_000, source: '财政注资', key: key() };
    const first = await call('guaranteeFund/contribute', body, 'guarantee');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'CONTRIBUTION', amount: 5_000_000, day: daysAgo(2), source: '财政注资', recordedBy: '担保审核员', loanNumber: null });
    const again = await call('guaranteeFund/contribute', body, 'guarantee');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await call('guaranteeFund/contribute', { ...body, amount: 1 }, 'guarantee')).status).toBe(409);
    expect((await call('guaranteeFund/contribute', { ...body, key: key(), orgId: gc2 }, 'guarantee')).status).toBe(404);
    expect((await call('guaranteeFund/contribute', { ...body, key: key() }, 'renshe')).status).toBe(403);
    expect((await call('guaranteeFund/contribute', { ...body, key: key() }, nobody)).status).toBe(403);
    expect((await call('guaranteeFund/contribute', { ...body, key: key(), amount: 0, source: '' }, 'guarantee')).status).toBe(422);
    expect((await call('guaranteeFund/contribute', { ...body, key: key(), day: daysAgo(-3) }, 'guarantee')).status).toBe(422);
    expect((await call('guaranteeFund/getList', {}, nobody)).status).toBe(403);
    const byAdmin = await call('guaranteeFund/contribute', { ...body, key: key(), orgId: gc2, amount: 3_000_000, source: '股东出资' }, 'admin');
    expect(byAdmin.status).toBe(200);
    expect((await up().db.selectFrom('audit_log').select('action').where('action', '=', 'fund.contribute').execute()).length).toBe(2);
    await expectFundsAdd();

    const mine = (await call('guaranteeFund/getList', {}, 'guarantee')).body.data;
    expect(mine.funds.map((f: { orgId: number }) => f.orgId)).toEqual([gc1]);
    const fund = mine.funds[0];
    expect(fund.leverage).toBeCloseTo(fund.guaranteeBalance / fund.balance, 2);
    expect(fund.leverageMax).toBe(5);
    expect(fund.compensationRate).toBeCloseTo(fund.compensatedPrincipal / fund.guaranteed, 6);
    expect(mine.threshold).toBe(5);
    expect(mine.banks.length).toBeGreaterThan(0);
    const renshe = (await call('guaranteeFund/getList', {}, 'renshe')).body.data;
    expect(renshe.funds.map((f: { orgId: number }) => f.orgId).sort()).toEqual([gc1, gc2].sort());
    expect((await call('guaranteeFund/getList', {}, 'bank')).status).toBe(403);

    const page = await call('guaranteeFund/entries', { orgId: gc1, pageNum: 1, pageSize: 10 }, 'renshe');
    expect(page.status).toBe(200);
    expect(page.body.data.list[0]).toMatchObject({ kind: expect.any(String) });
    const total = await up().db.selectFrom('guarantee_fund_entry').select(sql<string>`count(*)`.as('n')).where('org_id', '=', gc1).executeTakeFirstOrThrow();
    expect(page.body.data.total).toBe(Number(total.n));
    expect((await call('guaranteeFund/entries', { orgId: gc1, pageSize: 7 }, 'guarantee')).status).toBe(422);
    // Pages do not overlap and are newest first.
    const second = await call('guaranteeFund/entries', { orgId: gc1, pageNum: 2, pageSize: 10 }, 'renshe');
    const ids = [...page.body.data.list, ...second.body.data.list].map((e: { id: number }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const days = [...page.body.data.list, ...second.body.data.list].map((e: { day: string }) => e.day);
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('the leverage maximum holds at the guarantee stage: an approval that would pass it is refused with the figures', async () => {
    const gc1 = await orgIdOf(up().db, ORGS.gc1);
    await call('guaranteeFund/contribute', { orgId: gc1, day: daysAgo(1), amount: 1_000_000, source: '注资', key: key() }, 'admin');
    const fund = (await call('guaranteeFund/getList', {}, 'guarantee')).body.data.funds[0];
    const app = await createCase(up().db, { stage: 'GC_SECOND', assignee: 'guarantee' });
    const check = { id: app.id, version: app.version, key: key(), opinion: '同意担保', nextUserId: await userId(up().db, 'bank') };
    // A maximum just at the company's leverage now: this loan's 200,000 would pass it.
    const atNow = Math.max(0.01, Math.floor((fund.guaranteeBalance / fund.balance) * 100) / 100);
    await up().db.updateTable('post_loan_setting').set({ leverage_max: atNow }).execute();
    try {
      const refused = await call('businessClubFirstTrial/check', check, 'guarantee');
      expect(refused.status, JSON.stringify([fund, atNow, refused.body.data?.application?.stage])).toBe(409);
      expect(refused.body.message).toContain(ORGS.gc1);
      expect(refused.body.message).toContain(String(atNow));
      expect((await up().db.selectFrom('application').select('stage').where('id', '=', app.id).executeTakeFirstOrThrow()).stage).toBe('GC_SECOND');
      // A maximum the loan stays within: it passes to the bank.
      await up().db.updateTable('post_loan_setting').set({ leverage_max: Math.ceil(((fund.guaranteeBalance + 200000) / fund.balance) * 100) / 100 + 0.01 }).execute();
      const passed = await call('businessClubFirstTrial/check', { ...check, key: key() }, 'guarantee');
      expect(passed.status).toBe(200);
      expect(passed.body.data.application.stage).toBe('BANK_FIRST');
    } finally {
      await up().db.updateTable('post_loan_setting').set({ leverage_max: 5 }).execute();
    }
  });

  it('the post-loan settings: read by the pages\' users, changed by the administrator with a version, audited', async () => {
    const read = await call('postLoanSetting/get', {}, 'guarantee');
    expect(read.body.data).toMatchObject({ claimDays: 90, writeOffYears: 3, leverageMax: 5, compensationRateMax: 5, compensationRateAction: 'FLAG' });
    const v = read.body.data.version;
    const change = { claimDays: 60, writeOffYears: 2, leverageMax: 8.5, compensationRateMax: 4.5, compensationRateAction: 'STOP', version: v };
    expect((await call('postLoanSetting/update', change, 'guarantee')).status).toBe(403);
    expect((await call('postLoanSetting/get', {}, nobody)).status).toBe(403);
    expect((await call('postLoanSetting/update', { ...change, claimDays: 0, compensationRateAction: 'WARN' }, 'admin')).status).toBe(422);
    const saved = await call('postLoanSetting/update', change, 'admin');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...change, version: v + 1 });
    expect((await call('postLoanSetting/update', change, 'admin')).status).toBe(409);
    const audit = await up().db.selectFrom('audit_log').select(['action', 'summary']).where('action', '=', 'postLoanSetting.update').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).toContain('60');
    await call('postLoanSetting/update', { claimDays: 90, writeOffYears: 3, leverageMax: 5, compensationRateMax: 5, compensationRateAction: 'FLAG', version: v + 1 }, 'admin');
  });

  it('a bank over the compensation-rate threshold: its new applications carry the red flag, or are stopped (a setting)', async () => {
    const orgs = { renshe: await orgIdOf(up().db, ORGS.renshe), gc1: await orgIdOf(up().db, ORGS.gc1), bank1: await orgIdOf(up().db, ORGS.bank1) };
    // A threshold the bank's rate passes whatever else the demo data holds.
    await up().db.updateTable('post_loan_setting').set({ compensation_rate_max: '0.01' }).execute();
    const banks = (await call('guaranteeFund/getList', {}, 'admin')).body.data.banks;
    expect(banks.find((b: { orgId: number }) => b.orgId === orgs.bank1)).toMatchObject({ overThreshold: true });
    const payload = () => ({
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: { name: '周晓明', idNumber: newIdNumber(), mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
      spouse: { name: '李芳', idNumber: newIdNumber(1992), mobile: '13712345679', gender: 'FEMALE' },
      amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
      rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1,
    });
    const flagged = await call('channel/application/submit', payload(), 'admin');
    expect(flagged.status, flagged.body.message).toBe(200);
    const app = await up().db.selectFrom('application').select(['id', 'check_outcome']).where('number', '=', flagged.body.data.number).executeTakeFirstOrThrow();
    expect(app.check_outcome).toBe('FLAGGED');
    const verdict = await up().db.selectFrom('application_check').select(['verdict']).where('application_id', '=', app.id).where('code', '=', 'BANK_COMPENSATION_RATE').executeTakeFirstOrThrow();
    expect(verdict.verdict).toBe('FLAGGED');
    // The case's red flags show it to its reviewers.
    const flags = await call('businessProposerInfo/getCueRedInfo', { id: app.id }, 'admin');
    expect(flags.body.data).toMatchObject({ outcome: 'FLAGGED' });
    expect(flags.body.data.items).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'BANK_COMPENSATION_RATE', verdict: 'FLAGGED' })]));
    await up().db.updateTable('post_loan_setting').set({ compensation_rate_action: 'STOP' }).execute();
    try {
      const stopped = await call('channel/application/submit', payload(), 'admin');
      expect(stopped.status).toBe(409);
      expect(stopped.body.message).toContain(ORGS.bank1);
      const en = await up().call('channel/application/submit', payload(), { token: tokens.admin, locale: 'en' });
      expect(en.body.message).toMatch(/compensation rate/);
    } finally {
      await up().db.updateTable('post_loan_setting').set({ compensation_rate_action: 'FLAG', compensation_rate_max: '5' }).execute();
    }
  });

  it('the real flow: issued by the bank, repaid, rolled overdue, compensated, recovered; the balances add up after every event', async () => {
    const app = await createCase(up().db);
    const bank3 = await userId(up().db, 'bank3');
    await up().db.updateTable('application').set({
      id_number: newIdNumber(), status: 'APPROVED', stage: 'BANK_TRANSFER', node_id: null, assignee_id: bank3,
      term_months: 12, rate: '0.0435', repayment_method: 'EQUAL_INSTALMENT',
    }).where('id', '=', app.id).execute();
    tokens.bank3 ??= await up().login('bank3');
    const issued = await call('businessClubFirstTrial/bankState', { id: app.id, version: app.version, key: key(), issued: true, loanAmount: 100000, loanDate: daysAgo(200) }, 'bank3');
    expect(issued.body.code, issued.body.message).toBe(200);
    await expectFundsAdd();
    const account = async () => (await call('loanAccount/getInfo', { id: app.id }, 'guarantee')).body.data;
    const first = (await account()).schedule[0];
    const repaid = await call('loanAccount/repay', {
      id: app.id, version: await version(app.id), key: key(), reportId: `R-${key().slice(0, 8)}`, kind: 'PERIOD', period: 1, paidOn: daysAgo(150),
      principal: first.principal, interest: first.interest,
    }, 'bank');
    expect(repaid.status, repaid.body.message).toBe(200);
    await expectFundsAdd();
    // The daily roll (once a day: tomorrow's run if today's was taken) turns the unpaid periods overdue.
    if ((await rollOverdue(up().db, new Date())) === null) await rollOverdue(up().db, new Date(Date.now() + 86_400_000));
    const overdue = await account();
    expect(overdue.account.state).toBe('OVERDUE');
    expect(overdue.account.overdueDays).toBeGreaterThanOrEqual(90);
    await expectFundsAdd();
    const recorded = await call('loanAccount/compensate', { id: app.id, version: await version(app.id), key: key(), principal: overdue.account.outstanding, interest: 500, paidOn: daysAgo(2) }, 'guarantee');
    expect(recorded.status, recorded.body.message).toBe(200);
    const pending = recorded.body.data.compensations.find((c: { state: string }) => c.state === 'PENDING');
    expect((await call('loanAccount/confirmCompensation', { id: app.id, version: await version(app.id), key: key(), entryId: pending.id, decision: 'CONFIRM' }, 'guarantee2')).status).toBe(200);
    await expectFundsAdd();
    expect((await call('loanAccount/recover', { id: app.id, version: await version(app.id), key: key(), recoveredOn: daysAgo(1), amount: 1000, source: 'BORROWER' }, 'guarantee')).status).toBe(200);
    await expectFundsAdd();
    // A repayment report on a compensated loan goes to recovery instead.
    const late = await call('loanAccount/repay', {
      id: app.id, version: await version(app.id), key: key(), reportId: `R-${key().slice(0, 8)}`, kind: 'PERIOD', period: 2, paidOn: daysAgo(1), principal: 1, interest: 0,
    }, 'bank');
    expect(late.status).toBe(409);
    await expectFundsAdd();
  });
});

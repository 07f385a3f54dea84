import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { fingerprint, newIdNumber, staffIn } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';
import { chinaToday } from '../../lib/china-time';
import { fillSubsidies } from '../../upstream/modules/subsidy/backfill';

interface Claim { id: number; state: string; periods: number; amount: number; version: number; year: number; quarter: number }
interface Unclaimed { year: number; quarter: number; periods: number; amount: number; claimable: boolean }

const tomorrow = () => new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
const fen = (yuan: number) => Math.round(yuan * 100);

/**
 * The subsidy's calls on the demo data (bank1's loans repaid on time over the past quarters): a
 * quarter's claim from proposal to payout, and for each call what it refuses: a user without the
 * button, another organisation's claim, bad input, a stale version, a period claimed twice.
 */
describeUpstream('the interest subsidy: rules, claims, review and payout', (up) => {
  const tokens: Record<string, string> = {};
  let otherBank: string;
  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'renshe2', 'bank', 'bank2', 'bank3', 'guarantee']) tokens[who] = await up().login(who);
    const bank2 = (await up().db.selectFrom('organization').select('id').where('name', '=', ORGS.bank2).executeTakeFirstOrThrow()).id;
    otherBank = (await staffIn(up(), 'ccb-claims', bank2, { pages: ['/post-loan/subsidy'], buttons: ['subsidy::claim', 'subsidy::export'] })).token;
  });
  const call = (path: string, body: unknown, who = 'admin') => up().call(path, body, { token: tokens[who] ?? who });
  const ok = async (path: string, body: unknown, who: string) => {
    const answer = await call(path, body, who);
    expect(answer.body.code, `${path}: ${answer.body.message}`).toBe(200);
    return answer.body.data;
  };
  /** The bank's claimable quarters, oldest first, not yet used by an earlier test. */
  const used = new Set<string>();
  async function quarter(): Promise<Unclaimed> {
    const rows = (await ok('subsidyClaim/unclaimed', {}, 'bank')) as Unclaimed[];
    const free = rows.filter((r) => r.claimable && !used.has(`${r.year}Q${r.quarter}`)).reverse();
    expect(free.length, 'a claimable quarter left in the demo data').toBeGreaterThan(0);
    used.add(`${free[0]!.year}Q${free[0]!.quarter}`);
    return free[0]!;
  }
  const propose = async (q: { year: number; quarter: number }, who = 'bank', k = key()) => (await ok('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: k }, who)) as Claim[];
  const tally = async () => {
    const row = await up().db.selectFrom('subsidy_tally').select((eb) => [eb.fn.sum<string>('owed').as('owed'), eb.fn.sum<string>('claimed').as('claimed'), eb.fn.sum<string>('paid').as('paid')]).executeTakeFirstOrThrow();
    return { owed: Number(row.owed), claimed: Number(row.claimed), paid: Number(row.paid) };
  };

  it('holds demo claims: one paid by two reviewers, one waiting for renshe\'s check, and the newest quarter left to claim', async () => {
    const list = (await ok('subsidyClaim/getList', { pageNum: 1, pageSize: 10 }, 'renshe')).list as Claim[];
    expect(list.map((c) => c.state).sort()).toEqual(['PAID', 'SUBMITTED']);
    const paid = await ok('subsidyClaim/getInfo', { id: list.find((c) => c.state === 'PAID')!.id }, 'bank');
    expect(paid.steps.map((s: { action: string; user: string }) => `${s.action}:${s.user}`)).toEqual(['PROPOSE:银行审核员', 'SUBMIT:银行审核员', 'CHECK:人社审核员', 'APPROVE:人社复核员', 'PAY:人社审核员']);
    expect(paid.claim.paidAmount).toBe(paid.claim.amount);
  });

  it('takes a quarter from proposal through two reviewers to payout, and exports it', async () => {
    const q = await quarter();
    const [claim] = await propose(q);
    expect(claim).toMatchObject({ state: 'DRAFT', periods: q.periods, amount: q.amount, year: q.year, quarter: q.quarter });
    // The claim's lines are the periods the pending view counted; the sum is the claim's amount.
    const lines = (await ok('subsidyClaim/lines', { id: claim!.id, pageNum: 1, pageSize: 30 }, 'bank')) as { total: number; list: { subsidy: number; idNumber: string }[] };
    expect(lines.total).toBe(q.periods);
    expect(lines.list[0]!.idNumber).toMatch(/\*{4}/);
    const base = await up().db.selectFrom('subsidy_claim_line').select((eb) => eb.fn.sum<string>('subsidy').as('s')).where('claim_id', '=', claim!.id).executeTakeFirstOrThrow();
    expect(fen(claim!.amount)).toBe(Number(base.s));
    const before = await tally();

    let detail = await ok('subsidyClaim/submit', { id: claim!.id, version: claim!.version }, 'bank');
    expect(detail.claim.state).toBe('SUBMITTED');
    expect((await tally()).claimed - before.claimed).toBe(fen(claim!.amount));
    expect((await ok('subsidyClaim/getInfo', { id: claim!.id }, 'renshe')).can).toMatchObject({ check: true, approve: false, pay: false });
    detail = await ok('subsidyClaim/review', { id: claim!.id, version: detail.claim.version, decision: 'APPROVE', opinion: '材料齐全' }, 'renshe');
    expect(detail.claim.state).toBe('CHECKED');
    // Four eyes: who checked it cannot approve it; nothing changes.
    expect(detail.can.approve).toBe(false);
    const refused = await call('subsidyClaim/review', { id: claim!.id, version: detail.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe');
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('不同人员')]);
    expect((await ok('subsidyClaim/getInfo', { id: claim!.id }, 'renshe2')).can.approve).toBe(true);
    detail = await ok('subsidyClaim/review', { id: claim!.id, version: detail.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe2');
    expect(detail.claim.state).toBe('APPROVED');
    // The payout is the claim's amount, on a day not after today.
    const wrong = await call('subsidyClaim/pay', { id: claim!.id, version: detail.claim.version, paidOn: chinaToday(), amount: claim!.amount + 0.01, voucherNo: 'V-1' }, 'renshe');
    expect([wrong.status, wrong.body.data.fields]).toEqual([422, { amount: 'validation.payoutAmount' }]);
    const future = await call('subsidyClaim/pay', { id: claim!.id, version: detail.claim.version, paidOn: tomorrow(), amount: claim!.amount, voucherNo: 'V-1' }, 'renshe');
    expect(future.status).toBe(422);
    detail = await ok('subsidyClaim/pay', { id: claim!.id, version: detail.claim.version, paidOn: chinaToday(), amount: claim!.amount, voucherNo: 'CZ-001' }, 'renshe');
    expect(detail.claim).toMatchObject({ state: 'PAID', paidOn: chinaToday(), paidAmount: claim!.amount, voucherNo: 'CZ-001' });
    expect(detail.steps.map((s: { action: string }) => s.action)).toEqual(['PROPOSE', 'SUBMIT', 'CHECK', 'APPROVE', 'PAY']);
    expect((await tally()).paid - before.paid).toBe(fen(claim!.amount));
    // Paid: the quarter has nothing left to claim.
    expect((await call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'bank')).status).toBe(409);

    const file = await up().request('subsidyClaim/export', { id: claim!.id }, { token: tokens.bank, locale: 'en' });
    expect(file.status).toBe(200);
    const sheets = readXlsx(new Uint8Array(await file.arrayBuffer()));
    const periods = Object.values(sheets)[1]!;
    expect(periods.length - 1).toBe(q.periods);
    expect(periods[0]).toContain('Subsidy (yuan)');
    const subsidyColumn = periods[0]!.indexOf('Subsidy (yuan)');
    expect(periods.slice(1).reduce((sum, row) => sum + fen(Number(row[subsidyColumn])), 0)).toBe(fen(claim!.amount));
  });

  it('refuses the calls to those without the button, another bank\'s claims to its users, and the operator\'s staff a claim of their own', async () => {
    const q = await quarter();
    const [claim] = await propose(q);
    const id = claim!.id, version = claim!.version;
    const print = await fingerprint(up());
    // No page: the guarantee company's reviewer.
    for (const path of ['subsidyClaim/getList', 'subsidyClaim/unclaimed']) expect((await call(path, { pageNum: 1, pageSize: 10 }, 'guarantee')).status, path).toBe(403);
    // The bank holds no review or payout; renshe claims nothing.
    expect((await call('subsidyClaim/review', { id, version, decision: 'APPROVE', opinion: '' }, 'bank')).status).toBe(403);
    expect((await call('subsidyClaim/pay', { id, version, paidOn: chinaToday(), amount: claim!.amount, voucherNo: 'X' }, 'bank')).status).toBe(403);
    expect((await call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'renshe')).status).toBe(403);
    expect((await call('subsidyClaim/submit', { id, version }, 'renshe')).status).toBe(403);
    // Another bank: its claim is not there.
    for (const [path, body] of [['subsidyClaim/getInfo', { id }], ['subsidyClaim/lines', { id, pageNum: 1, pageSize: 10 }], ['subsidyClaim/submit', { id, version }],
      ['subsidyClaim/delete', { id, version }], ['subsidyClaim/exclude', { id, version, applicationId: 1, period: 1, reason: 'x' }]] as const) {
      expect((await call(path, body, otherBank)).status, path).toBe(404);
    }
    expect((await up().request('subsidyClaim/export', { id }, { token: otherBank })).status).toBe(404);
    expect((await ok('subsidyClaim/getList', { pageNum: 1, pageSize: 10 }, otherBank)).total).toBe(0);
    expect(await ok('subsidyClaim/unclaimed', {}, otherBank)).toEqual([]);
    // The operator's administrator reads every claim but claims for no bank and reviews for no bureau.
    expect((await ok('subsidyClaim/getList', { pageNum: 1, pageSize: 10 }, 'admin')).list.map((c: Claim) => c.id)).toContain(id);
    expect((await call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'admin')).status).toBe(403);
    expect((await call('subsidyClaim/submit', { id, version }, 'admin')).status).toBe(403);
    expect(await fingerprint(up())).toBe(print);
    // Renshe cannot review a draft; the bank deletes it and its periods are free again.
    expect((await call('subsidyClaim/review', { id, version, decision: 'APPROVE', opinion: '' }, 'renshe')).status).toBe(409);
    await ok('subsidyClaim/delete', { id, version }, 'bank');
    expect((await call('subsidyClaim/getInfo', { id }, 'bank')).status).toBe(404);
    const [again] = await propose(q);
    expect(again!.periods).toBe(q.periods);
    used.delete(`${q.year}Q${q.quarter}`);
    await ok('subsidyClaim/delete', { id: again!.id, version: again!.version }, 'bank');
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const q = await quarter();
    const [claim] = await propose(q);
    const lines = (await ok('subsidyClaim/lines', { id: claim!.id, pageNum: 1, pageSize: 5 }, 'bank')).list as { applicationId: number; period: number }[];
    const print = await fingerprint(up());
    const [y, m] = chinaToday().split('-').map(Number) as [number, number];
    const cases: [string, unknown, string, Record<string, string>][] = [
      ['subsidyClaim/propose', { year: q.year, quarter: 5, key: key() }, 'bank', { quarter: 'validation.invalid' }],
      ['subsidyClaim/propose', { year: y, quarter: Math.floor((m - 1) / 3) + 1, key: key() }, 'bank', { quarter: 'validation.quarterNotEnded' }],
      ['subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: 'short' }, 'bank', { key: 'validation.actionKey' }],
      ['subsidyClaim/exclude', { id: claim!.id, version: claim!.version, ...lines[0]!, reason: '  ' }, 'bank', { reason: 'validation.excludeReason' }],
      ['subsidyClaim/exclude', { id: claim!.id, version: claim!.version, applicationId: lines[0]!.applicationId, period: 599, reason: '重复' }, 'bank', { period: 'validation.notInClaim' }],
      ['subsidyClaim/include', { id: claim!.id, version: claim!.version, ...lines[0]! }, 'bank', { period: 'validation.notInClaim' }],
      ['subsidyClaim/review', { id: claim!.id, version: claim!.version, decision: 'RETURN', opinion: '' }, 'renshe', { opinion: 'validation.opinionRequired' }],
      ['subsidyClaim/pay', { id: claim!.id, version: claim!.version, paidOn: '2026-13-01', amount: -1, voucherNo: '' }, 'renshe', { paidOn: 'validation.date', amount: 'validation.amount', voucherNo: 'validation.fieldRequired' }],
      ['subsidyRule/add', { borrowerType: 'PERSON', effectiveFrom: daysAgo(1), kind: 'LPR_OFFSET', offsetBp: -150, share: 0, years: 3, maxLoans: 3, seen: 0 }, 'admin', { effectiveFrom: 'validation.effectiveFromPast' }],
      ['subsidyRule/add', { borrowerType: 'NOBODY', effectiveFrom: tomorrow(), kind: 'HALF', offsetBp: 5000, share: 1.5, years: -1, maxLoans: 100, seen: 0 }, 'admin',
        { borrowerType: 'validation.invalid', kind: 'validation.invalid', offsetBp: 'validation.invalid', share: 'validation.invalid', years: 'validation.invalid', maxLoans: 'validation.invalid' }],
      ['subsidyRule/addLpr', { effectiveFrom: tomorrow(), rate: 0.5 }, 'admin', { rate: 'validation.invalid' }],
      ['subsidyRule/addLpr', { effectiveFrom: tomorrow(), rate: 0.03125 }, 'admin', { rate: 'validation.invalid' }],
      ['systemParam/update', { key: 'loan.lpr', value: '3.5%' }, 'admin', { value: 'validation.lprValue' }],
    ];
    for (const [path, body, who, fields] of cases) {
      const answer = await call(path, body, who);
      expect([path, answer.status, answer.body.data?.fields], JSON.stringify(body)).toEqual([path, 422, expect.objectContaining(fields)]);
      expect(answer.body.message).toBeTruthy();
    }
    expect(await fingerprint(up())).toBe(print);
    await ok('subsidyClaim/delete', { id: claim!.id, version: claim!.version }, 'bank');
    used.delete(`${q.year}Q${q.quarter}`);
  });

  it('claims a period once: a retried proposal answers its claims, racing proposals split nothing, a stale version is 409', async () => {
    const q = await quarter();
    const k = key();
    const [first] = await propose(q, 'bank', k);
    // The same key again: the same claim, nothing new.
    expect((await propose(q, 'bank', k)).map((c) => c.id)).toEqual([first!.id]);
    // Reused by another person or for another quarter: 409.
    expect((await call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: k }, 'bank2')).status).toBe(409);
    // Nothing left to claim in the quarter while the draft holds it.
    expect((await call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'bank2')).status).toBe(409);
    const pending = async () => ((await ok('subsidyClaim/unclaimed', {}, 'bank')) as Unclaimed[]).find((r) => r.year === q.year && r.quarter === q.quarter);
    expect(await pending()).toBeUndefined();
    await ok('subsidyClaim/delete', { id: first!.id, version: first!.version }, 'bank');
    // Two people of the bank propose the quarter at once: one claim holds every period, the other finds none.
    const raced = await Promise.all([call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'bank'), call('subsidyClaim/propose', { year: q.year, quarter: q.quarter, key: key() }, 'bank2')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = raced.find((r) => r.status === 200)!.body.data[0] as Claim;
    expect(winner.periods).toBe(q.periods);
    const counted = await up().db.selectFrom('subsidy_claim_line').select(['application_id', 'period']).where('excluded', '=', false).execute();
    expect(new Set(counted.map((c) => `${c.application_id}#${c.period}`)).size).toBe(counted.length);
    // The database holds the line too: a second claim's line for the same period is refused.
    const line = await up().db.selectFrom('subsidy_claim_line').selectAll().where('claim_id', '=', winner.id).executeTakeFirstOrThrow();
    const other = await up().db.insertInto('subsidy_claim').values({ bank_org_id: 1, renshe_org_id: 1, year: 2000, quarter: 1, state: 'DRAFT', created_by: 1, updated_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await expect(up().db.insertInto('subsidy_claim_line').values({ claim_id: other.id, application_id: line.application_id, period: line.period, subsidy: 1 }).execute()).rejects.toThrow();
    await up().db.deleteFrom('subsidy_claim').where('id', '=', other.id).execute();

    // Left out with a reason, the period may be claimed by another claim; the first cannot take it back then.
    let detail = await ok('subsidyClaim/exclude', { id: winner.id, version: winner.version, applicationId: line.application_id, period: line.period, reason: '借款人已转贷，待核实' }, 'bank');
    expect(detail.claim.periods).toBe(q.periods - 1);
    expect(detail.excluded).toEqual({ periods: 1, amount: line.subsidy / 100 });
    // What is left out may be claimed again: the pending view counts it.
    expect(await pending()).toMatchObject({ periods: 1, amount: line.subsidy / 100 });
    const stale = await call('subsidyClaim/submit', { id: winner.id, version: winner.version }, 'bank');
    expect([stale.status, stale.body.message]).toEqual([409, expect.stringContaining('他人修改')]);
    const [second] = await propose(q);
    expect(second!.periods).toBe(1);
    const back = await call('subsidyClaim/include', { id: winner.id, version: detail.claim.version, applicationId: line.application_id, period: line.period }, 'bank');
    expect(back.status).toBe(409);
    await ok('subsidyClaim/delete', { id: second!.id, version: second!.version }, 'bank');
    detail = await ok('subsidyClaim/include', { id: winner.id, version: detail.claim.version, applicationId: line.application_id, period: line.period }, 'bank');
    expect(detail.claim.periods).toBe(q.periods);

    // Returned by renshe with the reason: no longer claimed; the bank resubmits it.
    const before = await tally();
    detail = await ok('subsidyClaim/submit', { id: winner.id, version: detail.claim.version }, 'bank');
    detail = await ok('subsidyClaim/review', { id: winner.id, version: detail.claim.version, decision: 'RETURN', opinion: '请补充第3期还款凭证' }, 'renshe');
    expect(detail.claim.state).toBe('RETURNED');
    expect((await tally()).claimed).toBe(before.claimed);
    expect(detail.steps.at(-1)).toMatchObject({ action: 'RETURN', opinion: '请补充第3期还款凭证' });
    expect(detail.can).toMatchObject({ edit: false, submit: false });
    expect((await ok('subsidyClaim/getInfo', { id: winner.id }, 'bank')).can).toMatchObject({ edit: true, submit: true, delete: false });
    detail = await ok('subsidyClaim/submit', { id: winner.id, version: detail.claim.version }, 'bank');
    expect(detail.claim.state).toBe('SUBMITTED');
  });

  /** A person's loan issued by bank1 three days ago (its first period falls due in a month). */
  async function newLoan(borrowerType: 'PERSON' | 'PARTNERSHIP') {
    const app = await createCase(up().db, { borrowerType });
    const bank3 = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'bank3').executeTakeFirstOrThrow()).id;
    await up().db.updateTable('application').set({ id_number: newIdNumber(), status: 'APPROVED', stage: 'BANK_TRANSFER', node_id: null, assignee_id: bank3, term_months: 12, rate: '0.0435', repayment_method: 'INTEREST_MONTHLY' })
      .where('id', '=', app.id).execute();
    await ok('businessClubFirstTrial/bankState', { id: app.id, version: app.version, key: key(), issued: true, loanAmount: 120000, loanDate: daysAgo(3) }, 'bank3');
    return app.id;
  }
  const repayFirst = async (id: number) => {
    const account = await ok('loanAccount/getInfo', { id }, 'bank');
    const p = account.schedule[0];
    const after = await ok('loanAccount/repay', { id, version: account.account.version, key: key(), reportId: `R-${randomUUID().slice(0, 8)}`, kind: 'PERIOD', period: 1, paidOn: chinaToday(), principal: p.principal, interest: p.interest }, 'bank');
    return after.schedule[0] as { interest: number; subsidy: number; borrowerInterest: number; dueDate: string };
  };

  it('computes a period with the rule version in force on its due date, and again when a version is added under it', async () => {
    const person = await newLoan('PERSON'), partner = await newLoan('PARTNERSHIP');
    const early = await repayFirst(person);
    // 4.35% against 3.00% − 1.50%: the subsidy is 2.85/4.35 of the interest.
    expect(fen(early.subsidy)).toBe(Math.round((fen(early.interest) * 285) / 435));
    expect(fen(early.subsidy) + fen(early.borrowerInterest)).toBe(fen(early.interest));
    const owedBefore = (await tally()).owed;

    const settings = await ok('subsidyRule/getList', {}, 'admin');
    const newest = Math.max(...settings.rules.filter((r: { borrowerType: string }) => r.borrowerType === 'PERSON').map((r: { id: number }) => r.id));
    const add = { borrowerType: 'PERSON', effectiveFrom: tomorrow(), kind: 'NONE', offsetBp: 0, share: 0, years: 3, maxLoans: 3 };
    // Another change since the version the caller saw: 409.
    expect((await call('subsidyRule/add', { ...add, seen: newest - 1 }, 'admin')).status).toBe(409);
    const after = await ok('subsidyRule/add', { ...add, seen: newest }, 'admin');
    expect(after.rules.find((r: { borrowerType: string; effectiveFrom: string }) => r.borrowerType === 'PERSON' && r.effectiveFrom === tomorrow())).toMatchObject({ kind: 'NONE', inForce: false });
    expect((await call('subsidyRule/add', { ...add, seen: newest + 1 }, 'admin')).status).toBe(409);
    // The period due after tomorrow, repaid early and claimed by nobody, now earns nothing; the owed tally lost it.
    const recomputed = (await ok('loanAccount/getInfo', { id: person }, 'bank')).schedule[0];
    expect([recomputed.subsidy, recomputed.borrowerInterest]).toEqual([0, early.interest]);
    expect((await tally()).owed).toBe(owedBefore - fen(early.subsidy));
    // Another borrower type keeps its rule.
    expect((await repayFirst(partner)).subsidy).toBeGreaterThan(0);
    // Only the administrator changes rules.
    expect((await call('subsidyRule/add', { ...add, effectiveFrom: '2099-01-01', seen: newest + 1 }, 'renshe')).status).toBe(403);
  });

  it('keeps the LPR\'s history: a change of loan.lpr is the rate from today, and loans signed from then take it', async () => {
    const changed = await ok('systemParam/update', { key: 'loan.lpr', value: '0.0280' }, 'admin');
    expect(changed.value).toBe('0.0280');
    const settings = await ok('subsidyRule/getList', {}, 'admin');
    expect(settings.lpr[0]).toMatchObject({ effectiveFrom: chinaToday(), rate: 0.028, inForce: true });
    expect(settings.lpr.filter((h: { inForce: boolean }) => h.inForce)).toHaveLength(1);
    // A date already recorded is refused by the LPR screen.
    expect((await call('subsidyRule/addLpr', { effectiveFrom: chinaToday(), rate: 0.029 }, 'admin')).status).toBe(409);
    expect((await call('subsidyRule/addLpr', { effectiveFrom: tomorrow(), rate: 0.029 }, 'renshe')).status).toBe(403);
  });
});

describeUpstream('the subsidy of loans opened before it existed (migration 0041\'s backfill)', (up) => {
  it('gives every account its borrower type\'s rule and every period repaid its subsidy, once, in batches', async () => {
    const db = up().db;
    const owed = async () => Number((await db.selectFrom('subsidy_tally').select((eb) => eb.fn.sum<string>('owed').as('n')).executeTakeFirstOrThrow()).n ?? 0);
    const filled = await db.selectFrom('loan_period').select(['application_id', 'period', 'subsidy', 'borrower_interest']).where('subsidy', 'is not', null).orderBy('application_id').orderBy('period').execute();
    expect(filled.length).toBeGreaterThan(0);
    // As before the migration: no terms, no subsidy, nothing owed.
    await db.updateTable('loan_account').set({ borrower_type: null, lpr: null, subsidy_seq: null }).execute();
    await db.updateTable('loan_period').set({ subsidy: null, borrower_interest: null, subsidy_rule_id: null }).execute();
    await db.deleteFrom('subsidy_tally').execute();
    const accounts = Number((await db.selectFrom('loan_account').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await fillSubsidies(db)).toBe(accounts);
    expect(await fillSubsidies(db)).toBe(0);
    const again = await db.selectFrom('loan_period').select(['application_id', 'period', 'subsidy', 'borrower_interest']).where('subsidy', 'is not', null).orderBy('application_id').orderBy('period').execute();
    expect(again).toEqual(filled);
    const base = await db.selectFrom('loan_period').select((eb) => eb.fn.sum<string>('subsidy').as('n')).executeTakeFirstOrThrow();
    expect(await owed()).toBe(Number(base.n));
    // Every account has its terms: the borrower type of its case and the LPR of its issue.
    const missing = await db.selectFrom('loan_account').select('application_id').where((eb) => eb.or([eb('borrower_type', 'is', null), eb('lpr', 'is', null), eb('subsidy_seq', 'is', null)])).execute();
    expect(missing).toEqual([]);
  });
});

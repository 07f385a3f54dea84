import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { newIdNumber, staffIn } from './helpers';
import { createCase, key } from './workflow-fixtures';
import { stageButtons } from '../../lib/workflow/stages';

/**
 * The subsidy of a small portfolio computed from first principles, without the product's code:
 * each schedule from the textbook (interest-only: the month's interest on the principal;
 * equal instalments: the level payment P·i(1+i)^n / ((1+i)^n − 1)), each period's interest
 * rounded half up to the fen, and the subsidy the part of the rate above the borrower's own,
 * LPR − 150 bp with the LPR of the loan's signing (the national rule seeded for every borrower
 * type), as a share of the period's interest, rounded half up; nothing for a period repaid late.
 * Every line of the bank's claim, its total and the tallies must equal these figures to the fen.
 */

/** A decimal text as a fraction of integers. */
function fraction(text: string): [bigint, bigint] {
  const [whole, decimals = ''] = text.split('.');
  return [BigInt(whole! + decimals), 10n ** BigInt(decimals.length)];
}
/** num / den rounded half up (non-negative). */
const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

interface Expected { period: number; interest: number }

/** A textbook schedule's interest per period, in fen. */
function textbookInterest(principalFen: number, rate: string, months: number, method: 'INTEREST_MONTHLY' | 'EQUAL_INSTALMENT'): Expected[] {
  const [a, b] = fraction(rate);
  const monthly = (balance: bigint) => halfUp(balance * a, 12n * b);
  const out: Expected[] = [];
  let balance = BigInt(principalFen);
  if (method === 'INTEREST_MONTHLY') {
    for (let k = 1; k <= months; k += 1) out.push({ period: k, interest: Number(monthly(balance)) });
    return out;
  }
  // i = a / (12 b); payment = P i (1+i)^n / ((1+i)^n - 1) = P a (12b + a)^n / (12b ((12b + a)^n - (12b)^n)).
  const d = 12n * b, n = BigInt(months);
  const payment = halfUp(balance * a * (d + a) ** n, d * ((d + a) ** n - d ** n));
  for (let k = 1; k <= months; k += 1) {
    const interest = monthly(balance);
    const principal = k === months ? balance : payment - interest;
    out.push({ period: k, interest: Number(interest) });
    balance -= principal;
  }
  return out;
}

/** The subsidy of a period's interest: the rate above max(0, LPR − 1.5%) as a share of the rate. */
function textbookSubsidy(interestFen: number, rate: string, lpr: string): number {
  const [ra, rb] = fraction(rate), [la, lb] = fraction(lpr);
  // All over the denominator rb·lb·10000: the rate, and the borrower's own LPR − 150 bp.
  const r = ra * lb * 10_000n, own = la * rb * 10_000n - 150n * rb * lb;
  const subsidised = r - (own > 0n ? own : 0n);
  return Number(halfUp(BigInt(interestFen) * subsidised, r));
}

const Q3 = { year: 2026, quarter: 3, from: '2026-07-01', to: '2026-09-30' };

describeUpstream('the subsidy of a small portfolio, from first principles', (up) => {
  const tokens: Record<string, string> = {};
  let teller: string;
  let bankOrg: number;
  const call = (path: string, body: unknown, who: string) => up().call(path, body, { token: tokens[who] ?? who });

  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'renshe2']) tokens[who] = await up().login(who);
    const operator = await up().db.selectFrom('organization').select('id').where('type', '=', 'OPERATOR').executeTakeFirstOrThrow();
    bankOrg = (await up().db.insertInto('organization').values({ name: '测试贴息银行', type: 'BANK', parent_id: operator.id, region_code: '430100', sort: 99, updated_at: new Date() })
      .returning('id').executeTakeFirstOrThrow()).id;
    teller = (await staffIn(up(), 'subsidy-teller', bankOrg, {
      pages: ['/bank/bank-forward', '/post-loan/ledger', '/post-loan/subsidy'],
      buttons: [...stageButtons('BANK_TRANSFER'), 'postLoan::repay', 'subsidy::claim', 'subsidy::export'],
    })).token;
    // The LPR published on 2026-05-20: 2.90% (loans signed before keep 3.00%).
    const lpr = await call('subsidyRule/addLpr', { effectiveFrom: '2026-05-20', rate: 0.029 }, 'admin');
    expect(lpr.body.code, lpr.body.message).toBe(200);
  });

  /** A loan of the test bank issued by its teller through bankState. */
  async function issue(o: { type: 'PERSON' | 'PARTNERSHIP' | 'SMALL_COMPANY'; amount: number; rate: string; months: number; method: 'INTEREST_MONTHLY' | 'EQUAL_INSTALMENT'; on: string }) {
    const app = await createCase(up().db, { borrowerType: o.type });
    const tellerId = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'subsidy-teller').executeTakeFirstOrThrow()).id;
    const node = await up().db.selectFrom('approval_node as n').innerJoin('application as a', 'a.module_id', 'n.module_id').select('n.id')
      .where('a.id', '=', app.id).where('n.stage', '=', 'BANK_TRANSFER').executeTakeFirstOrThrow();
    await up().db.updateTable('application').set({
      id_number: newIdNumber(), status: 'APPROVED', stage: 'BANK_TRANSFER', node_id: node.id, assignee_id: tellerId, bank_org_id: bankOrg,
      term_months: o.months, rate: o.rate, repayment_method: o.method,
    }).where('id', '=', app.id).execute();
    const issued = await call('businessClubFirstTrial/bankState', { id: app.id, version: app.version, key: key(), issued: true, loanAmount: o.amount, loanDate: o.on }, teller);
    expect(issued.body.code, issued.body.message).toBe(200);
    return { ...o, id: app.id, number: app.number };
  }

  it('finds every figure of the bank\'s claim, and the tallies, equal to the fen', async () => {
    const loans = [
      await issue({ type: 'PERSON', amount: 100_000, rate: '0.0435', months: 12, method: 'EQUAL_INSTALMENT', on: '2026-05-10' }),
      await issue({ type: 'PERSON', amount: 50_000, rate: '0.0435', months: 12, method: 'INTEREST_MONTHLY', on: '2026-05-12' }),
      await issue({ type: 'PARTNERSHIP', amount: 200_000, rate: '0.0415', months: 12, method: 'INTEREST_MONTHLY', on: '2026-06-10' }),
      await issue({ type: 'SMALL_COMPANY', amount: 300_000, rate: '0.0385', months: 24, method: 'EQUAL_INSTALMENT', on: '2026-06-15' }),
    ];
    const lprAt = (on: string) => (on < '2026-05-20' ? '0.0300' : '0.0290');
    // The small company's second period is repaid three days late.
    const late = { id: loans[3]!.id, period: 2 };
    const expected = new Map<string, { subsidy: number; paidOn: string }>();

    for (const loan of loans) {
      const textbook = textbookInterest(loan.amount * 100, loan.rate, loan.months, loan.method);
      const account = (await call('loanAccount/getInfo', { id: loan.id }, teller)).body.data;
      // The product's schedule has the textbook's interest in every period.
      expect(account.schedule.map((p: { interest: number }) => Math.round(p.interest * 100)), loan.number).toEqual(textbook.map((p) => p.interest));
      let version = account.account.version;
      for (const p of account.schedule as { period: number; dueDate: string; principal: number; interest: number }[]) {
        if (p.dueDate > Q3.to) break;
        const isLate = loan.id === late.id && p.period === late.period;
        const paidOn = isLate ? new Date(Date.parse(`${p.dueDate}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10) : p.dueDate;
        const repaid = await call('loanAccount/repay', {
          id: loan.id, version, key: key(), reportId: `FP-${randomUUID().slice(0, 8)}`, kind: 'PERIOD', period: p.period, paidOn, principal: p.principal, interest: p.interest,
        }, teller);
        expect(repaid.body.code, repaid.body.message).toBe(200);
        version = repaid.body.data.account.version;
        const interest = textbook[p.period - 1]!.interest;
        expected.set(`${loan.number}#${p.period}`, { subsidy: isLate ? 0 : textbookSubsidy(interest, loan.rate, lprAt(loan.on)), paidOn });
      }
    }
    expect([...expected.values()].filter((e) => e.subsidy === 0)).toHaveLength(1);

    // The claim of the third quarter: every period repaid on time in it, none other.
    const proposed = await call('subsidyClaim/propose', { year: Q3.year, quarter: Q3.quarter, key: key() }, teller);
    expect(proposed.body.code, proposed.body.message).toBe(200);
    expect(proposed.body.data).toHaveLength(1);
    const claim = proposed.body.data[0];
    const lines = { total: 0, list: [] as { loanNumber: string; period: number; subsidy: number; lpr: number }[] };
    for (let page = 1; page === 1 || lines.list.length < lines.total; page += 1) {
      const answer = await call('subsidyClaim/lines', { id: claim.id, pageNum: page, pageSize: 30 }, teller);
      expect(answer.body.code, answer.body.message).toBe(200);
      lines.total = answer.body.data.total;
      lines.list.push(...answer.body.data.list);
    }
    const inQ3 = [...expected].filter(([, e]) => e.subsidy > 0 && e.paidOn >= Q3.from && e.paidOn <= Q3.to);
    expect(lines.total).toBe(inQ3.length);
    const got = new Map(lines.list.map((l) => [`${l.loanNumber}#${l.period}`, Math.round(l.subsidy * 100)]));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(inQ3.map(([k, e]) => [k, e.subsidy])));
    const total = inQ3.reduce((sum, [, e]) => sum + e.subsidy, 0);
    expect(Math.round(claim.amount * 100)).toBe(total);
    expect(claim.periods).toBe(inQ3.length);
    // The LPR of each loan's signing.
    for (const l of lines.list) {
      expect(l.lpr.toFixed(4), l.loanNumber).toBe(lprAt(loans.find((x) => x.number === l.loanNumber)!.on));
    }

    // Submitted, checked, approved by another person, paid: the tallies follow, month by month of repayment.
    let detail = (await call('subsidyClaim/submit', { id: claim.id, version: claim.version }, teller)).body.data;
    detail = (await call('subsidyClaim/review', { id: claim.id, version: detail.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe')).body.data;
    detail = (await call('subsidyClaim/review', { id: claim.id, version: detail.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe2')).body.data;
    const paid = await call('subsidyClaim/pay', { id: claim.id, version: detail.claim.version, paidOn: '2026-11-20', amount: claim.amount, voucherNo: 'CZ-2026-118' }, 'renshe');
    expect(paid.body.code, paid.body.message).toBe(200);
    expect(paid.body.data.claim).toMatchObject({ state: 'PAID', paidAmount: claim.amount, voucherNo: 'CZ-2026-118' });

    const byMonth = (entries: [string, { subsidy: number; paidOn: string }][]) => {
      const out: Record<string, number> = {};
      for (const [, e] of entries) if (e.subsidy > 0) out[e.paidOn.slice(0, 7)] = (out[e.paidOn.slice(0, 7)] ?? 0) + e.subsidy;
      return out;
    };
    const tally = await up().db.selectFrom('subsidy_tally').select(['owed', 'claimed', 'paid']).select((eb) => eb.fn('to_char', [eb.ref('month'), eb.val('YYYY-MM')]).as('m'))
      .where('bank_org_id', '=', bankOrg).execute();
    const column = (name: 'owed' | 'claimed' | 'paid') => Object.fromEntries(tally.filter((t) => Number(t[name]) !== 0).map((t) => [t.m as string, Number(t[name])]));
    expect(column('owed')).toEqual(byMonth([...expected]));
    expect(column('claimed')).toEqual(byMonth(inQ3));
    expect(column('paid')).toEqual(byMonth(inQ3));
  });
});

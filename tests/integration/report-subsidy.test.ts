import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { orgIdOf, staffIn } from './helpers';
import { key, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';
import { chinaToday } from '../../lib/china-time';

/** The last quarter that has ended, as of today. */
function lastQuarter() {
  const [y, m] = chinaToday().split('-').map(Number) as [number, number];
  const q = Math.floor((m - 1) / 3) + 1;
  return q === 1 ? { year: y - 1, quarter: 4 } : { year: y, quarter: q - 1 };
}

interface Fen { owed: number; claimed: number; paid: number }
/** One month of repayment, bureau and bank, in fen, from the base tables. */
interface Direct extends Fen { month: string; region: string; bank: number }
type Yuan = { owed: number; claimed: number; paid: number };

const fen = (f: Yuan): Fen => ({ owed: Math.round(f.owed * 100), claimed: Math.round(f.claimed * 100), paid: Math.round(f.paid * 100) });
/** Sums the direct figures by a key, leaving out the keys whose figures are all nought. */
function fold(rows: Direct[], by: (r: Direct) => string): Map<string, Fen> {
  const map = new Map<string, Fen>();
  for (const r of rows) {
    const f = map.get(by(r)) ?? { owed: 0, claimed: 0, paid: 0 };
    f.owed += r.owed; f.claimed += r.claimed; f.paid += r.paid;
    map.set(by(r), f);
  }
  for (const [k, f] of map) if (!f.owed && !f.claimed && !f.paid) map.delete(k);
  return map;
}
const total = (rows: Direct[]) => fold(rows, () => '').get('') ?? { owed: 0, claimed: 0, paid: 0 };

describeUpstream('the subsidy owed, claimed and paid in the report and the bank statistics, recomputed from the periods and the claims', (up) => {
  const tokens: Record<string, string> = {};
  const org = {} as Record<'bank1' | 'bank2', number>;
  beforeAll(async () => {
    for (const who of ['admin', 'bank', 'renshe', 'renshe2']) tokens[who] = await up().login(who);
    for (const k of ['bank1', 'bank2'] as const) org[k] = await orgIdOf(up().db, ORGS[k]);
  });
  const call = (path: string, body: unknown, who = 'admin') => up().call(path, body, { token: tokens[who] ?? who });
  const ok = async (path: string, body: unknown, who = 'admin') => {
    const answer = await call(path, body, who);
    expect(answer.body.code, `${path}: ${answer.body.message}`).toBe(200);
    return answer.body.data;
  };

  /**
   * The subsidy straight from the base tables, not from the tally: owed, the subsidy of the
   * periods repaid (on time: late ones have none); claimed, the lines not left out of claims
   * submitted, checked, approved or paid; paid, those of paid claims; each by the month its period
   * was repaid, the bureau's region and the bank, for the months given and the banks given.
   */
  async function direct(monthFrom: string, monthTo: string, banks?: number[]): Promise<Direct[]> {
    const bankIn = (column: string) => (banks ? sql`and ${sql.ref(column)} in (${sql.join(banks)})` : sql``);
    const months = sql`p.paid_on >= ${`${monthFrom}-01`}::date and p.paid_on < ${`${monthTo}-01`}::date + interval '1 month'`;
    const { rows: owed } = await sql<{ month: string; region: string; bank: number; fen: string }>`
      select to_char(p.paid_on, 'YYYY-MM') as month, r.region_code as region, l.bank_org_id as bank, sum(p.subsidy) as fen
      from loan_period p join loan_account l on l.application_id = p.application_id join organization r on r.id = l.renshe_org_id
      where p.subsidy > 0 and ${months} ${bankIn('l.bank_org_id')} group by 1, 2, 3`.execute(up().db);
    const claims = async (states: string[]) => (await sql<{ month: string; region: string; bank: number; fen: string }>`
      select to_char(p.paid_on, 'YYYY-MM') as month, r.region_code as region, c.bank_org_id as bank, sum(cl.subsidy) as fen
      from subsidy_claim_line cl join subsidy_claim c on c.id = cl.claim_id join organization r on r.id = c.renshe_org_id
        join loan_period p on p.application_id = cl.application_id and p.period = cl.period
      where not cl.excluded and c.state in (${sql.join(states)}) and ${months} ${bankIn('c.bank_org_id')} group by 1, 2, 3`.execute(up().db)).rows;
    const [claimed, paid] = await Promise.all([claims(['SUBMITTED', 'CHECKED', 'APPROVED', 'PAID']), claims(['PAID'])]);
    const all = new Map<string, Direct>();
    const add = (rows: { month: string; region: string; bank: number; fen: string }[], figure: keyof Fen) => {
      for (const r of rows) {
        const k = `${r.month}|${r.region}|${r.bank}`;
        const d = all.get(k) ?? { month: r.month, region: r.region, bank: r.bank, owed: 0, claimed: 0, paid: 0 };
        d[figure] += Number(r.fen);
        all.set(k, d);
      }
    };
    add(owed, 'owed'); add(claimed, 'claimed'); add(paid, 'paid');
    return [...all.values()];
  }

  /** Every subsidy figure of the report and its banks, as `who` sees them, against the base tables (`banks`: the scope's). */
  async function expectReport(who: string, banks?: number[]) {
    const report = await ok('reportStatistics/form', {}, who);
    const perBank = await ok('bankStatistics/form', {}, who);
    const { monthFrom, monthTo } = report.period;
    const rows = await direct(monthFrom, monthTo, banks);
    expect(new Map(report.subsidy.rows.map((r: { month: string; region: string } & Yuan) => [`${r.month}|${r.region}`, fen(r)])))
      .toEqual(fold(rows, (r) => `${r.month}|${r.region}`));
    const months = fold(rows, (r) => r.month);
    expect(report.subsidy.byMonth.length).toBe(12);
    for (const m of report.subsidy.byMonth) expect(fen(m), m.month).toEqual(months.get(m.month) ?? { owed: 0, claimed: 0, paid: 0 });
    expect(fen(report.subsidy.totals)).toEqual(total(rows));
    expect(new Map(perBank.subsidy.rows.map((r: { bankId: number } & Yuan) => [String(r.bankId), fen(r)]))).toEqual(fold(rows, (r) => String(r.bank)));
    expect(new Map(perBank.subsidy.byMonth.map((r: { month: string; bankId: number } & Yuan) => [`${r.month}|${r.bankId}`, fen(r)])))
      .toEqual(fold(rows, (r) => `${r.month}|${r.bank}`));
    expect(fen(perBank.subsidy.totals)).toEqual(total(rows));
    return report.subsidy.totals as Yuan;
  }

  /** The bank statistics' subsidy, as `who` sees it, against the base tables: the whole months its period touches. */
  async function expectStatistics(who: string, banks?: number[]) {
    const stats = await ok('businessClubFirstTrial/statisticsForm', { side: 'bank' }, who);
    const statRows = await direct(stats.period.dateFrom.slice(0, 7), stats.period.dateTo.slice(0, 7), banks);
    expect(new Map(stats.subsidy.rows.map((r: { month: string; orgId: number } & Yuan) => [`${r.month}|${r.orgId}`, fen(r)])))
      .toEqual(fold(statRows, (r) => `${r.month}|${r.bank}`));
    expect(fen(stats.subsidy.totals)).toEqual(total(statRows));
    return stats.subsidy.totals as Yuan;
  }
  /** Both, as the administrator and as the bank's reviewer (the statistics of their bank). */
  async function expectEqual() {
    const [report, stats] = [await expectReport('admin'), await expectStatistics('admin')];
    await expectStatistics('bank', [org.bank1]);
    return { report, stats };
  }

  it('shows what the periods and the claims hold, as a claim is submitted, returned, submitted again, approved and paid', async () => {
    const start = await expectEqual();
    expect(start.report.owed).toBeGreaterThan(0);
    expect(start.stats.owed).toBeGreaterThan(0);

    // The bank proposes the last quarter's claim and leaves one period out: a draft claims nothing.
    const [draft] = await ok('subsidyClaim/propose', { ...lastQuarter(), key: key() }, 'bank');
    expect(draft.periods).toBeGreaterThan(1);
    const lines = await ok('subsidyClaim/lines', { id: draft.id, pageNum: 1, pageSize: 10 }, 'bank');
    const left = lines.list[0];
    const excluded = await ok('subsidyClaim/exclude', { id: draft.id, version: draft.version, applicationId: left.applicationId, period: left.period, reason: '借款人未付息' }, 'bank');
    expect(await expectEqual()).toEqual(start);

    const submitted = await ok('subsidyClaim/submit', { id: draft.id, version: excluded.claim.version }, 'bank');
    const amount = submitted.claim.amount as number;
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeCloseTo(draft.amount - left.subsidy, 2);
    const afterSubmit = await expectEqual();
    expect(afterSubmit.report.claimed - start.report.claimed).toBeCloseTo(amount, 2);
    expect(afterSubmit.report.owed).toBe(start.report.owed);
    expect(afterSubmit.report.paid).toBe(start.report.paid);

    // Returned to the bank: no longer claimed.
    const returned = await ok('subsidyClaim/review', { id: draft.id, version: submitted.claim.version, decision: 'RETURN', opinion: '请补充凭证' }, 'renshe');
    expect(returned.claim.state).toBe('RETURNED');
    expect(await expectEqual()).toEqual(start);

    // Submitted again, checked by one person, approved by another: claimed, not yet paid.
    const again = await ok('subsidyClaim/submit', { id: draft.id, version: returned.claim.version }, 'bank');
    const checked = await ok('subsidyClaim/review', { id: draft.id, version: again.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe');
    const approved = await ok('subsidyClaim/review', { id: draft.id, version: checked.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe2');
    expect(approved.claim.state).toBe('APPROVED');
    const afterApproval = await expectEqual();
    expect(afterApproval.report.claimed - start.report.claimed).toBeCloseTo(amount, 2);
    expect(afterApproval.report.paid).toBe(start.report.paid);

    // Paid: claimed and paid.
    const paid = await ok('subsidyClaim/pay', { id: draft.id, version: approved.claim.version, paidOn: chinaToday(), amount: approved.claim.amount, voucherNo: 'PZ-2026-001' }, 'renshe');
    expect(paid.claim.state).toBe('PAID');
    const afterPayout = await expectEqual();
    expect(afterPayout.report.paid - start.report.paid).toBeCloseTo(amount, 2);
    expect(afterPayout.report.claimed - start.report.claimed).toBeCloseTo(amount, 2);
    expect(afterPayout.stats.paid - start.stats.paid).toBeCloseTo(amount, 2);

    // The bank's own statistics show its bank only.
    const own = await ok('businessClubFirstTrial/statisticsForm', { side: 'bank' }, 'bank');
    expect(own.subsidy.rows.every((r: { orgId: number }) => r.orgId === org.bank1)).toBe(true);
    expect(own.subsidy.totals.paid).toBeCloseTo(afterPayout.stats.paid, 2);
  });

  it('exports the subsidy as numbers: three sheets of the report, one of the bank statistics', async () => {
    const report = await ok('reportStatistics/form', {});
    const banks = await ok('bankStatistics/form', {});
    const book = readXlsx(new Uint8Array(await (await up().request('reportStatistics/export', {}, { token: tokens.admin })).arrayBuffer()));
    expect(Object.keys(book)).toEqual(['按地区和月份', '按月份', '按银行', '贴息（按还款月份和地区）', '贴息（按银行）', '贴息（按还款月份和银行）', '带动就业', '担保公司']);
    const byRegion = book['贴息（按还款月份和地区）']!;
    expect(byRegion[0]).toEqual(['还款月份', '地区', '应贴息（元）', '已申请贴息（元）', '已拨付贴息（元）']);
    // Months are date cells; the rest reads as on screen.
    expect(byRegion.slice(1, -1).map((row) => row.slice(1))).toEqual(report.subsidy.rows.map((r: { regionName: string } & Yuan) => [r.regionName, r.owed, r.claimed, r.paid]));
    expect(byRegion.at(-1)!.slice(2)).toEqual([report.subsidy.totals.owed, report.subsidy.totals.claimed, report.subsidy.totals.paid]);
    expect(book['贴息（按银行）']!.slice(1, -1)).toEqual(banks.subsidy.rows.map((r: { bank: string } & Yuan) => [r.bank, r.owed, r.claimed, r.paid]));
    expect(book['贴息（按还款月份和银行）']!.length).toBe(banks.subsidy.byMonth.length + 2);
    expect(byRegion.slice(1).every((row) => row.slice(2).every((cell) => typeof cell === 'number'))).toBe(true);

    const stats = await ok('businessClubFirstTrial/statisticsForm', { side: 'bank' }, 'bank');
    const sheets = readXlsx(await (await up().request('businessClubFirstTrial/statisticsFormExport', { side: 'bank' }, { token: tokens.bank, locale: 'en' })).arrayBuffer());
    const subsidy = sheets['Subsidy by month repaid']!;
    expect(subsidy[0]).toEqual(['Month repaid', 'Bank', 'Subsidy owed (yuan)', 'Subsidy claimed (yuan)', 'Subsidy paid (yuan)']);
    expect(subsidy.slice(1, -1).map((row) => row.slice(1))).toEqual(stats.subsidy.rows.map((r: { orgName: string } & Yuan) => [r.orgName, r.owed, r.claimed, r.paid]));
    expect(subsidy.at(-1)!.slice(2)).toEqual([stats.subsidy.totals.owed, stats.subsidy.totals.claimed, stats.subsidy.totals.paid]);
    const guarantee = readXlsx(await (await up().request('businessClubFirstTrial/statisticsFormExport', { side: 'guarantee' }, { token: tokens.admin })).arrayBuffer());
    expect(Object.keys(guarantee)).not.toContain('贴息（按还款月份）');
    expect((await ok('businessClubFirstTrial/statisticsForm', { side: 'guarantee' })).subsidy).toBeNull();
  });

  it("another bank's user sees none of this bank's subsidy", async () => {
    const other = await staffIn(up(), 'subsidy-bank2-viewer', org.bank2, { pages: ['/bank/bank-statistics', '/admin/setting/report'] });
    tokens.other = other.token;
    // Its figures are its own bank's only (none of bank1's owed, claimed or paid).
    await expectReport('other', [org.bank2]);
    await expectStatistics('other', [org.bank2]);
    const stats = await ok('businessClubFirstTrial/statisticsForm', { side: 'bank' }, 'other');
    expect(stats.subsidy.rows.every((r: { orgId: number }) => r.orgId === org.bank2)).toBe(true);
    const banks = await ok('bankStatistics/form', {}, 'other');
    expect(banks.subsidy.rows.map((r: { bankId: number }) => r.bankId)).not.toContain(org.bank1);
    expect(banks.subsidy.byMonth.map((r: { bankId: number }) => r.bankId)).not.toContain(org.bank1);
    // Asking for bank1 by name gives nothing.
    const asked = await ok('businessClubFirstTrial/statisticsForm', { side: 'bank', orgId: org.bank1 }, 'other');
    expect(asked.subsidy).toEqual({ rows: [], totals: { owed: 0, claimed: 0, paid: 0 } });
    const bank1Paid = (await direct('2000-01', '2100-12', [org.bank1])).reduce((n, r) => n + r.paid, 0);
    expect(bank1Paid).toBeGreaterThan(0);
  });
});

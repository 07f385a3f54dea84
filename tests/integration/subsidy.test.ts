import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { key } from './workflow-fixtures';
import { chinaToday } from '../../lib/china-time';

/** The last quarter that has ended, as of today. */
function lastQuarter() {
  const [y, m] = chinaToday().split('-').map(Number) as [number, number];
  const q = Math.floor((m - 1) / 3) + 1;
  return q === 1 ? { year: y - 1, quarter: 4 } : { year: y, quarter: q - 1 };
}

describeUpstream('the interest subsidy: periods, claims, review and payout', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'renshe2', 'bank', 'bank2', 'guarantee']) tokens[who] = await up().login(who);
  });
  const call = (path: string, body: unknown, who = 'admin') => up().call(path, body, { token: tokens[who] ?? who });

  it('a quarter goes from proposal to payout', async () => {
    const unclaimed = (await call('subsidyClaim/unclaimed', {}, 'bank')).body;
    expect(unclaimed.code, unclaimed.message).toBe(200);
    expect(unclaimed.data.length).toBeGreaterThan(0);
    const proposed = await call('subsidyClaim/propose', { ...lastQuarter(), key: key() }, 'bank');
    expect(proposed.body.code, proposed.body.message).toBe(200);
    const claim = proposed.body.data[0];
    expect(claim.state).toBe('DRAFT');
    expect(claim.periods).toBeGreaterThan(0);
    const submitted = await call('subsidyClaim/submit', { id: claim.id, version: claim.version }, 'bank');
    expect(submitted.body.code, submitted.body.message).toBe(200);
    const checked = await call('subsidyClaim/review', { id: claim.id, version: submitted.body.data.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe');
    expect(checked.body.code, checked.body.message).toBe(200);
    expect((await call('subsidyClaim/review', { id: claim.id, version: checked.body.data.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe')).status).toBe(409);
    const approved = await call('subsidyClaim/review', { id: claim.id, version: checked.body.data.claim.version, decision: 'APPROVE', opinion: '' }, 'renshe2');
    expect(approved.body.code, approved.body.message).toBe(200);
    const paid = await call('subsidyClaim/pay', { id: claim.id, version: approved.body.data.claim.version, paidOn: chinaToday(), amount: claim.amount, voucherNo: 'V-1' }, 'renshe');
    expect(paid.body.code, paid.body.message).toBe(200);
    expect(paid.body.data.claim.state).toBe('PAID');
    const lines = await call('subsidyClaim/lines', { id: claim.id, pageNum: 1, pageSize: 10 }, 'bank');
    expect(lines.body.code, lines.body.message).toBe(200);
    const rules = await call('subsidyRule/getList', {}, 'admin');
    expect(rules.body.code, rules.body.message).toBe(200);
    const exported = await up().request('subsidyClaim/export', { id: claim.id }, { token: tokens.bank! });
    expect(exported.status).toBe(200);
  });
});

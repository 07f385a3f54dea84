/**
 * The interest subsidy on a database loaded with `npm run seed:applications`: the upgrade's
 * backfill (each issued loan's terms and the subsidy of every period repaid, in batches of 1,000
 * loans) with its pace per loan; then, for the bank reviewer `bank`, what is left to claim
 * (subsidyClaim/unclaimed), a quarter's claim proposed whole (subsidyClaim/propose), its pages of
 * periods (subsidyClaim/lines) and the claims list (subsidyClaim/getList), p50/p95 against the
 * 50 ms list budget (DESIGN.md section 7), and the claim's export.
 *
 *   npm run seed:applications -- --count 100000 --database-url URL
 *   npx tsx bench/subsidy.ts --database-url URL [--calls 50]
 *
 * The proposal writes a draft claim and deletes it again; the backfill runs only where it has
 * not (the first run on a database).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../upstream/db';
import { fillSubsidies } from '../upstream/modules/subsidy/backfill';
import { percentile, timeCalls } from './timing';
import { inProcess } from './in-process';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, calls: { type: 'string', default: '50' } } });
const CALLS = Number(values.calls);
const BUDGET = 50;
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
await migrate(database.db);
const { call, login } = inProcess(database.db);
const count = async (table: 'loan_account' | 'loan_period') => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

const loans = await count('loan_account');
const started = performance.now();
const filled = await fillSubsidies(database.db);
const fillMs = performance.now() - started;
console.log(`${database.kind}: ${loans.toLocaleString('en-US')} loan accounts, ${(await count('loan_period')).toLocaleString('en-US')} periods`);
if (filled) {
  console.log(`backfill: ${filled.toLocaleString('en-US')} loans in ${(fillMs / 1000).toFixed(1)} s, ${((fillMs / filled) * 1000).toFixed(1)} ms per 1,000 loans; 1,000,000 loans ≈ ${((fillMs / filled) * 1_000_000 / 60_000).toFixed(1)} min`);
}

const bank = await login('bank');
const ok = async (path: string, body: unknown) => {
  const answer = await call(path, body, bank);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
};
const report = (label: string, times: number[], extra = '') => {
  const pct = (p: number) => percentile(times, p);
  console.log(`  ${label.padEnd(34)}${extra.padStart(16)}  p50 ${pct(0.5).toFixed(1).padStart(7)} ms  p95 ${pct(0.95).toFixed(1).padStart(7)} ms  ratio ${(pct(0.95) / BUDGET).toFixed(2)}`);
};

const pending = (await ok('subsidyClaim/unclaimed', {})) as { year: number; quarter: number; periods: number; claimable: boolean }[];
report('what is left to claim', await timeCalls(CALLS, 'unclaimed', () => call('subsidyClaim/unclaimed', {}, bank)), `${pending.length} rows`);
const biggest = pending.filter((q) => q.claimable).sort((a, b) => b.periods - a.periods)[0];
if (!biggest) throw new Error('no quarter to claim: load applications first');

const proposing = performance.now();
const claims = (await ok('subsidyClaim/propose', { year: biggest.year, quarter: biggest.quarter, key: randomUUID() })) as { id: number; version: number; periods: number }[];
const proposeMs = performance.now() - proposing;
const periods = claims.reduce((sum, c) => sum + c.periods, 0);
console.log(`  ${'propose the largest quarter'.padEnd(34)}${`${periods.toLocaleString('en-US')} periods`.padStart(16)}  ${proposeMs.toFixed(0)} ms (${((proposeMs / periods) * 1000).toFixed(1)} ms per 1,000 periods)`);
const claim = claims[0]!;
report('its periods, first page', await timeCalls(CALLS, 'lines', () => call('subsidyClaim/lines', { id: claim.id, pageNum: 1, pageSize: 30 }, bank)));
report('its periods, page 100', await timeCalls(CALLS, 'lines 100', () => call('subsidyClaim/lines', { id: claim.id, pageNum: 100, pageSize: 30 }, bank)));
report('the claims list', await timeCalls(CALLS, 'list', () => call('subsidyClaim/getList', { pageNum: 1, pageSize: 10 }, bank)));
report('the claim', await timeCalls(CALLS, 'detail', () => call('subsidyClaim/getInfo', { id: claim.id }, bank)));
const exporting = performance.now();
const file = await call('subsidyClaim/export', { id: claim.id }, bank);
const bytes = Number(file.data.size);
console.log(`  ${'export the claim'.padEnd(34)}${`${(bytes / 1024).toFixed(0)} KB`.padStart(16)}  ${(performance.now() - exporting).toFixed(0)} ms`);

for (const c of claims) await ok('subsidyClaim/delete', { id: c.id, version: c.version });
await database.close();

/**
 * The loan after issue on a database loaded with `npm run seed:applications` (which opens the
 * issued loans' accounts): the post-loan ledger (loanAccount/getList) p50/p95 over its searches
 * for an administrator and for a bank's and a guarantee company's reviewers, against the 50 ms
 * budget; then the daily overdue roll run as of a later day (so that a month of periods falls
 * due), its time against the 60 s budget, and the longest wait of a call to a loan's account
 * made every 20 ms while it runs, against the 200 ms budget (DESIGN.md section 7).
 *
 *   npm run seed:applications -- --count 1000000 --database-url URL
 *   npx tsx bench/post-loan.ts --database-url URL [--calls 200] [--roll-days 31] [--no-roll]
 *
 * The roll changes the database (loans fall overdue as of that day): run it on a copy.
 */
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../upstream/db';
import { rollOverdue } from '../upstream/modules/loans/roll';
import { percentile, timeCalls } from './timing';
import { inProcess } from './in-process';

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, calls: { type: 'string', default: '200' }, 'roll-days': { type: 'string', default: '31' }, 'no-roll': { type: 'boolean', default: false },
} });
const CALLS = Number(values.calls);
const BUDGET = { list: 50, roll: 60_000, wait: 200 };
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
await migrate(database.db);
const { call, login } = inProcess(database.db);

const { n } = await database.db.selectFrom('loan_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const sample = await database.db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id')
  .select(['a.number', 'l.application_id', 'l.bank_org_id']).where('l.state', '=', 'CURRENT').orderBy('l.application_id', 'desc').limit(1).executeTakeFirstOrThrow();
const tokens = { admin: await login('admin'), bank: await login('bank'), guarantee: await login('guarantee') };

type Shape = [label: string, body: Record<string, unknown>, who: keyof typeof tokens];
const page = { pageNum: 1, pageSize: 10 };
const shapes: Shape[] = [
  ['admin first page', page, 'admin'],
  ['admin overdue by days', { ...page, state: 'OVERDUE', sort: 'overdueDays' }, 'admin'],
  ['admin by loan number', { ...page, keyword: sample.number }, 'admin'],
  ['admin page 50, by outstanding', { pageNum: 50, pageSize: 20, sort: 'outstanding' }, 'admin'],
  ['bank first page', page, 'bank'],
  ['bank due this month', { ...page, dateFrom: '2026-12-01', dateTo: '2026-12-31' }, 'bank'],
  ['bank overdue 30+ days', { ...page, overdueMin: 30 }, 'bank'],
  ['guarantee settled', { ...page, state: 'SETTLED' }, 'guarantee'],
];

console.log(`${database.kind}: ${Number(n).toLocaleString('en-US')} loan accounts, ${CALLS} calls per shape`);
const all: number[] = [];
for (const [label, body, who] of shapes) {
  const first = await call('loanAccount/getList', body, tokens[who]);
  if (first.code !== 200) throw new Error(`${label}: ${first.code} ${first.message}`);
  const times = await timeCalls(CALLS, label, () => call('loanAccount/getList', body, tokens[who]));
  all.push(...times);
  const pct = (p: number) => percentile(times, p);
  console.log(`  ${label.padEnd(32)} total ${String(first.data.total).padStart(8)}  p50 ${pct(0.5).toFixed(1).padStart(6)} ms  p95 ${pct(0.95).toFixed(1).padStart(6)} ms  ratio ${(pct(0.95) / BUDGET.list).toFixed(2)}`);
}
all.sort((a, b) => a - b);
const p95 = percentile(all, 0.95);
console.log(`ledger, all shapes: p95 ${p95.toFixed(1)} ms  ratio ${(p95 / BUDGET.list).toFixed(2)}`);

if (!values['no-roll']) {
  const day = new Date(Date.now() + Number(values['roll-days']) * 86_400_000);
  // A bank reviewer opens a loan's account every 20 ms while the roll runs: the longest answer is the wait a call may meet.
  let running = true;
  const waits: number[] = [];
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await call('loanAccount/getInfo', { id: sample.application_id }, tokens.bank);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const rolled = await rollOverdue(database.db, day);
  const ms = performance.now() - started;
  running = false;
  await probe;
  waits.sort((a, b) => a - b);
  console.log(`roll as of ${day.toISOString().slice(0, 10)}: ${(rolled ?? 0).toLocaleString('en-US')} loans in ${(ms / 1000).toFixed(1)} s  ratio ${(ms / BUDGET.roll).toFixed(2)}`);
  console.log(`calls during the roll: ${waits.length}, p95 ${percentile(waits, 0.95).toFixed(1)} ms, longest ${waits.at(-1)?.toFixed(1)} ms  ratio ${((waits.at(-1) ?? 0) / BUDGET.wait).toFixed(2)}`);
}
await database.close();

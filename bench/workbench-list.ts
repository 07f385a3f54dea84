/**
 * The workbench list call (businessClubFirstTrial/getList) and the loan query
 * (businessApproveRecord/loanUnfold) on a database loaded with `npm run seed:applications`:
 * p50/p95 over repeated calls with paging, searches and sorting, for an administrator and
 * for reviewers of one organisation. Prints each figure and its ratio to the 50 ms budget of
 * DESIGN.md section 7.
 *
 *   npm run seed:applications -- --count 1000000 --database-url URL
 *   npx tsx bench/workbench-list.ts --database-url URL [--calls 400]
 *   DATA_DIR=/path npx tsx bench/workbench-list.ts          (PGlite in DATA_DIR/pglite)
 */
import { parseArgs } from 'node:util';
import { createUpstreamApp } from '../upstream/app';
import { migrate, openDatabase } from '../upstream/db';
import { DEMO_PASSWORD } from '../upstream/db/seed';
import { percentile, timeCalls } from './timing';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, calls: { type: 'string', default: '400' } } });
const CALLS = Number(values.calls);
const BUDGET_MS = 50;
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
await migrate(database.db);
const app = createUpstreamApp(database.db, { loginMaxFailuresPerIp: 10_000 });
const call = async (path: string, body: unknown, token?: string) => {
  const response = await app.fetch(new Request(`http://bench/api/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '127.0.0.1', ...(token ? { token } : {}) }, body: JSON.stringify(body),
  }));
  return response.json() as Promise<{ code: number; message: string; data: any }>;
};
const login = async (username: string) => {
  const answer = await call('admin/login', { username, password: DEMO_PASSWORD });
  if (answer.code !== 200) throw new Error(`login ${username}: ${answer.message}`);
  return answer.data.token as string;
};

const { n } = await database.db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const sample = await database.db.selectFrom('application').select(['number', 'name', 'id_number', 'mobile']).where('stage', '=', 'RS_FIRST').limit(1).executeTakeFirstOrThrow();
const tokens = { admin: await login('admin'), renshe: await login('renshe'), bank: await login('bank') };

type Shape = [label: string, path: string, body: Record<string, unknown>, who: keyof typeof tokens];
const list = 'businessClubFirstTrial/getList';
const shapes: Shape[] = [
  ['renshe first page', list, { stage: 'RS_FIRST', pageNum: 1, pageSize: 10 }, 'renshe'],
  ['renshe page 50, by amount', list, { stage: 'RS_FIRST', pageNum: 50, pageSize: 20, order: '-amount' }, 'renshe'],
  ['renshe by name', list, { stage: 'RS_FIRST', pageNum: 1, pageSize: 10, name: sample.name }, 'renshe'],
  ['renshe by ID number', list, { stage: 'RS_FIRST', pageNum: 1, pageSize: 10, idNumber: sample.id_number }, 'renshe'],
  ['renshe overdue', list, { stage: 'RS_SECOND', pageNum: 1, pageSize: 10, overdue: true }, 'renshe'],
  ['renshe mine', list, { stage: 'RS_FIRST', pageNum: 1, pageSize: 10, mine: true }, 'renshe'],
  ['bank first page', list, { stage: 'BANK_FIRST', pageNum: 1, pageSize: 30 }, 'bank'],
  ['bank date range', list, { stage: 'BANK_SECOND', pageNum: 2, pageSize: 10, dateFrom: '2026-09-01', dateTo: '2026-10-31' }, 'bank'],
  ['admin stage page', list, { stage: 'GC_FIRST', pageNum: 1, pageSize: 10, order: 'deadline' }, 'admin'],
  ['admin loan query by mobile', 'businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 10, mobile: sample.mobile }, 'admin'],
  ['admin loan query by status', 'businessApproveRecord/loanUnfold', { pageNum: 3, pageSize: 10, status: 'LOANED' }, 'admin'],
];

console.log(`${database.kind}: ${Number(n).toLocaleString('en-US')} applications, ${CALLS} calls per shape, budget ${BUDGET_MS} ms (p95)`);
const all: number[] = [];
for (const [label, path, body, who] of shapes) {
  const first = await call(path, body, tokens[who]);
  if (first.code !== 200) throw new Error(`${label}: ${first.code} ${first.message}`);
  const times = await timeCalls(CALLS, label, () => call(path, body, tokens[who]));
  all.push(...times);
  const pct = (p: number) => percentile(times, p);
  console.log(`  ${label.padEnd(30)} total ${String(first.data.total).padStart(8)}  p50 ${pct(0.5).toFixed(1).padStart(6)} ms  p95 ${pct(0.95).toFixed(1).padStart(6)} ms  ratio ${(pct(0.95) / BUDGET_MS).toFixed(2)}`);
}
all.sort((a, b) => a - b);
const p95 = all[Math.floor(all.length * 0.95)]!;
console.log(`all shapes: p95 ${p95.toFixed(1)} ms  ratio ${(p95 / BUDGET_MS).toFixed(2)}`);
await database.close();

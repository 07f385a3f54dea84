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
 *   npx tsx bench/workbench-list.ts --database-url URL --explain [--only 'renshe overdue']
 *
 * Each shape's line ends with this process's CPU time per call: on PGlite, which runs in the
 * process, that is the whole cost of the call, database included, and it does not grow with the
 * machine's load as the times do (on PostgreSQL it leaves out the server's share).
 *
 * --explain runs each shape's queries once more under EXPLAIN (ANALYZE, BUFFERS) and prints
 * the pages each read (shared buffers hit + read: independent of the machine's load) and its
 * execution time, with the plan of every query that read more than --plan-pages (default 200).
 * --only limits the run to the shapes whose label contains the text. --no-migrate reads a database
 * as it is (one shared read-only, or migrated by another branch).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../upstream/db';
import { percentile, timeCalls } from './timing';
import { inProcess } from './in-process';

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, calls: { type: 'string', default: '400' },
  explain: { type: 'boolean', default: false }, 'no-migrate': { type: 'boolean', default: false }, only: { type: 'string' }, 'plan-pages': { type: 'string', default: '200' },
} });
const CALLS = Number(values.calls);
const BUDGET_MS = 50;
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
if (!values['no-migrate']) await migrate(database.db);
const { call, login } = inProcess(database.db);

const { n } = await database.db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const sample = await database.db.selectFrom('application').select(['number', 'name', 'id_number', 'mobile']).where('stage', '=', 'RS_FIRST').limit(1).executeTakeFirstOrThrow();
const tokens = { admin: await login('admin'), renshe: await login('renshe'), bank: await login('bank') };

/** A statement's parameter as an SQL literal (EXPLAIN takes no parameters on every driver). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

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

const selected = shapes.filter(([label]) => !values.only || label.includes(values.only));

type Captured = { sql: string; parameters: readonly unknown[] };
/** The statements one call runs (read off the executor every builder of `database.db` uses). */
async function statementsOf(run: () => Promise<unknown>): Promise<Captured[]> {
  const executor = database.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const captured: Captured[] = [];
  (executor as any).executeQuery = (query: Captured, queryId: unknown) => {
    captured.push({ sql: query.sql, parameters: query.parameters });
    return (original as any)(query, queryId);
  };
  try { await run(); } finally {
    (executor as any).executeQuery = original;
  }
  return captured;
}

if (values.explain) {
  const planPages = Number(values['plan-pages']);
  for (const [label, path, body, who] of selected) {
    const all = await statementsOf(() => call(path, body, tokens[who]));
    const statements = all.filter((s) => /\bapplication\b/.test(s.sql));
    console.log(`${label}: ${all.length} statements, ${statements.length} on applications`);
    if (process.env.LIST_STATEMENTS) for (const s of all) console.log(`    ${s.sql.replace(/\s+/g, ' ').slice(0, 140)}`);
    for (const statement of statements) {
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, buffers, format json) ${sql.raw(statement.sql.replace(/\$(\d+)/g, (_, i) => literal(statement.parameters[Number(i) - 1])))}`.execute(database.db);
      const raw = rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0];
      const pages = Number(plan.Plan['Shared Hit Blocks'] ?? 0) + Number(plan.Plan['Shared Read Blocks'] ?? 0);
      console.log(`  ${String(pages).padStart(7)} pages ${plan['Execution Time'].toFixed(1).padStart(7)} ms  ${statement.sql.replace(/\s+/g, ' ').slice(0, 110)}`);
      if (pages > planPages) {
        const { rows: text } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${sql.raw(statement.sql.replace(/\$(\d+)/g, (_, i) => literal(statement.parameters[Number(i) - 1])))}`.execute(database.db);
        for (const line of text) console.log(`      ${line['QUERY PLAN']}`);
      }
    }
  }
  await database.close();
  process.exit(0);
}

console.log(`${database.kind}: ${Number(n).toLocaleString('en-US')} applications, ${CALLS} calls per shape, budget ${BUDGET_MS} ms (p95)`);
const all: number[] = [];
for (const [label, path, body, who] of selected) {
  const first = await call(path, body, tokens[who]);
  if (first.code !== 200) throw new Error(`${label}: ${first.code} ${first.message}`);
  const cpu = process.cpuUsage();
  const times = await timeCalls(CALLS, label, () => call(path, body, tokens[who]));
  const { user, system } = process.cpuUsage(cpu);
  // This process's CPU per call: on PGlite it includes the database's work, and unlike the times it does not grow with the machine's load.
  const cpuMs = (user + system) / 1000 / CALLS;
  all.push(...times);
  const pct = (p: number) => percentile(times, p);
  console.log(`  ${label.padEnd(30)} total ${String(first.data.total).padStart(8)}  p50 ${pct(0.5).toFixed(1).padStart(6)} ms  p95 ${pct(0.95).toFixed(1).padStart(6)} ms  ratio ${(pct(0.95) / BUDGET_MS).toFixed(2)}  cpu ${cpuMs.toFixed(1).padStart(5)} ms/call`);
}
all.sort((a, b) => a - b);
const p95 = all[Math.floor(all.length * 0.95)]!;
console.log(`all shapes: p95 ${p95.toFixed(1)} ms  ratio ${(p95 / BUDGET_MS).toFixed(2)}`);
await database.close();

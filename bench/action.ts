/**
 * An action's write cost on a loaded database: the administrator reassigns cases of the renshe
 * first review (businessClubFirstTrial/adminRedeploy: the case, one record and one message in
 * one transaction, through the same path as every action). p50/p95 over --calls cases, to show
 * that the list indexes do not slow the writes.
 *   npx tsx bench/action.ts --database-url URL [--calls 200]      (writes: use a copy of a bench database)
 *   DATA_DIR=/path npx tsx bench/action.ts                          (PGlite in DATA_DIR/pglite)
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../upstream/db';
import { DEMO_PASSWORD } from '../upstream/db/seed';
import { percentile } from './timing';
import { inProcess } from './in-process';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, calls: { type: 'string', default: '200' } } });
const CALLS = Number(values.calls);
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
await migrate(database.db);
const { call } = inProcess(database.db);
const login = await call('admin/login', { username: 'admin', password: DEMO_PASSWORD });
const token = login.data.token as string;

const cases = await database.db.selectFrom('application').select(['id', 'version', 'assignee_id'])
  .where('stage', '=', 'RS_FIRST').where('status', '=', 'IN_REVIEW').orderBy('id', 'desc').limit(CALLS).execute();
const times: number[] = [];
for (const item of cases) {
  const people = await call('businessClubFirstTrial/getAuditPersonAmount', { id: item.id }, token);
  const other = (people.data as { id: number }[] | null)?.find((p) => p.id !== item.assignee_id);
  if (!other) continue;
  const started = performance.now();
  const answer = await call('businessClubFirstTrial/adminRedeploy', { id: item.id, version: item.version, key: randomUUID(), userId: other.id }, token);
  times.push(performance.now() - started);
  if (answer.code !== 200) throw new Error(`adminRedeploy ${item.id}: ${answer.code} ${answer.message}`);
}
times.sort((a, b) => a - b);
console.log(`${database.kind}: adminRedeploy over ${times.length} cases  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`);
await database.close();

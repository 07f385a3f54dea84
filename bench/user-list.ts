/**
 * The user list call (systemUser/adminList) with 10,000 users: p50/p95 over repeated calls
 * with paging, filters and sorting, on PGlite and (with DATABASE_URL) on PostgreSQL.
 * Prints each figure and its ratio to the 50 ms list budget of DESIGN.md section 7.
 *   npx tsx bench/user-list.ts [--users 10000] [--calls 300]
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createUpstreamApp } from '../upstream/app';
import { migrate, openDatabase, type OpenDatabase } from '../upstream/db';
import { seedDemo, seedReference } from '../upstream/db/seed';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const USERS = arg('users', 10_000);
const CALLS = arg('calls', 300);
const BUDGET_MS = 50;

async function prepare(database: OpenDatabase) {
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db);
  const orgs = await database.db.selectFrom('organization').select('id').execute();
  // One statement, like a bulk import; the password hash is irrelevant to listing.
  await sql`
    insert into app_user (org_id, username, nickname, mobile, mail, type, state, password_hash, updated_at)
    select (array[${sql.join(orgs.map((o) => o.id))}]::int[])[1 + (g % ${orgs.length})], 'bench' || g, '用户' || g,
           '139' || lpad(g::text, 8, '0'), 'bench' || g || '@example.com', 1,
           case when g % 10 = 0 then 'DISABLED' else 'ENABLED' end, 'x', now() - (g || ' minutes')::interval
    from generate_series(1, ${USERS}) g`.execute(database.db);
}

async function run(label: string, database: OpenDatabase) {
  await prepare(database);
  const app = createUpstreamApp(database.db);
  const call = async (path: string, body: unknown, token?: string) => {
    const response = await app.fetch(new Request(`http://bench/api/${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '127.0.0.1', ...(token ? { token } : {}) }, body: JSON.stringify(body),
    }));
    return response.json() as Promise<{ code: number; data: any }>;
  };
  const login = await call('admin/login', { username: 'admin', password: 'demo1234' });
  const token = login.data.token as string;
  const shapes = [
    { pageNum: 1, pageSize: 10 },
    { pageNum: 50, pageSize: 20, order: '-createTime' },
    { pageNum: 1, pageSize: 30, username: 'bench12', order: 'username' },
    { pageNum: 3, pageSize: 10, state: 'DISABLED' },
    { pageNum: 1, pageSize: 10, mobile: '1390000' },
  ];
  const first = await call('systemUser/adminList', shapes[0], token);
  if (first.code !== 200) throw new Error(`adminList answered ${first.code}`);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const answer = await call('systemUser/adminList', shapes[i % shapes.length], token);
    times.push(performance.now() - started);
    if (answer.code !== 200) throw new Error(`adminList answered ${answer.code}`);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  console.log(`${label}: ${first.data.total} users, ${CALLS} calls  p50 ${pct(0.5).toFixed(1)} ms  p95 ${pct(0.95).toFixed(1)} ms  ratio ${(pct(0.95) / BUDGET_MS).toFixed(2)}`);
}

const pglite = await openDatabase({ dataDir: 'memory://' });
try { await run('PGlite', pglite); } finally { await pglite.close(); }

const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await openDatabase({ databaseUrl: url, schema });
  try {
    await run('PostgreSQL', pg);
  } finally {
    await sql.raw(`drop schema ${schema} cascade`).execute(pg.db);
    await pg.close();
  }
}

/**
 * The intake call (channel/application/submit) with the indicator checks on and 10,000
 * blacklist entries: p50/p95 over repeated submissions (every tenth names a blacklisted
 * spouse and is refused), on PGlite and (with DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
 * Prints each figure and its p95 as a ratio to a 150 ms intake budget (an intake writes the
 * application, its people, its verdicts, a record and a message in one transaction).
 *   npx tsx bench/intake.ts [--entries 10000] [--calls 200]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createUpstreamApp } from '../upstream/app';
import { migrate, openDatabase, type OpenDatabase } from '../upstream/db';
import { seedDemo, seedReference } from '../upstream/db/seed';
import { idCheckDigit } from '../lib/workflow/id-number';
import { percentile } from './timing';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ENTRIES = arg('entries', 10_000);
const CALLS = arg('calls', 200);
const BUDGET_MS = 150;

/** A valid ID number born in 1990 with serial n (sequence codes 100-899, never the simulated sources' special ones). */
const idOf = (n: number, region = '430102') => {
  const first17 = `${region}1990${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${100 + (Math.floor(n / 336) % 800)}`;
  return first17 + idCheckDigit(first17);
};

async function prepare(database: OpenDatabase) {
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db);
  // One statement, like a bulk import: 10,000 active entries (another region's numbers, so the submitted people are not on it;
  // their check digits do not matter to the lookups).
  await sql`
    insert into blacklist (name, id_number, reason, source, created_at, updated_at)
    select '名单' || g, '110101' || (1950 + g % 50)::text || lpad((1 + g % 12)::text, 2, '0') || lpad((1 + g % 28)::text, 2, '0') || lpad((g / 336)::text, 3, '0') || 'X',
           '逾期未还款', 'IMPORT', now(), now()
    from generate_series(1, ${ENTRIES} - 1) g on conflict do nothing`.execute(database.db);
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
  const token = (await call('admin/login', { username: 'admin', password: 'demo1234' })).data.token as string;
  const orgs = async (type: string) => (await call('systemOrganiza/getInstitutionDropdown', { type }, token)).data[0].id as number;
  const [rensheOrgId, guaranteeOrgId, bankOrgId] = [await orgs('RENSHE'), await orgs('GUARANTEE'), await orgs('BANK')];
  // One entry with a valid number, named as a spouse by every tenth submission.
  const banned = idOf(5, '430104');
  await database.db.insertInto('blacklist').values({ name: '名单配偶', id_number: banned, reason: '逾期未还款', source: 'MANUAL', updated_at: new Date() }).execute();
  const count = await database.db.selectFrom('blacklist').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < CALLS; i += 1) {
    const spouse = i % 10 === 9 ? banned : idOf(i, '430103');
    const body = {
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: { name: '周晓明', idNumber: idOf(i), mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
      spouse: { name: '李芳', idNumber: spouse, mobile: '13712345679', gender: 'FEMALE' },
      amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT', rensheOrgId, guaranteeOrgId, bankOrgId,
    };
    const started = performance.now();
    const answer = await call('channel/application/submit', body, token);
    times.push(performance.now() - started);
    if (answer.code === 409) refused += 1;
    else if (answer.code !== 200) throw new Error(`submit answered ${answer.code}: ${JSON.stringify(answer)}`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(`${label}: ${Number(count.n)} blacklist entries, ${CALLS} intakes (${refused} refused by the blacklist)  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ratio ${(p95 / BUDGET_MS).toFixed(2)} of the ${BUDGET_MS} ms budget`);
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

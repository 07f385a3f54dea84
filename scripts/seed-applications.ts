/**
 * Bulk-loads generated loan applications (with their people, houses and approval histories),
 * for list and statistics benchmarks on realistic volumes:
 *
 *   npm run seed:applications -- --count 1000000 [--database-url URL] [--seed bulk] [--batch 1000] [--parallel 2]
 *
 * The database is --database-url, else DATABASE_URL, else the embedded PGlite in
 * DATA_DIR/pglite (DATA_DIR defaults to ./.data). It is migrated and given the reference data;
 * a database without any user first gets the demo organisations and users, whose node people
 * the cases are assigned to. Applications come from the generator the demo seed uses, the
 * same for the same seed and position, and continue after those already present. Fake data:
 * never run it against a production database.
 *
 *   npm run seed:applications -- --grow-to 1000000 [--database-url URL] [--batch 20000]
 *
 * instead copies the applications already there (generated ones), with their people, houses
 * and approval records, in SQL until the database holds --grow-to applications (see
 * upstream/db/seed/grow.ts), then checks that the summary tables still count every case once.
 * Either way the issued loans then get their accounts and schedules, and the periods repaid on
 * time their interest subsidy (the subsidy owed in subsidy_tally), as a start would.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../upstream/db';
import { seedDemo, seedReference } from '../upstream/db/seed';
import { loadGeneratorContext } from '../upstream/db/seed/generator-context';
import { generateApplication } from '../upstream/db/seed/generator';
import { insertApplications, type WrittenCounts } from '../upstream/db/seed/bulk-insert';
import { checkTallies, growApplications } from '../upstream/db/seed/grow';
import { openMissingAccounts } from '../upstream/modules/loans/backfill';
import { fillSubsidies } from '../upstream/modules/subsidy/backfill';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    'database-url': { type: 'string' },
    seed: { type: 'string', default: 'bulk' },
    batch: { type: 'string' },
    parallel: { type: 'string' },
    'grow-to': { type: 'string' },
  },
});
const whole = (name: string, value: string | undefined, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`[seed] --${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return n;
};
const growTo = values['grow-to'] === undefined ? undefined : whole('grow-to', values['grow-to'], 100_000_000);
const count = growTo === undefined ? whole('count', values.count, 100_000_000) : 0;
const batchSize = whole('batch', values.batch ?? (growTo === undefined ? '1000' : '20000'), 100_000);
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;
// PGlite is one connection: batches queue behind each other whatever the setting.
const parallel = whole('parallel', values.parallel ?? (databaseUrl ? '2' : '1'), 16);

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite`, poolSize: parallel + 1 });
const { db } = database;
const rate = (n: number, ms: number) => Math.round((n * 1000) / Math.max(ms, 1)).toLocaleString('en-US');
try {
  await migrate(db);
  await seedReference(db);
  if (!(await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst())) {
    console.log('[seed] no users yet: loading the demo organisations and users first');
    await seedDemo(db);
  }
  if (growTo !== undefined) {
    const started = performance.now();
    const grown = await growApplications(db, growTo, {
      batch: batchSize,
      onBatch: ({ copied, target, rows }) => console.log(`[seed] ${copied.toLocaleString('en-US')}/${target.toLocaleString('en-US')} copies, ${rows.toLocaleString('en-US')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rate(copied, performance.now() - started)} applications/s`),
    });
    console.log(`[seed] copied ${grown.copied.toLocaleString('en-US')} applications (${grown.rows.toLocaleString('en-US')} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const { table, sum, cases } of await checkTallies(db)) {
      if (sum !== cases) throw new Error(`${table} counts ${sum} cases, the database holds ${cases}`);
      console.log(`[seed] ${table} counts all ${cases.toLocaleString('en-US')} cases`);
    }
  } else {
    const context = await loadGeneratorContext(db, new Date());
    const first = Number((await db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    console.log(`[seed] ${database.kind}: adding ${count.toLocaleString('en-US')} applications after ${first.toLocaleString('en-US')}, seed '${values.seed}', ${batchSize} a batch, ${parallel} in parallel`);

    const started = performance.now();
    const total: WrittenCounts = { applications: 0, people: 0, houses: 0, records: 0 };
    const rows = () => total.applications + total.people + total.houses + total.records;
    let reported = started;
    const report = (final = false) => {
      const now = performance.now();
      if (!final && now - reported < 2000) return;
      reported = now;
      const seconds = ((now - started) / 1000).toFixed(1);
      console.log(`[seed] ${total.applications.toLocaleString('en-US')}/${count.toLocaleString('en-US')} applications, ${rows().toLocaleString('en-US')} rows in ${seconds} s: ${rate(total.applications, now - started)} applications/s, ${rate(rows(), now - started)} rows/s`);
    };
    const inFlight: Promise<void>[] = [];
    for (let start = 0; start < count; start += batchSize) {
      const size = Math.min(batchSize, count - start);
      const batch = Array.from({ length: size }, (_, i) => generateApplication(context, values.seed!, first + start + i));
      const written = db.transaction().execute((trx) => insertApplications(trx, batch)).then((counts) => {
        for (const key of Object.keys(total) as (keyof WrittenCounts)[]) total[key] += counts[key];
        if (total.applications < count) report();
      });
      written.catch(() => {}); // awaited below; this only keeps a failure of a later batch from crashing the process first
      inFlight.push(written);
      if (inFlight.length >= parallel) await inFlight.shift();
    }
    await Promise.all(inFlight);
    report(true);
    console.log(`[seed] ${total.people.toLocaleString('en-US')} people, ${total.houses.toLocaleString('en-US')} houses, ${total.records.toLocaleString('en-US')} approval records`);
  }
  // The issued loans' accounts and schedules (DOMAIN.md section 6), in batches of 1,000 loans.
  const opening = performance.now();
  const opened = await openMissingAccounts(db);
  console.log(`[seed] ${opened.toLocaleString('en-US')} loan accounts opened in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  // Their subsidy terms and each period repaid on time's subsidy, which the subsidy owed counts (in batches of 1,000 loans).
  const subsidising = performance.now();
  const filled = await fillSubsidies(db);
  console.log(`[seed] ${filled.toLocaleString('en-US')} loans given their subsidy in ${((performance.now() - subsidising) / 1000).toFixed(1)} s`);
  const analysed = performance.now();
  // The summary tables the triggers filled as well: the statistics' plans count on their sizes, and the lists' index-only
  // scans on the visibility map that a vacuum sets (a server without autovacuum never does either).
  await sql`vacuum analyze application, application_person, house_property, approval_record, application_tally, stage_tally, overdue_tally, loan_tally,
    subsidy_tally, case_tally, case_overdue_tally, guarantee_tally, application_status_tally, application_group_tally, application_product_tally,
    stage_wait_case, loan_account, loan_period, loan_repayment`.execute(db);
  console.log(`[seed] vacuumed and statistics updated in ${((performance.now() - analysed) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`[seed] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

import { migrate, openDatabase, schemaUpToDate } from './db';
import { seedReference } from './db/seed';
import { fillSubsidies } from './modules/subsidy/backfill';
import { openMissingAccounts } from './modules/loans/backfill';

/**
 * `npm run migrate` (in the image: `node upstream/migrate.mjs`): migrates DATABASE_URL (or the
 * embedded database in DATA_DIR), loads the reference data (menus, dictionaries, the
 * calendar) and opens the accounts of loans issued before loan accounts existed, then exits. Run it once per upgrade before starting replicas with
 * MIGRATE_ON_START=false; it is safe to run again (it does nothing on an up-to-date database).
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
const started = Date.now();
try {
  const before = await schemaUpToDate(database.db);
  await migrate(database.db);
  await seedReference(database.db);
  await openMissingAccounts(database.db); // loans issued before accounts existed get theirs (a no-op once done)
  await fillSubsidies(database.db);
  console.log(`[migrate] ${database.kind}: ${before ? 'already up to date' : 'migrated'}, reference data checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}

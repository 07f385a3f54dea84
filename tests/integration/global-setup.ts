import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openDatabase } from '../../upstream/db';
import { seedDemo, seedReference } from '../../upstream/db/seed';

export const SNAPSHOT = join(process.cwd(), '.test-data', 'pglite-seeded.tar');

/** Builds one migrated, seeded PGlite snapshot; every test file starts its own database from it. */
export default async function setup() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db);
  const dump = await database.dump!();
  mkdirSync(join(process.cwd(), '.test-data'), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

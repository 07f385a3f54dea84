import { migrate, openDatabase } from './db';
import { seedDemo, seedReference } from './db/seed';

/** `npm run seed:demo`: migrates DATABASE_URL (or the embedded database) and loads the demo organisations and users. */
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
await migrate(database.db);
await seedReference(database.db);
await seedDemo(database.db);
await database.close();
console.log(`[seed] demo data loaded into ${database.kind}`);

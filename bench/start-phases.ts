/**
 * What the in-process service does before its first answer, phase by phase, on an embedded
 * database (PGlite in DATA_DIR/pglite; created and seeded on the first run): opening it,
 * the migration check, the reference data check and the demo data check.
 *   DATA_DIR=/path npx tsx bench/start-phases.ts
 */
export {};

const t0 = performance.now();
const lap = (label: string, from: number) => console.log(`${label.padEnd(34)} ${(performance.now() - from).toFixed(0).padStart(6)} ms`);
const [{ migrate, openDatabase }, { seedDemo, seedReference }] = await Promise.all([import('../upstream/db'), import('../upstream/db/seed')]);
lap('loading the database modules', t0);
let t = performance.now();
const database = await openDatabase({ dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
lap('opening the database', t);
t = performance.now();
await migrate(database.db);
lap('migrations (check or run)', t);
t = performance.now();
await seedReference(database.db);
lap('reference data (check or load)', t);
t = performance.now();
await seedDemo(database.db);
lap('demo data (check or load)', t);
t = performance.now();
const { createUpstreamApp } = await import('../upstream/app');
createUpstreamApp(database.db);
lap('building the app', t);
lap('in all', t0);
await database.close();

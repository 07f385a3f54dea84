import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fail, heldBy, options } from './data-dir.mjs';

/**
 * `npm run backup [-- --out DIR] [--data-dir DIR]`: a consistent copy of the embedded
 * database (DATA_DIR/pglite, as PGlite's own dump) and of the uploaded files
 * (DATA_DIR/files), taken while no server holds the data directory. The backup is a folder:
 * pglite.tar.gz, files/ and manifest.json (what it holds and the dump's checksum).
 * PostgreSQL installations back up with pg_dump instead (docs/operations.md, 'Backups and restore').
 */
const { values, dataDir } = options({ out: { type: 'string' } });
const database = join(dataDir, 'pglite');
if (!existsSync(join(database, 'PG_VERSION'))) fail(`[backup] no embedded database in ${database}`);
const held = heldBy(dataDir);
if (held && !values.force) fail(`[backup] ${held}: stop it first (docker stop / SIGTERM), or pass --force if it is not running`);

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const out = resolve(values.out ?? join(dataDir, '..', `lbo-backup-${stamp}`));
if (existsSync(out) && readdirSync(out).length > 0) fail(`[backup] ${out} exists and is not empty`);
mkdirSync(out, { recursive: true });

const started = Date.now();
const { PGlite } = await import('@electric-sql/pglite');
const pglite = await PGlite.create(database);
const counts = (await pglite.query('select (select count(*) from app_user)::int as users, (select count(*) from application)::int as applications')).rows[0];
const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
await pglite.close();
writeFileSync(join(out, 'pglite.tar.gz'), dump);

const files = join(dataDir, 'files');
let fileCount = 0;
if (existsSync(files)) {
  cpSync(files, join(out, 'files'), { recursive: true });
  fileCount = readdirSync(join(out, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
const manifest = {
  kind: 'lbo-embedded-backup', version: 1, createdAt: new Date().toISOString(), from: dataDir,
  database: { file: 'pglite.tar.gz', bytes: dump.length, sha256: createHash('sha256').update(dump).digest('hex'), ...counts },
  files: fileCount,
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`[backup] ${out}: database ${(dump.length / 1024 / 1024).toFixed(1)} MB (${counts.users} users, ${counts.applications} applications), ${fileCount} files, in ${((Date.now() - started) / 1000).toFixed(1)} s`);

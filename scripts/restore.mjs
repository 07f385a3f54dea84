import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fail, heldBy, options } from './data-dir.mjs';

/**
 * `npm run restore -- BACKUP_DIR [--data-dir DIR] [--force]`: puts a backup of
 * `npm run backup` into DATA_DIR (the embedded database and the uploaded files). It refuses
 * a data directory that already holds a database unless --force (which replaces it) and
 * one a running server holds; the dump's checksum is verified first. Every session the backup
 * held ends (its sign-in is revoked): after a restore everyone signs in again.
 */
const { values, positionals, dataDir } = options();
const from = positionals[0] && resolve(positionals[0]);
if (!from) fail('[restore] usage: npm run restore -- BACKUP_DIR [--data-dir DIR] [--force]');
let manifest;
try { manifest = JSON.parse(readFileSync(join(from, 'manifest.json'), 'utf8')); } catch { fail(`[restore] ${from} holds no manifest.json of a backup`); }
if (manifest.kind !== 'lbo-embedded-backup') fail(`[restore] ${from} is not a backup of the embedded database`);
const dump = readFileSync(join(from, manifest.database.file));
if (createHash('sha256').update(dump).digest('hex') !== manifest.database.sha256) fail('[restore] the database dump does not match its checksum: the backup is damaged');

const held = heldBy(dataDir);
if (held) fail(`[restore] ${held}: stop it first`);
const database = join(dataDir, 'pglite');
if (existsSync(join(database, 'PG_VERSION')) && !values.force) fail(`[restore] ${database} already holds a database: pass --force to replace it`);

const started = Date.now();
rmSync(database, { recursive: true, force: true });
mkdirSync(database, { recursive: true });
const { PGlite } = await import('@electric-sql/pglite');
const pglite = await PGlite.create(database, { loadDataDir: new Blob([dump]) });
const counts = (await pglite.query('select (select count(*) from app_user)::int as users, (select count(*) from application)::int as applications')).rows[0];
// Every session open when the backup was taken ends: its sign-in is revoked, so each user signs in again.
const ended = (await pglite.query('update auth_token set revoked_at = now() where revoked_at is null')).affectedRows ?? 0;
await pglite.close();
if (counts.users !== manifest.database.users) fail(`[restore] restored ${counts.users} users where the backup holds ${manifest.database.users}`);

const files = join(dataDir, 'files');
if (existsSync(join(from, 'files'))) {
  rmSync(files, { recursive: true, force: true });
  cpSync(join(from, 'files'), files, { recursive: true });
}
console.log(`[restore] ${dataDir}: ${counts.users} users, ${counts.applications} applications, ${manifest.files} files from the backup of ${manifest.createdAt}, ${ended} sessions ended, in ${((Date.now() - started) / 1000).toFixed(1)} s`);

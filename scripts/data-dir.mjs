import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Shared by `npm run backup` and `npm run restore` (plain JavaScript: the container runs
 * them with node alone). The embedded database is one process's at a time: the server
 * holds DATA_DIR/pglite.lock (its pid and host) while it runs.
 */
export function options(extra = {}) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false }, ...extra },
  });
  return { values, positionals, dataDir: resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './.data') };
}

/** Why the embedded database cannot be copied now, or null: a server holds it (a stale lock of a dead process on this host does not count). */
export function heldBy(dataDir) {
  const lock = join(dataDir, 'pglite.lock');
  if (!existsSync(lock)) return null;
  let holder;
  try { holder = JSON.parse(readFileSync(lock, 'utf8')); } catch { return `${lock} is unreadable`; }
  if (holder.hostname === hostname()) {
    try { process.kill(holder.pid, 0); } catch (error) { if (error.code === 'ESRCH') return null; }
  }
  return `a server (pid ${holder.pid} on ${holder.hostname}, since ${holder.since}) holds ${lock}`;
}

export function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

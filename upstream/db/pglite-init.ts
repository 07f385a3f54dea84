import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { log } from '../../lib/http/log';

/**
 * The worker's code, as text: this module is bundled by Next.js, so the worker cannot be a
 * file of ours; it only needs PGlite, which stays an external package.
 */
const CREATE_DATA_DIR = `
const { parentPort, workerData } = require('node:worker_threads');
import('@electric-sql/pglite')
  .then(async ({ PGlite }) => { const db = await PGlite.create(workerData.dataDir); await db.close(); parentPort.postMessage('ok'); })
  .catch((error) => parentPort.postMessage(String((error && error.message) || error)));
`;

/**
 * A new PGlite data directory is made by initdb: seconds of WebAssembly that would hold
 * this thread's event loop (no request, no timer answered meanwhile). It runs in a worker
 * thread instead; the caller then opens the directory as an existing one (a fraction of a
 * second). When no worker can do it, the caller creates the directory itself, as before.
 */
export async function createDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await new Promise<void>((resolve) => {
    const worker = new Worker(CREATE_DATA_DIR, { eval: true, workerData: { dataDir } });
    worker.once('message', (outcome: string) => {
      if (outcome !== 'ok') log.warn({ outcome }, 'creating the database in a worker failed; creating it in the main thread');
      resolve();
    });
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}

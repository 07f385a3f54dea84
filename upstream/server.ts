import { serve } from '@hono/node-server';
import { optionsFromEnv } from './options';
import { launchService } from './service';

/**
 * The platform service on its own (`npm run upstream`): PostgreSQL when DATABASE_URL is
 * set, else PGlite in DATA_DIR/pglite. The BFF reaches it through UPSTREAM_URL. It listens
 * at once; a call that comes while the database is migrated and seeded waits for it (at
 * most READY_WAIT_MS), else is answered 503 in the envelope.
 */
const READY_WAIT_MS = 10_000;
const port = Number(process.env.UPSTREAM_PORT ?? 4000);
const host = process.env.UPSTREAM_HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = `${process.env.DATA_DIR || './.data'}/pglite`;
const service = launchService({ databaseUrl, dataDir, demo: !databaseUrl, options: optionsFromEnv(process.env, !databaseUrl) });
const server = serve({
  fetch: async (request: Request) => {
    await service.whenReady(READY_WAIT_MS);
    return service.fetch(request);
  },
  port,
  hostname: host,
}, (info) => {
  console.log(`[upstream] listening on http://${host}:${info.port}`);
});
service.ready.then(
  (started) => console.log(`[upstream] ready (${started.database.kind})`),
  (error: unknown) => {
    console.error('[upstream] could not start:', error);
    process.exit(1);
  },
);
const stop = () => server.close(() => void service.ready.then((started) => started.close(), () => {}).then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { migrateOnStart, optionsFromEnv } from './options';
import { launchService } from './service';
import { log } from '../lib/http/log';
import { metricsAccessFromEnv } from '../lib/http/metrics-access';
import { metricsRoute } from './core/metrics-route';
import { gracefulShutdown, routeConsoleToLog } from '../lib/http/graceful.mjs';

/**
 * The platform service on its own (`npm run upstream`): PostgreSQL when DATABASE_URL is
 * set, else PGlite in DATA_DIR/pglite. The BFF reaches it through UPSTREAM_URL. It listens
 * at once; a call that comes while the database is migrated and seeded waits for it (at
 * most READY_WAIT_MS), else is answered 503 in the envelope.
 */
const READY_WAIT_MS = 10_000;
// What libraries print, and Node's own warnings, become log lines too (as in the web server).
routeConsoleToLog();
const port = Number(process.env.UPSTREAM_PORT ?? 4000);
const host = process.env.UPSTREAM_HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = `${process.env.DATA_DIR || './.data'}/pglite`;
const metrics = metricsRoute(metricsAccessFromEnv(process.env));
const service = launchService({ databaseUrl, dataDir, demo: !databaseUrl, migrate: migrateOnStart(process.env), options: optionsFromEnv(process.env, !databaseUrl) });
const server = serve({
  fetch: async (request: Request, env: unknown) => {
    if (new URL(request.url).pathname === '/api/metrics') return metrics.fetch(request, env);
    await service.whenReady(READY_WAIT_MS);
    return service.fetch(request);
  },
  port,
  hostname: host,
}, (info) => {
  log.info({ port: info.port }, `service listening on http://${host}:${info.port}`);
});
service.ready.then(
  (started) => log.info({ database: started.database.kind }, 'service ready'),
  (error: unknown) => {
    log.fatal({ error, reason: error instanceof Error ? error.message : String(error) }, 'the service could not start');
    process.exit(1);
  },
);
// SIGTERM: stop accepting, finish the calls in flight (SHUTDOWN_TIMEOUT_MS), then close the database.
gracefulShutdown(server as Server, { close: () => service.ready.then((started) => started.close(), () => {}) });

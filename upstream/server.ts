import { serve } from '@hono/node-server';
import { optionsFromEnv } from './options';
import { startService } from './service';

/**
 * The platform service on its own (`npm run upstream`): PostgreSQL when DATABASE_URL is
 * set, else PGlite in DATA_DIR/pglite. The BFF reaches it through UPSTREAM_URL.
 */
const port = Number(process.env.UPSTREAM_PORT ?? 4000);
const host = process.env.UPSTREAM_HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = `${process.env.DATA_DIR || './.data'}/pglite`;
const service = await startService({ databaseUrl, dataDir, demo: !databaseUrl, options: optionsFromEnv(process.env, !databaseUrl) });
const server = serve({ fetch: service.fetch, port, hostname: host }, (info) => {
  console.log(`[upstream] listening on http://${host}:${info.port} (${service.database.kind})`);
});
const stop = () => server.close(() => void service.close().then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import next from 'next';
import { answerClientError } from './client-error.mjs';
import { gracefulShutdown, logLine, routeConsoleToLog, stopWithParent } from '../lib/http/graceful.mjs';

/**
 * The production server: Next's request handler behind a plain Node HTTP server, so the
 * client address the BFF rate-limits by cannot be forged. Without TRUST_PROXY, incoming
 * X-Forwarded-* headers are dropped and Next fills in the socket's address; with
 * TRUST_PROXY=true (behind a reverse proxy that sets them), they are kept.
 */
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';
const trustProxy = process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY === '1';
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

// In the standalone folder (npm run build:standalone) there is no next.config.mjs: the
// configuration the build resolved is read from the build itself, as Next's own server does.
const standalone = !existsSync('next.config.mjs') && existsSync('.next/required-server-files.json');
const conf = standalone ? JSON.parse(readFileSync('.next/required-server-files.json', 'utf8')).config : undefined;
if (conf) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf);
// Next builds the URLs the proxy sees on `localhost` whatever the bind address; its own
// origin must be the same, or a rewrite of the proxy (the 404 page of the route guard) is
// taken for another host and fetched over the network.
const app = next({ dev: false, hostname: 'localhost', port, dir: process.cwd(), ...(conf ? { conf } : {}) });
const handle = app.getRequestHandler();
await app.prepare();
// From here on, what Next and React print (warnings, errors) is one JSON log line too, scrubbed like the rest.
routeConsoleToLog();

const server = createServer((req, res) => {
  if (!trustProxy) for (const header of FORWARDED) delete req.headers[header];
  void handle(req, res);
});
// Requests Node refuses itself (headers too large, malformed) get the envelope too.
server.on('clientError', answerClientError(process.env.DEFAULT_LOCALE === 'en' ? 'en' : 'zh-CN'));
// SIGTERM: stop accepting, finish the requests in flight (SHUTDOWN_TIMEOUT_MS), close the database (lib/server/boot.ts).
const { stop } = gracefulShutdown(server, { close: async () => globalThis.__lboShutdown?.() });
// STOP_WITH_PARENT=<pid> (scripts/e2e-server.mjs): stop when that process is gone, even killed.
if (process.env.STOP_WITH_PARENT) stopWithParent(Number(process.env.STOP_WITH_PARENT), stop);
server.listen(port, hostname, () => {
  logLine('info', `listening on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`, { port, trustProxy });
});

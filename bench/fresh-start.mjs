/**
 * A start on a fresh embedded data directory (PGlite created, migrated and seeded with the demo
 * data), with the production server: while the service starts, /api/live is asked every 100 ms
 * (time limit 2 s) and /api/health every 500 ms (time limit UPSTREAM_TIMEOUT_MS + 1 s, 16 s by
 * default). Prints the slowest answer of each, the calls that timed out (must be 0), when
 * /api/health first answered 200, and the longest event-loop block in the server
 * (perf_hooks monitorEventLoopDelay, bench/event-loop-probe.mjs).
 *   npm run build && node bench/fresh-start.mjs [--port N] [--dir PARENT]   (the data directory is made in PARENT and removed)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
const port = values.port ? Number(values.port) : 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(join(values.dir ?? tmpdir(), 'lbo-fresh-'));
const report = join(dataDir, 'event-loop.json');
const base = `http://127.0.0.1:${port}`;
const LIVE_LIMIT_MS = 2000;
const HEALTH_LIMIT_MS = Number(process.env.UPSTREAM_TIMEOUT_MS ?? 15_000) + 1000;

const started = performance.now();
const child = spawn(process.execPath, ['--import', './bench/event-loop-probe.mjs', join('scripts', 'server.mjs')], {
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, PORT: String(port), HOSTNAME: '127.0.0.1', EVENT_LOOP_REPORT: report },
  stdio: 'ignore', detached: true,
});

/** One call with its time limit: its time in ms, or 'timeout', or null while nothing listens. */
async function ask(path, limit) {
  const from = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(limit) });
    await response.arrayBuffer();
    return { ms: performance.now() - from, status: response.status };
  } catch (error) {
    if (error?.name === 'TimeoutError') return { ms: performance.now() - from, status: 'timeout' };
    return null;
  }
}

const figures = { live: { calls: 0, slowest: 0, timeouts: 0 }, health: { calls: 0, slowest: 0, timeouts: 0, statuses: new Set() } };
let healthyAt = null;
let listening = false;
async function poll(name, path, every, limit) {
  while (healthyAt === null && performance.now() - started < 180_000) {
    const answer = await ask(path, limit);
    if (answer) {
      listening = true;
      const figure = figures[name];
      figure.calls++;
      figure.slowest = Math.max(figure.slowest, answer.ms);
      if (answer.status === 'timeout') figure.timeouts++;
      figure.statuses?.add(answer.status);
      if (name === 'health' && answer.status === 200) healthyAt = performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, listening ? every : 25));
  }
}

try {
  await Promise.all([poll('live', '/api/live', 100, LIVE_LIMIT_MS), poll('health', '/api/health', 500, HEALTH_LIMIT_MS)]);
  await new Promise((r) => setTimeout(r, 400)); // the probe's last report
  const loop = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`fresh data directory: /api/health first 200 after ${(healthyAt / 1000).toFixed(1)} s`);
  console.log(`/api/live    ${figures.live.calls} calls, slowest ${figures.live.slowest.toFixed(0)} ms, timed out (limit ${LIVE_LIMIT_MS} ms): ${figures.live.timeouts}`);
  console.log(`/api/health  ${figures.health.calls} calls (${[...figures.health.statuses].join(', ')}), slowest ${figures.health.slowest.toFixed(0)} ms, timed out (limit ${HEALTH_LIMIT_MS} ms): ${figures.health.timeouts}`);
  console.log(`longest event-loop block in the server: ${loop.longestMs} ms (at ${(loop.atMs / 1000).toFixed(1)} s), p99 ${loop.p99Ms} ms`);
  if (figures.live.timeouts || figures.health.timeouts) process.exitCode = 1;
} finally {
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What the BFF costs (DESIGN.md section 7: a call through the BFF takes at most 1.2 times a bare
 * Next.js route handler plus the same call made straight to the service). With one PostgreSQL
 * database and the production build, in one run: req/s, p50 and p99 of
 *   - a bare route handler (/api/live),
 *   - the unread count (the 10-second poll) and a workbench list page,
 *     through the BFF with the service in-process, straight to the standalone service, and
 *     through the BFF to that service over HTTP.
 * Servers run on core 0 and the load generator on core 1 (taskset) when there are two cores.
 * The call through the BFF over HTTP is measured twice: with the service on the BFF's core, and
 * with the service on a core of its own (core 2; on a 2-core machine the load generator's core 1),
 * as replicas of the two run in production: on one core, every call switches between the two
 * processes and back, which the pair pays for in CPU.
 * Each ratio is (time per call through the BFF) / (1.2 x (bare route + straight call)); at most 1.00 meets the budget.
 *
 *   DATABASE_URL=URL npm run seed:demo && npm run seed:applications -- --count 10000 --database-url URL
 *   npm run build && npx tsx bench/bff.ts --database-url URL [--seconds 10] [--connections 8] [--port-base N (N to N+3)]
 *   NEXT_DIST_DIR=.next-before npx tsx bench/bff.ts ...   (the BFF of another build; the bare route from .next)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../upstream/db/seed';

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '8' },
  'port-base': { type: 'string' },
} });
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('--database-url (PostgreSQL) is required');
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const BUDGET = 1.2;

const pinned = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (pinned) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
/** The core the service moves to for the second over-HTTP figure. */
const ownCore = availableParallelism() >= 3 ? '2' : '1';
/** Moves a server (every thread of it) to a core. */
const moveTo = (pid: number, core: string) => { if (pinned) spawnSync('taskset', ['-a', '-pc', core, String(pid)], { stdio: 'ignore' }); };
const children: ChildProcess[] = [];
// Four ports from --port-base (service, in-process, over HTTP, the bare route of another build).
const base = values['port-base'] ? Number(values['port-base']) : 4700 + Math.floor(Math.random() * 200);
const ports = { service: base, inProcess: base + 1, overHttp: base + 2, bare: base + 1 };
// An earlier build (NEXT_DIST_DIR) may lack the bare route: it is then served by this build's server.
const otherBuild = Boolean(process.env.NEXT_DIST_DIR && process.env.NEXT_DIST_DIR !== '.next');

const SECRET = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
function start(args: string[], env: Record<string, string>): number {
  const [command, ...rest] = pinned ? ['taskset', '-c', '0', process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(command!, rest, {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn',
      SESSION_SECRET: SECRET, ...env },
    stdio: ['ignore', 'ignore', 'inherit'], detached: true,
  });
  children.push(child);
  return child.pid!;
}
const stopAll = () => { for (const child of children) try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* gone */ } };
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

async function ready(url: string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try { if ((await fetch(url)).status < 500) return; } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const pids = {
  service: start(['--import', 'tsx', 'upstream/server.ts'], { DATABASE_URL: databaseUrl, UPSTREAM_PORT: String(ports.service), UPSTREAM_HOST: '127.0.0.1' }),
  inProcess: start(['scripts/server.mjs'], { DATABASE_URL: databaseUrl, PORT: String(ports.inProcess) }),
  overHttp: start(['scripts/server.mjs'], { UPSTREAM_URL: `http://127.0.0.1:${ports.service}`, PORT: String(ports.overHttp) }),
  bare: 0,
};
pids.bare = pids.inProcess;
if (otherBuild) {
  ports.bare = base + 3;
  pids.bare = start(['scripts/server.mjs'], { DATABASE_URL: databaseUrl, PORT: String(ports.bare), NEXT_DIST_DIR: '.next' });
}

/**
 * CPU seconds a server process has used (all its threads; Linux /proc, in clock ticks of 1/100 s).
 * taskset execs node in place, so the child's pid is the server's.
 */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
await Promise.all([ready(url(ports.service, '/api/admin/getMenu')), ready(url(ports.inProcess, '/api/live')), ready(url(ports.overHttp, '/api/live')), ready(url(ports.bare, '/api/live'))]);

const json = { 'content-type': 'application/json' };
const credentials = JSON.stringify({ username: 'admin', password: DEMO_PASSWORD });
async function bffCookie(port: number) {
  const response = await fetch(url(port, '/api/admin/login'), { method: 'POST', headers: json, body: credentials });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lbo_session='));
  if (!cookie) throw new Error(`no session from the BFF on ${port}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}
const serviceLogin = await (await fetch(url(ports.service, '/api/admin/login'), {
  method: 'POST', headers: { ...json, 'x-client-ip': '127.0.0.1' }, body: credentials,
})).json() as { data: { token: string } };
const auth = {
  service: { token: serviceLogin.data.token, 'x-client-ip': '127.0.0.1' },
  inProcess: { cookie: await bffCookie(ports.inProcess) },
  overHttp: { cookie: await bffCookie(ports.overHttp) },
};

interface Figure { rps: number; p50: number; p99: number; cpuMs: number }
/**
 * Loads one target for SECONDS after 2 s of warm-up. Besides req/s and latencies, the CPU time the
 * serving processes (`serving`: the server, and the service when the call crosses to it) spent per
 * call: on a shared machine the wait for a core swamps req/s, while CPU per call barely moves.
 */
async function measure(label: string, target: string, headers: Record<string, string>, body: string | undefined, serving: number[]): Promise<Figure> {
  const options = { url: target, method: body === undefined ? 'GET' as const : 'POST' as const, headers: { ...json, ...headers }, body, connections: CONNECTIONS };
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = serving.map(cpuSeconds);
  const result = await autocannon({ ...options, duration: SECONDS });
  // Per serving process: when the call crosses to the service, the BFF's part and the service's.
  const cpuEach = serving.map((pid, i) => (cpuSeconds(pid) - cpuBefore[i]!) * 1000 / result.requests.total);
  const cpuMs = cpuEach.reduce((sum, ms) => sum + ms, 0);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed) throw new Error(`${label}: ${failed} failed answers`);
  const figure = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMs };
  const parts = cpuEach.length > 1 ? ` (BFF ${cpuEach[0]!.toFixed(2)} + service ${cpuEach[1]!.toFixed(2)})` : '';
  console.log(`${label.padEnd(44)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  CPU ${cpuMs.toFixed(2).padStart(5)} ms/call${parts}`);
  return figure;
}

console.log(`bench/bff.ts: ${SECONDS} s per figure, ${CONNECTIONS} connections, ${pinned ? 'servers on core 0, load on core 1' : 'not pinned'}`);
const bare = await measure('bare route handler (/api/live)', url(ports.bare, '/api/live'), {}, undefined, [pids.bare]);
// The count as the browser polls it (a GET); the list as its table asks for a page (a POST).
const shapes = [
  ['message count', '/api/businessMessage/count', undefined],
  ['workbench list', '/api/businessClubFirstTrial/getList', JSON.stringify({ stage: 'RS_FIRST', pageNum: 1, pageSize: 10 })],
] as const;
const ratios: [string, number, number][] = [];
for (const [name, path, body] of shapes) {
  const straight = await measure(`${name}, straight to the service`, url(ports.service, path), auth.service, body, [pids.service]);
  const inProcess = await measure(`${name}, BFF with the service in-process`, url(ports.inProcess, path), auth.inProcess, body, [pids.inProcess]);
  const overHttp = await measure(`${name}, BFF to the service over HTTP`, url(ports.overHttp, path), auth.overHttp, body, [pids.overHttp, pids.service]);
  moveTo(pids.service, ownCore);
  const apart = await measure(`  the same, the service on core ${ownCore}`, url(ports.overHttp, path), auth.overHttp, body, [pids.overHttp, pids.service]);
  moveTo(pids.service, '0');
  const allowed = BUDGET * (1 / bare.rps + 1 / straight.rps);
  const allowedCpu = BUDGET * (bare.cpuMs + straight.cpuMs);
  ratios.push(
    [`${name}, in-process`, 1 / inProcess.rps / allowed, inProcess.cpuMs / allowedCpu],
    [`${name}, over HTTP`, 1 / overHttp.rps / allowed, overHttp.cpuMs / allowedCpu],
    [`${name}, over HTTP, service on core ${ownCore}`, 1 / apart.rps / allowed, apart.cpuMs / allowedCpu],
  );
}
console.log('\nratio = time per call through the BFF / (1.2 x (bare route + straight call)); at most 1.00 meets the budget');
console.log('(by req/s, and by the CPU the serving processes spent per call)');
for (const [label, ratio, cpuRatio] of ratios) console.log(`${label.padEnd(44)} ${ratio.toFixed(2)}   by CPU ${cpuRatio.toFixed(2)}`);
if (pinned && ownCore === '1') console.log('(the service on core 1 shares it with the load generator, and the pair has two cores: judge that figure by CPU)');
stopAll();
process.exit(0);

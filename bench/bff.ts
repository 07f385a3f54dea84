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
 * Every figure is taken in slices of --slice seconds, in turns, --rounds times, so that a change of
 * the machine's pace during the run falls on all figures alike, after --warmup seconds of load
 * on each target: a Next server's CPU per call falls by half over its first 10-15 s under load
 * (its code being optimised as it runs), and the budget is about a server that has been running.
 * Each ratio is (time per call through the BFF) / (1.2 x (bare route + straight call)); at most 1.00 meets the budget.
 * Last, the BFF's own work a call, measured apart from Next and the service (bffOwnWork).
 *
 *   DATABASE_URL=URL npm run seed:demo && npm run seed:applications -- --count 10000 --database-url URL
 *   npm run build && npx tsx bench/bff.ts --database-url URL [--rounds 5] [--slice 2] [--warmup 20] [--connections 8] [--port-base N (N to N+3)]
 *   NEXT_DIST_DIR=.next-before npx tsx bench/bff.ts ...   (the BFF of another build; the bare route from .next)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { NextRequest } from 'next/server';
import { DEMO_PASSWORD } from '../upstream/db/seed';
import { percentile } from './timing';
import type { Transport } from '../lib/bff/transport';
import type { Envelope } from '../lib/contract/common';

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, rounds: { type: 'string', default: '5' }, slice: { type: 'string', default: '2' },
  warmup: { type: 'string', default: '20' },
  connections: { type: 'string', default: '8' },
  'port-base': { type: 'string' },
} });
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('--database-url (PostgreSQL) is required');
const ROUNDS = Number(values.rounds);
const SLICE = Number(values.slice);
const WARMUP = Number(values.warmup);
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

interface Slice { requests: number; seconds: number; p50: number; p99: number; cpuEach: number[] }
interface Target {
  label: string;
  options: autocannon.Options;
  /** The serving processes: the server, and the service when the call crosses to it. */
  serving: number[];
  /** The core the service runs on while this target is loaded. */
  serviceCore: string;
  slices: Slice[];
}
const target = (label: string, path: string, headers: Record<string, string>, body: string | undefined, port: number, serving: number[], serviceCore = '0'): Target => ({
  label, serving, serviceCore, slices: [],
  options: { url: url(port, path), method: body === undefined ? 'GET' : 'POST', headers: { ...json, ...headers }, body, connections: CONNECTIONS },
});

/**
 * Loads a target for one slice. Besides req/s and latencies, the CPU time the serving processes
 * spent per call: on a shared machine the wait for a core swamps req/s, while CPU per call
 * barely moves.
 */
async function load(t: Target, seconds: number): Promise<Slice> {
  moveTo(pids.service, t.serviceCore);
  const cpuBefore = t.serving.map(cpuSeconds);
  const result = await autocannon({ ...t.options, duration: seconds });
  const cpuEach = t.serving.map((pid, i) => (cpuSeconds(pid) - cpuBefore[i]!) * 1000);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed) throw new Error(`${t.label}: ${failed} failed answers`);
  return { requests: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99, cpuEach };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
interface Figure { rps: number; cpuMs: number }
/** A target's figure over some of its slices (all by default): req/s and CPU ms a call. */
function figure(t: Target, slices = t.slices): Figure {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const cpu = slices.reduce((sum, s) => sum + s.cpuEach.reduce((a, b) => a + b, 0), 0);
  return { rps: requests / slices.reduce((sum, s) => sum + s.seconds, 0), cpuMs: cpu / requests };
}
function report(t: Target) {
  const { rps, cpuMs } = figure(t);
  const requests = t.slices.reduce((sum, s) => sum + s.requests, 0);
  const each = t.serving.map((_, i) => t.slices.reduce((sum, s) => sum + s.cpuEach[i]!, 0) / requests);
  const parts = each.length > 1 ? ` (BFF ${each[0]!.toFixed(2)} + service ${each[1]!.toFixed(2)})` : '';
  const p50 = median(t.slices.map((s) => s.p50));
  const p99 = median(t.slices.map((s) => s.p99));
  console.log(`${t.label.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${String(p50).padStart(4)} ms  p99 ${String(p99).padStart(4)} ms  CPU ${cpuMs.toFixed(2).padStart(5)} ms/call${parts}`);
}

/**
 * The BFF's own work per call, apart from Next's routing and the service: in this process, the
 * BFF (lib/bff/handler.ts) answers the call from a transport that returns the service's real
 * answer at once, against the work every route does with the same request and answer (read
 * the body, write the envelope as JSON and read it back). CPU ms a call, the median of seven rounds.
 */
async function bffOwnWork(path: string, body: string | undefined, cookie: string): Promise<number> {
  // As the servers run: their secret, and no log line per call (the logger reads its level when first loaded).
  process.env.SESSION_SECRET = SECRET;
  process.env.LOG_LEVEL = 'warn';
  const [{ createBff }, { getConfig }] = await Promise.all([import('../lib/bff/handler'), import('../lib/config')]);
  const target = url(ports.inProcess, path);
  const answer = await fetch(url(ports.service, path), { method: body === undefined ? 'GET' : 'POST', headers: { ...json, ...auth.service }, body });
  const envelope = await answer.json() as Envelope;
  const transport: Transport = async () => ({ kind: 'response', status: 200, body: envelope });
  const bff = createBff({ config: getConfig(), transport });
  const segments = path.replace(/^\/api\//, '').split('/');
  const request = () => new NextRequest(target, { method: body === undefined ? 'GET' : 'POST', body, headers: { ...json, cookie } });
  const round = async (withBff: boolean) => {
    const calls = 2000;
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      const req = request();
      const res = withBff ? await bff(req, segments) : (await req.text(), Response.json(envelope));
      if (res.status !== 200) throw new Error(`the BFF answered ${path} with ${res.status}`);
      await res.arrayBuffer();
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / calls;
  };
  const differences: number[] = [];
  for (let i = 0; i < 7; i++) differences.push(await round(true) - await round(false));
  return Math.max(median(differences), 0);
}

console.log(`bench/bff.ts: ${ROUNDS} rounds of ${SLICE} s per figure, taken in turns after ${WARMUP} s of load on each, ${CONNECTIONS} connections, ${pinned ? 'servers on core 0, load on core 1' : 'not pinned'}`);
const bare = target('bare route handler (/api/live)', '/api/live', {}, undefined, ports.bare, [pids.bare]);
// The count as the browser polls it (a GET); the list as its table asks for a page (a POST).
const shapes = [
  ['message count', '/api/businessMessage/count', undefined],
  ['workbench list', '/api/businessClubFirstTrial/getList', JSON.stringify({ stage: 'RS_FIRST', pageNum: 1, pageSize: 10 })],
] as const;
const serviceAndBff = [pids.overHttp, pids.service];
const perShape = shapes.map(([name, path, body]) => ({
  name, path, body,
  straight: target(`${name}, straight to the service`, path, auth.service, body, ports.service, [pids.service]),
  inProcess: target(`${name}, BFF with the service in-process`, path, auth.inProcess, body, ports.inProcess, [pids.inProcess]),
  overHttp: target(`${name}, BFF to the service over HTTP`, path, auth.overHttp, body, ports.overHttp, serviceAndBff),
  apart: target(`  the same, the service on core ${ownCore}`, path, auth.overHttp, body, ports.overHttp, serviceAndBff, ownCore),
}));
const targets = [bare, ...perShape.flatMap((s) => [s.straight, s.inProcess, s.overHttp, s.apart])];
// Every figure is taken in turns, round after round, so a change of the machine's pace during
// the run (a neighbour's load) falls on all of them alike; each ratio compares figures of one run.
for (const t of targets) await load(t, WARMUP);
for (let round = 0; round < ROUNDS; round++) for (const t of targets) t.slices.push(await load(t, SLICE));
moveTo(pids.service, '0');
for (const t of targets) report(t);

const ratioOf = (via: Target, straight: Target, round?: number) => {
  const pick = (t: Target) => figure(t, round === undefined ? t.slices : [t.slices[round]!]);
  const [b, s, v] = [pick(bare), pick(straight), pick(via)];
  return { byRps: 1 / v.rps / (BUDGET * (1 / b.rps + 1 / s.rps)), byCpu: v.cpuMs / (BUDGET * (b.cpuMs + s.cpuMs)) };
};
console.log('\nratio = time per call through the BFF / (1.2 x (bare route + straight call)); at most 1.00 meets the budget');
console.log('(by req/s, and by the CPU the serving processes spent per call; in brackets the lowest and highest of the rounds)');
const range = (values: number[]) => `(${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
for (const s of perShape) {
  for (const [label, via] of [['in-process', s.inProcess], ['over HTTP', s.overHttp], [`over HTTP, service on core ${ownCore}`, s.apart]] as const) {
    const all = ratioOf(via, s.straight);
    const rounds = Array.from({ length: ROUNDS }, (_, i) => ratioOf(via, s.straight, i));
    console.log(`${`${s.name}, ${label}`.padEnd(44)} ${all.byRps.toFixed(2)} ${range(rounds.map((r) => r.byRps)).padEnd(12)} by CPU ${all.byCpu.toFixed(2)} ${range(rounds.map((r) => r.byCpu))}`);
  }
}

console.log('\nthe BFF\'s own work (session, checks, forwarding, catalogue, envelope) on top of a route that reads the same request and answers the same envelope, by CPU:');
for (const s of perShape) {
  const ownCpu = await bffOwnWork(s.path, s.body, auth.inProcess.cookie);
  console.log(`${s.name.padEnd(44)} ${(ownCpu * 1000).toFixed(0).padStart(4)} us a call, ${(100 * ownCpu / figure(s.inProcess).cpuMs).toFixed(1)}% of the call through the BFF in-process`);
}
if (pinned && ownCore === '1') console.log('(the service on core 1 shares it with the load generator, and the pair has two cores: judge that figure by CPU)');
stopAll();
process.exit(0);

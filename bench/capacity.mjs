/**
 * Capacity: how many signed-in staff one server serves (docs/operations.md, 'Capacity'). Starts
 * the production server (or uses --url) and adds simulated staff step by step; each signs in once,
 * polls its unread count every 10 s (as the bell does) and every 20-30 s opens a page: its
 * workbench (the page's HTML, then its list call) or a case of it (the page, then the case's
 * detail call). Per step it prints how many staff are signed in, the p95 of the pages and of the
 * calls over the step's measuring window, and stops at the first step where the page p95 passes
 * 500 ms or the call p95 200 ms (or errors appear). The figure is the last step within both.
 *   npm run build && node bench/capacity.mjs [--data-dir DIR] [--port N] [--start 20] [--factor 1.5] [--step-seconds 60] [--max 2000]
 *   node bench/capacity.mjs --url http://host:3000        (a server already running, with the demo accounts)
 * Without --data-dir the server runs on a fresh embedded database with the demo data in a
 * temporary folder. The load generator runs on the same machine: on a machine of two cores it
 * takes a share of them, so the figure is a lower bound for a server with the cores to itself;
 * the load average is printed with each step (another process's load lowers the figure).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: {
  url: { type: 'string' }, 'data-dir': { type: 'string' }, port: { type: 'string' },
  start: { type: 'string', default: '20' }, factor: { type: 'string', default: '1.5' },
  'step-seconds': { type: 'string', default: '60' }, max: { type: 'string', default: '2000' },
} });
const PAGE_BUDGET = 500;
const CALL_BUDGET = 200;
const STEP_MS = Number(values['step-seconds']) * 1000;
/** Staff join during the first part of a step; the rest of it is measured. */
const JOIN_MS = Math.min(15_000, STEP_MS / 3);

const ACCOUNTS = [
  { username: 'renshe', page: '/renshe/renshe-first', stage: 'RS_FIRST' },
  { username: 'renshe2', page: '/renshe/renshe-last', stage: 'RS_SECOND' },
  { username: 'renshe3', page: '/renshe/renshe-final', stage: 'RS_FINAL' },
  { username: 'guarantee', page: '/guarantee/guarantee-first', stage: 'GC_FIRST' },
  { username: 'guarantee2', page: '/guarantee/guarantee-last', stage: 'GC_SECOND' },
  { username: 'guarantee3', page: '/guarantee/guarantee-house', stage: 'GC_HOUSE' },
  { username: 'bank', page: '/bank/bank-first', stage: 'BANK_FIRST' },
  { username: 'bank2', page: '/bank/bank-last', stage: 'BANK_SECOND' },
  { username: 'bank3', page: '/bank/bank-forward', stage: 'BANK_TRANSFER' },
];

let server;
let dataDir;
let base = values.url;
if (!base) {
  const port = values.port ? Number(values.port) : 3950 + Math.floor(Math.random() * 40);
  base = `http://127.0.0.1:${port}`;
  dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'lbo-capacity-'));
  server = spawn(process.execPath, [join('scripts', 'server.mjs')], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, PORT: String(port), HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', UPSTREAM_URL: '' },
    stdio: 'ignore',
  });
  const started = Date.now();
  for (;;) {
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() - started > 180_000) throw new Error('the server did not come up in 3 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const samples = { page: [], call: [] };
let errors = 0;
let stopping = false;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function timed(kind, url, init) {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const body = kind === 'call' ? await response.json() : await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || (kind === 'call' && body.code !== 200)) errors += 1;
    else samples[kind].push(ms);
    return body;
  } catch {
    errors += 1;
    return null;
  }
}

/** One member of staff: signs in, then polls every 10 s and opens a page every 20-30 s until stopped. */
async function staff(i) {
  const account = ACCOUNTS[i % ACCOUNTS.length];
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.username, password: 'demo1234' }),
  });
  if (!login.ok) { errors += 1; return; }
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await login.arrayBuffer();
  const json = { cookie, 'content-type': 'application/json' };
  let cases = [];
  let nextPoll = Date.now() + Math.random() * 10_000;
  let nextOpen = Date.now() + Math.random() * 20_000;
  while (!stopping) {
    const now = Date.now();
    if (now >= nextPoll) {
      nextPoll = now + 10_000;
      await timed('call', `${base}/api/businessMessage/count`, { headers: { cookie } });
    } else if (now >= nextOpen) {
      nextOpen = now + 20_000 + Math.random() * 10_000;
      if (cases.length && Math.random() < 0.5) {
        const id = cases[Math.floor(Math.random() * cases.length)];
        await timed('page', `${base}${account.page}`, { headers: { cookie } });
        await timed('call', `${base}/api/businessClubFirstTrial/unfold`, { method: 'POST', headers: json, body: JSON.stringify({ id }) });
      } else {
        await timed('page', `${base}${account.page}`, { headers: { cookie } });
        const list = await timed('call', `${base}/api/businessClubFirstTrial/getList`, { method: 'POST', headers: json, body: JSON.stringify({ stage: account.stage, pageNum: 1, pageSize: 10 }) });
        if (list?.data?.list?.length) cases = list.data.list.map((row) => row.id);
      }
    } else {
      await sleep(Math.min(nextPoll, nextOpen) - now);
    }
  }
}

const p95 = (list) => {
  if (!list.length) return Number.NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};

/** Warm-up, not measured: each account opens its page, list and a case a few times (the server compiles and caches on first use). */
async function warmUp() {
  for (const account of ACCOUNTS) {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.username, password: 'demo1234' }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const json = { cookie, 'content-type': 'application/json' };
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${base}${account.page}`, { headers: { cookie } }).then((r) => r.text());
      const list = await fetch(`${base}/api/businessClubFirstTrial/getList`, { method: 'POST', headers: json, body: JSON.stringify({ stage: account.stage, pageNum: 1, pageSize: 10 }) }).then((r) => r.json());
      const id = list?.data?.list?.[0]?.id;
      if (id) await fetch(`${base}/api/businessClubFirstTrial/unfold`, { method: 'POST', headers: json, body: JSON.stringify({ id }) }).then((r) => r.text());
      await fetch(`${base}/api/businessMessage/count`, { headers: { cookie } }).then((r) => r.text());
    }
  }
}

await warmUp();
const running = [];
let target = Number(values.start);
let best = 0;
console.log(`capacity of ${base}: page p95 budget ${PAGE_BUDGET} ms, call p95 budget ${CALL_BUDGET} ms, steps of ${STEP_MS / 1000} s`);
console.log('staff | pages | page p95 ms | calls | call p95 ms | errors | load | within');
try {
  for (;;) {
    const joining = target - running.length;
    for (let i = 0; i < joining; i += 1) {
      const index = running.length;
      running.push(sleep((JOIN_MS * i) / joining).then(() => staff(index)));
    }
    await sleep(JOIN_MS);
    samples.page = []; samples.call = []; errors = 0;
    await sleep(STEP_MS - JOIN_MS);
    const page = p95(samples.page), call = p95(samples.call);
    const within = page <= PAGE_BUDGET && call <= CALL_BUDGET && errors === 0;
    console.log(`${String(running.length).padStart(5)} | ${String(samples.page.length).padStart(5)} | ${page.toFixed(0).padStart(11)} | ${String(samples.call.length).padStart(5)} | ${call.toFixed(0).padStart(11)} | ${String(errors).padStart(6)} | ${loadavg()[0].toFixed(1).padStart(4)} | ${within ? 'yes' : 'no'}`);
    if (!within) break;
    best = running.length;
    if (running.length >= Number(values.max)) break;
    target = Math.ceil(running.length * Number(values.factor));
  }
  console.log(best ? `capacity: ${best} signed-in staff within both budgets (the next step, ${running.length}, was not)` : 'capacity: the first step already passed a budget; start lower (--start)');
} finally {
  stopping = true;
  await Promise.race([Promise.allSettled(running), sleep(15_000)]);
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
  }
}

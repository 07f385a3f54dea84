/**
 * A mixed-load soak of the production server: several users at once sign in, poll the unread
 * count, open their workbench lists and the loan query, open case details, reassign cases
 * (an action) and export a day of a workbench, for --minutes. Reports the errors (the budget
 * is 0), p50/p95 per call and the server's resident memory every minute (flat after warm-up).
 *   npm run build && npx tsx bench/soak.ts [--minutes 10] [--users 6] [--database-url URL]
 *   (without --database-url: the embedded database in DATA_DIR, default ./.data)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../upstream/db/seed';
import { percentile } from './timing';

const { values } = parseArgs({ options: {
  minutes: { type: 'string', default: '10' }, users: { type: 'string', default: '6' }, 'database-url': { type: 'string' },
} });
const MINUTES = Number(values.minutes);
const port = 4950 + Math.floor(Math.random() * 40);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/server.mjs'], {
  env: {
    ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), HOSTNAME: '127.0.0.1', LOG_LEVEL: 'warn',
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'], detached: true,
});
process.on('exit', () => { try { process.kill(-server.pid!, 'SIGTERM'); } catch { /* gone */ } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const memoryMb = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

const times = new Map<string, number[]>();
const errors = new Map<string, number>();
/** The first refusal of each kind of call, shown with the totals. */
const reasons = new Map<string, string>();
let stopping = false;

/** Times one call to its last byte; an error is a failed request, a non-200 status or an envelope whose code is not 200. */
async function timed(kind: string, run: () => Promise<Response>): Promise<{ response: Response; data: any } | null> {
  const started = performance.now();
  try {
    const response = await run();
    const isJson = response.headers.get('content-type')?.includes('json');
    const body = isJson ? await response.json() as { code: number; data: unknown } : await response.arrayBuffer();
    const ok = response.ok && (!isJson || (body as { code: number }).code === 200);
    if (!ok) {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      if (!reasons.has(kind)) reasons.set(kind, `${response.status} ${isJson ? (body as { message?: string }).message : ''}`);
      return null;
    }
    (times.get(kind) ?? times.set(kind, []).get(kind)!).push(performance.now() - started);
    return { response, data: isJson ? (body as { data: unknown }).data : null };
  } catch {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    return null;
  }
}

interface Session { cookie: string }
async function signIn(username: string): Promise<Session | null> {
  const response = await timed('sign-in', () => fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  }));
  const cookie = response?.response.headers.getSetCookie().find((c) => c.startsWith('lbo_session='))?.split(';')[0];
  return cookie ? { cookie } : null;
}
const post = (session: Session, path: string, body: unknown = {}) =>
  fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session.cookie }, body: JSON.stringify(body) });

/** One user's loop: what a reviewer (or the administrator) does during a working day, quickly. */
async function user(username: string, stage: string) {
  const admin = username === 'admin';
  while (!stopping) {
    const session = await signIn(username);
    if (!session) { await new Promise((r) => setTimeout(r, 500)); continue; }
    for (let round = 0; round < 20 && !stopping; round += 1) {
      await timed('message count', () => post(session, 'businessMessage/count'));
      const page = (await timed('workbench list', () => post(session, 'businessClubFirstTrial/getList', { stage, pageNum: 1 + (round % 5), pageSize: 10 })))?.data;
      if (admin) await timed('loan query', () => post(session, 'businessApproveRecord/loanUnfold', { pageNum: 1 + (round % 3), pageSize: 10 }));
      const item = page?.list?.[round % Math.max(1, page.list.length)] as { id: number; version: number; assignee: { id: number } | null } | undefined;
      if (item) {
        await timed('case detail', () => post(session, 'businessClubFirstTrial/unfold', { id: item.id }));
        if (admin) {
          const people = (await timed('node people', () => post(session, 'businessClubFirstTrial/getAuditPersonAmount', { id: item.id })))?.data;
          const other = (people as { id: number }[] | null)?.find((p) => p.id !== item.assignee?.id);
          if (other) await timed('action (reassign)', () => post(session, 'businessClubFirstTrial/adminRedeploy', { id: item.id, version: item.version, key: randomUUID(), userId: other.id }));
        }
      }
      if (round % 10 === 0) {
        await timed('export', () => post(session, 'businessClubFirstTrial/exportAll', { stage, dateFrom: '2026-06-01', dateTo: '2026-06-01' }));
      }
    }
    await timed('sign-out', () => post(session, 'admin/logOut'));
  }
}

const until = Date.now() + 120_000;
for (;;) {
  try { if ((await fetch(`${base}/api/live`)).ok && (await fetch(`${base}/api/health`)).ok) break; } catch { /* starting */ }
  if (Date.now() > until) throw new Error('the server did not become ready');
  await new Promise((r) => setTimeout(r, 250));
}
const cast = [['admin', 'RS_FIRST'], ['renshe', 'RS_FIRST'], ['renshe2', 'RS_SECOND'], ['guarantee', 'GC_FIRST'], ['bank', 'BANK_FIRST'], ['bank2', 'BANK_SECOND']];
const users = cast.slice(0, Number(values.users));
console.log(`soak: ${users.length} users for ${MINUTES} min against ${values['database-url'] ? 'PostgreSQL' : 'the embedded database'}; memory at start ${memoryMb()} MB`);
const loops = users.map(([name, stage]) => user(name!, stage!));
const started = Date.now();
for (let minute = 1; minute <= MINUTES; minute += 1) {
  await new Promise((r) => setTimeout(r, started + minute * 60_000 - Date.now()));
  const calls = [...times.values()].reduce((n, t) => n + t.length, 0);
  const failed = [...errors.values()].reduce((n, e) => n + e, 0);
  const which = [...errors].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(`minute ${String(minute).padStart(2)}: server memory ${memoryMb()} MB, ${calls} calls so far, ${failed} errors${which ? ` (${which})` : ''}`);
}
stopping = true;
await Promise.all(loops);
console.log('\ncall                 calls   errors   p50 ms   p95 ms');
for (const [kind, list] of [...times].sort()) {
  list.sort((a, b) => a - b);
  console.log(`${kind.padEnd(20)} ${String(list.length).padStart(6)} ${String(errors.get(kind) ?? 0).padStart(8)} ${percentile(list, 0.5).toFixed(0).padStart(8)} ${percentile(list, 0.95).toFixed(0).padStart(8)}`);
}
for (const [kind, n] of errors) if (!times.has(kind)) console.log(`${kind.padEnd(20)} ${'0'.padStart(6)} ${String(n).padStart(8)}`);
for (const [kind, reason] of reasons) console.log(`first error of ${kind}: ${reason}`);
console.log(`errors in all: ${[...errors.values()].reduce((n, e) => n + e, 0)}`);
process.exit(0);

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** Helpers of the standalone test: servers started from the folder alone, their JSON log lines, free ports. */
export interface Running { child: ChildProcess; lines: Record<string, unknown>[]; text: () => string; exit: Promise<number | null> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node <script>` in `cwd` with only the environment given (and PATH, HOME): nothing of the repository leaks in. */
export function startNode(cwd: string, script: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [script], {
    cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  const read = (chunk: Buffer) => {
    raw.push(chunk.toString());
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) {
      try { lines.push(JSON.parse(part) as Record<string, unknown>); } catch { /* Next's own start banner */ }
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, lines, text: () => raw.join(''), exit };
}

/** Waits until `url` answers `status` (or `ms` pass) and returns how long it took. */
export async function waitFor(url: string, ms: number, status = 200): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.status === status) return Date.now() - started;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${status} within ${ms} ms`);
}

/** Stops a server as an orchestrator does (SIGTERM) and answers its exit code; a hung one is killed. */
export async function stop(running: Running, ms = 15_000): Promise<number | null> {
  if (running.child.exitCode !== null) return running.child.exitCode;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => { try { process.kill(-running.child.pid!, 'SIGKILL'); } catch { /* gone */ } }, ms);
  try { return await running.exit; } finally { clearTimeout(timer); }
}

/** Signs in through the web application and runs a workbench call; answers what a caller sees. */
export async function signInAndListWorkbench(base: string) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'renshe', password: 'demo1234' }),
  });
  const loginBody = await login.json() as { code: number };
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const list = await fetch(`${base}/api/businessClubFirstTrial/getList`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ pageNum: 1, pageSize: 10, stage: 'RS_FIRST' }),
  });
  const body = await list.json() as { code: number; data: { list: { idNumber: string }[]; total: number } };
  return { loginCode: loginBody.code, status: list.status, body, requestId: list.headers.get('x-request-id') };
}

/** A new, empty PostgreSQL database beside `admin`'s (dropped again with `drop`). */
export async function freshDatabase(admin: string, name: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await client.end();
    },
  };
}

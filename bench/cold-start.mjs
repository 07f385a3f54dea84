/**
 * Cold start against DESIGN.md section 7 (budget 3 s): starts the production server on an existing
 * embedded database and times the first 200 of /login, /api/health and the first sign-in. Next to
 * each time it prints the CPU seconds the server had used by then (all its threads, from
 * /proc): on a shared, loaded machine the wall time mostly measures the wait for a core, while
 * the CPU time is what an idle machine would take at most for the same work.
 *   node bench/cold-start.mjs [DATA_DIR] [--port N] [--runs N]   (needs a production build; NEXT_DIST_DIR is honoured)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { port: { type: 'string' }, runs: { type: 'string', default: '1' } }, allowPositionals: true });
const dataDir = positionals[0] ?? '.data';
const port = values.port ? Number(values.port) : 3900 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
const BUDGET_MS = 3000;

/** User and system CPU seconds of a process so far (Linux; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

async function once() {
  const started = performance.now();
  const child = spawn(process.execPath, [join('scripts', 'server.mjs')], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, PORT: String(port), HOSTNAME: '127.0.0.1' },
    stdio: 'ignore',
    detached: true,
  });
  async function firstOk(path, init) {
    for (;;) {
      try {
        const response = await fetch(`${base}${path}`, init);
        if (response.ok) return { ms: performance.now() - started, cpu: cpuSeconds(child.pid) };
      } catch { /* not listening yet */ }
      if (performance.now() - started > 60_000) throw new Error(`${path} not ready after 60 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    const login = await firstOk('/login');
    const health = await firstOk('/api/health');
    const signIn = await firstOk('/api/admin/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    return { login, health, signIn };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const line = (label, { ms, cpu }, ratio) =>
  console.log(`${label.padEnd(22)} ${(ms / 1000).toFixed(2)} s  (server CPU ${cpu.toFixed(2)} s)${ratio ? `  ratio ${(ms / BUDGET_MS).toFixed(2)}, by CPU ${(cpu * 1000 / BUDGET_MS).toFixed(2)}` : ''}`);
for (let run = 0; run < Number(values.runs); run++) {
  const { login, health, signIn } = await once();
  line('first /login 200', login, true);
  line('first /api/health 200', health, true);
  line('first sign-in', signIn, false);
}

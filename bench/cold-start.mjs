/**
 * Cold start against DESIGN.md section 7 (budget 3 s): starts the production server on an existing
 * embedded database and times the first 200 of /login, /api/health and the first sign-in.
 *   node bench/cold-start.mjs [DATA_DIR]   (needs a production build; NEXT_DIST_DIR is honoured)
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const dataDir = process.argv[2] ?? '.data';
const port = 3900 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
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
      if (response.ok) return performance.now() - started;
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
  console.log(`first /login 200      ${(login / 1000).toFixed(2)} s  ratio ${(login / 3000).toFixed(2)}`);
  console.log(`first /api/health 200 ${(health / 1000).toFixed(2)} s`);
  console.log(`first sign-in         ${(signIn / 1000).toFixed(2)} s`);
} finally {
  process.kill(-child.pid, 'SIGTERM');
}

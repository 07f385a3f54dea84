import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './module-files';

/**
 * A server started by a script (the browser tests' scripts/e2e-server.mjs) stops, as on SIGTERM,
 * when that script is killed with SIGKILL: before, it kept running and kept its port.
 */
describe('stopWithParent', () => {
  it('stops a server gracefully once the process that started it is killed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stop-with-parent-'));
    const graceful = JSON.stringify(join(ROOT, 'lib/http/graceful.mjs'));
    writeFileSync(join(dir, 'server.mjs'), [
      "import { createServer } from 'node:http';",
      `import { gracefulShutdown, stopWithParent } from ${graceful};`,
      'const server = createServer((_req, res) => res.end()).listen(0, "127.0.0.1");',
      'const { stop } = gracefulShutdown(server);',
      'stopWithParent(Number(process.env.STOP_WITH_PARENT), stop, 50);',
    ].join('\n'));
    writeFileSync(join(dir, 'starter.mjs'), [
      "import { spawn } from 'node:child_process';",
      `const child = spawn(process.execPath, [${JSON.stringify(join(dir, 'server.mjs'))}], { env: { ...process.env, STOP_WITH_PARENT: String(process.pid) }, stdio: ['ignore', 'inherit', 'inherit'] });`,
      "process.stdout.write('server ' + child.pid + '\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n'));
    const starter = spawn(process.execPath, [join(dir, 'starter.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    starter.stdout.on('data', (chunk) => { out += chunk; });
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
      return done();
    };
    expect(await until(() => /server \d+/.test(out))).toBe(true);
    const pid = Number(out.match(/server (\d+)/)![1]);
    const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
    // Still running while its starter lives.
    await new Promise((r) => setTimeout(r, 300));
    expect(alive()).toBe(true);
    starter.kill('SIGKILL');
    const stopped = await until(() => !alive());
    if (!stopped) process.kill(pid, 'SIGKILL');
    expect(stopped).toBe(true);
    expect(out).toContain('the process that started this one is gone: stopping');
    expect(out).toMatch(/"msg":"stopped"/);
  }, 20_000);
});

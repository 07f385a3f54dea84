import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './module-files';

/**
 * A server whose log reader exits (the process that started it was killed) keeps running: its
 * lines are dropped. Before, the write's EPIPE was an uncaught error, which was logged, failed the
 * same way, and the server spun at full CPU without answering.
 */
describe('log to a stdout without a reader', () => {
  it('drops the lines and keeps running', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'log-stdout-')), 'ticks.ts');
    writeFileSync(script, [
      `import { log } from ${JSON.stringify(join(ROOT, 'lib/http/log.ts'))};`,
      'let n = 0;',
      "const timer = setInterval(() => { log.info({ n: n++ }, 'tick'); if (n === 50) { clearInterval(timer); process.stderr.write('still running\\n'); } }, 5);",
    ].join('\n'));
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script], {
      env: { ...process.env, NODE_ENV: 'production', LOG_FORMAT: 'json' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    // The reader goes away after the first line.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).toContain('still running');
    expect(code).toBe(0);
  }, 20_000);
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './module-files';

/**
 * The production server's console and Node's own warnings as JSON log lines: what a library
 * prints as an error stays an error; a deprecation Node reports (exceljs's zip library calls
 * `Buffer()`, which Node reports from the web server's bundle on the first export) is a warning,
 * not an error an operator would be woken for.
 */
it('logs console output at its level and Node\'s warnings at the warn level', () => {
  const graceful = JSON.stringify(join(ROOT, 'lib/http/graceful.mjs'));
  const script = [
    `const { routeConsoleToLog } = await import(${graceful});`,
    'routeConsoleToLog();',
    "console.error('failed: %s', 'disk');",
    "process.emitWarning('Buffer() is deprecated', { type: 'DeprecationWarning', code: 'DEP0005' });",
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toEqual([
    expect.objectContaining({ level: 'error', msg: 'failed: disk' }),
    expect.objectContaining({ level: 'warn', msg: 'DeprecationWarning: Buffer() is deprecated', code: 'DEP0005' }),
  ]);
  expect(run.stderr).toBe('');
});

it('leaves the console as it is when the logs are for reading in a terminal (LOG_FORMAT=pretty)', () => {
  const graceful = JSON.stringify(join(ROOT, 'lib/http/graceful.mjs'));
  const script = `const { routeConsoleToLog } = await import(${graceful});\nrouteConsoleToLog();\nconsole.error('failed: %s', 'disk');`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, LOG_FORMAT: 'pretty' } });
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe('failed: disk\n');
});

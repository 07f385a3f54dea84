import { describe, expect, it } from 'vitest';
import { elapsed, runPhase } from '../../scripts/build-progress.mjs';

/** `npm run build` says what it is doing: a line per phase when it starts, while it runs (at least every 30 s) and when it ends. */
describe('build progress', () => {
  it('prints the phase when it starts, while it runs and when it ends', async () => {
    const lines: string[] = [];
    await runPhase('a slow step', process.execPath, ['-e', 'setTimeout(() => {}, 400)'], { every: 100, log: (line: string) => lines.push(line) });
    expect(lines[0]).toBe('[build] a slow step: started');
    expect(lines.filter((l) => l.startsWith('[build] a slow step: still working')).length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatch(/^\[build\] a slow step: done in \d+s$/);
  });

  it('fails with the phase named when the step fails', async () => {
    const lines: string[] = [];
    await expect(runPhase('a broken step', process.execPath, ['-e', 'process.exit(3)'], { log: (line: string) => lines.push(line) })).rejects.toThrow('a broken step failed');
    expect(lines.at(-1)).toMatch(/a broken step: failed \(exit code 3\)/);
  });

  it('writes durations readably', () => {
    expect(elapsed(42_000)).toBe('42s');
    expect(elapsed(65_000)).toBe('1m05s');
  });

  it('reports at least every 30 seconds by default', async () => {
    const source = await import('node:fs').then((fs) => fs.readFileSync('scripts/build-progress.mjs', 'utf8'));
    const every = Number(/every = ([\d_]+)/.exec(source)?.[1]?.replaceAll('_', ''));
    expect(every).toBeGreaterThan(0);
    expect(every).toBeLessThanOrEqual(30_000);
  });
});

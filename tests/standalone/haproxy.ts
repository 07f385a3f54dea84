import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Running } from './server';

/**
 * Helpers of the load-balancer test: HAProxy with the committed example configuration
 * (docs/examples/haproxy.cfg), its ports put in and nothing else changed.
 */
export const EXAMPLE = join('docs', 'examples', 'haproxy.cfg');

/** The haproxy binary on the PATH (or in /usr/sbin, where Debian puts it and a user's PATH may not look). */
export function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin'];
  return dirs.map((dir) => join(dir, 'haproxy')).find((path) => existsSync(path));
}

/**
 * The example with the balancer listening on 127.0.0.1:`listen` and its two servers on `web1` and
 * `web2`. Each of the example's three addresses must be there exactly once: an example whose
 * addresses changed fails here instead of being tested half-substituted.
 */
export function renderExample(listen: number, web1: number, web2: number): string {
  let text = readFileSync(EXAMPLE, 'utf8');
  const swaps: [RegExp, string][] = [
    [/^(\s*bind )\S*:8080$/m, `$1127.0.0.1:${listen}`],
    [/(server web1 )127\.0\.0\.1:3001 /, `$1127.0.0.1:${web1} `],
    [/(server web2 )127\.0\.0\.1:3002 /, `$1127.0.0.1:${web2} `],
  ];
  for (const [pattern, replacement] of swaps) {
    const found = text.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0;
    if (found !== 1) throw new Error(`${EXAMPLE}: expected ${pattern} once, found it ${found} times`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

/** `haproxy -c`: the configuration is valid for the HAProxy installed (its output when not). */
export function checkConfig(bin: string, file: string): { ok: boolean; output: string } {
  const checked = spawnSync(bin, ['-c', '-f', file], { encoding: 'utf8' });
  return { ok: checked.status === 0, output: `${checked.stdout}${checked.stderr}` };
}

/** HAProxy in the foreground (`-db`) on `file`; stop it with server.ts' `stop`. */
export function startHaproxy(bin: string, file: string): Running {
  const child = spawn(bin, ['-db', '-f', file], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const raw: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => raw.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => raw.push(chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, lines: [], text: () => raw.join(''), exit };
}

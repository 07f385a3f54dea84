import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLocal, ROOT } from './module-files';

/**
 * The sign-in pages' first-load JS budget (DESIGN.md section 7: 170 KB gzip) leaves no room for
 * antd: the root layout, the root error and not-found pages and every page of app/(public)
 * reach none of antd's modules through their static imports (components/public draws the
 * controls). A dynamic import() is loaded on demand and is not followed.
 */
const FORBIDDEN = /^(antd|@ant-design\/(icons|cssinjs)|@rc-component\/|rc-)(\/|$)/;

/** Every package a module reaches through its static imports (types aside), with the chain that reaches it. */
function packagesOf(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?from\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = m[1]!;
      const local = resolveLocal(file, specifier);
      if (local) walk(local, [...chain, relative(ROOT, local)]);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/') && !found.has(specifier)) found.set(specifier, chain);
    }
  };
  walk(entry, [relative(ROOT, entry)]);
  return found;
}

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesUnder(path);
    return /^(page|layout)\.tsx$/.test(entry.name) ? [path] : [];
  });
}

const ENTRIES = [
  ...['app/layout.tsx', 'app/error.tsx', 'app/not-found.tsx', 'app/global-error.tsx'].map((file) => join(ROOT, file)),
  ...pagesUnder(join(ROOT, 'app/(public)')),
];

describe('the pages anyone may open', () => {
  it('covers the sign-in and registration pages', () => {
    expect(ENTRIES.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(['app/(public)/login/page.tsx', 'app/(public)/register/page.tsx']));
  });

  for (const entry of ENTRIES) {
    it(`${relative(ROOT, entry)} reaches no antd module`, () => {
      const reached = [...packagesOf(entry)].filter(([name]) => FORBIDDEN.test(name)).map(([name, chain]) => `${name} via ${chain.join(' > ')}`);
      expect(reached).toEqual([]);
    });
  }

  it('the check sees antd where it is (the signed-in layout)', () => {
    expect([...packagesOf(join(ROOT, 'app/(admin)/layout.tsx')).keys()].some((name) => FORBIDDEN.test(name))).toBe(true);
  });
});

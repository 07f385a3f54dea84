import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, resolveLocal, sourceFiles } from './module-files';

/**
 * The browser gets the call table's types, never its schemas: no module a page or component
 * loads may import zod, directly or through the modules it imports (type imports aside). A
 * constant taken from a schema module would ship zod (about 94 KB gzip) to that page.
 */
const ROOTS = ['components', 'app', 'lib'];
/** A client module: marked 'use client' (what it imports is loaded by the browser too). */
const isClient = (file: string) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'));

/** Runtime imports of a module: `import x from`, `import { a } from` (not `import type`), `export ... from`, `import('...')`. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)) specifiers.push(m[1]!);
  for (const m of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(m[1]!);
  return specifiers;
}


/** The chain of modules from `file` to an import of zod, or null. */
function zodChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file];
    const local = resolveLocal(file, specifier);
    const chain = local && !local.endsWith('.json') ? zodChain(local, seen) : null;
    if (chain) return [file, ...chain];
  }
  return null;
}

describe('the browser gets no schemas', () => {
  it('no client module imports zod, directly or through what it imports', () => {
    const clients = ROOTS.flatMap(sourceFiles).filter(isClient);
    expect(clients.length).toBeGreaterThan(50);
    const offenders = clients
      .map((file) => zodChain(file))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => chain.map((f) => f.slice(ROOT.length + 1)).join(' -> '));
    expect(offenders).toEqual([]);
  });
});

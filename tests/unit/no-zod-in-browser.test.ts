import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser gets the call table's types, never its schemas: no module a page or component
 * loads may import zod, directly or through the modules it imports (type imports aside). A
 * constant taken from a schema module would ship zod (about 94 KB gzip) to that page.
 */
const ROOT = resolve(__dirname, '../..');
const ROOTS = ['components', 'app', 'lib'];
/** A client module: marked 'use client' (what it imports is loaded by the browser too). */
const isClient = (file: string) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'));

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => files(join(path, name))).filter((f) => /\.(ts|tsx)$/.test(f));
}

/** Runtime imports of a module: `import x from`, `import { a } from` (not `import type`), `export ... from`, `import('...')`. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)) specifiers.push(m[1]!);
  for (const m of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(m[1]!);
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
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
    const clients = ROOTS.flatMap(files).filter(isClient);
    expect(clients.length).toBeGreaterThan(50);
    const offenders = clients
      .map((file) => zodChain(file))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => chain.map((f) => f.slice(ROOT.length + 1)).join(' -> '));
    expect(offenders).toEqual([]);
  });
});

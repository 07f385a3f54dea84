import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The project's root folder. */
export const ROOT = resolve(__dirname, '../..');

/**
 * The file an import names, as the bundler finds it: `@/` from the root, `./` and `../` from the
 * importing file, with `.ts`, `.tsx` or an index file; null for a package or a missing file.
 */
export function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The .ts and .tsx files under a folder of the root (or the file itself). */
export function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return /\.tsx?$/.test(full) ? [full] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)));
}

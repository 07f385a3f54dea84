import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './module-files';

/**
 * The configuration reference of docs/operations.md and `.env.example` hold every environment
 * variable the code reads: the product's code, its scripts and the test tools' configuration are
 * scanned for `process.env.X`, `env.X`, `env['X']`, the sources' `${prefix}_X` names and the keys of
 * the configuration schema (lib/config.ts).
 */
const SCANNED = ['app', 'components', 'lib', 'upstream', 'scripts', 'i18n', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'playwright.config.ts', 'tests/screens', 'tests/e2e/fixtures.ts'];
/** `env[\`${prefix}_URL\`]` in upstream/options.ts: one variable per outside source. */
const PREFIXES = ['INSURANCE', 'CREDIT'];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : files(join(path, name))));
}

function readVariables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of SCANNED.flatMap(files).filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f) && !f.includes('.generated.'))) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/\benv\s*(?:\.\s*|\[\s*['"])([A-Z_][A-Z0-9_]+)\b/g)) found.set(match[1]!, file);
    // The keys of the configuration schema (lib/config.ts), which parses process.env whole.
    if (file === join('lib', 'config.ts')) for (const match of text.matchAll(/^ {2}([A-Z_][A-Z0-9_]+): /gm)) found.set(match[1]!, file);
    for (const match of text.matchAll(/\benv\[\s*`\$\{prefix\}(_[A-Z0-9_]+)`\s*\]/g)) for (const prefix of PREFIXES) found.set(`${prefix}${match[1]}`, file);
  }
  return found;
}

/** The variables named in the first column of the tables under 'Configuration reference'. */
function documented(): { operator: Set<string>; all: Set<string> } {
  const text = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const section = text.slice(text.indexOf('## Configuration reference'), text.indexOf('\n## ', text.indexOf('## Configuration reference') + 5));
  const names = (part: string) => new Set([...part.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z_][A-Z0-9_]+)`/g)].map((n) => n[1]!)));
  const split = section.indexOf('### Development and test settings');
  return { operator: names(section.slice(0, split)), all: names(section) };
}

describe('configuration reference', () => {
  const read = readVariables();
  const { operator, all } = documented();

  it('finds the variables the code reads', () => {
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'MIGRATE_ON_START', 'PUSH_POLL_MS', 'INSURANCE_URL', 'CREDIT_TIMEOUT_MS', 'LOG_LEVEL']) expect(read.has(name), name).toBe(true);
  });

  it('documents every variable the code reads in docs/operations.md', () => {
    const missing = [...read.keys()].filter((name) => !all.has(name)).map((name) => `${name} (read in ${read.get(name)})`);
    expect(missing).toEqual([]);
  });

  it('documents no variable the code does not read', () => {
    const scanned = readVariables();
    // TZ is read by Node itself; the test tools' own variables are read outside the scanned code.
    const outside = new Set(['TZ', 'TEST_DATABASE_URL']);
    expect([...all].filter((name) => !scanned.has(name) && !outside.has(name))).toEqual([]);
  });

  it('lists every operator setting in .env.example, and nothing else', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z_][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect([...operator].filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !operator.has(name))).toEqual([]);
  });
});

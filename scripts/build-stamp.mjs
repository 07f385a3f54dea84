import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { elapsed, runPhase } from './build-progress.mjs';

const SOURCES = ['app', 'components', 'lib', 'upstream', 'messages', 'i18n', 'public', 'scripts'];
/** Written by the build itself (scripts/error-images.tsx), from the packages of package-lock.json. */
const GENERATED = [join('public', 'errors')];
const FILES = ['package-lock.json', 'next.config.mjs', 'proxy.ts', 'instrumentation.ts', 'tsconfig.json'];

function walk(dir, out) {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
}

/** A fingerprint of everything the build is made from: a changed source means a new build. */
export function sourceStamp(root = process.cwd()) {
  const files = [...FILES.map((f) => join(root, f))];
  for (const dir of SOURCES) walk(join(root, dir), files);
  const generated = GENERATED.map((dir) => join(root, dir) + sep);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (generated.some((dir) => file.startsWith(dir))) continue;
    try {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${file}:${size}:${Math.floor(mtimeMs)}\n`);
    } catch { /* optional file */ }
  }
  return hash.digest('hex');
}

export function readStamp(root = process.cwd()) {
  try { return readFileSync(join(root, '.next', 'source-stamp'), 'utf8'); } catch { return null; }
}

const PHASES = [
  ['antd theme token', 'antd-token.tsx'],
  ['antd stylesheets', 'antd-css.tsx'],
  ['error page images', 'error-images.tsx'],
];

/**
 * The production build: antd's token and stylesheet for our theme and the error pages'
 * illustrations, then Next's build. Each phase prints a line when it starts, at least every
 * 20 s while it runs and when it ends (scripts/build-progress.mjs).
 */
export async function buildApp() {
  const started = Date.now();
  for (const [phase, script] of PHASES) {
    await runPhase(phase, process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', script)], { started });
  }
  await runPhase('next build (compile, type check, pages)', process.execPath, [join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    started,
  });
  console.log(`[build] finished in ${elapsed(Date.now() - started)}`);
}

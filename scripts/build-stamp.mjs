import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

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

function runNext(args, env = {}) {
  execFileSync(process.execPath, [join('node_modules', 'next', 'dist', 'bin', 'next'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
}

export function readStamp(root = process.cwd()) {
  try { return readFileSync(join(root, '.next', 'source-stamp'), 'utf8'); } catch { return null; }
}

/** The production build: antd's token and stylesheet for our theme and the error pages' illustrations, then Next's build. */
export function buildApp() {
  for (const script of ['antd-token.tsx', 'antd-css.tsx', 'error-images.tsx']) {
    execFileSync(process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', script)], { stdio: 'inherit' });
  }
  runNext(['build'], { NODE_ENV: 'production' });
}

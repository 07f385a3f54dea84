import './require-node.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: installs what npm cannot (Debian's chromium-headless-shell and CJK fonts, when missing and
 * running as root), then runs the unit and integration tests, the standalone folder's test
 * and the browser tests. Integration tests (and the standalone folder) also run on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
// The browser tests' browser (playwright.config.ts): Debian's old headless shell, Chromium's engine without the
// full browser's window code, which runs the same tests for about a third less CPU.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const hasFonts = () => spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -qi noto'], { stdio: 'ignore' }).status === 0;

function ensureBrowser() {
  const missing = [!existsSync(CHROMIUM) && 'chromium-headless-shell', !hasFonts() && 'fonts-noto-cjk'].filter(Boolean);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`[test] missing ${missing.join(' and ')}: install with sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`[test] installing ${missing.join(', ')} from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

function run(label, args) {
  console.log(`\n[test] ${label}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  console.log(`[test] ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

console.log(`[test] Node.js ${process.version}`);
ensureBrowser();
const bin = (pkg, file) => join('node_modules', pkg, file);
const results = [
  run('unit and integration tests', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--project', 'integration']),
  // Builds the production bundle (which the browser tests then reuse) and starts the container's folder alone.
  run('standalone folder (the container\'s contents)', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'standalone']),
  run('browser tests (Playwright, Chromium)', [bin('@playwright/test', 'cli.js'), 'test']),
];
if (results.includes(false)) process.exit(1);

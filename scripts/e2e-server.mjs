import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, readStamp, sourceStamp } from './build-stamp.mjs';

/**
 * A server the browser tests run against: the production build (rebuilt when the sources
 * changed) on a fresh embedded database, its log kept where tests can read the demo SMS codes.
 * Each test worker has one of its own (playwright.config.ts): E2E_INDEX i listens on
 * E2E_PORT + i with its data in .test-data/e2e/i. The first builds; the others wait for its build.
 */
const index = Number(process.env.E2E_INDEX ?? 0);
const root = resolve('.test-data', 'e2e', String(index));
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

const stamp = sourceStamp();
const built = () => existsSync('.next/BUILD_ID') && readStamp() === stamp;
if (index === 0 && !built()) {
  await buildApp();
  writeFileSync('.next/source-stamp', stamp);
}
while (!built()) await sleep(1000);

const log = createWriteStream(join(root, 'server.log'));
const child = spawn(process.execPath, [join('scripts', 'server.mjs')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(Number(process.env.E2E_PORT ?? 3100) + index),
    HOSTNAME: '127.0.0.1',
    DATA_DIR: join(root, 'data'),
    // The server stops when this script is gone, even killed with SIGKILL, instead of keeping the port.
    STOP_WITH_PARENT: String(process.pid),
    UPSTREAM_URL: '',
    DATABASE_URL: '',
    LOCALE_AUTO: 'true',
    DEFAULT_LOCALE: 'zh-CN',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    SMS_LOG_CODES: 'true',
    // Reminders would add messages at unpredictable moments; the integration tests cover them.
    OVERDUE_REMIND_HOUR: 'off',
    // The outbox worker at a pace a browser test can watch: two attempts half a second apart.
    PUSH_POLL_MS: '500',
    PUSH_MAX_ATTEMPTS: '2',
    PUSH_BACKOFF_MS: '500',
    PUSH_TIMEOUT_MS: '2000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => { log.write(chunk); process.stdout.write(chunk); });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { child.kill('SIGTERM'); process.exit(0); });
child.on('exit', (code) => process.exit(code ?? 0));

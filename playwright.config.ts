import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Workers, each with a server and embedded database of its own (scripts/e2e-server.mjs), so no
 * test sees another's data or settings: one per core, at most two (E2E_WORKERS to choose).
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));
// Each worker loads this file again, with its own index: its server is the one at port + index.
const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: 'tests/e2e',
  workers,
  fullyParallel: false,
  // On CI a test that fails once is tried once more (and reported as flaky); locally never.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '.test-data/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${port + serverIndex}`,
    locale: 'zh-CN',
    // The product honours the system's reduced-motion setting; menus then open in place at once.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/test.mjs installs it): the full browser costs a third more CPU.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    env: { E2E_INDEX: String(index) },
    url: `http://127.0.0.1:${port + index}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});

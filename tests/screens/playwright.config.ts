import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Screenshots of every screen for a person to look at (not run in CI):
 * `E2E_PORT=3100 npx playwright test -c tests/screens` writes .test-data/screens/*.png.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../../.test-data/screens-results',
  timeout: 900_000,
  // One server: a server already listening on E2E_PORT (e.g. started by hand on a fresh build) is used as it is.
  workers: 1,
  webServer: { ...[base.webServer].flat()[0]!, cwd: '../..', reuseExistingServer: true },
});

import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Node resolves `antd` to its CommonJS build (antd/lib): a module the browser build takes
      // from antd/es (the App context, the date pickers) comes from the same build in the tests.
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
    ],
  },
  test: {
    // One test file per core: Vitest's default leaves a core to its main process, which on a
    // 2-core machine ran every file one after another.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/unit/global-setup.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          // Longer than the ten seconds a screen test waits for an element (tests/unit/setup.ts).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // Every file builds its own service on its own database: the modules themselves are
          // shared by the files of a worker instead of loaded again for each (a third of the time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The standalone folder built and started alone (npm test runs it on its own, after the others).
        extends: true,
        test: {
          name: 'standalone',
          include: ['tests/standalone/**/*.test.ts'],
          environment: 'node',
          testTimeout: 400_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Three suites: fast unit tests, API tests on a real database (PGlite, or the
// server named by DATABASE_URL), and browser tests against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          setupFiles: ['apps/api/src/test/worker-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two files at once even on 2 cores (vitest's default there is one): a file spends much of its time
          // waiting for PostgreSQL or for a server process it started, and on PGlite each uses its own core.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          setupFiles: ['apps/api/src/test/worker-setup.ts', 'apps/web/e2e/setup.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 180_000,
          // One more try for a test that failed: see reportSlowAnswers in apps/web/e2e/harness.ts.
          retry: 1,
          // A page polled for what it shows may take seconds on a loaded 2-core machine (vitest's default: 1 s).
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

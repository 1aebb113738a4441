import { defineConfig } from 'vitest/config';

// Two projects: the server suite (real embedded DB, or PostgreSQL with TEST_DATABASE_URL)
// and web units in happy-dom. Playwright specs (apps/web/e2e) are never collected here.
export default defineConfig({
  test: {
    // Two cores here; each server test file holds an embedded database of its own.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});

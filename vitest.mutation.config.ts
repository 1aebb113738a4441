import { defineConfig } from 'vitest/config';

// The server project alone, for `npm run mutate`: Stryker runs every test that reaches a mutant,
// and through the app nearly every server test reaches the request pipeline. These are the files
// that exercise the mutated modules (docs/testing.md); the rest would only slow each run down.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'packages/contract/src/money.test.ts',
            'apps/server/src/core/*.test.ts',
            'apps/server/src/modules/orders/order-lifecycle.test.ts',
            'apps/server/src/modules/orders/orders.test.ts',
            'apps/server/src/modules/auth/*.test.ts',
            'apps/server/src/http/authenticate.test.ts',
            'apps/server/src/events/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

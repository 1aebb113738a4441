// Mutation testing of the server's core rules: `npm run mutate` (docs/testing.md). Not part of
// `npm test` or CI: a full run takes a long while on two cores.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'apps/server/src/modules/orders/order-lifecycle.ts',
    'apps/server/src/modules/orders/order-pricing.ts',
    'packages/contract/src/money.ts',
    'apps/server/src/core/idempotency.ts',
    'apps/server/src/modules/auth/sessions.*.ts',
    'apps/server/src/http/authenticate.ts',
    'apps/server/src/core/rate-limit*.ts',
    'apps/server/src/events/*.ts',
    '!**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // Vitest does not type-check, so no file needs Stryker's `// @ts-nocheck` (which, in place,
  // would rewrite every file of the tree for the length of the run).
  disableTypeChecks: false,
  // In place: the workspace packages are symlinks into this tree (a sandbox copy would mutate a
  // contract file the server never loads) and the test template lives at a path relative to it.
  // Stryker puts every file back when it ends, also on Ctrl-C; `git status` shows if it could not.
  inPlace: true,
  incremental: true,
  incrementalFile: '.tmp/mutation/stryker-incremental.json',
  tempDirName: '.tmp/stryker-tmp',
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  thresholds: { high: 80, low: 60, break: null },
};

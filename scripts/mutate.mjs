// `npm run mutate [-- --mutate <file>]`: runs Stryker (stryker.config.mjs), then prints the
// mutation score of each module from its JSON report, and how long the run took.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MODULES = {
  'order lifecycle': ['apps/server/src/modules/orders/order-lifecycle.ts'],
  pricing: ['apps/server/src/modules/orders/order-pricing.ts', 'packages/contract/src/money.ts'],
  idempotency: ['apps/server/src/core/idempotency.ts'],
  sessions: [
    'apps/server/src/modules/auth/sessions.repository.ts',
    'apps/server/src/modules/auth/sessions.service.ts',
    'apps/server/src/http/authenticate.ts',
  ],
  'rate limits': ['apps/server/src/core/rate-limit.ts', 'apps/server/src/core/rate-limit.repository.ts'],
  'live events': [
    'apps/server/src/events/event-hub.ts',
    'apps/server/src/events/event-publisher.ts',
    'apps/server/src/events/sse.ts',
  ],
};

const started = Date.now();
const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

let report;
try {
  report = JSON.parse(readFileSync('.tmp/mutation/report.json', 'utf8'));
} catch {
  console.error('No mutation report was written (.tmp/mutation/report.json).');
  process.exit(run.status ?? 1);
}
// Killed and timed out count as detected; survived and no-coverage as missed (Stryker's own score).
const DETECTED = new Set(['Killed', 'Timeout']);
const MISSED = new Set(['Survived', 'NoCoverage']);
const rows = [];
for (const [name, files] of Object.entries(MODULES)) {
  let detected = 0;
  let missed = 0;
  for (const file of files) {
    for (const mutant of report.files[file]?.mutants ?? []) {
      if (DETECTED.has(mutant.status)) detected += 1;
      else if (MISSED.has(mutant.status)) missed += 1;
    }
  }
  const total = detected + missed;
  rows.push({
    module: name,
    mutants: total,
    detected,
    survived: missed,
    score: total ? `${((100 * detected) / total).toFixed(1)} %` : '—',
  });
}
console.log(`\nMutation score per module (this run took ${minutes} min):`);
console.table(rows);
process.exit(run.status ?? 0);

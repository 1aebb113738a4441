// Unit and integration tests: the whole vitest suite on the embedded database, then the server
// suite again on PostgreSQL when TEST_DATABASE_URL is set (CI always sets it).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;

function vitest(args, env, label) {
  console.log(`\n▶ ${label}\n`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

vitest([], embeddedEnv, 'vitest: server (embedded PGlite) + web');
if (TEST_DATABASE_URL) {
  vitest(['--project', 'server'], process.env, `vitest: server on PostgreSQL (${TEST_DATABASE_URL})`);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the server suite ran on the embedded database only.');
}

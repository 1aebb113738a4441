// `npm run demo`: builds the demo restaurant on the configured database (DATABASE_URL, else the
// embedded one in TAVOLO_DATA_DIR, as `npm start` would), migrating it first.
//   npm run demo -- [--orders 20000] [--email demo@tavolo.test] [--password tavolo-demo] [--seed N]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import {
  buildDemo,
  DEMO_DEFAULT_EMAIL,
  DEMO_DEFAULT_ORDERS,
  DEMO_DEFAULT_PASSWORD,
  DEMO_RESTAURANT_NAME,
  type DemoProgress,
} from './build-demo';

const USAGE = `Usage: npm run demo -- [--orders N] [--email E] [--password P] [--seed N]

Creates "${DEMO_RESTAURANT_NAME}" with a menu, tables, staff and a year of orders on the database
\`npm start\` uses (DATABASE_URL, else the embedded database in TAVOLO_DATA_DIR, ./data).
Running it again deletes the owner's previous demo restaurant and builds it afresh.
The embedded database can be opened by one process at a time: stop the server first.

  --orders N     orders in the year's history (default ${DEMO_DEFAULT_ORDERS})
  --email E      the owner's e-mail (default ${DEMO_DEFAULT_EMAIL}); staff get E's name + .role
  --password P   the owner's and the staff's password (default ${DEMO_DEFAULT_PASSWORD})
  --seed N       another seed, another history (default fixed)`;

function fail(message: string): never {
  console.error(`demo: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        orders: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const orders = values.orders === undefined ? DEMO_DEFAULT_ORDERS : Number(values.orders.replace(/[_,]/g, ''));
if (!Number.isInteger(orders) || orders < 1 || orders > 20_000_000)
  fail('--orders must be a whole number from 1');
const email = values.email ?? DEMO_DEFAULT_EMAIL;
if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail('--email must be an e-mail address');
const password = values.password ?? DEMO_DEFAULT_PASSWORD;
if (password.length < 8) fail('--password must have at least 8 characters');
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail('--seed must be a whole number');

const config = loadConfig();
const startedAt = performance.now();
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);

if (!config.databaseUrl) {
  console.log(
    `Embedded database in ${config.dataDir}. The server must be stopped: one process at a time can open it.`,
  );
  // A server answering on the configured port most likely holds this very database.
  const answering = await fetch(`http://127.0.0.1:${config.port}/api/health`, {
    signal: AbortSignal.timeout(1500),
  })
    .then((r) => r.ok)
    .catch(() => false);
  if (answering) {
    console.error(
      `demo: a Tavolo server is answering on port ${config.port}. Stop it (Ctrl-C in its terminal) and run \`npm run demo\` again.`,
    );
    process.exit(1);
  }
} else {
  console.log(`PostgreSQL at ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}.`);
}

console.log(
  `[${seconds()} s] Opening the database${config.databaseUrl ? '' : ' (a new embedded one takes a few seconds to create)'}…`,
);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let lastStep = '';
let lastLine = 0;
const interactive = process.stdout.isTTY;
function showProgress(progress: DemoProgress) {
  if (progress.total === undefined) {
    if (progress.step !== lastStep) console.log(`[${seconds()} s] ${progress.step}…`);
    lastStep = progress.step;
    return;
  }
  const done = progress.done ?? 0;
  const percent = Math.floor((done / progress.total) * 100);
  const line = `[${seconds()} s] ${progress.step}: ${done.toLocaleString('en')} / ${progress.total.toLocaleString('en')} (${percent}%)`;
  if (interactive) {
    process.stdout.write(`\r${line}${done === progress.total ? '\n' : ''}`);
  } else if (percent >= lastLine + 10 || done === progress.total || done === 0) {
    // Piped output (CI, the bench): a line every 10 %.
    lastLine = done === 0 ? -10 : percent;
    console.log(line);
  }
  lastStep = progress.step;
}

try {
  console.log(`[${seconds()} s] Migrating the database…`);
  await migrateDatabase(database);
  const result = await buildDemo(database.db, { email, password, orders, seed, onProgress: showProgress });
  // Fresh statistics, so the first dashboard queries plan with the real sizes (the embedded engine
  // has no autovacuum to gather them later).
  console.log(`[${seconds()} s] Analyzing the tables…`);
  await database.db.execute(sql.raw('ANALYZE orders, payments, payment_refunds, wallet_transactions'));
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });
  console.log(`
Done in ${seconds()} s${result.replaced ? ' (the previous demo restaurant of this owner was deleted and rebuilt)' : ''}.
"${DEMO_RESTAURANT_NAME}": ${result.counts.orders.toLocaleString('en')} orders, ${result.counts.payments.toLocaleString('en')} payments, ${result.counts.refunds} refunds, ${result.counts.walletTransactions.toLocaleString('en')} wallet entries (balance ${money.format(result.walletBalanceMinor / 100)}), ${result.counts.receipts.toLocaleString('en')} receipts and credit notes, ${result.counts.closedDays} past days closed (Z reports).${result.triggersOff ? '' : '\n(Not a superuser: the bulk inserts ran with triggers on.)'}

Start the server (npm start) and sign in at ${config.publicUrl}/login
  owner     ${result.ownerEmail}  /  ${result.password}
Staff (tick "Sign in as staff"), same password:
${result.staff
  .filter((member, i, all) => all.findIndex((m) => m.role === member.role) === i)
  .map((m) => `  ${m.role.padEnd(9)} ${m.email}  (${m.name})`)
  .join('\n')}
Approval PIN (voids and discounts on a waiter's phone): ${result.approvalPin.pin} (${result.approvalPin.name})
Stations: Bar (drinks, at once), Kitchen (starters, mains, desserts), Pizza (pizzas, with the mains).`);
} catch (error) {
  // A failed bulk statement carries its whole batch as a parameter: say the cause, not the data.
  const cause = (error as { cause?: Error }).cause;
  const message = cause?.message ?? (error as Error).message ?? String(error);
  console.error(`\ndemo: failed after ${seconds()} s: ${message.slice(0, 600)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

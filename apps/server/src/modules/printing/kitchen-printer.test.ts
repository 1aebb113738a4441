import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findLine, styleOf } from '../../../test/escpos';
import { createFakePrinter, type FakePrinter, findFreePort } from '../../../test/fake-printer';
import { createTestDatabase } from '../../../test/helpers';
import { makeTicket } from '../../../test/kitchen-tickets';
import type { Database, Db } from '../../db/client';
import { owners, printJobs, restaurants } from '../../db/schema';
import { createKitchenPrinter, type KitchenPrinterOptions } from './kitchen-printer';
import type { KitchenTicketPrint } from './kitchen-ticket';
import { insertPrintJob } from './print-jobs.repository';

let database: Database;
let db: Db;
let restaurantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [owner] = await db
    .insert(owners)
    .values({ name: 'Owner', email: `${randomUUID()}@example.test`, passwordHash: 'x' })
    .returning();
  const [restaurant] = await db
    .insert(restaurants)
    .values({ ownerId: owner!.id, name: 'Trattoria', currency: 'EUR', timezone: 'Europe/Rome' })
    .returning();
  restaurantId = restaurant!.id;
});
afterAll(async () => {
  await database.close();
});

type Instance = ReturnType<typeof createKitchenPrinter>;
const instances: Instance[] = [];
const printers: FakePrinter[] = [];

/** A server instance's printing, on the shared database; backoffs short, as tests need. */
function instance(options: Partial<KitchenPrinterOptions> = {}): Instance {
  const created = createKitchenPrinter({
    db,
    backoff: { initialMs: 30, maxMs: 120 },
    timeouts: { connectMs: 1_000, idleMs: 1_000 },
    ...options,
  });
  instances.push(created);
  return created;
}
async function printer(options: Parameters<typeof createFakePrinter>[0] = {}): Promise<FakePrinter> {
  const created = await createFakePrinter(options);
  printers.push(created);
  return created;
}
afterEach(async () => {
  for (const created of instances.splice(0)) await created.close();
  for (const created of printers.splice(0)) await created.stop();
});

/** A ticket fired just now in this test's restaurant. */
function ticket(overrides: Partial<KitchenTicketPrint> = {}): KitchenTicketPrint {
  return makeTicket({ restaurantId, firedAt: new Date().toISOString(), ...overrides });
}

async function jobsOf(orderId: string) {
  return db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.restaurantId, restaurantId), eq(printJobs.orderId, orderId)))
    .orderBy(printJobs.createdAt);
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a fired ticket', () => {
  it('is printed on its station’s printer, readable, and recorded printed', async () => {
    const on = await printer();
    const one = instance();
    const fired = ticket();
    const result = await one.submit(db, fired, on.address);
    expect(result).toEqual({ jobId: expect.any(String), queued: true });
    await one.settled();

    const [receipt] = on.receipts();
    expect(on.jobs).toHaveLength(1);
    expect(styleOf(receipt!, 'Table 12')).toMatchObject({ width: 3, height: 3 });
    for (const text of [
      'Pâtisserie',
      'Order #1042',
      'Starters',
      'Waiter: Zoë',
      '2 x Crème brûlée',
      '    Topping: Frutti di bosco',
      '    Seat 3',
      '    Note: senza glutine',
      '1 x Würstel',
      'VOID 1 x Würstel',
      '1 x Ñoquis',
      'Order note: Allergia: noci — grazie',
    ])
      findLine(receipt!, text);
    expect(receipt!.text).not.toContain('REPRINT');
    expect(receipt!.cuts).toBe(1);

    const [row] = await jobsOf(fired.orderId);
    expect(row).toMatchObject({
      id: result.jobId,
      state: 'printed',
      attempts: 1,
      payload: null,
      claimedBy: null,
      reprint: false,
      printerHost: '127.0.0.1',
      printerPort: on.address.port,
    });
    expect(row!.printedAt).toBeInstanceOf(Date);
    const ok = {
      state: 'ok',
      pending: 0,
      lastError: null,
      failedSince: null,
      lastPrintedAt: expect.any(String),
    };
    expect(one.status(restaurantId, fired.stationId)).toEqual(ok);
    // Any instance reads the same from the jobs; a station never printed to is idle.
    expect(await instance().readStatus(db, restaurantId, fired.stationId)).toEqual({
      ...ok,
      lastPrintedAt: row!.printedAt!.toISOString(),
    });
    expect(await one.readStatus(db, restaurantId, randomUUID())).toEqual({
      state: 'idle',
      pending: 0,
      lastError: null,
      failedSince: null,
      lastPrintedAt: null,
    });
  });

  it('is printed once when two instances hear it, and once when heard again', async () => {
    const on = await printer();
    const [a, b] = [instance(), instance()];
    const fired = Array.from({ length: 8 }, () => ticket());
    const results = await Promise.all(
      fired.flatMap((one) => [a.submit(db, one, on.address), b.submit(db, one, on.address)]),
    );
    await Promise.all([a.settled(), b.settled()]);
    expect(results.filter((result) => result.queued)).toHaveLength(8);
    for (let i = 0; i < fired.length; i++) {
      const pair = results.slice(2 * i, 2 * i + 2);
      expect(pair.filter((result) => result.jobId !== null)).toHaveLength(1);
    }
    // A replay, on either instance: already known.
    expect(await a.submit(db, fired[0]!, on.address)).toEqual({ jobId: null, queued: false });
    expect(await b.submit(db, { ...fired[0]!, reprint: true }, on.address)).toEqual({
      jobId: null,
      queued: false,
    });
    await Promise.all([a.settled(), b.settled()]);
    expect(on.jobs).toHaveLength(8);
    const orderNumbers = on.receipts().map((receipt) => findLine(receipt, 'Order #').text);
    expect(orderNumbers).toHaveLength(8);
    for (const one of fired) expect(await jobsOf(one.orderId)).toHaveLength(1);
  });

  it('is printed again when the same order fires another course or another station', async () => {
    const on = await printer();
    const one = instance();
    const first = ticket();
    await one.submit(db, first, on.address);
    await one.submit(db, { ...first, course: 2 }, on.address);
    await one.submit(db, { ...first, stationId: randomUUID() }, on.address);
    await one.submit(db, { ...first, firedAt: new Date(Date.now() + 1).toISOString() }, on.address);
    await one.settled();
    expect(on.jobs).toHaveLength(4);
  });
});

describe('a printer that is off', () => {
  it('is retried with backoff and shown failing with its error, then prints when it comes on', async () => {
    const port = await findFreePort();
    const off = await printer({ port, running: false });
    const working = await printer();
    const one = instance();
    const fired = ticket();
    await one.submit(db, fired, off.address);
    await until(async () => ((await jobsOf(fired.orderId))[0]?.attempts ?? 0) >= 3, 'three attempts');

    const status = one.status(restaurantId, fired.stationId);
    expect(status).toMatchObject({
      state: 'failing',
      lastError: `The printer at 127.0.0.1:${port} refused the connection`,
      pending: 1,
      lastPrintedAt: null,
    });
    expect(Date.parse(status.failedSince!)).toBeLessThanOrEqual(Date.now());
    const [failing] = await jobsOf(fired.orderId);
    expect(failing).toMatchObject({ state: 'failing', lastError: status.lastError, printedAt: null });
    expect(failing!.failedSince).toBeInstanceOf(Date);
    // Another instance, printing none of it, reads the same from the jobs.
    const other = instance();
    expect(await other.readStatus(db, restaurantId, fired.stationId)).toEqual({
      state: 'failing',
      lastError: status.lastError,
      failedSince: failing!.failedSince!.toISOString(),
      pending: 1,
      lastPrintedAt: null,
    });
    expect(other.status(restaurantId, fired.stationId).state).toBe('idle');

    // Meanwhile another station prints at once.
    const bar = ticket({ orderId: fired.orderId, stationId: randomUUID(), stationName: 'Bar', course: 0 });
    await one.submit(db, bar, working.address);
    await until(() => working.jobs.length === 1, 'the bar’s ticket');
    findLine(working.receipts()[0]!, 'At once');

    await off.start();
    await one.settled();
    expect(off.jobs).toHaveLength(1);
    findLine(off.receipts()[0]!, '2 x Crème brûlée');
    expect(one.status(restaurantId, fired.stationId)).toMatchObject({
      state: 'ok',
      lastError: null,
      failedSince: null,
      pending: 0,
    });
    const [printed] = await jobsOf(fired.orderId);
    expect(printed!.state).toBe('printed');
    expect(printed!.attempts).toBeGreaterThanOrEqual(4);
    expect(await other.readStatus(db, restaurantId, fired.stationId)).toEqual({
      state: 'ok',
      lastError: null,
      failedSince: null,
      pending: 0,
      lastPrintedAt: printed!.printedAt!.toISOString(),
    });
  });

  it('has a ticket given up once it is too old to matter, and never printed', async () => {
    const off = await printer({ running: false });
    const one = instance({ expireAfterMs: 300 });
    const fired = ticket();
    await one.submit(db, fired, off.address);
    await one.settled();
    await off.start();
    const [row] = await jobsOf(fired.orderId);
    expect(row).toMatchObject({ state: 'expired', payload: null, printedAt: null });
    expect(row!.attempts).toBeGreaterThanOrEqual(1);
    expect(one.status(restaurantId, fired.stationId)).toMatchObject({ state: 'failing', pending: 0 });
    // Given up, it is no longer pending, but the printer's last word was a failure.
    expect(await one.readStatus(db, restaurantId, fired.stationId)).toMatchObject({
      state: 'failing',
      pending: 0,
      lastError: expect.stringContaining('refused the connection'),
      failedSince: row!.failedSince!.toISOString(),
    });

    // A ticket heard long after it was fired (a replayed event) is known but not printed.
    const old = ticket({ firedAt: new Date(Date.now() - 60_000).toISOString() });
    const late = await one.submit(db, old, off.address);
    expect(late).toEqual({ jobId: expect.any(String), queued: false });
    expect((await jobsOf(old.orderId))[0]).toMatchObject({ state: 'expired', payload: null });
    await one.sweep();
    await one.settled();
    expect(off.jobs).toHaveLength(0);
  });
});

describe('a reprint', () => {
  it('prints the ticket again, marked REPRINT, and answers the station’s status', async () => {
    const on = await printer();
    const one = instance();
    const fired = ticket();
    await one.submit(db, fired, on.address);
    await one.settled();
    const status = await one.reprint(db, fired, on.address, { labels: { reprint: 'RISTAMPA' } });
    expect(status).toMatchObject({ state: 'ok', pending: 1 });
    await one.reprint(db, fired, on.address);
    await one.settled();

    const [original, reprint, english] = on.receipts();
    expect(original!.text).not.toContain('RISTAMPA');
    expect(styleOf(reprint!, 'RISTAMPA')).toMatchObject({ invert: true });
    findLine(reprint!, '2 x Crème brûlée');
    findLine(english!, 'REPRINT');
    const rows = await jobsOf(fired.orderId);
    expect(rows.map((row) => [row.reprint, row.state])).toEqual([
      [false, 'printed'],
      [true, 'printed'],
      [true, 'printed'],
    ]);
  });
});

describe('a stopped instance’s tickets', () => {
  it('are let go on close and printed by another instance’s sweep', async () => {
    const off = await printer({ running: false });
    const a = instance();
    const b = instance();
    const fired = ticket();
    await a.submit(db, fired, off.address);
    await until(() => a.status(restaurantId, fired.stationId).state === 'failing', 'a failure');
    const closing = Date.now();
    await a.close();
    expect(Date.now() - closing).toBeLessThan(1_500);
    expect((await jobsOf(fired.orderId))[0]).toMatchObject({ claimedBy: null, state: 'failing' });

    await off.start();
    await b.sweep();
    await b.settled();
    expect(off.jobs).toHaveLength(1);
    expect((await jobsOf(fired.orderId))[0]).toMatchObject({ state: 'printed' });
    // Written while stopping, a ticket is left for the others at once.
    const afterClose = ticket();
    expect(await a.submit(db, afterClose, off.address)).toEqual({ jobId: expect.any(String), queued: false });
    await b.sweep();
    await b.settled();
    expect(off.jobs).toHaveLength(2);
  });

  it('are taken over once a crashed instance’s claim lapses, and not before', async () => {
    const on = await printer();
    const survivor = instance({ leaseMs: 60_000 });
    const crashed = randomUUID();
    const orderId = randomUUID();
    const stationId = randomUUID();
    const claimed = async (leaseMs: number) =>
      insertPrintJob(
        db,
        {
          restaurantId,
          orderId,
          stationId,
          course: leaseMs === 0 ? 1 : 2,
          firedAt: new Date(),
          state: 'pending',
          expiresAt: new Date(Date.now() + 60_000),
          printerHost: on.address.host,
          printerPort: on.address.port,
          payload: Buffer.from(`course ${leaseMs === 0 ? 1 : 2}\n`),
        },
        { instanceId: crashed, leaseMs },
      );
    await claimed(0);
    await claimed(60_000);
    await survivor.sweep();
    await survivor.settled();
    expect(on.jobs.map((job) => job.toString())).toEqual(['course 1\n']);
    const rows = await jobsOf(orderId);
    expect(rows.map((row) => [row.course, row.state, row.claimedBy])).toEqual(
      expect.arrayContaining([
        [1, 'printed', null],
        [2, 'pending', crashed],
      ]),
    );
  });

  it('are not printed twice when an instance that stopped renewing its claim comes back', async () => {
    const off = await printer({ running: false });
    // A's claims last 150 ms and nothing renews them (it never started sweeping): as if it hung.
    const a = instance({ leaseMs: 150 });
    const b = instance();
    const fired = ticket();
    await a.submit(db, fired, off.address);
    await until(() => a.status(restaurantId, fired.stationId).state === 'failing', 'a failure');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await off.start();
    // Its claim lapsed: A holds the job but waits, B takes it over and prints it.
    await b.sweep();
    await b.settled();
    expect(off.jobs).toHaveLength(1);
    // A comes back: its renewal finds the job is not its own any more, so it lets it go.
    await a.sweep();
    await a.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(off.jobs).toHaveLength(1);
    expect(a.status(restaurantId, fired.stationId).pending).toBe(0);
    expect((await jobsOf(fired.orderId))[0]).toMatchObject({ state: 'printed' });
  });

  it('start() sweeps at once, and close() ends the retries without waiting for them', async () => {
    const off = await printer({ running: false });
    const a = instance({ backoff: { initialMs: 60_000, maxMs: 60_000 } });
    const fired = ticket();
    await a.submit(db, fired, off.address);
    await until(() => a.status(restaurantId, fired.stationId).state === 'failing', 'a failure');
    const closing = Date.now();
    await a.close();
    expect(Date.now() - closing).toBeLessThan(1_500);

    await off.start();
    const b = instance();
    await b.start();
    await b.settled();
    expect(off.jobs).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { PrinterAddress } from './kitchen-ticket';
import { backoffDelay, createPrintQueue, type PrintJob } from './print-queue';

const ADDRESS: PrinterAddress = { host: '127.0.0.1', port: 9100 };
const HOUR = 60 * 60 * 1000;

function job(id: string, stationId = 'grill', expiresAt = Date.now() + HOUR): PrintJob {
  return { id, restaurantId: 'r1', stationId, address: ADDRESS, bytes: Buffer.from(id), expiresAt };
}

/** A printer whose every attempt is answered by the test. */
function scriptedPrinter() {
  const attempts: { id: string; at: number; succeed: () => void; fail: (message: string) => void }[] = [];
  const waiting = new Set<() => void>();
  const send = (_address: PrinterAddress, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      attempts.push({
        id: Buffer.from(bytes).toString(),
        at: Date.now(),
        succeed: resolve,
        fail: (message) => reject(new Error(message)),
      });
      for (const wake of [...waiting]) wake();
    });
  const nthAttempt = (n: number) =>
    new Promise<(typeof attempts)[number]>((resolve) => {
      const check = () => {
        if (attempts.length < n) return;
        waiting.delete(check);
        resolve(attempts[n - 1]!);
      };
      waiting.add(check);
      check();
    });
  return { attempts, send, nthAttempt };
}

describe('backoff', () => {
  it('doubles from the first wait and stops at the cap', () => {
    const backoff = { initialMs: 1_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map((n) => backoffDelay(n, backoff))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('the print queue', () => {
  it('sends a station’s jobs one at a time, in the order they came', async () => {
    const printer = scriptedPrinter();
    const queue = createPrintQueue({ send: printer.send });
    for (const id of ['a', 'b', 'c']) queue.enqueue(job(id));
    const first = await printer.nthAttempt(1);
    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['a']);
    expect(queue.status('r1', 'grill').pending).toBe(3);
    first.succeed();
    (await printer.nthAttempt(2)).succeed();
    (await printer.nthAttempt(3)).succeed();
    await queue.settled();
    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['a', 'b', 'c']);
    expect(queue.status('r1', 'grill')).toMatchObject({ state: 'ok', pending: 0, lastError: null });
    await queue.close();
  });

  it('retries a failed job with growing waits, before anything behind it, then says it works again', async () => {
    const printer = scriptedPrinter();
    const failed: string[] = [];
    const printed: string[] = [];
    const queue = createPrintQueue({
      send: printer.send,
      backoff: { initialMs: 40, maxMs: 100 },
      onFailed: async (failedJob, error) => void failed.push(`${failedJob.id}: ${error.message}`),
      onPrinted: async (printedJob) => void printed.push(printedJob.id),
    });
    expect(queue.status('r1', 'grill')).toEqual({
      state: 'idle',
      lastError: null,
      failedSince: null,
      pending: 0,
      lastPrintedAt: null,
    });
    queue.enqueue(job('a'));
    queue.enqueue(job('b'));
    (await printer.nthAttempt(1)).fail('refused');
    await printer.nthAttempt(2);
    const failing = queue.status('r1', 'grill');
    expect(failing).toMatchObject({ state: 'failing', lastError: 'refused', pending: 2 });
    printer.attempts[1]!.fail('still refused');
    (await printer.nthAttempt(3)).fail('still refused');
    (await printer.nthAttempt(4)).fail('still refused');
    (await printer.nthAttempt(5)).succeed();
    (await printer.nthAttempt(6)).succeed();
    await queue.settled();

    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['a', 'a', 'a', 'a', 'a', 'b']);
    const waits = printer.attempts.slice(1, 5).map((attempt, i) => attempt.at - printer.attempts[i]!.at);
    // 40, 80, then the cap of 100 where doubling would wait 160 and 320 (timers fire late, never early).
    for (const [i, expected] of [40, 80, 100, 100].entries())
      expect(waits[i]).toBeGreaterThanOrEqual(expected - 2);
    expect(waits[3]).toBeLessThan(250);
    // The failure began at the first one and stayed that moment while it went on.
    expect(failed).toEqual(['a: refused', 'a: still refused', 'a: still refused', 'a: still refused']);
    expect(printed).toEqual(['a', 'b']);
    expect(failing.failedSince).not.toBeNull();
    expect(queue.status('r1', 'grill')).toMatchObject({
      state: 'ok',
      lastError: null,
      failedSince: null,
      pending: 0,
    });
    expect(queue.status('r1', 'grill').lastPrintedAt).not.toBeNull();
    await queue.close();
  });

  it('never makes a station wait for another’s failing printer', async () => {
    const printer = scriptedPrinter();
    const queue = createPrintQueue({ send: printer.send, backoff: { initialMs: 60_000, maxMs: 60_000 } });
    queue.enqueue(job('grill-1', 'grill'));
    (await printer.nthAttempt(1)).fail('paper out');
    queue.enqueue(job('bar-1', 'bar'));
    (await printer.nthAttempt(2)).succeed();
    queue.enqueue(job('bar-2', 'bar'));
    (await printer.nthAttempt(3)).succeed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['grill-1', 'bar-1', 'bar-2']);
    expect(queue.status('r1', 'grill')).toMatchObject({ state: 'failing', pending: 1 });
    expect(queue.status('r1', 'bar')).toMatchObject({ state: 'ok', pending: 0 });
    // Another restaurant's station of the same id is another lane.
    expect(queue.status('r2', 'grill').state).toBe('idle');
    // Closing ends the grill's 60 s wait at once.
    const closing = Date.now();
    await queue.close();
    expect(Date.now() - closing).toBeLessThan(1_000);
    expect(queue.heldJobs().map((held) => held.id)).toEqual(['grill-1']);
  });

  it('gives up a job past its time without sending it, and goes on', async () => {
    const printer = scriptedPrinter();
    const expired: string[] = [];
    const queue = createPrintQueue({
      send: printer.send,
      backoff: { initialMs: 30, maxMs: 30 },
      onExpired: async (gone) => void expired.push(gone.id),
    });
    queue.enqueue(job('late', 'grill', Date.now() + 50));
    queue.enqueue(job('next'));
    (await printer.nthAttempt(1)).fail('refused');
    (await printer.nthAttempt(2)).fail('refused');
    (await printer.nthAttempt(3)).succeed();
    await queue.settled();
    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['late', 'late', 'next']);
    expect(expired).toEqual(['late']);
    expect(queue.has('late')).toBe(false);
    await queue.close();
  });

  it('holds a job it may not print yet, and drops one no longer its own', async () => {
    const printer = scriptedPrinter();
    let allowed = false;
    const queue = createPrintQueue({
      send: printer.send,
      backoff: { initialMs: 20, maxMs: 20 },
      mayPrint: () => allowed,
    });
    queue.enqueue(job('mine'));
    queue.enqueue(job('theirs'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(printer.attempts).toHaveLength(0);
    queue.drop('theirs');
    allowed = true;
    (await printer.nthAttempt(1)).succeed();
    await queue.settled();
    expect(printer.attempts.map((attempt) => attempt.id)).toEqual(['mine']);
    expect(queue.heldJobs()).toEqual([]);
    await queue.close();
  });

  it('logs what its hooks throw, and goes on', async () => {
    const printer = scriptedPrinter();
    const logged: string[] = [];
    const queue = createPrintQueue({
      send: printer.send,
      onPrinted: async () => {
        throw new Error('database away');
      },
      log: { error: (_object, message) => void logged.push(message) },
    });
    queue.enqueue(job('a'));
    queue.enqueue(job('b'));
    (await printer.nthAttempt(1)).succeed();
    (await printer.nthAttempt(2)).succeed();
    await queue.settled();
    expect(logged).toEqual([
      'could not record that a print job printed',
      'could not record that a print job printed',
    ]);
    await queue.close();
  });
});

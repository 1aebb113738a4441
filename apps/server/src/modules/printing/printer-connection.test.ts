import { afterEach, describe, expect, it } from 'vitest';
import { createFakePrinter, type FakePrinter, findFreePort } from '../../../test/fake-printer';
import { PrinterConnectionError, sendToPrinter } from './printer-connection';

const printers: FakePrinter[] = [];
async function printer(options: Parameters<typeof createFakePrinter>[0] = {}) {
  const created = await createFakePrinter(options);
  printers.push(created);
  return created;
}
afterEach(async () => {
  for (const created of printers.splice(0)) await created.stop();
});

const BYTES = Uint8Array.from([0x1b, 0x40, ...Buffer.from('Table 12\n', 'latin1'), 0x1d, 0x56, 0x00]);

async function failureOf(promise: Promise<unknown>): Promise<PrinterConnectionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PrinterConnectionError);
  return error as PrinterConnectionError;
}

describe('sending to a printer', () => {
  it('resolves once the printer has every byte and has closed', async () => {
    const on = await printer();
    await sendToPrinter(on.address, BYTES);
    expect(on.jobs).toHaveLength(1);
    expect([...on.jobs[0]!]).toEqual([...BYTES]);
  });

  it('sends a large ticket whole', async () => {
    const on = await printer();
    const large = Uint8Array.from({ length: 256 * 1024 }, (_, i) => 0x20 + (i % 90));
    await sendToPrinter(on.address, large);
    expect(on.jobs[0]!.equals(Buffer.from(large))).toBe(true);
  });

  it('rejects, saying where, when nothing listens there', async () => {
    const port = await findFreePort();
    const error = await failureOf(sendToPrinter({ host: '127.0.0.1', port }, BYTES));
    expect(error.reason).toBe('refused');
    expect(error.message).toBe(`The printer at 127.0.0.1:${port} refused the connection`);
  });

  it('rejects when the printer resets the connection', async () => {
    const on = await printer({ behaviour: 'reset' });
    const error = await failureOf(sendToPrinter(on.address, BYTES));
    expect(['reset', 'error']).toContain(error.reason);
    expect(error.message).toContain(`127.0.0.1:${on.address.port}`);
  });

  it('rejects when the printer takes the connection but never finishes with it', async () => {
    const on = await printer({ behaviour: 'hold' });
    const started = Date.now();
    const error = await failureOf(sendToPrinter(on.address, BYTES, { idleMs: 200 }));
    expect(error.reason).toBe('idle-timeout');
    expect(error.message).toMatch(/stopped taking the ticket \(nothing for 0\.2 s\)/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

import net from 'node:net';
import type { PrinterAddress } from '../src/modules/printing/kitchen-ticket';
import { decodeEscPos, type PrintedReceipt } from './escpos';

/**
 * A network receipt printer on this machine (127.0.0.1, a free port), as far as the kitchen sees
 * one: it reads a connection to its end, keeps the bytes as one job, and closes. Told to, it keeps
 * the connection open without closing (`hold`) or resets it at once (`reset`). It can be stopped
 * and started again on the same port, so a printer that was off comes back.
 */
export type FakePrinter = {
  address: PrinterAddress;
  /** What each connection sent, in the order they ended. */
  jobs: Buffer[];
  /** The jobs read back as tickets. */
  receipts: () => PrintedReceipt[];
  /** Resolves once `count` jobs have arrived. */
  waitForJobs: (count: number, timeoutMs?: number) => Promise<Buffer[]>;
  behaviour: 'print' | 'hold' | 'reset';
  /** Connections it has accepted (held ones included). */
  connections: number;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A port nothing listens on (taken and let go), for a printer that is off. */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function createFakePrinter(
  options: { port?: number; running?: boolean; behaviour?: FakePrinter['behaviour'] } = {},
): Promise<FakePrinter> {
  const port = options.port ?? (await findFreePort());
  const sockets = new Set<net.Socket>();
  const waiters = new Set<() => void>();
  let server: net.Server | null = null;
  const printer: FakePrinter = {
    address: { host: '127.0.0.1', port },
    jobs: [],
    receipts: () => printer.jobs.map((job) => decodeEscPos(job)),
    behaviour: options.behaviour ?? 'print',
    connections: 0,
    waitForJobs: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (printer.jobs.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(printer.jobs);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the printer got ${printer.jobs.length} jobs, not ${count}, in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    start: async () => {
      // Half-open allowed, so a held connection stays open after the sender's end; a printing one
      // closes once it has read everything.
      const listening = net.createServer({ allowHalfOpen: true }, (socket) => {
        printer.connections++;
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
        if (printer.behaviour === 'reset') {
          socket.resetAndDestroy();
          return;
        }
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          if (printer.behaviour === 'hold') return;
          printer.jobs.push(Buffer.concat(chunks));
          socket.end();
          for (const waiter of [...waiters]) waiter();
        });
      });
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      server = listening;
    },
    stop: async () => {
      const stopping = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
  };
  if (options.running ?? true) await printer.start();
  return printer;
}

import net from 'node:net';
import type { PrinterAddress } from './kitchen-ticket';

export type PrinterTimeouts = {
  /** How long the printer has to accept the connection. */
  connectMs?: number;
  /** How long the printer may go quiet while taking the bytes and closing (it closes once it has them). */
  idleMs?: number;
};

const DEFAULT_CONNECT_MS = 3_000;
const DEFAULT_IDLE_MS = 5_000;

export type PrinterFailure =
  | 'refused'
  | 'unreachable'
  | 'connect-timeout'
  | 'idle-timeout'
  | 'reset'
  | 'error';

/** Why a printer did not take a ticket, said for the station screen. */
export class PrinterConnectionError extends Error {
  override readonly name = 'PrinterConnectionError';
  constructor(
    readonly reason: PrinterFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function describe(address: PrinterAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

function toPrinterError(address: PrinterAddress, error: NodeJS.ErrnoException): PrinterConnectionError {
  const where = describe(address);
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterConnectionError('refused', `The printer at ${where} refused the connection`, {
        cause: error,
      });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterConnectionError('unreachable', `No printer is found at ${where} (unknown host)`, {
        cause: error,
      });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return new PrinterConnectionError('unreachable', `The printer at ${where} cannot be reached`, {
        cause: error,
      });
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrinterConnectionError('reset', `The printer at ${where} dropped the connection`, {
        cause: error,
      });
    default:
      return new PrinterConnectionError('error', `The printer at ${where} failed: ${error.message}`, {
        cause: error,
      });
  }
}

/**
 * Sends the bytes to a network printer (raw TCP, "port 9100") and resolves once it has them: the
 * bytes written, our end closed, and the printer closing its end in answer, which it does once it
 * has read them. A refusal, an unknown host, a reset or silence past a timeout rejects with a
 * PrinterConnectionError whose message the station screen can show.
 */
export function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  timeouts: PrinterTimeouts = {},
): Promise<void> {
  const connectMs = timeouts.connectMs ?? DEFAULT_CONNECT_MS;
  const idleMs = timeouts.idleMs ?? DEFAULT_IDLE_MS;
  const where = describe(address);
  return new Promise((resolve, reject) => {
    let settled = false;
    let connected = false;
    const socket = net.createConnection({ host: address.host, port: address.port });
    const finish = (error?: PrinterConnectionError) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      socket.setTimeout(0);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const connectTimer = setTimeout(
      () =>
        finish(
          new PrinterConnectionError(
            'connect-timeout',
            `The printer at ${where} did not answer within ${connectMs / 1000} s`,
          ),
        ),
      connectMs,
    );
    socket.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      // Silence from here on (a printer out of paper stops reading) counts against idleMs.
      socket.setTimeout(idleMs, () =>
        finish(
          new PrinterConnectionError(
            'idle-timeout',
            `The printer at ${where} stopped taking the ticket (nothing for ${idleMs / 1000} s)`,
          ),
        ),
      );
      socket.end(bytes);
    });
    // Anything a printer answers (a status byte) is read and let go, so it cannot stall the socket.
    socket.on('data', () => {});
    socket.once('error', (error: NodeJS.ErrnoException) => finish(toPrinterError(address, error)));
    // The printer closed its end after ours: it has read everything we wrote.
    socket.once('close', (hadError) => {
      if (hadError) return;
      finish(
        connected
          ? undefined
          : new PrinterConnectionError('error', `The printer at ${where} closed before taking the ticket`),
      );
    });
  });
}

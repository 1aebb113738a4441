import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { KitchenTicketPrint, PrinterAddress } from './kitchen-ticket';
import {
  claimLapsedJobs,
  deleteFinishedJobs,
  findStationPrintStatus,
  insertPrintJob,
  markJobExpired,
  markJobFailed,
  markJobPrinted,
  type PrintJobRow,
  releaseJobClaims,
  renewJobClaims,
} from './print-jobs.repository';
import { type Backoff, createPrintQueue, type PrinterStatus, type PrintJob } from './print-queue';
import type { PrinterTimeouts } from './printer-connection';
import { encodeKitchenTicket, type TicketLayout } from './ticket-encoding';

declare module '../../core/context' {
  interface AppServices {
    /** Kitchen tickets to station printers, each printed by one instance (decision 034). */
    printer: KitchenPrinter;
  }
}

type Log = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type KitchenPrinterOptions = {
  /** For recording what becomes of jobs and sweeping; `submit` and `reprint` write with the db they are given. */
  db: Db;
  log?: Log;
  /** This instance's name in the claims it writes; random by default. */
  instanceId?: string;
  timeouts?: PrinterTimeouts;
  backoff?: Partial<Backoff>;
  /** A ticket not printed this long after it was fired (a reprint: asked for) is given up: 1 h. */
  expireAfterMs?: number;
  /** How long a claim holds unless renewed: 60 s; claims are renewed, and lapsed ones swept, every third of it. */
  leaseMs?: number;
  /** Printed and expired jobs are forgotten after this long: 30 days. */
  keepFinishedMs?: number;
};

export type SubmitResult = {
  /** The job written for this ticket; null when another instance (or an earlier call) wrote it. */
  jobId: string | null;
  /** Whether this instance is printing it. */
  queued: boolean;
};

const SWEEP_BATCH = 100;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Prints kitchen tickets on station printers, once across every instance (decision 034). Every
 * instance hears a fired course and calls `submit`; the print_jobs row's unique key lets one in,
 * and that instance prints it, in its station's lane (print-queue.ts), recording each attempt.
 * Its claim on the job is a lease it renews while it holds the job; a job whose lease lapsed (its
 * instance crashed, or stopped and let it go) is taken over by the next sweep of any instance.
 */
export function createKitchenPrinter(options: KitchenPrinterOptions) {
  const { db } = options;
  const log: Log = options.log ?? { warn: () => {}, error: () => {} };
  const instanceId = options.instanceId ?? randomUUID();
  const leaseMs = options.leaseMs ?? 60_000;
  const expireAfterMs = options.expireAfterMs ?? 60 * 60 * 1000;
  const keepFinishedMs = options.keepFinishedMs ?? 30 * 24 * 60 * 60 * 1000;
  /** Local time until which each held job's claim surely lasts (its renewal was sent before). */
  const claimedUntil = new Map<string, number>();
  /** Jobs that ended but whose end could not be written yet (the database was away). */
  const unrecorded = new Map<string, { restaurantId: string; outcome: 'printed' | 'expired' }>();
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let closed = false;
  let prunedAt = 0;

  async function record(job: PrintJob, outcome: 'printed' | 'expired'): Promise<void> {
    claimedUntil.delete(job.id);
    try {
      if (outcome === 'printed') await markJobPrinted(db, job.restaurantId, job.id);
      else await markJobExpired(db, job.restaurantId, job.id);
    } catch (error) {
      unrecorded.set(job.id, { restaurantId: job.restaurantId, outcome });
      log.warn(
        { err: error, printJob: job.id },
        `a print job ${outcome}; recording it failed, retried later`,
      );
    }
  }

  const queue = createPrintQueue({
    timeouts: options.timeouts,
    backoff: options.backoff,
    // A job whose claim may have lapsed waits for the renewal: another instance may have it now.
    mayPrint: (job) => (claimedUntil.get(job.id) ?? 0) > Date.now(),
    onPrinted: (job) => record(job, 'printed'),
    onExpired: (job) => record(job, 'expired'),
    onFailed: (job, error) => markJobFailed(db, job.restaurantId, job.id, error.message),
    log,
  });

  function toJob(row: PrintJobRow, bytes: Uint8Array): PrintJob {
    return {
      id: row.id,
      restaurantId: row.restaurantId,
      stationId: row.stationId,
      address: { host: row.printerHost, port: row.printerPort },
      bytes,
      expiresAt: row.expiresAt.getTime(),
    };
  }

  async function write(
    writer: Db,
    ticket: KitchenTicketPrint,
    address: PrinterAddress,
    layout: TicketLayout | undefined,
  ): Promise<SubmitResult> {
    const expiresAt = (ticket.reprint ? Date.now() : Date.parse(ticket.firedAt)) + expireAfterMs;
    return writeJob(writer, ticket, address, encodeKitchenTicket(ticket, layout), expiresAt);
  }

  /** Writes a job of `bytes` for a station's printer and, unless it expired already, prints it here. */
  async function writeJob(
    writer: Db,
    job: Pick<
      KitchenTicketPrint,
      'restaurantId' | 'orderId' | 'stationId' | 'course' | 'firedAt' | 'reprint'
    >,
    address: PrinterAddress,
    bytes: Uint8Array,
    expiresAt: number,
  ): Promise<SubmitResult> {
    // A fired ticket heard too late (a replayed event) is written, so it is known, but not printed.
    const expired = expiresAt <= Date.now();
    const claiming = !closed && !expired;
    const sentAt = Date.now();
    const row = await insertPrintJob(
      writer,
      {
        restaurantId: job.restaurantId,
        orderId: job.orderId,
        stationId: job.stationId,
        course: job.course,
        firedAt: new Date(job.firedAt),
        reprint: job.reprint,
        state: expired ? 'expired' : 'pending',
        expiresAt: new Date(expiresAt),
        printerHost: address.host,
        printerPort: address.port,
        payload: expired ? null : Buffer.from(bytes),
      },
      // Written while stopping, it is left to the next sweep of another instance.
      { instanceId: claiming ? instanceId : null, leaseMs: claiming ? leaseMs : 0 },
    );
    if (!row) return { jobId: null, queued: false };
    if (!claiming) return { jobId: row.id, queued: false };
    claimedUntil.set(row.id, sentAt + leaseMs);
    queue.enqueue({
      id: row.id,
      restaurantId: job.restaurantId,
      stationId: job.stationId,
      address,
      bytes,
      expiresAt,
    });
    return { jobId: row.id, queued: true };
  }

  /** The ids of `jobs` by restaurant: every statement names its restaurant. */
  function byRestaurant(jobs: Iterable<readonly [restaurantId: string, id: string]>): Map<string, string[]> {
    const grouped = new Map<string, string[]>();
    for (const [restaurantId, id] of jobs)
      grouped.set(restaurantId, [...(grouped.get(restaurantId) ?? []), id]);
    return grouped;
  }

  /** Writes the outcomes the database missed (it was away); stops at the first that fails again. */
  async function recordLate(): Promise<void> {
    for (const [id, { restaurantId, outcome }] of [...unrecorded]) {
      if (outcome === 'printed') await markJobPrinted(db, restaurantId, id);
      else await markJobExpired(db, restaurantId, id);
      unrecorded.delete(id);
    }
  }

  /**
   * Renews the claims of the jobs held, and of those ended but not yet recorded (so nobody takes
   * them over); a job whose claim another instance took (it lapsed) is dropped, not printed twice.
   */
  async function renewClaims(): Promise<void> {
    const held = byRestaurant([
      ...queue.heldJobs().map((job) => [job.restaurantId, job.id] as const),
      ...[...unrecorded].map(([id, { restaurantId }]) => [restaurantId, id] as const),
    ]);
    for (const [restaurantId, ids] of held) {
      const sentAt = Date.now();
      const kept = new Set(await renewJobClaims(db, restaurantId, { instanceId, leaseMs }, ids));
      for (const id of ids) {
        if (!queue.has(id)) continue;
        if (kept.has(id)) {
          claimedUntil.set(id, sentAt + leaseMs);
        } else {
          queue.drop(id);
          claimedUntil.delete(id);
          log.warn({ printJob: id }, 'a print job was taken over by another instance');
        }
      }
    }
  }

  /** Claims the jobs whose instance stopped renewing them, and prints them here. */
  async function takeOverLapsed(): Promise<void> {
    const sentAt = Date.now();
    for (const row of await claimLapsedJobs(db, { instanceId, leaseMs }, SWEEP_BATCH)) {
      if (!row.payload) {
        await markJobExpired(db, row.restaurantId, row.id);
        continue;
      }
      claimedUntil.set(row.id, sentAt + leaseMs);
      queue.enqueue(toJob(row, row.payload));
    }
  }

  async function sweep(): Promise<void> {
    await recordLate();
    await renewClaims();
    if (closed) return;
    await takeOverLapsed();
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await deleteFinishedJobs(db, new Date(Date.now() - keepFinishedMs));
    }
  }

  /** One sweep at a time; what it throws (the database away) is logged, and the next one tries again. */
  function runSweep(): Promise<void> {
    sweeping ??= sweep()
      .catch((error) => log.error({ err: error }, 'the print jobs sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  }

  return {
    instanceId,

    /**
     * Prints a fired ticket on its station's printer, once across every instance: the first
     * instance to write its job prints it; the others (and a second call) get `{ jobId: null }`.
     * It is printed as fired, whatever the ticket's `reprint` says. Call it after the firing has committed, with
     * the database rather than a transaction: a job written in one that rolls back is printed
     * anyway. The promise settles once the job is written; the printing happens after.
     */
    submit(
      writer: Db,
      ticket: KitchenTicketPrint,
      address: PrinterAddress,
      layout?: TicketLayout,
    ): Promise<SubmitResult> {
      return write(writer, { ...ticket, reprint: false }, address, layout);
    },

    /**
     * Prints a document that is not a kitchen ticket (a receipt, already encoded) on a station's
     * printer, from this instance, retried like a ticket; it is filed under the order it is for,
     * as asked for now (never a duplicate of a fired ticket's job).
     */
    printDocument(
      writer: Db,
      document: { restaurantId: string; orderId: string; stationId: string; bytes: Uint8Array },
      address: PrinterAddress,
    ): Promise<SubmitResult> {
      const now = Date.now();
      return writeJob(
        writer,
        { ...document, course: 0, firedAt: new Date(now).toISOString(), reprint: true },
        address,
        document.bytes,
        now + expireAfterMs,
      );
    },

    /**
     * Prints the ticket again, marked REPRINT, from this instance; answers the station's printer
     * status with it counted in.
     */
    async reprint(
      writer: Db,
      ticket: KitchenTicketPrint,
      address: PrinterAddress,
      layout?: TicketLayout,
    ): Promise<PrinterStatus> {
      await write(writer, { ...ticket, reprint: true }, address, layout);
      return queue.status(ticket.restaurantId, ticket.stationId);
    },

    /**
     * The station's printer as this instance last saw it, read from memory at once: exact with one
     * instance; with several, the tickets another instance prints are not in it (readStatus).
     */
    status(restaurantId: string, stationId: string): PrinterStatus {
      return queue.status(restaurantId, stationId);
    },

    /** The station's printer as every instance's jobs tell it (one read of the database). */
    readStatus(reader: Db, restaurantId: string, stationId: string): Promise<PrinterStatus> {
      return findStationPrintStatus(reader, restaurantId, stationId);
    },

    /** Takes over what stopped instances left, then keeps sweeping every third of a lease. */
    async start(): Promise<void> {
      if (closed || timer) return;
      timer = setInterval(() => void runSweep(), Math.max(Math.floor(leaseMs / 3), 10));
      timer.unref();
      await runSweep();
    },

    /** Sweeps now: late outcomes recorded, claims renewed, lapsed jobs taken over (tests; start() sweeps). */
    sweep: runSweep,

    /** Resolves once every ticket this instance holds is printed or given up (tests). */
    settled: () => queue.settled(),

    /**
     * Stops: the sweeps end, a ticket being sent finishes, and the jobs still waiting are let go
     * for another instance's next sweep (or this one's, after a restart).
     */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping;
      await queue.close();
      try {
        await recordLate();
        const left = byRestaurant(queue.heldJobs().map((job) => [job.restaurantId, job.id] as const));
        for (const [restaurantId, ids] of left) await releaseJobClaims(db, restaurantId, instanceId, ids);
      } catch (error) {
        log.warn({ err: error }, 'could not let go of the print jobs left; their claims lapse by themselves');
      }
    },
  };
}

export type KitchenPrinter = ReturnType<typeof createKitchenPrinter>;

import type { PrinterAddress } from './kitchen-ticket';
import { type PrinterTimeouts, sendToPrinter } from './printer-connection';

/** How a station's printer is doing, as this instance last saw it (GET /api/kitchen shows it). */
export type PrinterStatus = {
  /** idle: nothing tried since this instance started; ok: the last ticket printed; failing: it did not. */
  state: 'ok' | 'failing' | 'idle';
  lastError: string | null;
  /** When the printer started failing (ISO), null while it works. */
  failedSince: string | null;
  /** Tickets waiting for it on this instance, the one being sent included. */
  pending: number;
  lastPrintedAt: string | null;
};

export type PrintJob = {
  /** Its print_jobs row. */
  id: string;
  restaurantId: string;
  stationId: string;
  address: PrinterAddress;
  bytes: Uint8Array;
  /** Epoch ms past which it is dropped unprinted. */
  expiresAt: number;
};

export type Backoff = {
  /** The wait after a first failure, doubled after each next one… */
  initialMs: number;
  /** …up to this. */
  maxMs: number;
};

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 60_000 };

/** The wait after `failures` failures in a row: initial, twice that, four times… capped. */
export function backoffDelay(failures: number, backoff: Backoff): number {
  const doublings = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(backoff.initialMs * 2 ** doublings, backoff.maxMs);
}

export type PrintQueueOptions = {
  send?: (address: PrinterAddress, bytes: Uint8Array) => Promise<void>;
  timeouts?: PrinterTimeouts;
  backoff?: Partial<Backoff>;
  /** Asked before each attempt; false waits (a job whose claim may have lapsed is not printed twice). */
  mayPrint?: (job: PrintJob) => boolean;
  /** Told of what became of each job, to record it; what they throw is logged and ignored. */
  onPrinted?: (job: PrintJob) => Promise<void>;
  onFailed?: (job: PrintJob, error: Error) => Promise<void>;
  onExpired?: (job: PrintJob) => Promise<void>;
  log?: { error: (object: object, message: string) => void };
};

type Lane = {
  jobs: PrintJob[];
  /** Failures in a row of the job at the head. */
  failures: number;
  running: Promise<void> | null;
  /** The wait before the next attempt, and how to end it early (on close). */
  wait: { timer: NodeJS.Timeout; resolve: () => void } | null;
};

type StationSeen = {
  state: 'ok' | 'failing';
  lastError: string | null;
  failedSince: string | null;
  lastPrintedAt: string | null;
};

/**
 * Tickets in process, one lane per station: a lane sends its jobs one at a time in the order they
 * came, and waits with exponential backoff after a failure before trying the same job again, so a
 * ticket never overtakes an earlier one on the same printer; lanes never wait for each other.
 */
export function createPrintQueue(options: PrintQueueOptions = {}) {
  const send = options.send ?? ((address, bytes) => sendToPrinter(address, bytes, options.timeouts));
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const lanes = new Map<string, Lane>();
  const seen = new Map<string, StationSeen>();
  const held = new Map<string, PrintJob>();
  let closed = false;

  const keyOf = (restaurantId: string, stationId: string) => `${restaurantId}/${stationId}`;

  async function tell(hook: (() => Promise<void>) | undefined, what: string, job: PrintJob) {
    if (!hook) return;
    try {
      await hook();
    } catch (error) {
      options.log?.error({ err: error, printJob: job.id }, `could not record that a print job ${what}`);
    }
  }

  function sleep(lane: Lane, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        lane.wait = null;
        resolve();
      }, ms);
      timer.unref();
      lane.wait = { timer, resolve };
    });
  }

  async function drain(key: string, lane: Lane): Promise<void> {
    while (!closed && lane.jobs.length > 0) {
      const job = lane.jobs[0]!;
      if (Date.now() >= job.expiresAt) {
        lane.jobs.shift();
        held.delete(job.id);
        lane.failures = 0;
        await tell(options.onExpired && (() => options.onExpired!(job)), 'expired', job);
        continue;
      }
      if (options.mayPrint && !options.mayPrint(job)) {
        await sleep(lane, backoffDelay(1, backoff));
        continue;
      }
      try {
        await send(job.address, job.bytes);
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        lane.failures++;
        const before = seen.get(key);
        seen.set(key, {
          state: 'failing',
          lastError: error.message,
          failedSince: before?.state === 'failing' ? before.failedSince : new Date().toISOString(),
          lastPrintedAt: before?.lastPrintedAt ?? null,
        });
        await tell(options.onFailed && (() => options.onFailed!(job, error)), 'failed', job);
        if (!closed) await sleep(lane, backoffDelay(lane.failures, backoff));
        continue;
      }
      // Taken off only now: a job in flight still counts as pending.
      if (lane.jobs[0] === job) lane.jobs.shift();
      held.delete(job.id);
      lane.failures = 0;
      seen.set(key, {
        state: 'ok',
        lastError: null,
        failedSince: null,
        lastPrintedAt: new Date().toISOString(),
      });
      await tell(options.onPrinted && (() => options.onPrinted!(job)), 'printed', job);
    }
    lane.running = null;
  }

  return {
    /** Adds a job to its station's lane; a job already held (by id) or a closed queue ignores it. */
    enqueue(job: PrintJob): void {
      if (closed || held.has(job.id)) return;
      held.set(job.id, job);
      const key = keyOf(job.restaurantId, job.stationId);
      let lane = lanes.get(key);
      if (!lane) {
        lane = { jobs: [], failures: 0, running: null, wait: null };
        lanes.set(key, lane);
      }
      lane.jobs.push(job);
      if (!lane.running) {
        const started = lane;
        started.running = drain(key, started);
      }
    },

    /** Whether this queue holds the job (waiting or being sent). */
    has(id: string): boolean {
      return held.has(id);
    },

    /** The jobs it holds, for renewing their claims. */
    heldJobs(): PrintJob[] {
      return [...held.values()];
    },

    /** Drops a job that is no longer this queue's to print; one being sent cannot be called back. */
    drop(id: string): void {
      const job = held.get(id);
      if (!job) return;
      held.delete(id);
      const lane = lanes.get(keyOf(job.restaurantId, job.stationId));
      if (!lane) return;
      const at = lane.jobs.indexOf(job);
      if (at > 0 || (at === 0 && !lane.running)) lane.jobs.splice(at, 1);
      else if (at === 0 && lane.wait) {
        // At the head and waiting between attempts: not being sent, so it can go.
        lane.jobs.shift();
        lane.failures = 0;
      }
    },

    status(restaurantId: string, stationId: string): PrinterStatus {
      const key = keyOf(restaurantId, stationId);
      const station = seen.get(key);
      const pending = lanes.get(key)?.jobs.length ?? 0;
      return station
        ? { ...station, pending }
        : { state: 'idle', lastError: null, failedSince: null, pending, lastPrintedAt: null };
    },

    /** Resolves when every lane is empty (or waiting on a closed queue). */
    async settled(): Promise<void> {
      for (;;) {
        const running = [...lanes.values()].flatMap((lane) => (lane.running ? [lane.running] : []));
        if (running.length === 0) return;
        await Promise.all(running);
      }
    },

    /**
     * Stops: waits between attempts end, a ticket being sent is let finish (its timeouts bound it) and
     * recorded, and what is left stays in `heldJobs()` for the owner to hand back.
     */
    async close(): Promise<void> {
      closed = true;
      for (const lane of lanes.values()) {
        if (!lane.wait) continue;
        clearTimeout(lane.wait.timer);
        lane.wait.resolve();
        lane.wait = null;
      }
      await Promise.all([...lanes.values()].map((lane) => lane.running));
    },
  };
}

export type PrintQueue = ReturnType<typeof createPrintQueue>;

import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { printJobs } from '../../db/schema';
import type { PrinterStatus } from './print-queue';

/** print_jobs (migration 0027, decision 034): who prints which ticket, and how it went. */

export type PrintJobRow = typeof printJobs.$inferSelect;

/** A job not yet printed nor given up. */
const OPEN = ['pending', 'failing'] as const;
const isOpen = () => inArray(printJobs.state, [...OPEN]);
const leaseFromNow = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

export type NewPrintJob = Omit<
  typeof printJobs.$inferInsert,
  'id' | 'claimedBy' | 'leaseUntil' | 'attempts' | 'lastError' | 'failedSince' | 'printedAt' | 'createdAt'
>;

/**
 * Writes a job claimed by `instanceId` for `leaseMs`, or, for a fired ticket already written (by
 * another instance hearing the same event, or a replay), nothing: undefined. A reprint is always
 * written. `leaseMs` 0 leaves it to whichever instance sweeps first.
 */
export async function insertPrintJob(
  db: Db,
  job: NewPrintJob,
  claim: { instanceId: string | null; leaseMs: number },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(printJobs)
    .values({ ...job, claimedBy: claim.instanceId, leaseUntil: leaseFromNow(claim.leaseMs) })
    .onConflictDoNothing({
      target: [
        printJobs.restaurantId,
        printJobs.orderId,
        printJobs.stationId,
        printJobs.course,
        printJobs.firedAt,
      ],
      where: sql`NOT reprint`,
    })
    .returning({ id: printJobs.id });
  return row;
}

/** The printer took it: done, whoever holds it now (it was printed), its bytes let go. */
export async function markJobPrinted(db: Db, restaurantId: string, id: string): Promise<void> {
  await db
    .update(printJobs)
    .set({
      state: 'printed',
      printedAt: sql`now()`,
      attemptedAt: sql`now()`,
      attempts: sql`${printJobs.attempts} + 1`,
      payload: null,
      claimedBy: null,
      leaseUntil: null,
    })
    .where(and(eq(printJobs.restaurantId, restaurantId), eq(printJobs.id, id)));
}

/** An attempt failed: counted, with the printer's error and when failing began. */
export async function markJobFailed(db: Db, restaurantId: string, id: string, error: string): Promise<void> {
  await db
    .update(printJobs)
    .set({
      state: 'failing',
      attemptedAt: sql`now()`,
      attempts: sql`${printJobs.attempts} + 1`,
      lastError: error,
      failedSince: sql`coalesce(${printJobs.failedSince}, now())`,
    })
    .where(and(eq(printJobs.restaurantId, restaurantId), eq(printJobs.id, id), isOpen()));
}

/** Not printed in time: given up, its bytes let go. */
export async function markJobExpired(db: Db, restaurantId: string, id: string): Promise<void> {
  await db
    .update(printJobs)
    .set({ state: 'expired', payload: null, claimedBy: null, leaseUntil: null })
    .where(and(eq(printJobs.restaurantId, restaurantId), eq(printJobs.id, id), isOpen()));
}

/** Extends this instance's claim on its open jobs; answers the ids still its own. */
export async function renewJobClaims(
  db: Db,
  restaurantId: string,
  claim: { instanceId: string; leaseMs: number },
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(printJobs)
    .set({ leaseUntil: leaseFromNow(claim.leaseMs) })
    .where(
      and(
        eq(printJobs.restaurantId, restaurantId),
        inArray(printJobs.id, ids),
        eq(printJobs.claimedBy, claim.instanceId),
        isOpen(),
      ),
    )
    .returning({ id: printJobs.id });
  return rows.map((row) => row.id);
}

/** Lets go of this instance's open jobs (it is stopping): any instance's next sweep takes them. */
export async function releaseJobClaims(
  db: Db,
  restaurantId: string,
  instanceId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(printJobs)
    .set({ claimedBy: null, leaseUntil: sql`now()` })
    .where(
      and(
        eq(printJobs.restaurantId, restaurantId),
        inArray(printJobs.id, ids),
        eq(printJobs.claimedBy, instanceId),
        isOpen(),
      ),
    );
}

/**
 * Claims open jobs whose claim lapsed (their instance stopped, crashed or let them go), oldest
 * first, of every restaurant: the sweep works for the whole installation, as a stopped instance
 * did. SKIP LOCKED: two instances sweeping at once take different jobs.
 */
export async function claimLapsedJobs(
  db: Db,
  claim: { instanceId: string; leaseMs: number },
  limit: number,
): Promise<PrintJobRow[]> {
  const lapsed = db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(isOpen(), or(isNull(printJobs.leaseUntil), lt(printJobs.leaseUntil, sql`now()`))))
    .orderBy(asc(printJobs.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(printJobs)
    .set({ claimedBy: claim.instanceId, leaseUntil: leaseFromNow(claim.leaseMs) })
    .where(inArray(printJobs.id, lapsed))
    .returning();
  return rows.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.firedAt.getTime() - b.firedAt.getTime(),
  );
}

/** Forgets printed and expired jobs written before `before`, of every restaurant (the sweep's upkeep). */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<void> {
  await db
    .delete(printJobs)
    .where(and(inArray(printJobs.state, ['printed', 'expired']), lt(printJobs.createdAt, before)));
}

const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A station's printer as the jobs of every instance tell it: failing when the last attempt (any
 * instance's) failed, since the first failure after the last ticket printed; pending, the tickets
 * not yet printed nor given up. Index reads: the open jobs, and the station's last attempts.
 */
export async function findStationPrintStatus(
  db: Db,
  restaurantId: string,
  stationId: string,
): Promise<PrinterStatus> {
  const station = sql`restaurant_id = ${restaurantId} AND station_id = ${stationId}`;
  const [row] = await queryRows<{
    pending: number;
    last_state: string | null;
    last_error: string | null;
    last_printed_at: Date | string | null;
    failed_since: Date | string | null;
  }>(
    db,
    sql`WITH last_attempt AS (
          SELECT state, last_error FROM print_jobs
          WHERE ${station} AND attempted_at IS NOT NULL ORDER BY attempted_at DESC LIMIT 1
        ), last_printed AS (
          SELECT attempted_at AS at FROM print_jobs
          WHERE ${station} AND state = 'printed' AND attempted_at IS NOT NULL
          ORDER BY attempted_at DESC LIMIT 1
        )
        SELECT
          (SELECT count(*)::int FROM print_jobs WHERE ${station} AND state IN ('pending', 'failing')) AS pending,
          (SELECT state FROM last_attempt) AS last_state,
          (SELECT last_error FROM last_attempt) AS last_error,
          (SELECT at FROM last_printed) AS last_printed_at,
          (SELECT min(failed_since) FROM print_jobs
           WHERE ${station} AND state <> 'printed'
             AND attempted_at > coalesce((SELECT at FROM last_printed), '-infinity'::timestamptz)) AS failed_since`,
  );
  const lastPrintedAt = toIso(row?.last_printed_at ?? null);
  const pending = row?.pending ?? 0;
  if (!row?.last_state) return { state: 'idle', lastError: null, failedSince: null, pending, lastPrintedAt };
  if (row.last_state === 'printed')
    return { state: 'ok', lastError: null, failedSince: null, pending, lastPrintedAt };
  return {
    state: 'failing',
    lastError: row.last_error,
    failedSince: toIso(row.failed_since),
    pending,
    lastPrintedAt,
  };
}

import { serviceChargeOf } from '@tavolo/contract/money';
import type { TCreatedOrder, TCreateOrderRequest, TStatusChange } from '@tavolo/contract/orders';
import { AppError } from '../../core/app-error';
import { createBatchLanes } from '../../core/batch-lanes';
import type { ServiceContext } from '../../core/context';
import { runIdempotently } from '../../core/idempotency';
import {
  claimIdempotencyKeys,
  claimName,
  completeIdempotencyKeys,
  pruneIdempotencyKeys,
  releaseIdempotencyKeys,
} from '../../core/idempotency.repository';
import { actorOf, type Principal } from '../../core/principal';
import { rateLimited } from '../../core/rate-limit';
import { countRateLimitHits, takeBackRateLimitHits } from '../../core/rate-limit.repository';
import type { Db } from '../../db/client';
import type { DomainEvent } from '../../events/event-publisher';
import { zonedParts } from '../../lib/zoned-time';
import { generateToken, hashToken } from '../../security/tokens';
import { openBillUpdatedEvents } from '../table-bill/table-bill.service';
import type { ActiveTable, ActiveTableCache } from '../tables/active-table-cache';
import { type ActiveTableLookup, findActiveTableWithRestaurant } from '../tables/tables.repository';
import type { MenuSnapshots } from './menu-snapshots';
import { priceOrderLines } from './order-pricing';
import {
  insertOrders,
  lockRestaurantsForOrders,
  type NewOrder,
  takeOrderNumbers,
  toOrder,
} from './orders.repository';

export type OrderIntakeCaches = { activeTables: ActiveTableCache; menuSnapshots: MenuSnapshots };

/** An order as `placeOrder` hands it over: everything that could be checked before the database. */
export type OrderJob = {
  ctx: ServiceContext & OrderIntakeCaches;
  request: TCreateOrderRequest;
  /** Null for a guest, who names the table by its code. */
  staff: Principal | null;
  lookup: ActiveTableLookup;
  /** The table and its restaurant as the active-table cache had them. */
  table: ActiveTable;
  claim: { scope: string; key: string; requestHash: string } | undefined;
};

export type PlacedOrder = { value: TCreatedOrder; replayed: boolean };

/**
 * Order intake with group commit (decision 005): the orders that arrive while their lane's batch is
 * being written go together in its next one — one transaction, a handful of statements and one
 * commit for all of them, however many there are. A restaurant always orders through the same lane
 * (chosen from its id), so its numbers are taken by one batch at a time; `lanes` batches run at once
 * (one on the embedded database, which runs one transaction at a time anyway).
 */
export function createOrderIntake(options: { lanes: number; maxBatch?: number }) {
  const batches = createBatchLanes<OrderJob, PlacedOrder>({
    run: placeOrderBatch,
    maxBatch: options.maxBatch ?? 64,
  });
  return {
    place: (job: OrderJob): Promise<PlacedOrder> =>
      batches.submit(laneOf(job.table.restaurant.id, options.lanes), job),
  };
}

export type OrderIntake = ReturnType<typeof createOrderIntake>;

function laneOf(restaurantId: string, lanes: number): string {
  return String(Number.parseInt(restaurantId.slice(-8), 16) % lanes);
}

const tableGone = (job: OrderJob) =>
  job.staff
    ? new AppError('UNPROCESSABLE', 422, 'There is no such active table in this restaurant', {
        tableId: 'is not an active table of this restaurant',
      })
    : new AppError('NOT_FOUND', 404, "This table's code is not valid any more");

type Outcome =
  | { kind: 'placed'; value: TCreatedOrder }
  | { kind: 'failed'; error: unknown }
  /** Its key was claimed already (a retry): the one-by-one path waits for the first and replays it. */
  | { kind: 'retried' };

async function placeOrderBatch(jobs: OrderJob[]): Promise<PromiseSettledResult<PlacedOrder>[]> {
  let outcomes: Outcome[];
  try {
    outcomes = await jobs[0]!.ctx.db.transaction((tx) => takeOrders(tx, jobs));
  } catch {
    // Nothing of the batch was written. Each order is placed again on its own, so one that cannot
    // be placed fails alone, with its own error.
    return Promise.allSettled(jobs.map(placeOneOrder));
  }
  return Promise.allSettled(
    jobs.map((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.kind === 'placed') return Promise.resolve({ value: outcome.value, replayed: false });
      if (outcome.kind === 'failed') return Promise.reject(outcome.error);
      return placeOneOrder(job);
    }),
  );
}

/**
 * One order in a transaction of its own, its key claimed (or its first answer replayed) by
 * `runIdempotently`, which waits for a first request still in flight.
 */
async function placeOneOrder(job: OrderJob): Promise<PlacedOrder> {
  const { claim, request, ctx } = job;
  return runIdempotently(ctx.db, { scope: claim?.scope ?? '', key: claim?.key, request }, async (tx) => {
    const [outcome] = await takeOrders(tx, [{ ...job, claim: undefined }]);
    if (outcome!.kind !== 'placed') throw (outcome as { error: unknown }).error;
    return outcome!.value;
  });
}

/** What a job becomes on its way through the batch, until it is placed or fails. */
type Pending = {
  job: OrderJob;
  index: number;
  table: ActiveTable;
  /** The table rate limit its hit was counted against (a guest's order), to take back if it fails. */
  counted?: string;
  priced?: Omit<NewOrder, 'number'>;
  /** Why it cannot be placed at the version it was priced at. */
  refusal?: unknown;
  guestToken?: string;
};

/**
 * The batch's transaction. Locks are taken in the order the one-order path takes them (keys,
 * rate limits, restaurants), so the two never wait for each other in opposite orders.
 */
async function takeOrders(tx: Db, jobs: OrderJob[]): Promise<Outcome[]> {
  const { config, events } = jobs[0]!.ctx;
  const outcomes: (Outcome | undefined)[] = jobs.map(() => undefined);
  const fail = (p: Pending, error: unknown) => {
    outcomes[p.index] = { kind: 'failed', error };
  };
  const open = (p: Pending) => outcomes[p.index] === undefined;

  // Keys: of a key asked for twice, or held by a request elsewhere, the rest are retries.
  const claimed = await claimIdempotencyKeys(
    tx,
    jobs.flatMap((job) => (job.claim ? [job.claim] : [])),
  );
  const live: Pending[] = [];
  jobs.forEach((job, index) => {
    if (job.claim && !claimed.delete(claimName(job.claim))) outcomes[index] = { kind: 'retried' };
    else live.push({ job, index, table: job.table });
  });

  // Priced at the menu version the cache saw; the numbers' row lock then tells the version that
  // holds until commit, and a restaurant whose menu moved meanwhile is priced again.
  const now = new Date();
  const byRestaurant = groupBy(live, (p) => p.table.restaurant.id);
  for (const [restaurantId, group] of byRestaurant) {
    await priceAll(tx, group, restaurantId, group[0]!.table.restaurant.menuVersion, now);
  }
  // A guest's priced orders count against their table's rate limit (before the restaurant's row
  // is locked, as in the one-order path).
  await countAgainstRateLimits(
    tx,
    live.filter((p) => p.priced),
    config,
    fail,
  );
  if (byRestaurant.size > 1) await lockRestaurantsForOrders(tx, [...byRestaurant.keys()].sort());
  const counts = [...byRestaurant].map(([restaurantId, group]) => ({
    restaurantId,
    count: group.filter((p) => open(p) && p.priced).length,
  }));
  const numbers = byRestaurant.size > 0 ? await takeOrderNumbers(tx, counts) : new Map();
  for (const { restaurantId, count } of counts) {
    const group = byRestaurant.get(restaurantId)!;
    const held = numbers.get(restaurantId);
    if (!held) {
      for (const p of group.filter(open)) fail(p, tableGone(p.job));
      continue;
    }
    if (group.every((p) => p.table.restaurant.menuVersion === held.menuVersion)) continue;
    // The menu moved since the cache read it (a rotated code, a closed table, a new price all move
    // it): the tables are read again and every order priced again, now that it cannot move.
    for (const p of group) {
      if (p.table.restaurant.menuVersion === held.menuVersion) continue;
      const found = await findActiveTableWithRestaurant(tx, p.job.lookup);
      if (found) p.table = found;
      else fail(p, tableGone(p.job));
    }
    await priceAll(tx, group.filter(open), restaurantId, held.menuVersion, now);
    await countAgainstRateLimits(
      tx,
      group.filter((p) => open(p) && p.priced && !p.counted),
      config,
      fail,
    );
    const placed = group.filter((p) => open(p) && p.priced).length;
    // The lock is held: numbers handed out for orders that no longer price are given back.
    if (placed !== count) await takeOrderNumbers(tx, [{ restaurantId, count: placed - count }]);
  }
  for (const p of live) if (open(p) && p.refusal !== undefined) fail(p, p.refusal);

  // Numbers in arrival order, then every order in one statement.
  const placing = live.filter((p) => open(p) && p.priced);
  const nextNumber = new Map([...numbers].map(([id, held]) => [id, held.firstNumber]));
  const rows = await insertOrders(
    tx,
    placing.map((p) => {
      const number = nextNumber.get(p.table.restaurant.id)!;
      nextNumber.set(p.table.restaurant.id, number + 1);
      return { ...p.priced!, number };
    }),
  );
  const published: DomainEvent[] = [];
  placing.forEach((p, i) => {
    const order = toOrder(rows[i]!);
    const { restaurantId } = rows[i]!;
    published.push({ type: 'order.created', restaurantId, orderId: order.id, data: { order } });
    outcomes[p.index] = {
      kind: 'placed',
      value: p.guestToken ? { ...order, guestToken: p.guestToken } : order,
    };
  });
  // The board hears of the orders, and every phone at a table sees its bill grow (once per table).
  const tables = [...groupBy(placing, (p) => p.table.table.id).values()].map(([p]) => ({
    restaurantId: p!.table.restaurant.id,
    tableId: p!.table.table.id,
  }));
  published.push(...(await openBillUpdatedEvents(tx, tables)));
  await events.publishAll(tx, published);

  // Keys of placed orders keep their answers; keys and rate-limit hits of failed ones are let go.
  const keyed = jobs.flatMap((job, i) => (job.claim ? [{ claim: job.claim, outcome: outcomes[i]! }] : []));
  await completeIdempotencyKeys(
    tx,
    keyed.flatMap(({ claim, outcome }) =>
      outcome.kind === 'placed' ? [{ ...claim, response: outcome.value }] : [],
    ),
  );
  await releaseIdempotencyKeys(
    tx,
    keyed.flatMap(({ claim, outcome }) => (outcome.kind === 'failed' ? [claim] : [])),
  );
  const failedCounted = live.filter((p) => p.counted && outcomes[p.index]!.kind === 'failed');
  for (const [key, group] of groupBy(failedCounted, (p) => p.counted!)) {
    await takeBackRateLimitHits(tx, key, group.length);
  }
  // Pruning now and then keeps the keys' table small.
  if (keyed.length > 0 && Math.random() < 0.01) await pruneIdempotencyKeys(tx);
  return outcomes.map((outcome) => outcome!);
}

/**
 * Counts guests' orders against their tables' rate limits, one statement per table; the orders
 * beyond a table's limit are refused (429) and their hits taken back.
 */
async function countAgainstRateLimits(
  tx: Db,
  orders: Pending[],
  config: OrderJob['ctx']['config'],
  fail: (p: Pending, error: unknown) => void,
): Promise<void> {
  const { ordersPerTable: limit, windowSeconds } = config.rateLimits;
  const guests = orders.filter((p) => !p.job.staff);
  for (const [key, group] of groupBy(guests, (p) => `orders:table:${p.table.table.id}`)) {
    const { count, windowStart } = await countRateLimitHits(tx, key, windowSeconds, group.length);
    const allowed = Math.max(0, limit - (count - group.length));
    const refused = group.slice(allowed);
    for (const p of refused) fail(p, rateLimited(windowStart, windowSeconds));
    if (refused.length > 0) await takeBackRateLimitHits(tx, key, refused.length);
    for (const p of group.slice(0, allowed)) p.counted = key;
  }
}

/** Prices each order of one restaurant at `version`; one that cannot be placed is refused alone. */
async function priceAll(tx: Db, group: Pending[], restaurantId: string, version: number, now: Date) {
  if (group.length === 0) return;
  const menu = await group[0]!.job.ctx.menuSnapshots.itemsAt(tx, restaurantId, version);
  for (const p of group) {
    p.priced = undefined;
    p.refusal = undefined;
    try {
      if (!menu) throw tableGone(p.job);
      p.priced = priceOne(p, menu, now);
    } catch (error) {
      p.refusal = error;
    }
  }
}

function priceOne(
  p: Pending,
  menu: Parameters<typeof priceOrderLines>[0]['menuItems'],
  now: Date,
): Omit<NewOrder, 'number'> {
  const { job, table: found } = p;
  const { table, restaurant } = found;
  const { request, staff } = job;
  const { lines, subtotalMinor } = priceOrderLines({
    requested: request.items,
    menuItems: menu,
    weekday: zonedParts(now, restaurant.timezone).weekday,
    now,
  });
  const serviceChargeMinor = serviceChargeOf(subtotalMinor, restaurant.serviceChargeBasisPoints);
  const tipMinor = request.tipMinor ?? 0;
  p.guestToken = staff ? undefined : generateToken();
  const by: TStatusChange['by'] = staff
    ? actorOf(staff)
    : { type: 'guest', id: null, name: request.customerName || 'Guest' };
  return {
    restaurantId: restaurant.id,
    tableId: table.id,
    tableNumber: table.number,
    source: staff ? 'staff' : 'qr',
    status: 'pending',
    items: lines,
    subtotalMinor,
    serviceChargeMinor,
    tipMinor,
    totalMinor: subtotalMinor + serviceChargeMinor + tipMinor,
    currency: restaurant.currency,
    note: request.note || null,
    customerName: request.customerName || null,
    guestTokenHash: p.guestToken ? hashToken(p.guestToken) : null,
    statusHistory: [{ status: 'pending', at: now.toISOString(), by, reason: null }],
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMAS } from '@tavolo/contract/events';
import { orderTaxesOf, serviceChargeOf } from '@tavolo/contract/money';
import type { TCreatedOrder, TCreateOrderRequest, TOrder, TStatusChange } from '@tavolo/contract/orders';
import { AppError } from '../../core/app-error';
import { createBatcher } from '../../core/batcher';
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
import type { MenuItemRow } from '../../db/rows';
import { pgErrorCode } from '../../lib/pg-errors';
import { zonedParts } from '../../lib/zoned-time';
import { generateToken, hashToken } from '../../security/tokens';
import {
  announceStockChanges,
  holdDishCounts,
  outOfStock,
  type StockMoved,
  takeStock,
  unitsByDish,
} from '../menu/stock';
import type { ActiveTable } from '../tables/active-table-cache';
import { type ActiveTableLookup, findActiveTable } from '../tables/tables.service';
import { priceOrderLines } from './order-pricing';
import {
  type BatchOrder,
  lockRestaurantsForOrders,
  type MenuSnapshot,
  placeOrdersAtVersions,
  STOCK_BATCH_UNDONE,
  type StockTake,
} from './orders.repository';

declare module '../../core/context' {
  interface AppServices {
    /** One per instance: orders placed in batches (group commit). */
    orderIntake: OrderIntake;
  }
}

/** An order as `placeOrder` hands it over: everything that could be checked before the database. */
export type OrderJob = {
  ctx: ServiceContext;
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
 * Order intake with group commit (decision 005): the orders that arrive while a batch is being
 * placed go together in the next one — one round trip and one commit for all of them, however many
 * restaurants they are for. One batch at a time: on a machine of a few cores, bigger batches place
 * more orders than batches side by side (the embedded database runs one at a time anyway).
 */
export function createOrderIntake(options: { maxBatch?: number } = {}) {
  const batches = createBatcher<OrderJob, PlacedOrder | typeof HANDED_BACK>({
    run: placeOrderBatch,
    maxBatch: options.maxBatch ?? 64,
  });
  // Orders of counted dishes go in batches of their own, which lock the dishes they take from.
  const stockBatches = createBatcher<OrderJob, PlacedOrder>({
    run: placeStockBatch,
    maxBatch: options.maxBatch ?? 64,
  });
  return {
    place: (job: OrderJob): Promise<PlacedOrder> => {
      // An order of a counted dish takes its units in a stock batch (decision 035). Told by the
      // snapshot already held (no query here): when it is not held, the batch prices the order and
      // hands it back.
      const { restaurant } = job.table;
      const held = job.ctx.menuSnapshots.heldAt(restaurant.id, restaurant.menuVersion);
      if (held && countsUnits(job.request, held.items)) return stockBatches.submit(job);
      // One the batch found to name a counted dish comes back, to go with the next stock batch: the
      // next batch does not wait for it.
      return batches
        .submit(job)
        .then((placed) => (placed === HANDED_BACK ? stockBatches.submit(job) : placed));
    },
  };
}

/** Whether the request names a dish whose units are counted in `menu`. */
function countsUnits(request: TCreateOrderRequest, menu: ReadonlyMap<string, MenuItemRow>): boolean {
  return request.items.some((line) => isCounted(menu, line.menuItemId));
}

/** Whether the dish's units are counted in `menu`. */
function isCounted(menu: ReadonlyMap<string, MenuItemRow>, menuItemId: string): boolean {
  return (menu.get(menuItemId)?.stockCount ?? null) !== null;
}

export type OrderIntake = ReturnType<typeof createOrderIntake>;

const tableGone = (job: OrderJob) =>
  job.staff
    ? new AppError('UNPROCESSABLE', 'There is no such active table in this restaurant', {
        tableId: 'is not an active table of this restaurant',
      })
    : new AppError('NOT_FOUND', "This table's code is not valid any more");

type Outcome =
  | { kind: 'placed'; value: TCreatedOrder }
  | { kind: 'failed'; error: unknown }
  /** Its key was claimed already (a retry): the one-by-one path waits for the first and replays it. */
  | { kind: 'retried' }
  /** It names a counted dish: it leaves the batch and is placed alone, taking its units (`placeStockOrder`). */
  | { kind: 'counted' };

/**
 * PostgreSQL refused the statement (it answered with an SQLSTATE), so its transaction wrote nothing.
 * Other failures (a lost connection) leave unknown whether a commit happened: those orders are not
 * placed again behind the caller's back.
 */
function refusedByDatabase(error: unknown): boolean {
  return pgErrorCode(error) !== undefined;
}

/** What the batch answers for an order naming a counted dish: it is placed on its own (`placeStockOrder`). */
const HANDED_BACK = Symbol('handed back');

async function placeOrderBatch(
  jobs: OrderJob[],
): Promise<PromiseSettledResult<PlacedOrder | typeof HANDED_BACK>[]> {
  const { db } = jobs[0]!.ctx;
  let outcomes: (Outcome | undefined)[];
  try {
    // Staff orders without keys need no transaction: one statement places them all, or none.
    const plain = jobs.every((job) => job.staff && !job.claim);
    outcomes = plain
      ? await takeOrders(db, jobs, false)
      : await db.transaction((tx) => takeOrders(tx, jobs, true));
  } catch (error) {
    if (!refusedByDatabase(error)) throw error;
    // Nothing of the batch was written. Each order is placed again on its own, so one that cannot
    // be placed fails alone, with its own error.
    return Promise.allSettled(jobs.map(placeOneOrder));
  }
  // Those whose restaurant's menu moved meanwhile go again, under the restaurant's row lock (the
  // others may be placed already: only these are tried again if that fails).
  const again = jobs.flatMap((job, i) => (outcomes[i] ? [] : [{ job, i }]));
  if (again.length > 0) {
    try {
      const more = await db.transaction((tx) =>
        takeOrders(
          tx,
          again.map((a) => a.job),
          true,
        ),
      );
      again.forEach(({ i }, j) => {
        outcomes[i] = more[j];
      });
    } catch (error) {
      if (!refusedByDatabase(error)) {
        for (const { i } of again) outcomes[i] = { kind: 'failed', error };
      }
    }
  }
  return Promise.allSettled(
    jobs.map((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind === 'placed') return Promise.resolve({ value: outcome.value, replayed: false });
      if (outcome?.kind === 'failed') return Promise.reject(outcome.error);
      if (outcome?.kind === 'counted') return Promise.resolve(HANDED_BACK);
      // A retry of a key held elsewhere, or an order of a refused second pass: one by one.
      return placeOneOrder(job);
    }),
  );
}

/** Thrown out of a one-order transaction whose order names a counted dish: it goes the stock path. */
const COUNTED = Symbol('counted');

/**
 * One order in a transaction of its own, its key claimed (or its first answer replayed) by
 * `runIdempotently`, which waits for a first request still in flight.
 */
async function placeOneOrder(job: OrderJob): Promise<PlacedOrder | typeof HANDED_BACK> {
  const { claim, ctx } = job;
  try {
    return await runIdempotently(ctx.db, claim, async (tx) => {
      const [outcome] = await takeOrders(tx, [{ ...job, claim: undefined }], true);
      if (outcome?.kind === 'placed') return outcome.value;
      if (outcome?.kind === 'counted') throw COUNTED;
      throw outcome?.kind === 'failed' ? outcome.error : new Error('the order was not placed');
    });
  } catch (error) {
    if (error === COUNTED) return HANDED_BACK;
    throw error;
  }
}

/**
 * Orders naming counted dishes, together (decision 035): in one transaction, their keys, their
 * tables' rate limits, then every dish they name locked (rows in id order, before the restaurants'),
 * the restaurants locked and the orders priced at the menu that holds, the units handed out in the
 * orders' arrival order (an order asking for more than is left is refused with 409 and what is left),
 * taken in one statement per restaurant, and the orders placed in one. A dish counted down to 0 is
 * sold out on every guest's menu. If the batch fails in the database, each order goes alone.
 */
async function placeStockBatch(jobs: OrderJob[]): Promise<PromiseSettledResult<PlacedOrder>[]> {
  const { ctx } = jobs[0]!;
  const soldOut = new Set<string>();
  let outcomes: (Outcome | undefined)[];
  try {
    try {
      // Staff orders without keys need no transaction here either: one statement places them all
      // and takes their units, or does nothing.
      const plain = jobs.every((job) => job.staff && !job.claim);
      outcomes = plain
        ? await takeStockOrdersAtCachedVersions(ctx.db, jobs)
        : await ctx.db.transaction((tx) => takeStockOrdersAtCachedVersions(tx, jobs));
    } catch (error) {
      if (error !== LOCKED_PASS) throw error;
      outcomes = await ctx.db.transaction((tx) => takeStockOrders(tx, jobs, soldOut));
    }
  } catch (error) {
    if (!refusedByDatabase(error)) throw error;
    return Promise.allSettled(jobs.map(placeStockOrder));
  }
  // As a menu write would (notified-caches.ts): the guest menus this instance serves next are of
  // the new version, without waiting for the NOTIFY.
  for (const restaurantId of soldOut) ctx.activeTables.forget(restaurantId);
  return Promise.allSettled(
    jobs.map((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind === 'placed') return Promise.resolve({ value: outcome.value, replayed: false });
      if (outcome?.kind === 'failed') return Promise.reject(outcome.error);
      // A retry of a key held elsewhere: alone, where it waits for the first and replays it.
      return placeStockOrder(job);
    }),
  );
}

/** Thrown to roll the optimistic pass back: the batch goes through the locked pass instead. */
const LOCKED_PASS = Symbol('the locked pass');

/**
 * A stock batch's common case, in one statement: every order priced at the menu version the cache
 * saw (no dish or restaurant locked to read it), and placed by `place_orders` with the batch's
 * units, all or none (migration 0032). Anything else — a refusal at pricing (which stands only
 * under a version known to hold), a dish short of units (each order must then get what is left in
 * arrival order) or sold out by the batch (to be announced), a menu that moved — undoes it for the
 * locked pass (`takeStockOrders`).
 */
async function takeStockOrdersAtCachedVersions(db: Db, jobs: OrderJob[]): Promise<(Outcome | undefined)[]> {
  const { config } = jobs[0]!.ctx;
  const outcomes: (Outcome | undefined)[] = jobs.map(() => undefined);
  const fail = (p: Pending, error: unknown) => {
    outcomes[p.index] = { kind: 'failed', error };
  };
  const open = (p: Pending) => outcomes[p.index] === undefined;

  const live = await claimKeys(db, jobs, outcomes);
  await countAgainstRateLimits(db, live, config, fail);
  const now = new Date();
  const byRestaurant = groupBy(live.filter(open), (p) => p.table.restaurant.id);
  const versions = new Map(
    [...byRestaurant].map(([id, group]) => [id, group[0]!.table.restaurant.menuVersion]),
  );
  const stock: StockTake[] = [];
  for (const [restaurantId, group] of byRestaurant) {
    const version = versions.get(restaurantId)!;
    if (group.some((p) => p.table.restaurant.menuVersion !== version)) throw LOCKED_PASS;
    await priceAll(db, group, restaurantId, version, now, { stockBatch: true });
    if (group.some((p) => !p.priced)) throw LOCKED_PASS;
    // Held since pricing: no query.
    const menu = await jobs[0]!.ctx.menuSnapshots.itemsAt(db, restaurantId, version);
    if (!menu) throw LOCKED_PASS;
    for (const [menuItemId, units] of unitsByDish(group.flatMap((p) => p.job.request.items))) {
      if (isCounted(menu.items, menuItemId)) stock.push({ restaurantId, menuItemId, units });
    }
  }
  const placing = live.filter(open);
  try {
    await place(db, placing, versions, outcomes, stock);
  } catch (error) {
    if (pgErrorCode(error) === STOCK_BATCH_UNDONE) throw LOCKED_PASS;
    throw error;
  }
  await settleKeysAndHits(db, jobs, live, outcomes);
  return outcomes;
}

async function takeStockOrders(
  db: Db,
  jobs: OrderJob[],
  soldOut: Set<string>,
): Promise<(Outcome | undefined)[]> {
  const { config, events } = jobs[0]!.ctx;
  const outcomes: (Outcome | undefined)[] = jobs.map(() => undefined);
  const fail = (p: Pending, error: unknown) => {
    outcomes[p.index] = { kind: 'failed', error };
  };
  const open = (p: Pending) => outcomes[p.index] === undefined;

  const live = await claimKeys(db, jobs, outcomes);
  await countAgainstRateLimits(db, live, config, fail);

  // The dishes' rows, then the restaurants' (decision 035's lock order).
  const byRestaurant = groupBy(live.filter(open), (p) => p.table.restaurant.id);
  const restaurantIds = [...byRestaurant.keys()].sort();
  const counts = new Map<string, Map<string, { name: string; count: number | null }>>();
  for (const restaurantId of restaurantIds) {
    const dishes = byRestaurant
      .get(restaurantId)!
      .flatMap((p) => p.job.request.items.map((l) => l.menuItemId));
    counts.set(restaurantId, await holdDishCounts(db, restaurantId, dishes));
  }
  const held = await lockRestaurantsForOrders(db, restaurantIds);
  const now = new Date();
  await readTablesAtHeldVersions(db, live.filter(open), held, fail);
  for (const [restaurantId, group] of groupBy(live.filter(open), (p) => p.table.restaurant.id)) {
    await priceAll(db, group, restaurantId, held.get(restaurantId)!, now, { stockBatch: true });
  }

  // The units, handed out in arrival order: what the counts (as locked) still hold.
  const taken = new Map<string, Map<string, number>>();
  const placing: Pending[] = [];
  for (const p of live.filter(open)) {
    if (!p.priced) {
      fail(p, p.refusal);
      continue;
    }
    const restaurantId = p.table.restaurant.id;
    const dishes = counts.get(restaurantId)!;
    const mine = taken.get(restaurantId) ?? new Map<string, number>();
    const lines = p.job.request.items;
    const short = [...unitsByDish(lines)].flatMap(([menuItemId, units]) => {
      const dish = dishes.get(menuItemId);
      if (dish?.count == null) return [];
      const left = dish.count - (mine.get(menuItemId) ?? 0);
      if (units <= left) return [];
      const at = lines.flatMap((line, i) => (line.menuItemId === menuItemId ? [i] : []));
      return [{ menuItemId, name: dish.name, remaining: left, lines: at }];
    });
    if (short.length > 0) {
      fail(p, outOfStock(short));
      continue;
    }
    for (const [menuItemId, units] of unitsByDish(lines)) {
      if (dishes.get(menuItemId)?.count != null) mine.set(menuItemId, (mine.get(menuItemId) ?? 0) + units);
    }
    taken.set(restaurantId, mine);
    placing.push(p);
  }
  const moved = new Map<string, StockMoved[]>();
  for (const [restaurantId, units] of taken) {
    const lines = [...units].map(([menuItemId, quantity]) => ({ menuItemId, quantity }));
    moved.set(restaurantId, await takeStock(db, restaurantId, lines));
  }
  await place(db, placing, held, outcomes);
  // Under the locks the versions hold: every order priced was placed.
  if (placing.some(open)) throw new Error('orders priced under the restaurant lock were not placed');
  for (const [restaurantId, dishes] of moved) {
    if (await announceStockChanges(db, events, restaurantId, dishes)) soldOut.add(restaurantId);
  }

  await settleKeysAndHits(db, jobs, live, outcomes);
  return outcomes;
}

/** The counts moved between taking the units and locking the restaurant: the order goes again. */
class CountsMoved extends Error {}

const STOCK_ATTEMPTS = 3;

/**
 * An order naming a counted dish, in a transaction of its own (decision 035): the units are taken
 * from the counts (409 OUT_OF_STOCK with what is left when any dish has too few), then the order is
 * priced and placed under the restaurant's row lock like the batch's locked pass, and a dish
 * counted down to 0 is sold out on every guest's menu (the menu's version moves, menu.updated),
 * all in that transaction. Locks in the batch's order with the dishes' rows before the
 * restaurant's: the key, the table's rate limit, the dishes (in id order), the restaurant.
 */
async function placeStockOrder(job: OrderJob): Promise<PlacedOrder> {
  const { claim, ctx } = job;
  for (let attempt = 1; ; attempt += 1) {
    let soldOut = false;
    try {
      const placed = await runIdempotently(ctx.db, claim, async (tx) => {
        const taken = await takeStockOrder(tx, job);
        soldOut = taken.soldOut;
        return taken.value;
      });
      // As a menu write would (notified-caches.ts): the guest menus this instance serves next are
      // of the new version, without waiting for the NOTIFY.
      if (soldOut) ctx.activeTables.forget(job.table.restaurant.id);
      return placed;
    } catch (error) {
      // Nothing was written: a count set meanwhile, or a deadlock PostgreSQL broke.
      const again = error instanceof CountsMoved || pgErrorCode(error) === '40P01';
      if (!again || attempt >= STOCK_ATTEMPTS) throw error;
    }
  }
}

async function takeStockOrder(db: Db, job: OrderJob): Promise<{ value: TCreatedOrder; soldOut: boolean }> {
  const { ctx, request, staff } = job;
  const restaurantId = job.table.restaurant.id;
  if (!staff) {
    const { ordersPerTable: limit, windowSeconds } = ctx.config.rateLimits;
    const { count, windowStart } = await countRateLimitHits(
      db,
      `orders:table:${job.table.table.id}`,
      windowSeconds,
      1,
    );
    // Refused, the transaction takes the hit back with everything else.
    if (count > limit) throw rateLimited(windowStart, windowSeconds);
  }
  // Too few left is answered once the order is known to be otherwise sound (a 422 comes first).
  let moved: StockMoved[] = [];
  let short: AppError | undefined;
  try {
    moved = await takeStock(db, restaurantId, request.items);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'OUT_OF_STOCK') throw error;
    short = error;
  }
  const held = await lockRestaurantsForOrders(db, [restaurantId]);
  const version = held.get(restaurantId);
  if (version === undefined) throw tableGone(job);
  let table = job.table;
  if (table.restaurant.menuVersion !== version) {
    const found = await findActiveTable(db, job.lookup);
    if (!found) throw tableGone(job);
    table = found;
  }
  const menu = await ctx.menuSnapshots.itemsAt(db, restaurantId, version);
  if (!menu) throw tableGone(job);
  const p: Pending = { job, index: 0, table };
  p.priced = priceOne(p, menu, new Date());
  if (short) throw short;
  // Every counted dish had its units taken, and only those: else a count was set or cleared between.
  const counted = new Set(
    p.priced.order.items.flatMap((line) => (isCounted(menu.items, line.menuItemId) ? [line.menuItemId] : [])),
  );
  const took = new Set(moved.map((dish) => dish.menuItemId));
  if (counted.size !== took.size || [...counted].some((id) => !took.has(id))) throw new CountsMoved();

  const outcomes: (Outcome | undefined)[] = [undefined];
  await place(db, [p], held, outcomes);
  const [outcome] = outcomes;
  if (outcome?.kind !== 'placed') throw new Error('an order priced under the restaurant lock was not placed');
  const soldOut = await announceStockChanges(db, ctx.events, restaurantId, moved);
  return { value: outcome.value, soldOut };
}

/** What a job becomes on its way through the batch, until it is placed or fails. */
type Pending = {
  job: OrderJob;
  index: number;
  table: ActiveTable;
  /** The table rate limit its hit was counted against (a guest's order), to take back if it fails. */
  counted?: string;
  /** The order as it will be placed, but its number. */
  priced?: BatchOrder;
  /** Why it cannot be placed at the version it was priced at. */
  refusal?: unknown;
  /** Priced, it names a counted dish: it leaves the batch. */
  stocked?: boolean;
  guestToken?: string;
};

/**
 * Places a batch: keys, rate limits, then one statement that numbers, inserts and announces every
 * order priced at the menu version its restaurant still has (`placeOrdersAtVersions`). Locks are
 * taken in the one-order path's order (keys, rate limits, restaurants), so the two never wait for
 * each other in opposite orders.
 *
 * Orders of a restaurant whose menu moved since the cache read it are left open (undefined) when
 * not `locking`; when `locking`, the restaurant's row is locked, the tables are read again and
 * the orders priced again, now that the menu cannot move before commit.
 */
async function takeOrders(db: Db, jobs: OrderJob[], locking: boolean): Promise<(Outcome | undefined)[]> {
  const { config } = jobs[0]!.ctx;
  const outcomes: (Outcome | undefined)[] = jobs.map(() => undefined);
  const fail = (p: Pending, error: unknown) => {
    outcomes[p.index] = { kind: 'failed', error };
  };
  const open = (p: Pending) => outcomes[p.index] === undefined;

  const live = await claimKeys(db, jobs, outcomes);

  // Each restaurant's orders are priced at the version the cache saw (orders whose table was cached
  // at another version wait for the locked pass); the guests' priced orders count against their
  // tables' rate limits.
  const now = new Date();
  const byRestaurant = groupBy(live, (p) => p.table.restaurant.id);
  const versions = new Map(
    [...byRestaurant].map(([id, group]) => [id, group[0]!.table.restaurant.menuVersion]),
  );
  const current = (p: Pending) => p.table.restaurant.menuVersion === versions.get(p.table.restaurant.id);
  for (const [restaurantId, group] of byRestaurant) {
    await priceAll(db, group.filter(current), restaurantId, versions.get(restaurantId)!, now);
  }
  handOverCounted(live, outcomes);
  await countAgainstRateLimits(
    db,
    live.filter((p) => p.priced),
    config,
    fail,
  );
  await place(
    db,
    live.filter((p) => open(p) && p.priced && current(p)),
    versions,
    outcomes,
  );

  // A restaurant with an order placed had its menu at that version: its refusals stand. The rest
  // (a menu that moved, or no order to tell) are priced again under the restaurant's row lock.
  const confirmed = new Set(
    live.filter((p) => outcomes[p.index]?.kind === 'placed').map((p) => p.table.restaurant.id),
  );
  for (const p of live) {
    if (open(p) && p.refusal !== undefined && confirmed.has(p.table.restaurant.id)) fail(p, p.refusal);
  }
  const again = live.filter(open);
  if (locking && again.length > 0) {
    const held = await lockRestaurantsForOrders(
      db,
      [...new Set(again.map((p) => p.table.restaurant.id))].sort(),
    );
    await readTablesAtHeldVersions(db, again, held, fail);
    for (const [restaurantId, group] of groupBy(again.filter(open), (p) => p.table.restaurant.id)) {
      await priceAll(db, group, restaurantId, held.get(restaurantId)!, now);
    }
    handOverCounted(again, outcomes);
    await countAgainstRateLimits(
      db,
      again.filter((p) => open(p) && p.priced && !p.counted),
      config,
      fail,
    );
    const placing = again.filter((p) => open(p) && p.priced);
    await place(db, placing, held, outcomes);
    // Under the lock the versions hold: every order priced was placed.
    if (placing.some(open)) throw new Error('orders priced under the restaurant lock were not placed');
    for (const p of again) if (open(p)) fail(p, p.refusal);
  }

  await settleKeysAndHits(db, jobs, live, outcomes);
  return outcomes;
}

/** Keys: of a key asked for twice, or held by a request elsewhere, the rest are retries. */
async function claimKeys(db: Db, jobs: OrderJob[], outcomes: (Outcome | undefined)[]): Promise<Pending[]> {
  const claimed = await claimIdempotencyKeys(
    db,
    jobs.flatMap((job) => (job.claim ? [job.claim] : [])),
  );
  const live: Pending[] = [];
  jobs.forEach((job, index) => {
    if (job.claim && !claimed.delete(claimName(job.claim))) outcomes[index] = { kind: 'retried' };
    else live.push({ job, index, table: job.table });
  });
  return live;
}

/**
 * Under the restaurants' row locks: an order whose restaurant is gone fails, one whose table was
 * cached at another menu version has its table read again (or fails when it is gone).
 */
async function readTablesAtHeldVersions(
  db: Db,
  orders: Pending[],
  held: Map<string, number>,
  fail: (p: Pending, error: unknown) => void,
): Promise<void> {
  for (const p of orders) {
    if (!held.has(p.table.restaurant.id)) fail(p, tableGone(p.job));
    else if (p.table.restaurant.menuVersion !== held.get(p.table.restaurant.id)) {
      const found = await findActiveTable(db, p.job.lookup);
      if (found) p.table = found;
      else fail(p, tableGone(p.job));
    }
  }
}

/**
 * Keys of placed orders keep their answers; keys and rate-limit hits of the others are let go —
 * a counted order's key too (its stock batch claims it again); a retry's key is another request's.
 */
async function settleKeysAndHits(
  db: Db,
  jobs: OrderJob[],
  live: Pending[],
  outcomes: (Outcome | undefined)[],
): Promise<void> {
  const keyed = jobs.flatMap((job, i) => (job.claim ? [{ claim: job.claim, outcome: outcomes[i] }] : []));
  await completeIdempotencyKeys(
    db,
    keyed.flatMap(({ claim, outcome }) =>
      outcome?.kind === 'placed' ? [{ ...claim, response: outcome.value }] : [],
    ),
  );
  await releaseIdempotencyKeys(
    db,
    keyed.flatMap(({ claim, outcome }) =>
      !outcome || outcome.kind === 'failed' || outcome.kind === 'counted' ? [claim] : [],
    ),
  );
  const failedCounted = live.filter((p) => p.counted && outcomes[p.index]?.kind !== 'placed');
  for (const [key, group] of groupBy(failedCounted, (p) => p.counted!)) {
    await takeBackRateLimitHits(db, key, group.length);
  }
  // Pruning now and then keeps the keys' table small.
  if (keyed.length > 0 && Math.random() < 0.01) await pruneIdempotencyKeys(db);
}

/** Orders priced that name a counted dish leave the batch (they were not counted against rate limits). */
function handOverCounted(orders: Pending[], outcomes: (Outcome | undefined)[]): void {
  for (const p of orders) {
    if (p.stocked && outcomes[p.index] === undefined) outcomes[p.index] = { kind: 'counted' };
  }
}

/** One statement for the orders; those whose restaurant's menu is still at `versions` are placed. */
async function place(
  db: Db,
  placing: Pending[],
  versions: Map<string, number>,
  outcomes: (Outcome | undefined)[],
  stock?: StockTake[],
): Promise<void> {
  const numbers = await placeOrdersAtVersions(db, {
    orders: placing.map((p) => p.priced!),
    menuVersions: versions,
    stock,
  });
  for (const p of placing) {
    const number = numbers.get(p.priced!.order.id);
    if (number === undefined) continue;
    const order = { ...p.priced!.order, number };
    outcomes[p.index] = {
      kind: 'placed',
      value: p.guestToken ? { ...order, guestToken: p.guestToken } : order,
    };
  }
}

/**
 * Counts guests' orders against their tables' rate limits, one statement per table; the orders
 * beyond a table's limit are refused (429) and their hits taken back.
 */
async function countAgainstRateLimits(
  db: Db,
  orders: Pending[],
  config: OrderJob['ctx']['config'],
  fail: (p: Pending, error: unknown) => void,
): Promise<void> {
  const { ordersPerTable: limit, windowSeconds } = config.rateLimits;
  const guests = orders.filter((p) => !p.job.staff);
  for (const [key, group] of groupBy(guests, (p) => `orders:table:${p.table.table.id}`)) {
    const { count, windowStart } = await countRateLimitHits(db, key, windowSeconds, group.length);
    const allowed = Math.max(0, limit - (count - group.length));
    const refused = group.slice(allowed);
    for (const p of refused) fail(p, rateLimited(windowStart, windowSeconds));
    if (refused.length > 0) await takeBackRateLimitHits(db, key, refused.length);
    for (const p of group.slice(0, allowed)) p.counted = key;
  }
}

/**
 * Prices each order of one restaurant at `version`; one that cannot be placed is refused alone. An
 * order of a counted dish is marked `stocked` and left unpriced for the batch (it goes in a stock
 * batch), unless the stock batch itself prices it (`stockBatch`).
 */
async function priceAll(
  db: Db,
  group: Pending[],
  restaurantId: string,
  version: number,
  now: Date,
  { stockBatch = false } = {},
) {
  if (group.length === 0) return;
  const menu = await group[0]!.job.ctx.menuSnapshots.itemsAt(db, restaurantId, version);
  for (const p of group) {
    p.priced = undefined;
    p.refusal = undefined;
    p.stocked = false;
    try {
      if (!menu) throw tableGone(p.job);
      p.priced = priceOne(p, menu, now);
      // An order of a counted dish leaves the batch: it goes in a stock batch (decision 035).
      if (!stockBatch && countsUnits(p.job.request, menu.items)) {
        p.priced = undefined;
        p.stocked = true;
      }
    } catch (error) {
      p.refusal = error;
    }
  }
}

/** The order as it will be placed (all but its number), with its order.created event's data. */
function priceOne(p: Pending, menu: MenuSnapshot, now: Date): BatchOrder {
  const { job, table: found } = p;
  const { table, restaurant } = found;
  const { request, staff } = job;
  const { lines, subtotalMinor } = priceOrderLines({
    requested: request.items,
    menu,
    weekday: zonedParts(now, restaurant.timezone).weekday,
    now,
  });
  const serviceChargeMinor = serviceChargeOf(subtotalMinor, restaurant.serviceChargeBasisPoints);
  const tipMinor = request.tipMinor ?? 0;
  const taxes = orderTaxesOf({
    lines,
    serviceChargeMinor,
    serviceChargeRate: menu.serviceChargeRate,
    pricesIncludeTax: menu.pricesIncludeTax,
    tipMinor,
  });
  p.guestToken = staff ? undefined : generateToken();
  const by: TStatusChange['by'] = staff
    ? actorOf(staff)
    : { type: 'guest', id: null, name: request.customerName || 'Guest' };
  const order: TOrder = {
    id: randomUUID(),
    number: 0,
    tableId: table.id,
    tableNumber: table.number,
    source: staff ? 'staff' : 'qr',
    // Who took a staff order: the member (or the owner) whose session placed it.
    takenBy: staff ? { id: staff.userId, name: staff.name } : null,
    status: 'pending',
    items: lines,
    subtotalMinor,
    discountMinor: 0,
    serviceChargeMinor,
    tipMinor,
    pricesIncludeTax: menu.pricesIncludeTax,
    netMinor: taxes.netMinor,
    taxMinor: taxes.taxMinor,
    taxes: taxes.taxes,
    serviceChargeTax: taxes.serviceChargeTax,
    totalMinor: taxes.totalMinor,
    paidMinor: 0,
    paymentStatus: 'unpaid',
    currency: restaurant.currency,
    note: request.note || null,
    customerName: request.customerName || null,
    statusHistory: [{ status: 'pending', at: now.toISOString(), by, reason: null }],
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return {
    order,
    restaurantId: restaurant.id,
    guestTokenHash: p.guestToken ? hashToken(p.guestToken) : null,
    // What goes out is exactly what the contract says the web reads; a mismatch fails the order.
    event: EVENT_SCHEMAS['order.created'].parse({ order }),
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

import type { TTableUpdatedData } from '@tavolo/contract/events';
import type { TFloorTable } from '@tavolo/contract/floor';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventHub, LiveEvent } from '../../events/event-hub';
import { findFloorFigures } from './floor.repository';
import {
  compareFloorTables,
  copyFloorTable,
  type FloorFigures,
  sameFloorTable,
  toFloorTable,
} from './floor-model';

declare module '../../core/context' {
  interface AppServices {
    /** Each restaurant's floor, kept in memory by the live events (decision 029). */
    floors: FloorKeeper;
  }
}

/*
 * The floor of each restaurant this instance serves, in memory (decision 029). Built from the
 * database on first need (a read of the floor, or a member's stream opening), then kept by the
 * events of the log that every instance hears through the hub: each event names the tables it
 * touches, and those tables alone are read again, in one statement, one read at a time per
 * restaurant (events arriving meanwhile wait for the next). A table whose entry changed goes out
 * as table.updated to this instance's streams; every instance does the same for its own, so none
 * writes anything for it. The floor's own writes (seating, handing over) put their table.updated
 * in the log with the change.
 */

type Entry = {
  table: TFloorTable;
  /** The last event this entry is known to include (its log number). */
  seq: number;
  orderIds: string[];
  /** Local clock time a checkout's hold on the bill lets go; null when none holds. */
  holdEndsAt: number | null;
};

type Floor = {
  restaurantId: string;
  entries: Map<string, Entry>;
  /** What GET /api/floor answers, by area then number; null after a change. */
  sorted: TFloorTable[] | null;
  /** Which table's open bill each order is on, so an order that moves touches the table it left. */
  tableOfOrder: Map<string, string>;
  /** The newest event this floor was handed (or wrote itself): any read begun now includes it. */
  seq: number;
  touched: Set<string>;
  /** Every table read again (tables added, renamed, deactivated; a waiter renamed). */
  everything: boolean;
  /** The first build, then each read again, one after another. */
  work: Promise<void>;
  queued: boolean;
  built: boolean;
  /** What the hub handed over while the first build ran. */
  early: LiveEvent[];
  lastReadAt: number;
  unfollow: () => void;
  holdTimer: NodeJS.Timeout | undefined;
  dropped: boolean;
};

export type FloorKeeperOptions = {
  db: Db;
  hub: EventHub;
  log: FastifyBaseLogger;
  /** Whether this instance hears its own commits' notices only a moment after them (PostgreSQL). */
  noticesLag: boolean;
  /** A floor nobody read for this long, with no member's stream open here, is let go. */
  idleMs?: number;
  /** At most this many floors at once; beyond, the least recently read one without streams goes. */
  maxFloors?: number;
  now?: () => number;
};

export function createFloorKeeper(options: FloorKeeperOptions) {
  const { db, hub, log, noticesLag } = options;
  const idleMs = options.idleMs ?? 10 * 60_000;
  const maxFloors = options.maxFloors ?? 2_000;
  const now = options.now ?? Date.now;
  const floors = new Map<string, Floor>();
  const stops: (() => void)[] = [];
  let sweeper: NodeJS.Timeout | undefined;

  function announce(floor: Floor, table: TFloorTable, removed = false) {
    const data: TTableUpdatedData = removed ? { table, removed: true } : { table };
    hub.announce(floor.restaurantId, {
      type: 'table.updated',
      data,
      tableId: table.id,
      orderId: null,
      seq: null,
    });
  }

  function forgetOrdersOf(floor: Floor, entry: Entry) {
    for (const orderId of entry.orderIds) {
      if (floor.tableOfOrder.get(orderId) === entry.table.id) floor.tableOfOrder.delete(orderId);
    }
  }

  function remove(floor: Floor, id: string, tell: boolean) {
    const entry = floor.entries.get(id);
    if (!entry) return;
    forgetOrdersOf(floor, entry);
    floor.entries.delete(id);
    floor.sorted = null;
    if (tell) announce(floor, entry.table, true);
  }

  /** Puts what the database said of a table as of `seq`, unless an entry known newer is there. */
  function put(floor: Floor, figures: FloorFigures, seq: number, clock: number, tell: boolean) {
    const current = floor.entries.get(figures.id);
    if (current && current.seq > seq) return;
    if (!figures.active) return remove(floor, figures.id, tell);
    const table = toFloorTable(figures);
    const holdEndsAt = figures.holdUntilMs === null ? null : now() + (figures.holdUntilMs - clock);
    if (current) forgetOrdersOf(floor, current);
    for (const orderId of figures.orderIds) floor.tableOfOrder.set(orderId, figures.id);
    floor.entries.set(figures.id, { table, seq, orderIds: figures.orderIds, holdEndsAt });
    if (current && sameFloorTable(current.table, table)) return;
    floor.sorted = null;
    if (tell) announce(floor, table);
  }

  /** A checkout's hold lets go without any event: the tables it held are read again then. */
  function watchHolds(floor: Floor) {
    clearTimeout(floor.holdTimer);
    floor.holdTimer = undefined;
    let first = Number.POSITIVE_INFINITY;
    for (const entry of floor.entries.values()) {
      if (entry.holdEndsAt !== null) first = Math.min(first, entry.holdEndsAt);
    }
    if (first === Number.POSITIVE_INFINITY) return;
    floor.holdTimer = setTimeout(
      () => {
        const at = now();
        for (const entry of floor.entries.values()) {
          if (entry.holdEndsAt !== null && entry.holdEndsAt <= at + 50) floor.touched.add(entry.table.id);
        }
        queueRead(floor);
      },
      // A little after, so the database's clock has passed it too.
      Math.max(0, first - now()) + 100,
    );
    floor.holdTimer.unref();
  }

  /** A table.updated of the log: the table exactly as of its event (the floor's own writes). */
  function putTold(floor: Floor, data: { table: TFloorTable; removed?: true }, seq: number) {
    const current = floor.entries.get(data.table.id);
    if (current && current.seq > seq) return;
    if (data.removed) return remove(floor, data.table.id, false);
    floor.entries.set(data.table.id, {
      table: copyFloorTable(data.table),
      seq,
      // Neither its orders nor a checkout's hold are in the entry: those known here stand.
      orderIds: current?.orderIds ?? [],
      holdEndsAt: current?.holdEndsAt ?? null,
    });
    floor.sorted = null;
  }

  function take(floor: Floor, event: LiveEvent) {
    floor.seq = Math.max(floor.seq, event.seq);
    switch (event.type) {
      case 'order.created':
      case 'order.updated': {
        const { order } = event.data;
        const before = floor.tableOfOrder.get(order.id);
        // An order on no open bill here (its visit ended) changes no table.
        if (event.type === 'order.updated' && before === undefined) break;
        if (before !== undefined) floor.touched.add(before);
        if (order.tableId !== null) {
          floor.touched.add(order.tableId);
          floor.tableOfOrder.set(order.id, order.tableId);
        }
        break;
      }
      case 'bill.updated':
        floor.touched.add(event.data.tableId);
        break;
      case 'service_request.created':
      case 'service_request.updated':
        floor.touched.add(event.data.request.tableId);
        break;
      case 'table.updated':
        putTold(floor, event.data, event.seq);
        break;
      case 'menu.updated':
        if (event.data.reason === 'table.changed') floor.everything = true;
        break;
    }
    if (floor.touched.size > 0 || floor.everything) queueRead(floor);
  }

  /** Reads the touched tables again after whatever read is under way (one at a time per floor). */
  function queueRead(floor: Floor) {
    if (floor.queued || floor.dropped) return;
    floor.queued = true;
    floor.work = floor.work.then(() => readTouched(floor));
  }

  async function readTouched(floor: Floor) {
    floor.queued = false;
    if (floor.dropped) return;
    const everything = floor.everything;
    const touched = [...floor.touched];
    floor.everything = false;
    floor.touched.clear();
    if (!everything && touched.length === 0) return;
    // Every event up to here was committed before this read begins: it sees them all.
    const seq = floor.seq;
    try {
      const read = await findFloorFigures(db, floor.restaurantId, everything ? undefined : touched);
      if (floor.dropped) return;
      const found = new Set(read.tables.map((t) => t.id));
      for (const figures of read.tables) put(floor, figures, seq, read.now, true);
      const asked = everything ? [...floor.entries.keys()] : touched;
      for (const id of asked) {
        const entry = floor.entries.get(id);
        if (!found.has(id) && entry && entry.seq <= seq) remove(floor, id, true);
      }
      watchHolds(floor);
    } catch (error) {
      log.error({ err: error, restaurantId: floor.restaurantId }, 'could not read the floor again');
      // Built afresh when next needed, rather than kept with tables that may be wrong.
      drop(floor);
      if (hub.hasStaffStreams(floor.restaurantId)) {
        setTimeout(() => void load(floor.restaurantId).catch(() => {}), 1_000).unref();
      }
    }
  }

  function drop(floor: Floor) {
    floor.dropped = true;
    clearTimeout(floor.holdTimer);
    floor.unfollow();
    if (floors.get(floor.restaurantId) === floor) floors.delete(floor.restaurantId);
  }

  /** The restaurant's floor, built first when this instance has none. */
  function load(restaurantId: string): Promise<Floor> {
    const existing = floors.get(restaurantId);
    if (existing) return existing.work.then(() => existing);
    const floor: Floor = {
      restaurantId,
      entries: new Map(),
      sorted: null,
      tableOfOrder: new Map(),
      seq: 0,
      touched: new Set(),
      everything: false,
      work: Promise.resolve(),
      queued: false,
      built: false,
      early: [],
      lastReadAt: now(),
      unfollow: () => {},
      holdTimer: undefined,
      dropped: false,
    };
    floors.set(restaurantId, floor);
    // Following first, then reading: an event committed after the read's snapshot is handed over.
    floor.unfollow = hub.follow(restaurantId, (event) => {
      if (floor.built) take(floor, event);
      else floor.early.push(event);
    });
    const build = (async () => {
      const read = await findFloorFigures(db, restaurantId);
      floor.seq = read.seq;
      for (const figures of read.tables) put(floor, figures, read.seq, read.now, false);
      hub.noteCursor(restaurantId, read.seq);
      floor.built = true;
      // What the snapshot already holds is left out; the rest is taken as it came.
      for (const event of floor.early.splice(0)) if (event.seq > read.seq) take(floor, event);
      watchHolds(floor);
    })();
    floor.work = build.catch(() => {});
    evictBeyondLimit();
    return build.then(
      () => floor.work.then(() => floor),
      (error) => {
        drop(floor);
        throw error;
      },
    );
  }

  function sortedOf(floor: Floor): TFloorTable[] {
    floor.sorted ??= [...floor.entries.values()].map((e) => e.table).sort(compareFloorTables);
    return floor.sorted;
  }

  function evictBeyondLimit() {
    if (floors.size <= maxFloors) return;
    const idle = [...floors.values()]
      .filter((f) => !hub.hasStaffStreams(f.restaurantId))
      .sort((x, y) => x.lastReadAt - y.lastReadAt);
    for (const floor of idle.slice(0, floors.size - maxFloors)) drop(floor);
  }

  function sweep() {
    const before = now() - idleMs;
    for (const floor of [...floors.values()]) {
      if (floor.lastReadAt < before && !hub.hasStaffStreams(floor.restaurantId)) drop(floor);
    }
  }

  /** Reads every table of the restaurant's floor again (a waiter renamed; hearing restored). */
  function readAgain(restaurantId: string) {
    const floor = floors.get(restaurantId);
    if (!floor || floor.dropped) return;
    floor.everything = true;
    if (floor.built) queueRead(floor);
  }

  return {
    start() {
      // A member's stream opening here: this instance tells it of every table's change from now on.
      stops.push(
        hub.watchStaffStreams((restaurantId) => {
          if (!floors.has(restaurantId) && hub.isListening()) {
            load(restaurantId).catch((error) =>
              log.error({ err: error, restaurantId }, 'could not build the floor'),
            );
          }
        }),
        // Events missed while not hearing are read again by the hub; holds and names are not events.
        hub.watchListening((listening) => {
          if (listening) for (const restaurantId of floors.keys()) readAgain(restaurantId);
        }),
      );
      sweeper = setInterval(sweep, 60_000);
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
      for (const stop of stops.splice(0)) stop();
      for (const floor of [...floors.values()]) drop(floor);
    },

    /**
     * Every active table of the restaurant, by area then number: from memory once built, after
     * the events this instance has heard so far are in. While the log's notices are not heard, from
     * the database each time.
     */
    async read(restaurantId: string): Promise<TFloorTable[]> {
      if (!hub.isListening()) {
        const read = await findFloorFigures(db, restaurantId);
        return read.tables.map(toFloorTable).sort(compareFloorTables);
      }
      let floor = await load(restaurantId);
      await hub.caughtUp(restaurantId);
      await floor.work;
      // Dropped meanwhile (a failed read): built again.
      if (floor.dropped) floor = await load(restaurantId);
      floor.lastReadAt = now();
      return sortedOf(floor);
    },

    /**
     * After the floor's own write committed: its tables as its events have them, at once (the hub
     * hands the same events over later, which then changes nothing).
     */
    wrote(restaurantId: string, updates: readonly TTableUpdatedData[], seq: number) {
      const floor = floors.get(restaurantId);
      if (!floor?.built) return;
      floor.seq = Math.max(floor.seq, seq);
      for (const data of updates) putTold(floor, data, seq);
    },

    /**
     * After a member's write on this instance (an order, a payment, a call answered): reads the
     * log now, so their next read of the floor includes it. On the embedded database the notice
     * arrives before the write is answered; on PostgreSQL a moment after.
     */
    noteWrite(restaurantId: string) {
      if (noticesLag && floors.has(restaurantId)) hub.readNow(restaurantId);
    },

    readAgain,

    readAgainAll() {
      for (const restaurantId of floors.keys()) readAgain(restaurantId);
    },

    /** How many floors this instance holds (tests). */
    get size() {
      return floors.size;
    },
  };
}

export type FloorKeeper = ReturnType<typeof createFloorKeeper>;

/**
 * The floors as the auth channel's notices keep them (http/notified-caches.ts): a restaurant whose
 * staff changed (a waiter renamed) has its floor read again. The channel also tells of sign-outs and
 * role changes, rare enough to read a floor for; this instance's own writes come as notices too, so
 * the flush after them (no restaurant named) is let pass.
 */
export function floorNames(floors: FloorKeeper) {
  return {
    forget(restaurantId?: string) {
      if (restaurantId !== undefined && restaurantId !== '*') floors.readAgain(restaurantId);
    },
    setListening(listening: boolean) {
      if (listening) floors.readAgainAll();
    },
  };
}

import type { TTableUpdatedData } from '@tavolo/contract/events';
import type { TFloorTable } from '@tavolo/contract/floor';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventHub, LiveEvent } from '../../events/event-hub';
import type { ReadyBody } from '../../lib/ready-body';
import {
  findFloorFigures,
  findOpenBillOrderMarks,
  findTableFigures,
  type OpenBillOrderMark,
} from './floor.repository';
import {
  compareFloorTables,
  copyFloorTable,
  type OrderMark,
  orderFiguresOf,
  sameFloorTable,
  type TableFigures,
  toFloorTable,
} from './floor-model';

/** A table's figures before any read (an entry first known from the log). */
const EMPTY_BASE: TableFigures = {
  id: '',
  number: 0,
  label: null,
  area: null,
  seats: null,
  active: true,
  covers: null,
  waiterId: null,
  waiterName: null,
  openedAtMs: null,
  totalMinor: 0,
  paidMinor: 0,
  openRequests: 0,
  billRequested: false,
  holdUntilMs: null,
};

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

/** GET /api/floor's answer, made once per change: its tables, ready to send (lib/ready-body.ts). */
export type FloorBody = ReadyBody & { tables: TFloorTable[] };

type Entry = {
  /** The table and its visit as last read (its orders are counted from `Floor.marks`). */
  base: TableFigures;
  /** The entry as told: GET answers it, table.updated carried it. */
  table: TFloorTable;
  /** The last event this entry is known to include (its log number). */
  seq: number;
  /** Local clock time a checkout's hold on the bill lets go; null when none holds. */
  holdEndsAt: number | null;
};

type Floor = {
  restaurantId: string;
  entries: Map<string, Entry>;
  /** What GET /api/floor answers, by area then number, ready to send; null after a change. */
  sorted: FloorBody | null;
  /**
   * The orders on each table's open bill (not cancelled), kept by the orders' events, read afresh
   * when a floor is built, a visit ends or a table's entry is written elsewhere: counting a bill that
   * grew all evening on every change would cost a read of every one of its orders.
   */
  marks: Map<string, Map<string, OrderMark>>;
  /** Which table's open bill each marked order is on, so an order that moves leaves the table it was on. */
  tableOfOrder: Map<string, string>;
  /** The newest event this floor was handed (or wrote itself): any read begun now includes it. */
  seq: number;
  touched: Set<string>;
  /** Tables whose open bill's orders are read afresh at the next read. */
  recount: Set<string>;
  /** Every table read again (tables added, renamed, deactivated; a waiter renamed). */
  everything: boolean;
  /** Order events handed over while a read runs: taken again over the orders it read afresh. */
  orderEvents: LiveEvent[] | null;
  /** The first build, then each read again, one after another. */
  work: Promise<void>;
  queued: boolean;
  /** When the last read again began, and how to begin the next one at once (a read of the floor waits). */
  readAt: number;
  hurry: (() => void) | undefined;
  urgent: boolean;
  /** A member wrote here since the last read of the floor (see `noteWrite`). */
  written: boolean;
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

/**
 * While events keep coming, a floor's tables are read again at most this often: a burst of orders
 * costs one read, not one per batch, and table.updated trails its change by this much at most. The
 * first change after a quiet moment is read at once; a read of the floor does not wait.
 */
const READ_INTERVAL_MS = 50;

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

  function marksOf(floor: Floor, tableId: string): Map<string, OrderMark> {
    let marks = floor.marks.get(tableId);
    if (!marks) {
      marks = new Map();
      floor.marks.set(tableId, marks);
    }
    return marks;
  }

  /**
   * An order's event as its open bill's marks have it: where it is, in which state. Taking one again
   * changes nothing (each says the order as of itself), so those handed over during a read that
   * counted orders afresh are taken again over what it read.
   */
  function markOrder(floor: Floor, event: LiveEvent & { type: 'order.created' | 'order.updated' }) {
    const { order } = event.data;
    const before = floor.tableOfOrder.get(order.id);
    // An order on no open bill here (its visit ended, or it was cancelled) changes no table.
    if (event.type === 'order.updated' && before === undefined) return;
    if (before !== undefined) {
      floor.marks.get(before)?.delete(order.id);
      floor.tableOfOrder.delete(order.id);
      floor.touched.add(before);
    }
    if (order.tableId === null) return;
    floor.touched.add(order.tableId);
    if (order.status === 'cancelled') return;
    marksOf(floor, order.tableId).set(order.id, {
      status: order.status,
      createdAtMs: Date.parse(order.createdAt),
    });
    floor.tableOfOrder.set(order.id, order.tableId);
  }

  /** The table's open bill's orders as read afresh (for every table when `tableIds` is undefined). */
  function putMarks(floor: Floor, tableIds: readonly string[] | undefined, marks: OpenBillOrderMark[]) {
    const afresh = tableIds ?? [...floor.marks.keys()];
    for (const tableId of afresh) {
      for (const orderId of floor.marks.get(tableId)?.keys() ?? []) floor.tableOfOrder.delete(orderId);
      floor.marks.delete(tableId);
    }
    for (const mark of marks) {
      marksOf(floor, mark.tableId).set(mark.orderId, { status: mark.status, createdAtMs: mark.createdAtMs });
      floor.tableOfOrder.set(mark.orderId, mark.tableId);
    }
  }

  function remove(floor: Floor, id: string, tell: boolean) {
    const entry = floor.entries.get(id);
    if (!entry) return;
    floor.entries.delete(id);
    floor.sorted = null;
    if (tell) announce(floor, entry.table, true);
  }

  /** Puts what the database said of a table as of `seq` with its orders, unless an entry known newer is there. */
  function put(floor: Floor, base: TableFigures, seq: number, clock: number, tell: boolean) {
    const current = floor.entries.get(base.id);
    if (current && current.seq > seq) return;
    if (!base.active) return remove(floor, base.id, tell);
    const figures = { ...base, ...orderFiguresOf(floor.marks.get(base.id)?.values() ?? []) };
    const table = toFloorTable(figures);
    const holdEndsAt = base.holdUntilMs === null ? null : now() + (base.holdUntilMs - clock);
    floor.entries.set(base.id, { base, table, seq, holdEndsAt });
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

  /** A table.updated of the log: the table exactly as of its event (the floor's own writes, a merge). */
  function putTold(floor: Floor, data: TTableUpdatedData, seq: number) {
    const current = floor.entries.get(data.table.id);
    if (current && current.seq > seq) return;
    if (data.removed) return remove(floor, data.table.id, false);
    floor.entries.set(data.table.id, {
      base: current?.base ?? { ...EMPTY_BASE, id: data.table.id },
      table: copyFloorTable(data.table),
      seq,
      holdEndsAt: current?.holdEndsAt ?? null,
    });
    floor.sorted = null;
    // What the entry does not hold (its figures, its orders: a merge moved some) is read again.
    floor.touched.add(data.table.id);
    floor.recount.add(data.table.id);
  }

  function take(floor: Floor, event: LiveEvent) {
    floor.seq = Math.max(floor.seq, event.seq);
    switch (event.type) {
      case 'order.created':
      case 'order.updated':
        markOrder(floor, event);
        floor.orderEvents?.push(event);
        break;
      case 'bill.updated':
        floor.touched.add(event.data.tableId);
        // The orders the visit's end took off the bill are not told one by one.
        if (event.data.closed) floor.recount.add(event.data.tableId);
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
    floor.work = floor.work.then(async () => {
      const wait = floor.readAt + READ_INTERVAL_MS - now();
      if (wait > 0 && !floor.urgent) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          floor.hurry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        floor.hurry = undefined;
      }
      await readTouched(floor);
    });
  }

  async function readTouched(floor: Floor) {
    floor.queued = false;
    floor.urgent = false;
    floor.readAt = now();
    if (floor.dropped) return;
    const everything = floor.everything;
    const recount = [...floor.recount];
    const touched = [...new Set([...floor.touched, ...recount])];
    floor.everything = false;
    floor.touched.clear();
    floor.recount.clear();
    if (!everything && touched.length === 0) return;
    // Every event up to here was committed before this read begins: it sees them all.
    const seq = floor.seq;
    floor.orderEvents = [];
    try {
      const read = await findTableFigures(db, floor.restaurantId, everything ? undefined : touched);
      if (everything || recount.length > 0) {
        const afresh = everything ? undefined : recount;
        putMarks(floor, afresh, await findOpenBillOrderMarks(db, floor.restaurantId, afresh));
        // What came meanwhile, over what was read: each event says its order as of itself.
        for (const event of floor.orderEvents) markOrder(floor, event as Parameters<typeof markOrder>[1]);
      }
      if (floor.dropped) return;
      const found = new Set(read.tables.map((t) => t.id));
      for (const base of read.tables) put(floor, base, seq, read.now, true);
      const asked = everything ? [...floor.entries.keys()] : touched;
      for (const id of asked) {
        const entry = floor.entries.get(id);
        if (!found.has(id) && entry && entry.seq <= seq) remove(floor, id, true);
      }
      watchHolds(floor);
    } catch (error) {
      log.error({ err: error, restaurantId: floor.restaurantId }, 'could not read the floor again');
      // Every table is read again in a moment (what was touched is not known any more): the streams
      // then hear of every change meanwhile.
      floor.everything = true;
      setTimeout(() => queueRead(floor), 1_000).unref();
    } finally {
      floor.orderEvents = null;
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
      marks: new Map(),
      tableOfOrder: new Map(),
      seq: 0,
      touched: new Set(),
      recount: new Set(),
      everything: false,
      orderEvents: null,
      work: Promise.resolve(),
      queued: false,
      readAt: 0,
      hurry: undefined,
      urgent: false,
      written: false,
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
      const read = await findTableFigures(db, restaurantId);
      // Read after the tables: it may hold orders of events after `read.seq`, taken again below.
      putMarks(floor, undefined, await findOpenBillOrderMarks(db, restaurantId));
      floor.seq = read.seq;
      for (const base of read.tables) put(floor, base, read.seq, read.now, false);
      hub.noteCursor(restaurantId, read.seq);
      floor.built = true;
      // What the tables' snapshot already holds is left out; the rest is taken as it came.
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

  function bodyOf(floor: Floor): FloorBody {
    if (!floor.sorted) {
      const tables = [...floor.entries.values()].map((e) => e.table).sort(compareFloorTables);
      floor.sorted = { tables, json: JSON.stringify({ tables }), encoded: new Map() };
    }
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
    async read(restaurantId: string): Promise<FloorBody> {
      if (!hub.isListening()) {
        const read = await findFloorFigures(db, restaurantId);
        const tables = read.map(toFloorTable).sort(compareFloorTables);
        return { tables, json: JSON.stringify({ tables }), encoded: new Map() };
      }
      let floor = await load(restaurantId);
      if (floor.written) {
        floor.written = false;
        hub.readNow(restaurantId);
      }
      await hub.caughtUp(restaurantId);
      floor.urgent = true;
      floor.hurry?.();
      await floor.work;
      // Dropped meanwhile (a failed read): built again.
      if (floor.dropped) floor = await load(restaurantId);
      floor.lastReadAt = now();
      return bodyOf(floor);
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
     * After a member's write on this instance (an order, a payment, a call answered): the next read
     * of the floor here reads the log first, so it includes the write. On the embedded database the
     * notice arrives before the write is answered; on PostgreSQL a moment after.
     */
    noteWrite(restaurantId: string) {
      const floor = floors.get(restaurantId);
      if (noticesLag && floor) floor.written = true;
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

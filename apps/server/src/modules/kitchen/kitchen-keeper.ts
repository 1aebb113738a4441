import type { TKitchenUpdatedData, TStation } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventHub, LiveEvent } from '../../events/event-hub';
import type { ReadyBody } from '../../lib/ready-body';
import { listStations } from '../stations/stations.service';
import { findKitchenOrders } from './kitchen.repository';
import { createKitchenBook, type KitchenBook } from './kitchen-book';

declare module '../../core/context' {
  interface AppServices {
    /** Each restaurant's stations and their tickets, kept in memory by the live events (decision 033). */
    kitchens: KitchenKeeper;
  }
}

/*
 * The kitchen of each restaurant this instance serves, in memory (decision 033): its open orders'
 * tickets by station and each station's all-day panel. Built from the database on first need, then
 * kept by the order events every instance hears through the hub — they carry the whole order, so
 * nothing is read again: each order's tickets are worked out anew, the ones that changed go out to
 * this instance's streams as kitchen.updated, and the all-day sums take off the order's old part and
 * add its new one (never summed again from every line). A station's answer is made once per change.
 */

/**
 * A station's answer without the printer's status (which changes apart from the tickets), and the
 * last answer made of it with that status, ready to send.
 */
export type StationBody = {
  json: string;
  madeAt: number;
  answer: { printer: string; body: ReadyBody } | null;
};

type Kitchen = {
  restaurantId: string;
  book: KitchenBook;
  bodies: Map<string, StationBody>;
  ready: Promise<void>;
  /** Events heard while the first read ran: applied after it (older copies are ignored). */
  early: LiveEvent[] | null;
  readAt: number;
  written: boolean;
  unfollow: () => void;
};

/** How long a station's answer may be reused while nothing changes (its recent bumps age out). */
const BODY_MAX_AGE_MS = 5_000;

export type KitchenKeeperOptions = {
  db: Db;
  hub: EventHub;
  log: FastifyBaseLogger;
  idleMs?: number;
  now?: () => number;
};

export function createKitchenKeeper(options: KitchenKeeperOptions) {
  const { db, hub, log } = options;
  const idleMs = options.idleMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const kitchens = new Map<string, Kitchen>();
  let sweeper: NodeJS.Timeout | undefined;

  /** Takes the order; the tickets that changed go out to this instance's streams. */
  function apply(kitchen: Kitchen, order: TOrder) {
    for (const { stationId, ticket, done } of kitchen.book.apply(order)) {
      kitchen.bodies.delete(stationId);
      const data: TKitchenUpdatedData = { stationId, ticket, done };
      hub.announce(kitchen.restaurantId, {
        type: 'kitchen.updated',
        data,
        orderId: ticket.orderId,
        tableId: null,
        seq: null,
      });
    }
  }

  function onEvent(kitchen: Kitchen, event: LiveEvent) {
    if (kitchen.early) {
      kitchen.early.push(event);
      return;
    }
    if (event.type === 'order.created' || event.type === 'order.updated') apply(kitchen, event.data.order);
    else if (event.type === 'stations.updated') {
      kitchen.book.restation(event.data.items);
      kitchen.bodies.clear();
    }
  }

  function open(restaurantId: string): Kitchen {
    const existing = kitchens.get(restaurantId);
    if (existing) return existing;
    const kitchen: Kitchen = {
      restaurantId,
      book: createKitchenBook([]),
      bodies: new Map(),
      ready: Promise.resolve(),
      early: [],
      readAt: now(),
      written: false,
      unfollow: () => {},
    };
    kitchens.set(restaurantId, kitchen);
    // Following first, then reading: nothing falls between the two.
    kitchen.unfollow = hub.follow(restaurantId, (event) => onEvent(kitchen, event));
    kitchen.ready = (async () => {
      const [stations, orders] = await Promise.all([
        listStations(db, restaurantId),
        findKitchenOrders(db, restaurantId),
      ]);
      kitchen.book = createKitchenBook(stations);
      for (const order of orders) kitchen.book.apply(order);
      const early = kitchen.early ?? [];
      kitchen.early = null;
      for (const event of early) onEvent(kitchen, event);
    })().catch((error) => {
      log.error({ err: error, restaurantId }, 'could not read the kitchen');
      kitchen.unfollow();
      kitchens.delete(restaurantId);
      throw error;
    });
    return kitchen;
  }

  function bodyOf(kitchen: Kitchen, station: TStation): StationBody {
    const clock = now();
    const held = kitchen.bodies.get(station.id);
    if (held && clock - held.madeAt < BODY_MAX_AGE_MS) return held;
    const json = JSON.stringify({ station, ...kitchen.book.stationView(station.id, clock) });
    const body: StationBody = { json, madeAt: clock, answer: null };
    kitchen.bodies.set(station.id, body);
    return body;
  }

  return {
    /**
     * GET /api/kitchen's answer for a station (the default one when none is named) without the
     * printer's status; undefined when the restaurant has no such station.
     */
    async view(
      restaurantId: string,
      stationId: string | undefined,
    ): Promise<{ station: TStation; body: StationBody } | undefined> {
      const kitchen = open(restaurantId);
      await kitchen.ready;
      kitchen.readAt = now();
      // A member just wrote here: the log may hold it before its notice reaches this instance.
      if (kitchen.written) {
        kitchen.written = false;
        hub.readNow(restaurantId);
        await hub.caughtUp(restaurantId);
      }
      const { stations, defaultStationId } = kitchen.book;
      const station = stations.find((s) => s.id === (stationId ?? defaultStationId));
      if (!station) return undefined;
      return { station, body: bodyOf(kitchen, station) };
    },
    /** An order this instance just wrote: taken at once, before its event comes back through the log. */
    noteOrder(restaurantId: string, order: TOrder) {
      const kitchen = kitchens.get(restaurantId);
      if (kitchen && !kitchen.early) apply(kitchen, order);
    },
    /** A member wrote here: the next read of the kitchen first reads the log. */
    noteWrite(restaurantId: string) {
      const kitchen = kitchens.get(restaurantId);
      if (kitchen) kitchen.written = true;
    },
    /** The kitchen's stations as held (for the printers). */
    async stations(restaurantId: string): Promise<TStation[]> {
      const kitchen = open(restaurantId);
      await kitchen.ready;
      return kitchen.book.stations;
    },
    start() {
      sweeper = setInterval(() => {
        const clock = now();
        for (const [id, kitchen] of kitchens) {
          if (clock - kitchen.readAt > idleMs && !hub.hasStaffStreams(id)) {
            kitchen.unfollow();
            kitchens.delete(id);
          }
        }
      }, 60_000).unref();
    },
    stop() {
      clearInterval(sweeper);
      for (const kitchen of kitchens.values()) kitchen.unfollow();
      kitchens.clear();
    },
    /** How many kitchens are held (tests). */
    get size() {
      return kitchens.size;
    },
  };
}

export type KitchenKeeper = ReturnType<typeof createKitchenKeeper>;

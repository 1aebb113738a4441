import { useQueryClient } from '@tanstack/react-query';
import type { BodyOf, EndpointOf, ParamsOf, ResponseOf, Route } from '@tavolo/contract/endpoint';
import type { TOrderStatus } from '@tavolo/contract/orders';
import { useCallback, useEffect, useMemo } from 'react';
import { type ErrorWording, getErrorMessage } from './api-client';
import { replayWhenBack } from './connectivity';
import { useCurrentSession } from './current-session';
import { activeLanguage, t } from './i18n/i18n';
import {
  getOfflineQueue,
  type OfflineQueue,
  type QueueEntry,
  refusalAsError,
  useOfflineQueue,
} from './offline-queue';
import {
  createTapSender,
  createTapSync,
  NOT_OWN_TAP,
  type SendTap,
  sendingOwnOnly,
  type TapResult,
  tapRequest,
} from './queued-mutation';
import { getStaffConnection } from './staff-connection';

/**
 * The staff screens' taps that outlive a Wi-Fi drop (PRODUCT.md §13), what each keeps to show it
 * while it waits and to say it when it is refused, and the dashboard's catching up. The kitchen's
 * bumps and recalls, the board's moves, Today's menu's sold out and a waiter's order go through
 * `useSendStaffTap`; the screens draw the unsent ones over the server's data. Decision 042.
 */

/** Who made the tap: it is sent only while they are signed in to that restaurant. */
export interface TapAuthor {
  userId: string;
  restaurantId: string;
}

export interface TapDish {
  name: string;
  quantity: number;
}

interface KitchenLinesTap {
  stationId: string;
  orderId: string;
  orderNumber: number;
  tableNumber: number;
  course: number;
  lineIndexes: number[];
  dishes: TapDish[];
}

export type StaffTap =
  | ({ kind: 'kitchen.bump'; status: 'preparing' | 'ready' } & KitchenLinesTap)
  | ({ kind: 'kitchen.recall' } & KitchenLinesTap)
  | { kind: 'order.status'; orderId: string; orderNumber: number; tableNumber: number; status: TOrderStatus }
  | { kind: 'menu.soldOut'; menuItemId: string; name: string; soldOut: boolean }
  | { kind: 'order.place'; tableId: string; tableNumber: number; dishes: TapDish[] };

export type StaffTapKind = StaffTap['kind'];
export type StaffTapMeta = StaffTap & { by: TapAuthor };
export type StaffTapEntry = QueueEntry<StaffTapMeta>;

export const STAFF_TAPS = 'staff-taps' as const;

/** How often a screen shown offline while the browser says online asks whether the server is back. */
const PROBE_EVERY_MS = 10_000;

export function getStaffTapQueue(): OfflineQueue<StaffTapMeta> {
  return getOfflineQueue<StaffTapMeta>(STAFF_TAPS);
}

let catchUpNow: (() => void) | undefined;
let pageSender: SendTap<StaffTapMeta> | undefined;

function getTapSender(): SendTap<StaffTapMeta> {
  pageSender ??= createTapSender({
    queue: getStaffTapQueue(),
    isOffline: () => !getStaffConnection().getSnapshot().online,
    // Queued behind another while the way is open: it goes now rather than at the next trigger.
    onQueued: () => {
      if (getStaffConnection().getSnapshot().online) catchUpNow?.();
    },
  });
  return pageSender;
}

export type TapCall<R extends Route> = {
  params?: ParamsOf<EndpointOf<R>>;
  body: BodyOf<EndpointOf<R>>;
};

/**
 * Sends a tap as the signed-in person, or queues it (see createTapSender): the mutation hooks of
 * the staff screens call their endpoint through this.
 */
export function useSendStaffTap() {
  const { userId, restaurantId } = useCurrentSession();
  return useCallback(
    <R extends Route>(
      route: R,
      call: TapCall<R>,
      tap: StaffTap,
      options?: { idempotencyKey?: string },
    ): Promise<TapResult<ResponseOf<EndpointOf<R>>>> =>
      getTapSender()<ResponseOf<EndpointOf<R>>>(
        tapRequest(route, call),
        { ...tap, by: { userId, restaurantId } },
        options,
      ),
    [userId, restaurantId],
  );
}

/** The queue's entries of this restaurant, in the order they were made; re-renders as they change. */
export function useStaffTapEntries(): readonly StaffTapEntry[] {
  const { restaurantId } = useCurrentSession();
  const { entries } = useOfflineQueue<StaffTapMeta>(STAFF_TAPS, getStaffTapQueue());
  return useMemo(
    () => entries.filter((entry) => entry.meta?.by.restaurantId === restaurantId),
    [entries, restaurantId],
  );
}

export type UnsentTap<K extends StaffTapKind> = {
  id: string;
  tap: Extract<StaffTapMeta, { kind: K }>;
  /** Not sent yet (false: sent, until the screen's data has been read again). */
  waiting: boolean;
  /** When it was made (ms since the epoch). */
  at: number;
};

/**
 * The taps of some kinds a screen draws over the server's data, in the order they were made:
 * those waiting, and those just sent until the data has been read again (then they let go).
 */
export function unsentTaps<K extends StaffTapKind>(
  entries: readonly StaffTapEntry[],
  kinds: readonly K[],
): UnsentTap<K>[] {
  const wanted: ReadonlySet<StaffTapKind> = new Set(kinds);
  const taps: UnsentTap<K>[] = [];
  for (const entry of entries) {
    if (entry.state === 'refused' || !entry.meta || !wanted.has(entry.meta.kind)) continue;
    taps.push({
      id: entry.id,
      tap: entry.meta as Extract<StaffTapMeta, { kind: K }>,
      waiting: entry.state !== 'sent',
      at: entry.queuedAt,
    });
  }
  return taps;
}

/** A person lets go of a refused tap they have read. */
export function acknowledgeStaffTap(id: string): Promise<boolean> {
  return getStaffTapQueue().acknowledge(id);
}

function dishesOf(dishes: readonly TapDish[]): string {
  return dishes
    .map((dish) => t('lib.staffTap.dish', { quantity: dish.quantity, name: dish.name }))
    .join(', ');
}

function statusName(status: TOrderStatus): string {
  switch (status) {
    case 'pending':
      return t('lib.staffTap.status.pending');
    case 'accepted':
      return t('lib.staffTap.status.accepted');
    case 'preparing':
      return t('lib.staffTap.status.preparing');
    case 'ready':
      return t('lib.staffTap.status.ready');
    case 'served':
      return t('lib.staffTap.status.served');
    case 'completed':
      return t('lib.staffTap.status.completed');
    case 'cancelled':
      return t('lib.staffTap.status.cancelled');
  }
}

/** What the tap does, in a few words: "Table 4 · #12: 2× Tagliata ready". */
export function describeStaffTap(tap: StaffTap): string {
  switch (tap.kind) {
    case 'kitchen.bump': {
      const values = { table: tap.tableNumber, number: tap.orderNumber, dishes: dishesOf(tap.dishes) };
      return tap.status === 'ready'
        ? t('lib.staffTap.bumpReady', values)
        : t('lib.staffTap.bumpStarted', values);
    }
    case 'kitchen.recall':
      return t('lib.staffTap.recall', {
        table: tap.tableNumber,
        number: tap.orderNumber,
        dishes: dishesOf(tap.dishes),
      });
    case 'order.status':
      return t('lib.staffTap.move', {
        table: tap.tableNumber,
        number: tap.orderNumber,
        status: statusName(tap.status),
      });
    case 'menu.soldOut':
      return tap.soldOut
        ? t('lib.staffTap.soldOut', { name: tap.name })
        : t('lib.staffTap.backOn', { name: tap.name });
    case 'order.place':
      return t('lib.staffTap.order', { table: tap.tableNumber, dishes: dishesOf(tap.dishes) });
  }
}

/** Outside English, the refusals a tap meets most (in English the server's own sentence says more). */
const TAP_ERROR_WORDING: ErrorWording = {
  CONFLICT: () => t('lib.staffTap.changedMeanwhile'),
  INVALID_TRANSITION: () => t('lib.staffTap.changedMeanwhile'),
  NOT_FOUND: () => t('lib.staffTap.gone'),
};

const LINE_DISH_FIELD = /^items\.(\d+)\.menuItemId$/;

/**
 * What the server said of each dish of a refused order ("items.1.menuItemId": "Tiramisù is sold
 * out"), by the dish's name, in the person's language; empty when it said nothing of the dishes.
 */
function dishProblems(dishes: readonly TapDish[], fields: Record<string, string> | undefined): string[] {
  const problems: string[] = [];
  for (const [field, message] of Object.entries(fields ?? {})) {
    const index = LINE_DISH_FIELD.exec(field)?.[1];
    const name = index === undefined ? undefined : dishes[Number(index)]?.name;
    if (name === undefined) continue;
    if (/sold out/i.test(message)) problems.push(t('lib.staffTap.dishSoldOut', { name }));
    else problems.push(activeLanguage() === 'en' ? message : t('lib.staffTap.dishUnavailable', { name }));
  }
  return problems;
}

/** Why a tap was refused, in the person's language. */
export function describeRefusal(entry: StaffTapEntry): string {
  if (entry.state !== 'refused') return '';
  const error = refusalAsError(entry.refusal);
  if (error.message === NOT_OWN_TAP) return t('lib.staffTap.otherPerson');
  if (entry.meta?.kind === 'order.place') {
    const problems = dishProblems(entry.meta.dishes, error.apiError?.fields);
    if (problems.length > 0) return problems.join(' ');
  }
  return getErrorMessage(error, TAP_ERROR_WORDING);
}

/**
 * The dashboard's catching up, mounted once under the signed-in session: sends the queued taps
 * when the way may be open again (the browser back online, the page shown again, every 30 s, a
 * tap queued behind others) and, when the screens come back from "offline", reads every screen's
 * data again after sending them (events replayed after Last-Event-ID carry much, not all).
 */
export function useStaffTapSync() {
  const queryClient = useQueryClient();
  const { userId, restaurantId } = useCurrentSession();

  useEffect(() => {
    const queue = getStaffTapQueue();
    const connection = getStaffConnection();
    const catchUp = createTapSync({
      queue,
      send: sendingOwnOnly(
        queue,
        (meta) => meta?.by.userId === userId && meta.by.restaurantId === restaurantId,
      ),
      refetch: () => queryClient.invalidateQueries(),
    });
    const quietly = (withRefetch: boolean) => catchUp(withRefetch).catch(() => undefined);
    catchUpNow = () => void quietly(false);
    const stopTriggers = replayWhenBack(() => quietly(false));
    let before = connection.getSnapshot();
    const stopListening = connection.subscribe(() => {
      const now = connection.getSnapshot();
      // Every sign good again: send what waits; after a drop the screens showed, read everything again.
      if (now.reachable && !before.reachable) void quietly(!before.online);
      before = now;
    });
    // Shown offline while the browser says online (a Wi-Fi that reaches nothing, a server
    // restarting): no event will say when it is over, so ask now and then. The replay is the
    // question when a tap waits; else the screen's own queries are.
    const probe = setInterval(() => {
      if (connection.getSnapshot().online || !navigator.onLine || document.visibilityState !== 'visible')
        return;
      void quietly(false).then(() => {
        if (!connection.getSnapshot().reachable) void queryClient.refetchQueries({ type: 'active' });
      });
    }, PROBE_EVERY_MS);
    return () => {
      stopTriggers();
      stopListening();
      clearInterval(probe);
      catchUpNow = undefined;
    };
  }, [queryClient, userId, restaurantId]);
}

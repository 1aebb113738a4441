import type { TEventData, TEventType } from '../events';

/** The live events' names and how a client reads them without their schemas (see events.ts). */

export const MENU_CHANGE_REASONS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'item.sold_out',
  'item.back',
  'category.created',
  'category.updated',
  'category.deleted',
  'category.reordered',
  'table.changed',
  'restaurant.updated',
] as const;

/** Sent once a stream has replayed what the client missed; from then on events are live. */
export const READY_EVENT = 'ready';

/** What each stream carries. */
export const STREAM_EVENTS = {
  /** The staff stream of the session's restaurant. */
  restaurant: [
    'order.created',
    'order.updated',
    'menu.updated',
    'service_request.created',
    'service_request.updated',
    'bill.updated',
  ],
  /** A guest's stream of their own order. */
  guestOrder: ['order.updated'],
  /** The stream every phone at one table holds: the menu, that table's bill and requests. */
  table: ['menu.updated', 'bill.updated', 'service_request.updated'],
} as const satisfies Record<string, readonly TEventType[]>;

/** The field every event of a type carries (its schema's first): what `readEventData` checks. */
const EVENT_KEYS: Record<TEventType, string> = {
  'order.created': 'order',
  'order.updated': 'order',
  'menu.updated': 'reason',
  'service_request.created': 'request',
  'service_request.updated': 'request',
  'bill.updated': 'tableId',
};

/**
 * Reads an event's data: JSON holding its type's main field; null for anything else (the list is
 * then the truth). The server publishes every event through its schema (events.ts), so the web's
 * first pages read them without zod.
 */
export function readEventData<T extends TEventType>(type: T, json: string): TEventData<T> | null {
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data !== 'object' || data === null) return null;
    const main = (data as Record<string, unknown>)[EVENT_KEYS[type]];
    return main === undefined || main === null ? null : (data as TEventData<T>);
  } catch {
    return null;
  }
}

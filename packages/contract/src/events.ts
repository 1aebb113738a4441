import { z } from 'zod';
import { ZId } from './common';
import { ZOrder } from './orders';
import { ZServiceRequest } from './table-service';

/**
 * Every live event, as its data travels on the streams (server-sent events: `id:` is the
 * restaurant's event number, `event:` the type, `data:` JSON of the schema below). The server
 * publishes through these schemas and the web reads with them.
 */

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

export const ZOrderEventData = z.object({ order: ZOrder });
export type TOrderEventData = z.infer<typeof ZOrderEventData>;

export const ZMenuUpdatedData = z.object({
  reason: z.enum(MENU_CHANGE_REASONS),
  menuItemId: ZId.optional(),
  categoryId: ZId.optional(),
});
export type TMenuUpdatedData = z.infer<typeof ZMenuUpdatedData>;

export const ZServiceRequestEventData = z.object({ request: ZServiceRequest });
export type TServiceRequestEventData = z.infer<typeof ZServiceRequestEventData>;

/** A table's bill moved (an order, a payment, a close): its figures; clients reload the bill. */
export const ZBillUpdatedData = z.object({
  tableId: ZId,
  tableNumber: z.number().int(),
  visitId: ZId,
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** True when the visit just ended (settled in full, or closed by staff). */
  closed: z.boolean(),
});
export type TBillUpdatedData = z.infer<typeof ZBillUpdatedData>;

export const EVENT_SCHEMAS = {
  /** A new order; its `version` is 1. */
  'order.created': ZOrderEventData,
  /** An order changed (status, payment): keep it if its `version` is newer than the copy held. */
  'order.updated': ZOrderEventData,
  /** Anything a guest's menu shows changed: reload the menu. */
  'menu.updated': ZMenuUpdatedData,
  /** A guest called staff to their table. */
  'service_request.created': ZServiceRequestEventData,
  /** A request was acknowledged. */
  'service_request.updated': ZServiceRequestEventData,
  'bill.updated': ZBillUpdatedData,
} as const;

export type TEventType = keyof typeof EVENT_SCHEMAS;
export type TEventData<T extends TEventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;
export type TLiveEvent = { [T in TEventType]: { type: T; data: TEventData<T> } }[TEventType];

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

/** Reads an event's data as its schema says; null for anything else (the list is then the truth). */
export function parseEventData<T extends TEventType>(type: T, json: string): TEventData<T> | null {
  try {
    const parsed = EVENT_SCHEMAS[type].safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as TEventData<T>) : null;
  } catch {
    return null;
  }
}

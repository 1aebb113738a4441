import { z } from 'zod';
import { ZId } from './common';
import { ZFloorTable } from './floor';
import { ZKitchenUpdatedData, ZStationList } from './kitchen';
import { ZOrder } from './orders';
import { ZServiceRequest } from './table-service';
import { MENU_CHANGE_REASONS, STREAM_EVENTS } from './values/events';

export { MENU_CHANGE_REASONS, READY_EVENT, STREAM_EVENTS } from './values/events';

/**
 * Every live event, as its data travels on the streams (server-sent events: `id:` is the
 * restaurant's event number, `event:` the type, `data:` JSON of the schema below). The server
 * publishes through these schemas and the web reads with them.
 */

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

/**
 * A table's floor entry changed (seated, ordered, served, paid, handed over, renamed), or the table
 * joined the floor: the entry as GET /api/floor has it. `removed` says it left the floor (deactivated
 * or deleted): the entry is its last. Most are worked out by each server instance from the changes
 * it hears and sent without an id, so a resumed stream does not replay them: a floor reads
 * GET /api/floor again once its stream is ready (decision 029).
 */
export const ZTableUpdatedData = z.object({ table: ZFloorTable, removed: z.literal(true).optional() });
export type TTableUpdatedData = z.infer<typeof ZTableUpdatedData>;

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
  'table.updated': ZTableUpdatedData,
  /**
   * A station's ticket changed (PRODUCT.md §10). Worked out by each server instance from the order
   * events it hears, like table.updated: sent without an id, so a station screen reads
   * GET /api/kitchen again once its stream is ready.
   */
  'kitchen.updated': ZKitchenUpdatedData,
  /** Stations were added, renamed, given a printer or deleted: every station, as GET /api/stations. */
  'stations.updated': ZStationList,
} as const;

export type TEventType = keyof typeof EVENT_SCHEMAS;
export type TEventData<T extends TEventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;
export type TLiveEvent = { [T in TEventType]: { type: T; data: TEventData<T> } }[TEventType];

// values/events.ts names the streams' events without the schemas; here they must be events.
STREAM_EVENTS satisfies Record<string, readonly TEventType[]>;

/** Reads an event's data as its schema says; null for anything else (the list is then the truth). */
export function parseEventData<T extends TEventType>(type: T, json: string): TEventData<T> | null {
  try {
    const parsed = EVENT_SCHEMAS[type].safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as TEventData<T>) : null;
  } catch {
    return null;
  }
}

import type { TEventData, TEventType } from '../events';
import { MENU_CHANGE_REASONS } from '../values/events';
import { TABLE_STATES } from '../values/floor';
import { ORDER_STATUSES } from '../values/orders';

/** How a client reads the live events without their schemas (see events.ts). */

type Kind = 'string' | 'integer' | 'boolean' | 'array' | readonly string[] | Outline;
type Outline = { readonly [field: string]: Kind };

// The fields of each event's data that clients act on, with what they hold: a check by hand of
// the schemas' outline (events.ts), so that the web's first pages read events without zod.
const ORDER: Outline = {
  id: 'string',
  number: 'integer',
  tableNumber: 'integer',
  status: ORDER_STATUSES,
  items: 'array',
  totalMinor: 'integer',
  paidMinor: 'integer',
  version: 'integer',
  createdAt: 'string',
  updatedAt: 'string',
};
const REQUEST: Outline = {
  id: 'string',
  tableId: 'string',
  tableNumber: 'integer',
  kind: 'string',
  status: 'string',
  createdAt: 'string',
};
const TICKET: Outline = {
  orderId: 'string',
  orderNumber: 'integer',
  tableNumber: 'integer',
  course: 'integer',
  firedAt: 'string',
  lines: 'array',
};
const OUTLINES: Record<TEventType, Outline> = {
  'order.created': { order: ORDER },
  'order.updated': { order: ORDER },
  'menu.updated': { reason: MENU_CHANGE_REASONS },
  'service_request.created': { request: REQUEST },
  'service_request.updated': { request: REQUEST },
  'bill.updated': {
    tableId: 'string',
    tableNumber: 'integer',
    visitId: 'string',
    totalMinor: 'integer',
    paidMinor: 'integer',
    dueMinor: 'integer',
    closed: 'boolean',
  },
  'table.updated': {
    table: {
      id: 'string',
      number: 'integer',
      state: TABLE_STATES,
      openOrders: 'integer',
      totalMinor: 'integer',
      dueMinor: 'integer',
      openRequests: 'integer',
    },
  },
  'kitchen.updated': { stationId: 'string', ticket: TICKET, done: 'boolean' },
  'stations.updated': { items: 'array' },
};

function fits(value: unknown, kind: Kind): boolean {
  if (kind === 'string') return typeof value === 'string';
  if (kind === 'integer') return Number.isInteger(value);
  if (kind === 'boolean') return typeof value === 'boolean';
  if (kind === 'array') return Array.isArray(value);
  if (Array.isArray(kind)) return kind.includes(value as string);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(kind).every(([key, inner]) => fits((value as Record<string, unknown>)[key], inner));
}

/**
 * Reads an event's data: JSON with its type's outline; null for anything else (the list is then
 * the truth). The server publishes every event through its schema (events.ts).
 */
export function readEventData<T extends TEventType>(type: T, json: string): TEventData<T> | null {
  try {
    const data: unknown = JSON.parse(json);
    return fits(data, OUTLINES[type]) ? (data as TEventData<T>) : null;
  } catch {
    return null;
  }
}

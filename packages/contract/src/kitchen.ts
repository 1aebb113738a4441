import { z } from 'zod';
import { textPattern, ZId, ZIdParams } from './common';
import { access, endpoint } from './endpoint';
import { ZCourse, ZDateBound, ZKitchenNotice, ZKitchenStatus, ZOrder } from './orders';
import {
  allDayKey,
  allDayOf,
  DEFAULT_PRINTER_PORT,
  KITCHEN_STATUSES,
  MAX_STATIONS,
  RECALL_WINDOW_MINUTES,
  sortAllDay,
} from './values/kitchen';

export {
  allDayKey,
  allDayOf,
  DEFAULT_PRINTER_PORT,
  KITCHEN_STATUSES,
  MAX_STATIONS,
  RECALL_WINDOW_MINUTES,
  sortAllDay,
};

/*
 * The kitchen (PRODUCT.md §10): stations that prepare lines, courses held until staff fire them,
 * each line's own state, and the screens the stations and the pass work from.
 */

// ---- stations ---------------------------------------------------------------------------------

export const ZPrinterAddress = z
  .object({
    host: z
      .string({ message: 'is required' })
      .trim()
      .min(1, { message: 'is required' })
      .max(253, { message: 'must be at most 253 characters' })
      .regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'must be a host name or an IP address' }),
    port: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(65535, { message: 'must be at most 65535' })
      .default(DEFAULT_PRINTER_PORT),
  })
  .strict();
export type TPrinterAddress = z.infer<typeof ZPrinterAddress>;

/** How a station's printer is doing, as this server instance last saw it; null without a printer. */
export const ZPrinterStatus = z.object({
  state: z.enum(['idle', 'ok', 'failing']),
  lastError: z.string().nullable(),
  failedSince: z.iso.datetime().nullable(),
  /** Tickets waiting to be printed (retried after a failure). */
  pending: z.number().int(),
  lastPrintedAt: z.iso.datetime().nullable(),
});
export type TPrinterStatus = z.infer<typeof ZPrinterStatus>;

export const ZStation = z.object({
  id: ZId,
  name: z.string(),
  printer: z.object({ host: z.string(), port: z.number().int() }).nullable(),
  /** "Kitchen": every restaurant has it, it takes what no other station does, it cannot be deleted. */
  isDefault: z.boolean(),
});
export type TStation = z.infer<typeof ZStation>;

export const ZStationList = z.object({ items: z.array(ZStation) });
export type TStationList = z.infer<typeof ZStationList>;

export const ZStationRequest = z
  .object({
    name: z
      .string({ message: 'is required' })
      .trim()
      .min(1, { message: 'is required' })
      .max(40, { message: 'must be at most 40 characters' })
      .meta({ pattern: textPattern(1) }),
    printer: ZPrinterAddress.nullable().optional(),
  })
  .strict();
export type TStationRequest = z.infer<typeof ZStationRequest>;

// ---- the station screen -----------------------------------------------------------------------

export const ZKitchenLine = z.object({
  /** The line's place in its order's items (what bump and recall name). */
  lineIndex: z.number().int(),
  menuItemId: ZId,
  name: z.string(),
  /** Units to make; voided ones are counted apart and shown struck through. */
  quantity: z.number().int(),
  voidedQuantity: z.number().int(),
  options: z.array(z.object({ group: z.string(), choice: z.string() })),
  note: z.string().nullable(),
  seat: z.number().int().nullable(),
  kitchenStatus: ZKitchenStatus,
  startedAt: z.iso.datetime().nullable(),
  readyAt: z.iso.datetime().nullable(),
  /** When units of it were last voided; null if none were. */
  voidedAt: z.iso.datetime().nullable(),
  /** A void, change or recall the station has not acknowledged: the line shows marked until it does. */
  notice: ZKitchenNotice.nullable(),
});
export type TKitchenLine = z.infer<typeof ZKitchenLine>;

/** One order's lines of one course at one station, from the moment the course was fired. */
export const ZKitchenTicket = z.object({
  orderId: ZId,
  orderNumber: z.number().int(),
  tableNumber: z.number().int(),
  course: z.number().int(),
  firedAt: z.iso.datetime(),
  /** Who took it (a staff order), and the order's note. */
  takenBy: z.string().nullable(),
  orderNote: z.string().nullable(),
  lines: z.array(ZKitchenLine),
});
export type TKitchenTicket = z.infer<typeof ZKitchenTicket>;

/** What is queued or preparing at a station, summed by dish and options. */
export const ZAllDayEntry = z.object({
  menuItemId: ZId,
  name: z.string(),
  options: z.array(z.object({ group: z.string(), choice: z.string() })),
  quantity: z.number().int(),
});
export type TAllDayEntry = z.infer<typeof ZAllDayEntry>;

export const ZKitchenView = z.object({
  station: ZStation,
  /** Tickets with a line still queued or preparing, or a notice not acknowledged, oldest fired first. */
  tickets: z.array(ZKitchenTicket),
  /** Tickets whose last line was made ready in the last RECALL_WINDOW_MINUTES, newest first. */
  recent: z.array(ZKitchenTicket),
  allDay: z.array(ZAllDayEntry),
  printer: ZPrinterStatus.nullable(),
});
export type TKitchenView = z.infer<typeof ZKitchenView>;

export const ZKitchenQuery = z.object({
  /** The station; Kitchen (the default station) when absent. */
  stationId: ZId.optional(),
});
export type TKitchenQuery = z.infer<typeof ZKitchenQuery>;

const ZLineIndexes = z
  .array(
    z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be at least 0' })
      .max(99, { message: 'must be at most 99' }),
  )
  .min(1, { message: 'must name at least one line' })
  .max(100);

export const ZBumpRequest = z
  .object({ orderId: ZId, lineIndexes: ZLineIndexes, status: z.enum(['preparing', 'ready']) })
  .strict();
export type TBumpRequest = z.infer<typeof ZBumpRequest>;

export const ZRecallRequest = z.object({ orderId: ZId, lineIndexes: ZLineIndexes }).strict();
export type TRecallRequest = z.infer<typeof ZRecallRequest>;

export const ZAcknowledgeRequest = z.object({ orderId: ZId, lineIndexes: ZLineIndexes }).strict();
export type TAcknowledgeRequest = z.infer<typeof ZAcknowledgeRequest>;

export const ZReprintRequest = z.object({ orderId: ZId, stationId: ZId, course: ZCourse }).strict();
export type TReprintRequest = z.infer<typeof ZReprintRequest>;

export const ZFireRequest = z.object({ course: ZCourse }).strict();
export type TFireRequest = z.infer<typeof ZFireRequest>;

// ---- prep times -------------------------------------------------------------------------------

const ZPrepFigures = z.object({
  /** Lines made ready in the period (fired → ready). */
  lines: z.number().int(),
  avgSeconds: z.number().int(),
  p90Seconds: z.number().int(),
});

export const ZKitchenStats = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  stations: z.array(ZPrepFigures.extend({ stationId: ZId, name: z.string() })),
  dishes: z.array(ZPrepFigures.extend({ menuItemId: ZId, name: z.string() })),
});
export type TKitchenStats = z.infer<typeof ZKitchenStats>;

export const ZKitchenStatsQuery = z.object({ from: ZDateBound.optional(), to: ZDateBound.optional() });
export type TKitchenStatsQuery = z.infer<typeof ZKitchenStatsQuery>;

// ---- events -----------------------------------------------------------------------------------

/**
 * A station's ticket changed (fired, bumped, recalled, voided): the ticket as it is now. `done`
 * says it left the station's list of tickets to make (every line ready, served or voided, and every
 * void, change or recall on it acknowledged).
 */
export const ZKitchenUpdatedData = z.object({
  stationId: ZId,
  ticket: ZKitchenTicket,
  done: z.boolean(),
});
export type TKitchenUpdatedData = z.infer<typeof ZKitchenUpdatedData>;

// ---- endpoints --------------------------------------------------------------------------------

const manageSettings = access.permission('settings.manage');

export const stationsEndpoints = {
  listStations: endpoint({
    method: 'GET',
    path: '/api/stations',
    tag: 'stations',
    summary: "The restaurant's stations, Kitchen first",
    description: 'Readable by whoever sees orders (the station screen picks from it) or manages settings.',
    access: access.permission('orders.view', 'settings.manage'),
    response: ZStationList,
  }),
  createStation: endpoint({
    method: 'POST',
    path: '/api/stations',
    tag: 'stations',
    summary: 'Add a station, with a network printer or without',
    description: `A restaurant has at most ${MAX_STATIONS} stations; names are unique (409).`,
    access: manageSettings,
    body: ZStationRequest,
    status: 201,
    response: ZStation,
    errors: [409],
  }),
  updateStation: endpoint({
    method: 'PUT',
    path: '/api/stations/:id',
    tag: 'stations',
    summary: 'Rename a station or change its printer',
    description: 'printer null removes the printer; left out keeps it.',
    access: manageSettings,
    params: ZIdParams,
    body: ZStationRequest,
    response: ZStation,
    errors: [404, 409],
  }),
  deleteStation: endpoint({
    method: 'DELETE',
    path: '/api/stations/:id',
    tag: 'stations',
    summary: 'Delete a station: its categories and dishes go to Kitchen',
    description: 'Kitchen itself cannot be deleted (409). Lines already sent to it show on Kitchen.',
    access: manageSettings,
    params: ZIdParams,
    status: 204,
    errors: [404, 409],
  }),
};

const manageOrders = access.permission('orders.manage');

export const kitchenEndpoints = {
  getKitchen: endpoint({
    method: 'GET',
    path: '/api/kitchen',
    tag: 'kitchen',
    summary: "A station's fired tickets, its recent bumps and its all-day counts",
    description:
      'Live: the staff stream carries kitchen.updated with each changed ticket. An unknown stationId answers 404.',
    access: access.permission('orders.view'),
    query: ZKitchenQuery,
    response: ZKitchenView,
    errors: [404],
  }),
  bumpLines: endpoint({
    method: 'POST',
    path: '/api/kitchen/bump',
    tag: 'kitchen',
    summary: 'Start lines (preparing) or make them ready',
    description:
      'Lines already at the status stay as they are. A held, voided or served line, or a line of a cancelled or completed order, answers 409. The order follows its lines: its first line started makes it preparing, its last fired line ready makes it ready.',
    access: manageOrders,
    body: ZBumpRequest,
    response: ZOrder,
    // A tablet's bump queued through a Wi-Fi drop is sent again with its key (decision 042).
    idempotent: true,
    errors: [404, 409, 422],
  }),
  recallLines: endpoint({
    method: 'POST',
    path: '/api/kitchen/recall',
    tag: 'kitchen',
    summary: `Take lines made ready in the last ${RECALL_WINDOW_MINUTES} minutes back to preparing`,
    description:
      'A line not ready, or ready for longer, answers 409; a ready or served order goes back to preparing.',
    access: manageOrders,
    body: ZRecallRequest,
    response: ZOrder,
    idempotent: true,
    errors: [404, 409, 422],
  }),
  acknowledgeLines: endpoint({
    method: 'POST',
    path: '/api/kitchen/acknowledge',
    tag: 'kitchen',
    summary: 'Acknowledge a void, change or recall shown on a ticket',
    description:
      "The named lines lose their mark (VOID, CHANGED, RECALLED); a ticket whose lines are all voided, ready or served then leaves the station. A line with nothing to acknowledge stays as it is (a second tap changes nothing). A cancelled order's lines can be acknowledged (its cancellation marked VOID what its stations were sent; its tickets leave once seen). A line the order does not have answers 422, a completed order 409.",
    access: manageOrders,
    body: ZAcknowledgeRequest,
    response: ZOrder,
    idempotent: true,
    errors: [404, 409, 422],
  }),
  reprintTicket: endpoint({
    method: 'POST',
    path: '/api/kitchen/reprint',
    tag: 'kitchen',
    summary: "Print a fired ticket again on its station's printer",
    description:
      'A station without a printer, a ticket of a cancelled order (on the screen only to say VOID), or a ticket not fired there, answers 409.',
    access: manageOrders,
    body: ZReprintRequest,
    status: 202,
    response: ZPrinterStatus,
    errors: [404, 409],
  }),
  fireCourse: endpoint({
    method: 'POST',
    path: '/api/orders/:id/fire',
    tag: 'kitchen',
    summary: 'Fire a held course: its lines go to their stations',
    description:
      'A course with no held line answers 409. A ready or served order goes back to preparing (recorded in its history).',
    access: manageOrders,
    params: ZIdParams,
    body: ZFireRequest,
    response: ZOrder,
    errors: [404, 409],
  }),
  kitchenStats: endpoint({
    method: 'GET',
    path: '/api/kitchen/stats',
    tag: 'kitchen',
    summary: 'Prep times, fired to ready, per station and per dish',
    description:
      "from/to are dates or instants in the restaurant's zone; today when absent. Lines count where they were made ready.",
    access: access.permission('orders.view', 'dashboard.view'),
    query: ZKitchenStatsQuery,
    response: ZKitchenStats,
    errors: [422],
  }),
};

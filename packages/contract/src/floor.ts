import { z } from 'zod';
import { ZId, ZIdParams } from './common';
import { access, endpoint } from './endpoint';
import { ZOrder } from './orders';
import { MAX_COVERS, TABLE_STATES } from './values/floor';

export { MAX_COVERS, TABLE_STATES };

/*
 * The floor (PRODUCT.md §9): every table with its visit, as waiters and hosts see it. A visit is a
 * table's orders since its bill was last settled or closed (decision 022); staff open it with the
 * covers and the waiter serving it, a guest's QR order at a free table opens it by itself.
 */

export const ZTableState = z.enum(TABLE_STATES);
export type TTableState = z.infer<typeof ZTableState>;

export const ZFloorTable = z.object({
  id: ZId,
  number: z.number().int(),
  label: z.string().nullable(),
  /** Where the table stands ("Terrace"); the floor groups by it, null = no area. */
  area: z.string().nullable(),
  seats: z.number().int().nullable(),
  state: ZTableState,
  /** The visit's guests; null while unknown (a QR order opened it) or free. */
  covers: z.number().int().nullable(),
  /** Who serves the visit; null = nobody named (the owner). */
  waiter: z.object({ id: ZId, name: z.string() }).nullable(),
  /** When the visit began (opened by staff, or its first order); null when free. */
  openedAt: z.iso.datetime().nullable(),
  /** The visit's orders not yet served or cancelled. */
  openOrders: z.number().int(),
  /** The visit's bill: orders not cancelled, and what is still due of it. */
  totalMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** The oldest of the open orders' placing; null when none. */
  oldestOpenOrderAt: z.iso.datetime().nullable(),
  /** Guests' calls not yet acknowledged (waiter, bill, message). */
  openRequests: z.number().int(),
});
export type TFloorTable = z.infer<typeof ZFloorTable>;

export const ZFloor = z.object({ tables: z.array(ZFloorTable) });
export type TFloor = z.infer<typeof ZFloor>;

/** A table as its screen shows it: the floor entry and the visit's orders (cancelled ones too), by number. */
export const ZFloorTableDetail = z.object({
  table: ZFloorTable,
  orders: z.array(ZOrder),
  /**
   * The restaurant's service charge now, in basis points: what the bill adds to the next round
   * (serviceChargeOf its subtotal), so the waiter's send button can say so before sending.
   */
  serviceChargeBasisPoints: z.number().int(),
});
export type TFloorTableDetail = z.infer<typeof ZFloorTableDetail>;

const ZCovers = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(MAX_COVERS, { message: `must be at most ${MAX_COVERS}` });

export const ZOpenTableRequest = z
  .object({
    covers: ZCovers,
    /** The staff member serving it; absent = the caller (staff) or nobody (the owner). */
    waiterId: ZId.nullable().optional(),
  })
  .strict();
export type TOpenTableRequest = z.infer<typeof ZOpenTableRequest>;

export const ZUpdateVisitRequest = z
  .object({ covers: ZCovers.optional(), waiterId: ZId.nullable().optional() })
  .strict();
export type TUpdateVisitRequest = z.infer<typeof ZUpdateVisitRequest>;

/** Whom a table can be handed to: the restaurant's active staff by name. */
export const ZWaiterList = z.object({ items: z.array(z.object({ id: ZId, name: z.string() })) });
export type TWaiterList = z.infer<typeof ZWaiterList>;

export const ZMergeTablesRequest = z.object({ fromTableId: ZId }).strict();
export type TMergeTablesRequest = z.infer<typeof ZMergeTablesRequest>;

export const ZTransferTableRequest = z.object({ toTableId: ZId }).strict();
export type TTransferTableRequest = z.infer<typeof ZTransferTableRequest>;

export const floorEndpoints = {
  getFloor: endpoint({
    method: 'GET',
    path: '/api/floor',
    tag: 'floor',
    summary: "Every active table of the session's restaurant with its visit",
    description:
      'By area, then number. The staff stream carries table.updated with the same entry whenever one changes.',
    access: access.permission('orders.view'),
    response: ZFloor,
  }),
  getFloorTable: endpoint({
    method: 'GET',
    path: '/api/floor/tables/:id',
    tag: 'floor',
    summary: "One table's floor entry and its visit's orders",
    access: access.permission('orders.view'),
    params: ZIdParams,
    response: ZFloorTableDetail,
  }),
  listWaiters: endpoint({
    method: 'GET',
    path: '/api/floor/waiters',
    tag: 'floor',
    summary: "The restaurant's active staff by name, to hand a table to",
    description:
      'Names only (no e-mail, role or PIN), for whoever takes orders: a waiter hands a table to a colleague without managing staff.',
    access: access.permission('orders.create', 'staff.manage'),
    response: ZWaiterList,
  }),
  openTable: endpoint({
    method: 'POST',
    path: '/api/tables/:id/open',
    tag: 'floor',
    summary: 'Seat guests at a table: open its visit, or change the covers and waiter of the open one',
    description:
      "Answers the table's entry. Without waiterId the open visit keeps its waiter, else the caller serves it (staff) or nobody (the owner); a waiterId names an active member of the restaurant's staff (else 422). An inactive table answers 409.",
    access: access.permission('orders.create'),
    params: ZIdParams,
    body: ZOpenTableRequest,
    response: ZFloorTable,
    errors: [409, 422],
  }),
  updateVisit: endpoint({
    method: 'PUT',
    path: '/api/tables/:id/visit',
    tag: 'floor',
    summary: "Change the open visit's covers, or hand the table to another waiter",
    description:
      "Fields left out keep their value; waiterId null leaves the table to nobody, an id names an active member of the restaurant's staff (else 422). A table with no open visit answers 409.",
    access: access.permission('orders.create'),
    params: ZIdParams,
    body: ZUpdateVisitRequest,
    response: ZFloorTable,
    errors: [409, 422],
  }),
  mergeTables: endpoint({
    method: 'POST',
    path: '/api/tables/:id/merge',
    tag: 'floor',
    summary: "Move every open order of another table onto this table's bill",
    description:
      'Orders with nothing paid move; the other table is left free. Both tables are sent as table.updated and bill.updated.',
    access: access.permission('orders.manage'),
    params: ZIdParams,
    body: ZMergeTablesRequest,
    response: ZFloorTable,
    errors: [409],
  }),
  transferTable: endpoint({
    method: 'POST',
    path: '/api/tables/:id/transfer',
    tag: 'floor',
    summary: 'Move the whole visit (orders, guests, waiter, payments) to a free table',
    description:
      "Answers the new table's entry; this table is left free. The new table must be active and free (409), nor may a guest be paying at this one (409). Covers move with the guests, so they count once. Both tables are sent as table.updated and bill.updated; the audit log gets table.transferred.",
    access: access.permission('orders.manage'),
    params: ZIdParams,
    body: ZTransferTableRequest,
    response: ZFloorTable,
    errors: [409],
  }),
  clearTable: endpoint({
    method: 'POST',
    path: '/api/tables/:id/clear',
    tag: 'floor',
    summary: 'Clear a seated table with nothing open or due: its visit ends',
    description:
      "For a table whose guests left, or whose last order moved away. An order not yet served, anything due, or a guest paying answers 409, as does a free table. Answers the table's entry (free); the audit log gets visit.cleared.",
    access: access.permission('orders.manage'),
    params: ZIdParams,
    response: ZFloorTable,
    errors: [409],
  }),
};

import type { TTableUpdatedData } from '@tavolo/contract/events';
import type {
  TFloorTable,
  TFloorTableDetail,
  TOpenTableRequest,
  TUpdateVisitRequest,
  TWaiterList,
} from '@tavolo/contract/floor';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import type { TableRow } from '../../db/rows';
import { currentEventSeq } from '../../events/event-hub';
import type { DomainEvent, EventPublisher } from '../../events/event-publisher';
import { presentOrder } from '../orders/orders.service';
import { findRestaurantRow } from '../restaurants/restaurants.service';
import { holdTable } from '../visits/visits.service';
import {
  findActiveStaffMember,
  findActiveStaffNames,
  findFloorFigures,
  findVisitOrders,
  lockRestaurantEvents,
  saveVisit,
} from './floor.repository';
import type { FloorBody } from './floor-keeper';
import { type FloorFigures, toFloorTable } from './floor-model';

/*
 * The floor (PRODUCT.md §9): every table with its visit, and seating guests. Reads come from the
 * instance's floor in memory (floor-keeper.ts, decision 029); seating writes the table's visit and
 * its table.updated in one transaction.
 */

/**
 * Every active table of the session's restaurant with its visit, by area then number: the floor's
 * answer made once per change (`tables`, and `json` ready to send).
 */
/** Whom a table can be handed to (PRODUCT.md §9): the restaurant's active staff by name. */
export async function listWaiters(ctx: StaffContext): Promise<TWaiterList> {
  return { items: await findActiveStaffNames(ctx.db, ctx.principal.restaurantId) };
}

export function getFloor(ctx: StaffContext): Promise<FloorBody> {
  return ctx.floors.read(ctx.principal.restaurantId);
}

/** One table's entry from the database (in the caller's transaction: as its change left it). */
export async function readFloorTable(ctx: StaffContext, tableId: string): Promise<TFloorTable> {
  const [figures] = await findFloorFigures(ctx.db, ctx.principal.restaurantId, [tableId]);
  if (!figures) throw notFound('Table');
  return toFloorTable(figures);
}

/** One table's entry and the orders of its open bill (cancelled ones too), by number, from the database. */
export async function getFloorTable(ctx: StaffContext, input: { id: string }): Promise<TFloorTableDetail> {
  const table = await readFloorTable(ctx, input.id);
  const [orders, restaurant] = await Promise.all([
    findVisitOrders(ctx.db, ctx.principal.restaurantId, input.id),
    findRestaurantRow(ctx.db, ctx.principal.restaurantId),
  ]);
  return {
    table,
    orders: orders.map(presentOrder),
    serviceChargeBasisPoints: restaurant?.serviceChargeBasisPoints ?? 0,
  };
}

const isVisiting = (figures: FloorFigures) => figures.openedAtMs !== null || figures.orders > 0;

/** The waiter a request names: an active member of the restaurant's staff, or nobody (null). */
async function waiterNamed(db: Db, restaurantId: string, waiterId: string | null): Promise<string | null> {
  if (waiterId === null) return null;
  const member = await findActiveStaffMember(db, restaurantId, waiterId);
  if (!member) {
    throw new AppError('UNPROCESSABLE', "The waiter must be an active member of this restaurant's staff", {
      waiterId: 'is not an active member of the staff',
    });
  }
  return member.id;
}

/** Who serves a table when nobody is named: the staff member seating it; nobody for the owner. */
const callerAsWaiter = (principal: Principal) => (principal.userType === 'staff' ? principal.staffId : null);

/**
 * Seats guests at a table: opens its visit with the covers and the waiter (named, or else the
 * caller when staff, nobody for the owner), or changes those of the visit already open (a visit a
 * guest's QR order opened gets its covers; one with a waiter keeps them unless another is named).
 */
export async function openTable(
  ctx: StaffContext,
  input: { id: string; request: TOpenTableRequest },
): Promise<TFloorTable> {
  const { db, events, principal, floors } = ctx;
  const { restaurantId } = principal;
  const { request } = input;
  const written = await db.transaction(async (tx) => {
    const { table, figures } = await holdFloorTable(tx, restaurantId, input.id);
    if (!table.active) {
      throw new AppError('CONFLICT', `Table ${table.number} is inactive: activate it to seat guests there`);
    }
    const current = isVisiting(figures) ? table.visitWaiterId : null;
    const waiterId =
      request.waiterId === undefined
        ? (current ?? callerAsWaiter(principal))
        : await waiterNamed(tx, restaurantId, request.waiterId);
    await saveVisit(tx, restaurantId, table.id, { covers: request.covers, waiterId });
    return publishTablesUpdated(tx, events, restaurantId, [table.id]);
  });
  floors.wrote(restaurantId, written.updates, written.seq);
  return written.updates[0]!.table;
}

/** Changes the open visit's covers or waiter (hands the table over); 409 when the table has no visit. */
export async function updateVisit(
  ctx: StaffContext,
  input: { id: string; request: TUpdateVisitRequest },
): Promise<TFloorTable> {
  const { db, events, principal, floors } = ctx;
  const { restaurantId } = principal;
  const { request } = input;
  const written = await db.transaction(async (tx) => {
    const { table, figures } = await holdFloorTable(tx, restaurantId, input.id);
    if (!isVisiting(figures)) {
      throw new AppError('CONFLICT', `Table ${table.number} has no open visit: seat guests there first`);
    }
    const waiterId =
      request.waiterId === undefined
        ? table.visitWaiterId
        : await waiterNamed(tx, restaurantId, request.waiterId);
    await saveVisit(tx, restaurantId, table.id, { covers: request.covers ?? table.visitCovers, waiterId });
    return publishTablesUpdated(tx, events, restaurantId, [table.id]);
  });
  floors.wrote(restaurantId, written.updates, written.seq);
  return written.updates[0]!.table;
}

/** The table locked for a change to its visit (decision 022: the table first), with its figures. */
async function holdFloorTable(
  tx: Db,
  restaurantId: string,
  id: string,
): Promise<{ table: TableRow; figures: FloorFigures }> {
  const table = await holdTable(tx, restaurantId, id);
  if (!table) throw notFound('Table');
  const [figures] = await findFloorFigures(tx, restaurantId, [table.id]);
  return { table, figures: figures! };
}

/**
 * Writes table.updated for tables changed in this transaction, with each entry as it stands once
 * the change is made (for a module that changes tables' visits itself: seating, merging). Call it
 * after the tables' and orders' locks (decision 022), last: it holds the restaurant's row from
 * here on, so the entries are exactly the tables as of their events (decision 029). Answers what
 * was published and the last event's number, which `ctx.floors.wrote` takes once committed (else
 * this instance's floor has it when the hub hands the events over).
 */
export async function publishTablesUpdated(
  tx: Db,
  events: EventPublisher,
  restaurantId: string,
  tableIds: readonly string[],
): Promise<{ updates: TTableUpdatedData[]; seq: number }> {
  await lockRestaurantEvents(tx, restaurantId);
  const read = await findFloorFigures(tx, restaurantId, tableIds);
  const updates = read.map((figures): TTableUpdatedData => {
    const table = toFloorTable(figures);
    // A table off the floor (inactive) is said to have left it.
    return figures.active ? { table } : { table, removed: true };
  });
  await events.publishAll(
    tx,
    updates.map(
      (data): DomainEvent => ({ type: 'table.updated', restaurantId, tableId: data.table.id, data }),
    ),
  );
  return { updates, seq: await currentEventSeq(tx, restaurantId) };
}

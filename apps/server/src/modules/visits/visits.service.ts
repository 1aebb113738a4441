import type { Db } from '../../db/client';
import type { OrderRow, TableRow } from '../../db/rows';
import type { EventPublisher } from '../../events/event-publisher';
import { billFigures } from './bill-model';
import {
  endVisit,
  findOpenBillOrders,
  type HeldTable,
  lockEndedVisitOrders,
  lockOpenBillOrders,
  lockTable,
  lockTableOfOrder,
  moveVisitSeating,
  moveWholeVisit,
  sumCoversBetween,
} from './visits.repository';

/*
 * The table's visit and its open bill, for the modules that change it: orders (a cancellation),
 * money (every money move) and table-bill (checkout, close). They take its locks through here, in
 * the order of docs/decisions/022, and end the visit through here.
 */

export type { HeldTable };

/**
 * Before a money move or a cancellation on one order: when the order is on its table's open bill,
 * holds the table and then the bill's orders, so the change may end the visit.
 */
export function holdTableOfOrder(db: Db, restaurantId: string, orderId: string) {
  return lockTableOfOrder(db, restaurantId, orderId);
}

/** Holds the table alone: a checkout takes turns with every other change to the table's bill. */
export function holdTable(db: Db, restaurantId: string, tableId: string): Promise<TableRow | undefined> {
  return lockTable(db, restaurantId, tableId);
}

/**
 * Holds the table and a visit's orders (cancelled ones too), by number: the open visit's, or, when
 * `visitId` names one that already ended (a payment that arrives after its close), that one's.
 */
export async function holdVisit(
  db: Db,
  restaurantId: string,
  input: { tableId: string; visitId?: string },
): Promise<{ table: TableRow; orders: OrderRow[]; current: boolean } | undefined> {
  const table = await lockTable(db, restaurantId, input.tableId);
  if (!table) return undefined;
  const current = input.visitId === undefined || table.visitId === input.visitId;
  const orders = current
    ? await lockOpenBillOrders(db, restaurantId, table.id)
    : await lockEndedVisitOrders(db, restaurantId, { tableId: table.id, visitId: input.visitId! });
  return { table, orders, current };
}

/** The orders on the table's open bill (not cancelled), by number. */
export function findOpenBill(db: Db, restaurantId: string, tableId: string): Promise<OrderRow[]> {
  return findOpenBillOrders(db, restaurantId, tableId);
}

/** Tells every phone at the table (and the staff) that its bill moved. */
export async function publishBillUpdated(
  tx: Db,
  events: EventPublisher,
  input: {
    table: TableRow;
    visitId: string;
    figures: { totalMinor: number; paidMinor: number; dueMinor: number };
    closed: boolean;
  },
): Promise<void> {
  const { table, figures } = input;
  await events.publish(tx, {
    type: 'bill.updated',
    restaurantId: table.restaurantId,
    tableId: table.id,
    data: {
      tableId: table.id,
      tableNumber: table.number,
      visitId: input.visitId,
      totalMinor: figures.totalMinor,
      paidMinor: figures.paidMinor,
      dueMinor: figures.dueMinor,
      closed: input.closed,
    },
  });
}

/**
 * Ends the held visit: its orders are stamped with the visit's id and the table gets a new one
 * (an order placed meanwhile, which the holder did not see, stays on the next bill).
 */
export async function endHeldVisit(db: Db, held: HeldTable): Promise<void> {
  await endVisit(db, held.table.restaurantId, held.table, held.orderIds);
}

/**
 * After a money move or a cancellation on the table's open bill (the table and the bill's orders
 * held): ends the visit when the bill has an order and nothing is due, and publishes bill.updated
 * either way. Answers whether the visit ended.
 */
export async function settleVisitIfPaid(tx: Db, events: EventPublisher, held: HeldTable): Promise<boolean> {
  const { table } = held;
  const orders = await findOpenBillOrders(tx, table.restaurantId, table.id);
  const mine = orders.filter((o) => held.orderIds.includes(o.id));
  const figures = billFigures(mine);
  const ended = mine.length > 0 && figures.dueMinor === 0;
  if (ended) await endHeldVisit(tx, held);
  await publishBillUpdated(tx, events, { table, visitId: table.visitId, figures, closed: ended });
  return ended;
}

/**
 * Holds several tables and their open bills, for a change that moves orders between bills (an
 * order moved, tables merged): every table first, in id order, then each one's open bill's orders
 * (cancelled ones too) by number. A table that is not the restaurant's is left out.
 */
export async function holdTables(db: Db, restaurantId: string, tableIds: string[]): Promise<HeldTable[]> {
  const tables: TableRow[] = [];
  for (const id of [...new Set(tableIds)].sort()) {
    const table = await lockTable(db, restaurantId, id);
    if (table) tables.push(table);
  }
  const held: HeldTable[] = [];
  for (const table of tables) {
    const orders = await lockOpenBillOrders(db, restaurantId, table.id);
    held.push({ table, orderIds: orders.map((o) => o.id) });
  }
  return held;
}

/**
 * Tables merged (both held): the guests of `from` join the visit of `into` (their covers added,
 * its waiter kept or theirs taken, the earlier opening kept) and `from` is left with no one seated.
 */
export function joinVisitSeating(db: Db, from: TableRow, into: TableRow): Promise<void> {
  return moveVisitSeating(db, into.restaurantId, from, into);
}

/** The guests seated at the restaurant's visits opened in [from, to) (a day's covers). */
export function coversBetween(db: Db, restaurantId: string, from: Date, to: Date): Promise<number> {
  return sumCoversBetween(db, restaurantId, from, to);
}

/**
 * A table transferred (both held, the orders already moved to `into`): the visit goes with its
 * guests, waiter and payments to `into`, and `from` is left free (visits.repository moveWholeVisit).
 */
export function transferVisit(db: Db, from: TableRow, into: TableRow): Promise<void> {
  return moveWholeVisit(db, into.restaurantId, from, into);
}

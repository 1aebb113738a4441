import type { TFloorTable, TTransferTableRequest } from '@tavolo/contract/floor';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { OrderRow, TableRow } from '../../db/rows';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { publishTablesUpdated } from '../floor/floor.service';
import { moveOrderToTable } from '../orders/orders.service';
import { findTableRow } from '../tables/tables.service';
import { billFigures } from '../visits/bill-model';
import {
  endHeldVisit,
  findOpenBill,
  holdTables,
  holdVisit,
  publishBillUpdated,
  transferVisit,
} from '../visits/visits.service';
import { refuseTablesPaying } from './order-changes.service';

/*
 * Finishing a table (PRODUCT.md §9): a party moves to another table with everything of its visit,
 * or a table whose guests left with nothing open is cleared. Both are the floor's writes: their
 * table.updated go in the log with the change (publishTablesUpdated), for both tables.
 */

const NOT_YET_SERVED = new Set(['pending', 'accepted', 'preparing', 'ready']);

/** Whether a table has a visit: guests seated by staff, or an order on its open bill. */
const isVisiting = (table: TableRow, open: readonly OrderRow[]) =>
  table.visitOpenedAt !== null || open.length > 0;

/**
 * Moves the table's whole visit to a free table: its orders (paid or not), its guests (covers),
 * its waiter, its bill's payments. Both tables are locked in id order, then their bills' orders
 * (decision 022). 409 when the other table is not free or not active, when this one has no visit,
 * or while a guest is paying at it.
 */
export async function transferTable(
  ctx: StaffContext,
  input: { tableId: string; request: TTransferTableRequest },
): Promise<TFloorTable> {
  const { principal, events, floors } = ctx;
  const { restaurantId } = principal;
  const written = await ctx.db.transaction(async (tx) => {
    const seenFrom = await findTableRow(tx, restaurantId, input.tableId);
    const seenInto = await findTableRow(tx, restaurantId, input.request.toTableId);
    if (!seenFrom || !seenInto) throw notFound('Table');
    if (seenFrom.id === seenInto.id) throw new AppError('CONFLICT', 'A table cannot be moved onto itself');
    const held = await holdTables(tx, restaurantId, [seenFrom.id, seenInto.id]);
    const from = held.find((h) => h.table.id === seenFrom.id)!.table;
    const into = held.find((h) => h.table.id === seenInto.id)!.table;
    if (!into.active) throw new AppError('CONFLICT', `Table ${into.number} is not active`);
    const moving = await findOpenBill(tx, restaurantId, from.id);
    if (!isVisiting(from, moving))
      throw new AppError('CONFLICT', `Table ${from.number} has no guests to move`);
    if (isVisiting(into, await findOpenBill(tx, restaurantId, into.id))) {
      throw new AppError('CONFLICT', `Table ${into.number} is taken: move the party to a free table`);
    }
    await refuseTablesPaying(tx, held);

    // The cancelled orders of the visit go with it too: they are its history.
    // Locked with the table already (holdTables): read again as rows, cancelled ones too.
    const all = (await holdVisit(tx, restaurantId, { tableId: from.id }))?.orders ?? [];
    // The visit first (what `into` had left ends with its own visit), then its orders join it.
    await transferVisit(tx, from, into);
    for (const order of all) await moveOrderToTable(tx, events, order, into);

    await publishBillUpdated(tx, events, {
      table: from,
      visitId: from.visitId,
      figures: { totalMinor: 0, paidMinor: 0, dueMinor: 0 },
      closed: true,
    });
    await publishBillUpdated(tx, events, {
      table: into,
      visitId: from.visitId,
      figures: billFigures(moving),
      closed: false,
    });
    await recordAudit(tx, restaurantId, {
      kind: 'table.transferred',
      actor: auditActorOf(principal),
      tableNumber: into.number,
      amountMinor: billFigures(moving).totalMinor,
      details: {
        fromTableNumber: from.number,
        toTableNumber: into.number,
        visitId: from.visitId,
        covers: from.visitCovers,
        waiterId: from.visitWaiterId,
        orders: moving.map((o) => o.number),
      },
    });
    return publishTablesUpdated(tx, events, restaurantId, [from.id, into.id]);
  });
  floors.wrote(restaurantId, written.updates, written.seq);
  return written.updates.find((u) => u.table.id === input.request.toTableId)!.table;
}

/**
 * Ends a seated visit with nothing open: every order served (or cancelled), nothing due, nobody
 * paying. Its guests are kept for the day's covers, as any ended visit's. 409 otherwise, and for a
 * free table.
 */
export async function clearTable(ctx: StaffContext, input: { tableId: string }): Promise<TFloorTable> {
  const { principal, events, floors } = ctx;
  const { restaurantId } = principal;
  const written = await ctx.db.transaction(async (tx) => {
    const visit = await holdVisit(tx, restaurantId, { tableId: input.tableId });
    if (!visit) throw notFound('Table');
    const { table, orders: locked } = visit;
    const open = locked.filter((o) => o.status !== 'cancelled');
    if (!isVisiting(table, open)) throw new AppError('CONFLICT', `Table ${table.number} is free already`);
    await refuseTablesPaying(tx, [{ table, orderIds: locked.map((o) => o.id) }]);
    const cooking = open.find((o) => NOT_YET_SERVED.has(o.status));
    if (cooking) {
      throw new AppError(
        'CONFLICT',
        `Order #${cooking.number} is not served yet: the table cannot be cleared`,
      );
    }
    const figures = billFigures(open);
    if (figures.dueMinor > 0) {
      throw new AppError(
        'CONFLICT',
        `Table ${table.number} still owes money: settle or close its bill first`,
      );
    }
    await endHeldVisit(tx, { table, orderIds: locked.map((o) => o.id) });
    await publishBillUpdated(tx, events, { table, visitId: table.visitId, figures, closed: true });
    await recordAudit(tx, restaurantId, {
      kind: 'visit.cleared',
      actor: auditActorOf(principal),
      tableNumber: table.number,
      amountMinor: figures.totalMinor,
      details: { visitId: table.visitId, covers: table.visitCovers, orders: open.length },
    });
    return publishTablesUpdated(tx, events, restaurantId, [table.id]);
  });
  floors.wrote(restaurantId, written.updates, written.seq);
  return written.updates[0]!.table;
}

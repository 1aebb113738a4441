import type { TFloorTable, TMergeTablesRequest } from '@tavolo/contract/floor';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { recordAudit } from '../audit/audit-log';
import { readFloorTable } from '../floor/floor.service';
import { moveOrderToTable } from '../orders/orders.service';
import { findTableRow } from '../tables/tables.service';
import { billFigures } from '../visits/bill-model';
import {
  endHeldVisit,
  findOpenBill,
  holdTables,
  joinVisitSeating,
  publishBillUpdated,
} from '../visits/visits.service';
import { refuseOrderWithMoney, refuseTablesPaying } from './order-changes.service';

/**
 * Merges another table into this one (PRODUCT.md §9): every order on the other table's open bill
 * moves here, none of them with money paid (409 otherwise, and nothing moves), nor while a guest is
 * paying at either table. The other table's visit ends with nothing on it, its guests seated here.
 * Both tables are locked (in id order) and then their bills' orders, as decision 022 has it.
 */
export async function mergeTables(
  ctx: StaffContext,
  input: { tableId: string; request: TMergeTablesRequest },
): Promise<TFloorTable> {
  const { principal, events } = ctx;
  const { restaurantId } = principal;
  const { fromTableId } = input.request;
  return ctx.db.transaction(async (tx) => {
    const target = await findTableRow(tx, restaurantId, input.tableId);
    const source = await findTableRow(tx, restaurantId, fromTableId);
    if (!target) throw notFound('Table');
    if (!source) throw notFound('Table');
    if (target.id === source.id) throw new AppError('CONFLICT', 'A table cannot be merged into itself');
    if (!target.active) throw new AppError('CONFLICT', `Table ${target.number} is not active`);

    const held = await holdTables(tx, restaurantId, [target.id, source.id]);
    const into = held.find((h) => h.table.id === target.id)!;
    const from = held.find((h) => h.table.id === source.id)!;
    const fromOrders = await findOpenBill(tx, restaurantId, source.id);
    for (const order of fromOrders) await refuseOrderWithMoney(tx, order);
    await refuseTablesPaying(tx, held);

    // The orders took their row locks with the table's (holdTables): they are moved as they are.
    for (const order of fromOrders) await moveOrderToTable(tx, events, order, into.table);
    const moved = new Set(fromOrders.map((o) => o.id));
    // Its guests join this table first; what stays of the other visit (its cancelled orders) then
    // ends with no one seated, so the party's covers are counted here and only here.
    await joinVisitSeating(tx, from.table, into.table);
    const unseated = { ...from.table, visitCovers: null, visitWaiterId: null, visitOpenedAt: null };
    await endHeldVisit(tx, { table: unseated, orderIds: from.orderIds.filter((id) => !moved.has(id)) });

    const intoOrders = (await findOpenBill(tx, restaurantId, target.id)).filter(
      (o) => into.orderIds.includes(o.id) || moved.has(o.id),
    );
    await publishBillUpdated(tx, events, {
      table: from.table,
      visitId: from.table.visitId,
      figures: { totalMinor: 0, paidMinor: 0, dueMinor: 0 },
      closed: true,
    });
    await publishBillUpdated(tx, events, {
      table: into.table,
      visitId: into.table.visitId,
      figures: billFigures(intoOrders),
      closed: false,
    });
    await recordAudit(tx, restaurantId, {
      kind: 'table.merged',
      actor: { id: principal.userId, name: principal.name },
      tableNumber: into.table.number,
      amountMinor: fromOrders.reduce((s, o) => s + o.totalMinor, 0),
      details: {
        fromTableNumber: from.table.number,
        toTableNumber: into.table.number,
        orders: fromOrders.map((o) => o.number),
      },
    });
    return readFloorTable({ ...ctx, db: tx }, target.id);
  });
}

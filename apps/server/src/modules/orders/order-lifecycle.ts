import {
  FINAL_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type TOrder,
  type TOrderStatus,
  type TStatusChange,
  type TUpdateOrderStatusRequest,
} from '@tavolo/contract/orders';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { actorOf } from '../../core/principal';
import type { OrderRow } from '../../db/rows';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { announceStockChanges, giveBackStock } from '../menu/stock';
import { holdTableOfOrder, settleVisitIfPaid } from '../visits/visits.service';
import { linesForOrderStatus } from './kitchen-lines';
import { lockOrder, toOrder, updateOrder, withLineDefaults } from './orders.repository';

const linesOf = (order: OrderRow) => order.items.map((line) => withLineDefaults(line, order));

/**
 * Moves an order along its lifecycle (PRODUCT.md §4). The order's row is locked first, so two
 * staff tapping at once take turns: the second sees the first's move and gets 409 if its own no
 * longer applies. Cancelling needs a reason; completing needs the bill paid.
 */
export async function changeOrderStatus(
  ctx: StaffContext,
  input: { orderId: string; change: TUpdateOrderStatusRequest },
): Promise<TOrder> {
  const { db, events, principal } = ctx;
  const { orderId, change } = input;
  const { restaurantId } = principal;
  let menuChanged = false;
  const updatedOrder = await db.transaction(async (tx) => {
    // A cancellation may settle its table's bill: the table and the bill's orders first (docs/decisions/022).
    const held =
      change.status === 'cancelled' ? await holdTableOfOrder(tx, restaurantId, orderId) : undefined;
    const order = await lockOrder(tx, restaurantId, orderId);
    if (!order) throw notFound('Order');
    if (!ORDER_TRANSITIONS[order.status].includes(change.status)) {
      throw new AppError('INVALID_TRANSITION', describeRefusal(order.status, change.status));
    }
    if (change.status === 'cancelled' && !change.reason) {
      throw new AppError('VALIDATION_FAILED', 'Say why the order is cancelled', {
        reason: 'is required to cancel',
      });
    }
    if (change.status === 'completed' && order.paidMinor < order.totalMinor) {
      throw new AppError(
        'PAYMENT_REQUIRED',
        `Record the payment before completing: ${order.totalMinor - order.paidMinor} (minor units) are still due`,
      );
    }
    // A cancelled order's units go back to their dishes' counts, before the order is written (the
    // dishes' rows before the restaurant's: decision 035).
    const moved =
      change.status === 'cancelled'
        ? await giveBackStock(
            tx,
            restaurantId,
            order.items.map((line) => ({ menuItemId: line.menuItemId, quantity: line.quantity })),
          )
        : [];
    const now = new Date();
    // The order's fired lines move with it (and a course still held stops it from completing).
    const items = linesForOrderStatus(linesOf(order), change.status, now);
    const entry: TStatusChange = {
      status: change.status,
      at: now.toISOString(),
      by: actorOf(principal),
      reason: change.reason ?? null,
    };
    const row = await updateOrder(tx, restaurantId, order.id, {
      status: change.status,
      statusHistory: [...order.statusHistory, entry],
      items,
    });
    const updated = toOrder(row!);
    if (change.status === 'cancelled') {
      // What the order would have brought in leaves the takings: the log keeps who and why.
      await recordAudit(tx, restaurantId, {
        kind: 'order.cancelled',
        actor: auditActorOf(principal),
        orderId: order.id,
        orderNumber: order.number,
        tableNumber: order.tableNumber,
        amountMinor: order.totalMinor,
        reason: change.reason ?? null,
        details: { fromStatus: order.status, paidMinor: order.paidMinor },
      });
    }
    await events.publish(tx, {
      type: 'order.updated',
      restaurantId,
      orderId: updated.id,
      data: { order: updated },
    });
    if (held && order.visitId === null) await settleVisitIfPaid(tx, events, held);
    menuChanged = await announceStockChanges(tx, events, restaurantId, moved);
    return updated;
  });
  // A dish back on sale: this instance's guests see the new menu from their next request.
  if (menuChanged) ctx.activeTables.forget(restaurantId);
  // What its stations were making: their printers, if they have one, print a VOID slip of it.
  if (change.status === 'cancelled') {
    void ctx.kitchenPrints.cancelled(updatedOrder, restaurantId, updatedOrder.statusHistory.at(-1)!.at);
  }
  return updatedOrder;
}

function describeRefusal(from: TOrderStatus, to: TOrderStatus): string {
  if (from === to) return `The order is already ${from}`;
  if (FINAL_ORDER_STATUSES.includes(from)) return `The order is ${from}; it cannot change any more`;
  const allowed = ORDER_TRANSITIONS[from];
  return `An order that is ${from} cannot become ${to}; it can become ${allowed.join(' or ')}`;
}

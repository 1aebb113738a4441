import type {
  TChangeLineRequest,
  TDiscountRequest,
  TMoveOrderRequest,
  TVoidLineRequest,
} from '@tavolo/contract/order-changes';
import type { TKitchenStatus, TOrder, TOrderLine } from '@tavolo/contract/orders';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { type IdempotencyClaim, runIdempotently } from '../../core/idempotency';
import { actorOf as principalActorOf } from '../../core/principal';
import type { Db } from '../../db/client';
import type { OrderRow, RestaurantRow } from '../../db/rows';
import type { EventPublisher } from '../../events/event-publisher';
import { zonedParts } from '../../lib/zoned-time';
import { type AuditPerson, recordAudit } from '../audit/audit-log';
import { announceStockChanges, giveBackStock, type StockMoved, takeStock } from '../menu/stock';
import { holdOrder, type OrderHold } from '../money/order-money';
import { noticeKitchen, recourseLine } from '../orders/kitchen-lines';
import { priceOrderLines } from '../orders/order-pricing';
import {
  findOrderRow,
  linesOf,
  lockOrderForChange,
  moveOrderToTable,
  orderOf,
  saveOrderLines,
} from '../orders/orders.service';
import { findRestaurantRow } from '../restaurants/restaurants.service';
import { findOrderLineUnits, findVisitHolds } from '../table-bill/bill-read-model';
import { findTableRow } from '../tables/tables.service';
import { billFigures } from '../visits/bill-model';
import {
  findOpenBill,
  type HeldTable,
  holdTables,
  joinVisitSeating,
  publishBillUpdated,
  settleVisitIfPaid,
} from '../visits/visits.service';
import { approveAction } from './approval';
import {
  discountAmountOf,
  discountLines,
  grossOf,
  repriceLine,
  totalsOf,
  voidUnits,
} from './line-arithmetic';

/*
 * Staff changing placed orders (PRODUCT.md §9): a line changed before the kitchen starts it, units
 * voided, a discount given, an order moved to another table's bill. Each runs in one transaction
 * with its audit entry and its events, under decision 022's locks: the order's table and its open
 * bill's orders, then the order, then (through the triggers and the events) the restaurant's row.
 */

// ---- what every change shares -------------------------------------------------------------------

/** Until its station starts it, a line is the waiter's to change; from then on the kitchen has it. */
const CHANGEABLE_LINE_STATUSES: readonly TKitchenStatus[] = ['held', 'queued'];

const actorOf = (ctx: StaffContext): AuditPerson => ({ id: ctx.principal.userId, name: ctx.principal.name });

function refuseFinal(order: OrderRow): void {
  if (order.status === 'cancelled' || order.status === 'completed') {
    throw new AppError('CONFLICT', `Order #${order.number} is ${order.status}; it cannot change any more`);
  }
}

/** The order held for a change (decision 022's locks), or 404. */
async function holdForChange(db: Db, restaurantId: string, orderId: string): Promise<OrderHold> {
  const hold = await holdOrder(db, restaurantId, orderId);
  if (!hold) throw notFound('Order');
  return hold;
}

function lineOf(order: OrderRow, lineIndex: number): { lines: TOrderLine[]; line: TOrderLine } {
  const lines = linesOf(order);
  const line = lines[lineIndex];
  if (!line) throw notFound('Order line');
  return { lines, line };
}

async function restaurantOf(db: Db, restaurantId: string): Promise<RestaurantRow> {
  const restaurant = await findRestaurantRow(db, restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return restaurant;
}

/** Units of the order's line that are paid (item by item, or all once the order is paid) or being paid. */
type LineMoney = { paid: number; held: number };

async function lineMoneyOf(db: Db, order: OrderRow): Promise<(lineIndex: number) => LineMoney> {
  const units = await findOrderLineUnits(db, order.restaurantId, order.id);
  const paidInFull = order.paidMinor > 0 && order.paidMinor >= order.totalMinor;
  return (lineIndex) => {
    const quantity = order.items[lineIndex]?.quantity ?? 0;
    const paid = paidInFull ? quantity : Math.min(quantity, units.paid.get(lineIndex) ?? 0);
    return { paid, held: Math.min(quantity - paid, units.held.get(lineIndex) ?? 0) };
  };
}

const unitsPaid = (message: string) => new AppError('UNITS_PAID', message);

/**
 * Writes the order's new lines and totals, once they leave it owing no less than is paid on it,
 * and tells its table: the bill moved (and, when nothing is due any more and something was paid, the
 * visit is settled). Checkouts under way at the table must still find what they hold due, or the
 * change is refused (409) and nothing is written.
 */
async function saveChange(
  ctx: StaffContext,
  hold: OrderHold,
  totals: ReturnType<typeof totalsOf>,
): Promise<TOrder> {
  const { db, events } = ctx;
  const { order } = hold;
  if (totals.totalMinor < order.paidMinor) {
    throw unitsPaid(
      `${order.paidMinor} (minor units) are already paid on order #${order.number}: the change would leave it owing ${totals.totalMinor}; refund first`,
    );
  }
  const updated = await saveOrderLines(db, events, order, totals, principalActorOf(ctx.principal));
  if (hold.visit && order.visitId === null) {
    const holds = await findVisitHolds(db, hold.visit.table);
    const { dueMinor } = billFigures(await findOpenBill(db, order.restaurantId, hold.visit.table.id));
    if (holds.heldMinor > dueMinor) {
      throw new AppError(
        'CONFLICT',
        'A guest is paying at this table right now, for more than the change would leave due: try again once that payment is done',
      );
    }
    await tellBill(db, events, hold.visit);
  }
  return updated;
}

/**
 * After a change to a held open bill: bill.updated, and the visit settled when nothing is left
 * due of what was paid (a bill with nothing paid, everything voided or given away, stays open: the
 * guests are still at the table).
 */
async function tellBill(db: Db, events: EventPublisher, held: HeldTable): Promise<void> {
  const { table } = held;
  const orders = (await findOpenBill(db, table.restaurantId, table.id)).filter((o) =>
    held.orderIds.includes(o.id),
  );
  const figures = billFigures(orders);
  if (figures.paidMinor > 0) await settleVisitIfPaid(db, events, held);
  else await publishBillUpdated(db, events, { table, visitId: table.visitId, figures, closed: false });
}

function lineSummary(line: TOrderLine) {
  return {
    quantity: line.quantity,
    voidedQuantity: line.voidedQuantity,
    options: line.options,
    note: line.note,
    seat: line.seat,
    course: line.course,
    unitPriceMinor: line.unitPriceMinor,
    discountMinor: line.discountMinor,
    lineTotalMinor: line.lineTotalMinor,
  };
}

// ---- a line changed before the kitchen starts it -------------------------------------------------

/**
 * Prices the line's choices again from today's menu (the dish must still be served, not sold out):
 * the new unit price, or 422 naming what is wrong. Asked when the options change or units are added.
 */
async function priceFromMenu(
  ctx: StaffContext,
  restaurant: RestaurantRow,
  line: TOrderLine,
  request: { quantity: number; options: { group: string; choice: string }[] },
): Promise<Pick<TOrderLine, 'unitPriceMinor' | 'options'>> {
  const menu = await ctx.menuSnapshots.itemsAt(ctx.db, restaurant.id, restaurant.menuVersion);
  const now = new Date();
  try {
    const [priced] = priceOrderLines({
      requested: [{ menuItemId: line.menuItemId, quantity: request.quantity, options: request.options }],
      menu: menu ?? { items: new Map(), pricesIncludeTax: true },
      weekday: zonedParts(now, restaurant.timezone).weekday,
      now,
    }).lines;
    return { unitPriceMinor: priced!.unitPriceMinor, options: priced!.options };
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    // The pricing names the fields of an order's items; the request names its own.
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([key, value]) => [
        key.endsWith('.options') ? 'options' : 'quantity',
        value,
      ]),
    );
    throw new AppError('UNPROCESSABLE', 'The line cannot be changed like that', fields);
  }
}

export async function changeOrderLine(
  ctx: StaffContext,
  input: { orderId: string; lineIndex: number; change: TChangeLineRequest },
): Promise<TOrder> {
  const { principal } = ctx;
  const { change, lineIndex } = input;
  let menuChanged = false;
  const changedOrder = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const hold = await holdForChange(tx, principal.restaurantId, input.orderId);
    const { order } = hold;
    refuseFinal(order);
    const { lines, line } = lineOf(order, lineIndex);
    if (!CHANGEABLE_LINE_STATUSES.includes(line.kitchenStatus)) {
      throw new AppError(
        'LINE_STARTED',
        `The kitchen has started ${line.name} on order #${order.number} (${line.kitchenStatus}): void the line instead`,
      );
    }
    if (line.quantity === 0) throw new AppError('CONFLICT', 'Every unit of this line is voided');
    const restaurant = await restaurantOf(tx, principal.restaurantId);

    const quantity = change.quantity ?? line.quantity;
    let changed: TOrderLine = line;
    if (change.options !== undefined || quantity > line.quantity) {
      const priced = await priceFromMenu(txCtx, restaurant, line, {
        quantity,
        options: change.options ?? line.options.map(({ group, choice }) => ({ group, choice })),
      });
      // Units added to a line keep the price it was ordered at unless its choices change.
      changed = repriceLine(line, {
        quantity,
        ...(change.options === undefined
          ? { unitPriceMinor: line.unitPriceMinor, options: line.options }
          : priced),
      });
    } else if (quantity !== line.quantity) {
      changed = repriceLine(line, { quantity, unitPriceMinor: line.unitPriceMinor, options: line.options });
    }
    if (grossOf(changed) !== grossOf(line) || changed.quantity !== line.quantity) {
      const money = (await lineMoneyOf(tx, order))(lineIndex);
      if (money.paid + money.held > 0) {
        throw unitsPaid(
          `${money.paid + money.held} of ${line.quantity} ${line.name} are paid or being paid: their line cannot change`,
        );
      }
    }
    changed = {
      ...changed,
      ...(change.note === undefined ? {} : { note: change.note || null }),
      ...(change.seat === undefined ? {} : { seat: change.seat }),
    };
    // A new course holds the line or sends it at once, as that course stands on the order.
    if (change.course !== undefined && change.course !== line.course) {
      changed = recourseLine(
        lines.map((l, i) => (i === lineIndex ? changed : l)),
        lineIndex,
        change.course,
        new Date(),
      );
    }
    // A change to what the line already is (an empty body too) changes nothing, and logs nothing.
    if (JSON.stringify(changed) === JSON.stringify(line)) return orderOf(order);
    // A line its station has on screen shows CHANGED there until the cook acknowledges it.
    changed = noticeKitchen(line, changed, 'changed', new Date());
    const totals = totalsOf(
      lines.map((l, i) => (i === lineIndex ? changed : l)),
      restaurant.serviceChargeBasisPoints,
      order,
    );
    // Units added are taken from a counted dish (409 OUT_OF_STOCK when too few are left), units
    // taken off given back.
    const moved = await moveLineStock(
      tx,
      principal.restaurantId,
      line,
      changed.quantity - line.quantity,
      'quantity',
    );
    const updated = await saveChange(txCtx, hold, totals);
    menuChanged = await announceStockChanges(tx, ctx.events, principal.restaurantId, moved);
    await recordAudit(tx, principal.restaurantId, {
      kind: 'order.line_changed',
      actor: actorOf(ctx),
      orderId: order.id,
      orderNumber: order.number,
      tableNumber: order.tableNumber,
      details: {
        lineIndex,
        name: line.name,
        before: lineSummary(line),
        after: lineSummary(totals.items[lineIndex]!),
        orderTotalMinor: { before: order.totalMinor, after: totals.totalMinor },
      },
    });
    return updated;
  });
  forgetMenusIf(ctx, menuChanged);
  return changedOrder;
}

// ---- voids ----------------------------------------------------------------------------------------

/**
 * Voids units of a line, with a reason: the caller holds orders.void, or a colleague who does
 * approves with their PIN (checked before the work, outside its transaction, so a wrong PIN stays
 * counted). The work runs once per Idempotency-Key.
 */
export async function voidOrderLine(
  ctx: StaffContext,
  input: { orderId: string; lineIndex: number; request: TVoidLineRequest },
  claim: IdempotencyClaim | undefined,
): Promise<{ value: TOrder; replayed: boolean }> {
  if (!(await findOrderRow(ctx.db, ctx.principal.restaurantId, input.orderId))) throw notFound('Order');
  const approvedBy = await approveAction(ctx, {
    permission: 'orders.void',
    approvalPin: input.request.approvalPin,
    what: 'Voiding',
  });
  const stock = { backOnSale: false };
  const voided = await runIdempotently(ctx.db, claim, (tx) =>
    voidUnitsOfLine({ ...ctx, db: tx }, input, approvedBy, stock),
  );
  forgetMenusIf(ctx, stock.backOnSale);
  // A line its station was sent: a printer there prints a VOID slip (once, not on a replay).
  const line = voided.value.items[input.lineIndex];
  if (!voided.replayed && line?.kitchenNotice?.kind === 'voided') {
    void ctx.kitchenPrints.voided(voided.value, ctx.principal.restaurantId, input.lineIndex);
  }
  return voided;
}

/**
 * A dish back on sale (its count left 0) changed the guests' menus: this instance serves the new
 * version from its next request, as after a menu write (decision 035).
 */
function forgetMenusIf(ctx: StaffContext, changed: boolean): void {
  if (changed) ctx.activeTables.forget(ctx.principal.restaurantId);
}

/**
 * Moves a counted dish's count by what a change adds to or takes from its line, before the order
 * is written (the dish's row before the restaurant's: decision 035); announced once it is.
 */
async function moveLineStock(
  db: Db,
  restaurantId: string,
  line: TOrderLine,
  units: number,
  field: string,
): Promise<StockMoved[]> {
  if (units > 0)
    return takeStock(db, restaurantId, [{ menuItemId: line.menuItemId, quantity: units }], () => field);
  if (units < 0) return giveBackStock(db, restaurantId, [{ menuItemId: line.menuItemId, quantity: -units }]);
  return [];
}

async function voidUnitsOfLine(
  ctx: StaffContext,
  input: { orderId: string; lineIndex: number; request: TVoidLineRequest },
  approvedBy: AuditPerson | null,
  stock: { backOnSale: boolean },
): Promise<TOrder> {
  const { db, principal } = ctx;
  const { lineIndex, request } = input;
  const hold = await holdForChange(db, principal.restaurantId, input.orderId);
  const { order } = hold;
  refuseFinal(order);
  const { lines, line } = lineOf(order, lineIndex);
  if (line.quantity === 0) throw new AppError('CONFLICT', 'Every unit of this line is voided already');
  if (request.quantity > line.quantity) {
    throw new AppError('UNPROCESSABLE', `Only ${line.quantity} ${line.name} are left on this line`, {
      quantity: `must be at most ${line.quantity}`,
    });
  }
  const money = (await lineMoneyOf(db, order))(lineIndex);
  const free = line.quantity - money.paid - money.held;
  if (request.quantity > free) {
    throw money.held > 0 && request.quantity <= line.quantity - money.paid
      ? new AppError(
          'CONFLICT',
          `${money.held} of ${line.quantity} ${line.name} are being paid right now: try again once that payment is done`,
        )
      : unitsPaid(
          `${money.paid} of ${line.quantity} ${line.name} are paid: refund them first (${free} can be voided)`,
        );
  }
  const restaurant = await restaurantOf(db, principal.restaurantId);
  const now = new Date();
  // Voided units stay on the station's ticket struck through, marked VOID until the cook acknowledges.
  const voided = noticeKitchen(
    line,
    { ...voidUnits(line, request.quantity), voidedAt: now.toISOString() },
    'voided',
    now,
  );
  const totals = totalsOf(
    lines.map((l, i) => (i === lineIndex ? voided : l)),
    restaurant.serviceChargeBasisPoints,
    order,
  );
  // Voided units go back to the dish's count, if it is counted.
  const moved = await moveLineStock(db, principal.restaurantId, line, -request.quantity, 'quantity');
  const updated = await saveChange(ctx, hold, totals);
  stock.backOnSale = await announceStockChanges(db, ctx.events, principal.restaurantId, moved);
  await recordAudit(db, principal.restaurantId, {
    kind: 'order.line_voided',
    actor: actorOf(ctx),
    approvedBy,
    orderId: order.id,
    orderNumber: order.number,
    tableNumber: order.tableNumber,
    // What the voided units charged (their line's part, before the service charge).
    amountMinor: line.lineTotalMinor - voided.lineTotalMinor,
    reason: request.reason,
    details: {
      lineIndex,
      name: line.name,
      quantity: request.quantity,
      note: request.note ?? null,
      unitPriceMinor: line.unitPriceMinor,
      lineTotalMinor: { before: line.lineTotalMinor, after: voided.lineTotalMinor },
      orderTotalMinor: { before: order.totalMinor, after: totals.totalMinor },
    },
  });
  return updated;
}

// ---- discounts ------------------------------------------------------------------------------------

/**
 * A discount (or a comp: 100 % of a line) on one line or the whole order, with a reason: the caller
 * holds orders.discount, or a colleague who does approves with their PIN. Once per Idempotency-Key.
 */
export async function discountOrder(
  ctx: StaffContext,
  input: { orderId: string; request: TDiscountRequest },
  claim: IdempotencyClaim | undefined,
): Promise<{ value: TOrder; replayed: boolean }> {
  if (!(await findOrderRow(ctx.db, ctx.principal.restaurantId, input.orderId))) throw notFound('Order');
  const approvedBy = await approveAction(ctx, {
    permission: 'orders.discount',
    approvalPin: input.request.approvalPin,
    what: 'A discount',
  });
  return runIdempotently(ctx.db, claim, (tx) => giveDiscount({ ...ctx, db: tx }, input, approvedBy));
}

async function giveDiscount(
  ctx: StaffContext,
  input: { orderId: string; request: TDiscountRequest },
  approvedBy: AuditPerson | null,
): Promise<TOrder> {
  const { db, principal } = ctx;
  const { request } = input;
  const { lineIndex } = request;
  const hold = await holdForChange(db, principal.restaurantId, input.orderId);
  const { order } = hold;
  refuseFinal(order);
  const lines = linesOf(order);
  const line = lineIndex === undefined ? undefined : lines[lineIndex];
  if (lineIndex !== undefined && !line) {
    throw new AppError('UNPROCESSABLE', `Order #${order.number} has no line ${lineIndex}`, {
      lineIndex: `must be a line of the order (0 to ${lines.length - 1})`,
    });
  }
  // Units paid item by item were paid at their price: a discount on them would take back nothing.
  const money = await lineMoneyOf(db, order);
  const touched = lineIndex === undefined ? lines.map((_, i) => i) : [lineIndex];
  const taken = touched.filter((i) => {
    const m = money(i);
    return m.paid + m.held > 0;
  });
  if (taken.length > 0) {
    throw unitsPaid(
      lineIndex === undefined
        ? `Some items of order #${order.number} are paid or being paid: discount the lines that are not`
        : `${line!.name} is paid or being paid: it cannot be discounted`,
    );
  }
  const charged = (line ? [line] : lines).reduce((s, l) => s + l.lineTotalMinor, 0);
  if (charged === 0) throw new AppError('CONFLICT', 'Nothing is charged there any more: nothing to discount');
  const amount = discountAmountOf(charged, request);
  if (amount > charged) {
    throw new AppError('UNPROCESSABLE', `The discount is more than the ${charged} (minor units) charged`, {
      amountMinor: `must be at most ${charged}`,
    });
  }
  if (amount === 0) {
    throw new AppError('UNPROCESSABLE', 'The discount comes to nothing', {
      percent: 'takes less than one minor unit',
    });
  }
  const restaurant = await restaurantOf(db, principal.restaurantId);
  const totals = totalsOf(
    discountLines(lines, { lineIndex, amount }),
    restaurant.serviceChargeBasisPoints,
    order,
  );
  const updated = await saveChange(ctx, hold, totals);
  await recordAudit(db, principal.restaurantId, {
    kind: 'order.discounted',
    actor: actorOf(ctx),
    approvedBy,
    orderId: order.id,
    orderNumber: order.number,
    tableNumber: order.tableNumber,
    // What the discount took off the lines (before the service charge).
    amountMinor: amount,
    reason: request.reason,
    details: {
      lineIndex: lineIndex ?? null,
      name: line?.name ?? null,
      percent: request.percent ?? null,
      note: request.note ?? null,
      lines: totals.items.flatMap((l, i) =>
        l.discountMinor !== lines[i]!.discountMinor
          ? [{ lineIndex: i, discountMinor: l.discountMinor - lines[i]!.discountMinor }]
          : [],
      ),
      orderTotalMinor: { before: order.totalMinor, after: totals.totalMinor },
    },
  });
  return updated;
}

// ---- moving an order to another table --------------------------------------------------------------

/** Refuses moving an order with money on it (paid, refunded, or units being paid at the table). */
export async function refuseOrderWithMoney(db: Db, order: OrderRow): Promise<void> {
  const money = await lineMoneyOf(db, order);
  const units = order.items.some((_, i) => {
    const m = money(i);
    return m.paid + m.held > 0;
  });
  if (order.paidMinor > 0 || order.refundedMinor > 0 || units) {
    throw new AppError(
      'CONFLICT',
      `Order #${order.number} has money paid on it: only orders with nothing paid move to another bill`,
    );
  }
}

/** Refuses a move while a guest is paying at one of the tables: their checkout was priced from the bill. */
export async function refuseTablesPaying(db: Db, held: HeldTable[]): Promise<void> {
  for (const { table } of held) {
    if ((await findVisitHolds(db, table)).count > 0) {
      throw new AppError(
        'CONFLICT',
        `A guest is paying at table ${table.number} right now: try again once that payment is done`,
      );
    }
  }
}

/**
 * The last order of a seated table moved to a table where no one is seated: its guests went with
 * it (covers, waiter, opening), so the party is seated, and counted, where it now eats.
 */
async function moveGuestsWithLastOrder(db: Db, from: HeldTable, into: HeldTable, orderId: string) {
  const leftBehind = from.orderIds.filter((id) => id !== orderId);
  if (leftBehind.length > 0 || from.table.visitCovers === null || into.table.visitCovers !== null) return;
  await joinVisitSeating(db, from.table, into.table);
}

/** Moves an order with nothing paid onto another active table's open bill; both bills are told. */
export async function moveOrder(
  ctx: StaffContext,
  input: { orderId: string; request: TMoveOrderRequest },
): Promise<TOrder> {
  const { principal, events } = ctx;
  const { restaurantId } = principal;
  return ctx.db.transaction(async (tx) => {
    const seen = await findOrderRow(tx, restaurantId, input.orderId);
    if (!seen) throw notFound('Order');
    const target = await findTableRow(tx, restaurantId, input.request.tableId);
    if (!target) throw notFound('Table');
    refuseFinal(seen);
    if (!target.active) throw new AppError('CONFLICT', `Table ${target.number} is not active`);
    if (seen.tableId === target.id) {
      throw new AppError('CONFLICT', `Order #${seen.number} is at table ${target.number} already`);
    }
    if (seen.visitId !== null) {
      throw new AppError(
        'CONFLICT',
        `The bill of order #${seen.number} was settled or closed: it cannot move`,
      );
    }
    const held = await holdTables(tx, restaurantId, seen.tableId ? [seen.tableId, target.id] : [target.id]);
    const order = await lockOrderForChange(tx, restaurantId, seen.id);
    if (!order || order.tableId !== seen.tableId || order.visitId !== null) {
      throw new AppError('CONFLICT', `Order #${seen.number} changed meanwhile: look again and retry`);
    }
    refuseFinal(order);
    await refuseOrderWithMoney(tx, order);
    await refuseTablesPaying(tx, held);

    const into = held.find((h) => h.table.id === target.id)!;
    const moved = await moveOrderToTable(tx, events, order, into.table);
    const from = held.find((h) => h.table.id === order.tableId);
    if (from) await moveGuestsWithLastOrder(tx, from, into, order.id);
    if (from)
      await tellBill(tx, events, { ...from, orderIds: from.orderIds.filter((id) => id !== order.id) });
    // The order joins the bill of the table it moved to (locked here, it is the caller's to count).
    await tellBill(tx, events, { ...into, orderIds: [...into.orderIds, order.id] });
    await recordAudit(tx, restaurantId, {
      kind: 'order.moved',
      actor: actorOf(ctx),
      orderId: order.id,
      orderNumber: order.number,
      tableNumber: into.table.number,
      amountMinor: order.totalMinor,
      details: { fromTableNumber: order.tableNumber, toTableNumber: into.table.number },
    });
    return moved;
  });
}

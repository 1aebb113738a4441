import type { TOrder, TPaymentMethod } from '@tavolo/contract/orders';
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';
import type { OrderRow, PaymentRow, RefundRow } from '../../db/rows';
import type { EventPublisher } from '../../events/event-publisher';
import { type AuditPerson, recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { lockOrderForChange, saveOrderMoney } from '../orders/orders.service';
import { issueCreditNote, issueReceipt, type ReceiptShare } from '../receipts/receipts.service';
import { spreadInProportion } from '../visits/bill-model';
import { type HeldTable, holdTableOfOrder, settleVisitIfPaid } from '../visits/visits.service';
import { appendToWallet, type WalletEntry } from '../wallet/wallet-ledger';
import {
  insertPayment,
  insertRefund,
  lockPayment,
  recordWebhookEvent,
  updatePayment,
} from './money.repository';

/*
 * Every path that moves an order's money comes through here: staff recording a payment, an online
 * payment succeeding, a payment towards a table's bill spread over its orders, a refund. One move
 * changes, in the caller's transaction: the payment rows, the order's paid and refunded amounts
 * (with its payment status and `order.updated`), the wallet (online money only) and, when the order
 * is on its table's open bill, the visit, which ends once nothing is due (docs/decisions/022) and,
 * once per payment or refund, its audit entry and its receipt or credit note (a bill payment spread
 * over orders is one payment; decision 038). Locks are taken in one order: the table and its bill's
 * orders, the order, the payment, then the restaurant's row (events), the wallet, and last the
 * restaurant's receipt counter.
 */

/** An order held for a money move: its row locked, and its table's open bill when it is on one. */
export type OrderHold = { order: OrderRow; visit: HeldTable | undefined };

/** Holds an order for a money move: its table and the open bill's orders first, then the order. */
export async function holdOrder(
  db: Db,
  restaurantId: string,
  orderId: string,
): Promise<OrderHold | undefined> {
  const visit = await holdTableOfOrder(db, restaurantId, orderId);
  const order = await lockOrderForChange(db, restaurantId, orderId);
  return order ? { order, visit } : undefined;
}

/**
 * The change due on a payment staff took: what the guest handed over less the amount, for cash;
 * 0 when nothing tendered is given. Tendered below the amount, or with anything but cash, is 422.
 */
export function changeDue(input: {
  method: TPaymentMethod;
  amountMinor: number;
  tenderedMinor?: number;
}): number {
  const { method, amountMinor, tenderedMinor } = input;
  if (tenderedMinor === undefined) return 0;
  if (method !== 'cash') {
    throw new AppError('UNPROCESSABLE', 'Only cash is tendered', { tenderedMinor: 'send it with cash only' });
  }
  if (tenderedMinor < amountMinor) {
    throw new AppError('UNPROCESSABLE', 'The cash handed over is less than the amount', {
      tenderedMinor: `must be at least ${amountMinor}, the amount paid`,
    });
  }
  return tenderedMinor - amountMinor;
}

/** Who recorded a payment or a refund (staff), kept on its row. */
export type RecordedBy = { recordedById: string; recordedByName: string };

/** Who the audit log says took a payment: the member who recorded it, else the provider's webhook. */
function takenBy(recorded: Partial<RecordedBy>): AuditPerson {
  return recorded.recordedById && recorded.recordedByName
    ? { id: recorded.recordedById, name: recorded.recordedByName }
    : SYSTEM_ACTOR;
}

/**
 * The order money move: the order's amounts move by `paid` (negative for a refund) and `refunded`,
 * the wallet takes its entries, and the order's visit is settled when this was its last due.
 */
async function moveOrderMoney(
  db: Db,
  events: EventPublisher,
  hold: OrderHold,
  move: { paidMinor: number; refundedMinor?: number; wallet?: WalletEntry[] },
): Promise<TOrder> {
  const { order } = hold;
  const updated = await saveOrderMoney(db, events, order, {
    paidMinor: order.paidMinor + move.paidMinor,
    refundedMinor: order.refundedMinor + (move.refundedMinor ?? 0),
  });
  // Throws INSUFFICIENT_FUNDS when a debit is more than the balance: the whole move rolls back.
  for (const entry of move.wallet ?? []) await appendToWallet(db, order.restaurantId, entry);
  if (hold.visit && order.visitId === null) await settleVisitIfPaid(db, events, hold.visit);
  return updated;
}

/** Staff took money for an order (cash, card, transfer): a succeeded payment, moved at once. */
export async function recordOrderPayment(
  db: Db,
  events: EventPublisher,
  hold: OrderHold,
  input: { amountMinor: number; method: TPaymentMethod; reference: string | null } & RecordedBy,
): Promise<{ payment: PaymentRow; order: TOrder }> {
  const { order } = hold;
  const payment = await insertPayment(db, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    status: 'succeeded',
    succeededAt: new Date(),
    ...input,
  });
  const updated = await moveOrderMoney(db, events, hold, { paidMinor: input.amountMinor });
  await recordAudit(db, order.restaurantId, {
    kind: 'payment.recorded',
    actor: takenBy(input),
    orderId: order.id,
    orderNumber: order.number,
    tableNumber: order.tableNumber,
    amountMinor: input.amountMinor,
    details: { method: input.method, paymentId: payment.id },
  });
  await issueReceipt(db, {
    restaurantId: order.restaurantId,
    shares: [{ order, amountMinor: input.amountMinor }],
    method: input.method,
    paymentId: payment.id,
    issuedAt: payment.succeededAt ?? new Date(),
  });
  return { payment, order: updated };
}

/** An online payment of an order, waiting for its payer at the provider (no money moved yet). */
export function openOnlinePayment(
  db: Db,
  order: OrderRow,
  input: {
    id: string;
    amountMinor: number;
    provider: string;
    reference: string;
    checkoutUrl: string;
    returnUrl: string;
    recordedById: string | null;
    recordedByName: string | null;
  },
): Promise<PaymentRow> {
  return insertPayment(db, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    method: 'online',
    status: 'pending',
    ...input,
  });
}

/** Where the payer of a pending online payment goes back to (whoever started it last). */
export async function changeReturnUrl(db: Db, payment: PaymentRow, returnUrl: string): Promise<void> {
  await updatePayment(db, payment.restaurantId, payment.id, { returnUrl });
}

/** Locks a payment of the held order for a change (after the order's lock). */
export function holdPayment(db: Db, hold: OrderHold, paymentId: string): Promise<PaymentRow | undefined> {
  return lockPayment(db, hold.order.restaurantId, paymentId);
}

/** A payer gave up or was declined: the payment fails and no money moves. */
export async function failOnlinePayment(db: Db, payment: PaymentRow): Promise<void> {
  await updatePayment(db, payment.restaurantId, payment.id, { status: 'failed' });
}

/**
 * What online money moves in the wallet: the amount in, the tip in (tips are not revenue), the
 * provider's fee out. A tip or a fee of 0 (a fee rounds to 0 on the smallest amounts) has no entry:
 * the ledger holds no zero entries. `where` names what was paid ("order #12", "table 4").
 */
function onlineMoneyEntries(input: {
  amountMinor: number;
  tipMinor: number;
  feeMinor: number;
  reference: string | null;
  where: string;
}): Omit<WalletEntry, 'paymentId'>[] {
  const { amountMinor, tipMinor, feeMinor, reference, where } = input;
  const entries: Omit<WalletEntry, 'paymentId'>[] = [
    { type: 'credit', kind: 'payment', amountMinor, description: `Online payment, ${where}`, reference },
  ];
  if (tipMinor > 0) {
    entries.push({
      type: 'credit',
      kind: 'tip',
      amountMinor: tipMinor,
      description: `Tip, ${where}`,
      reference,
    });
  }
  if (feeMinor > 0) {
    entries.push({
      type: 'debit',
      kind: 'fee',
      amountMinor: feeMinor,
      description: `Payment provider fee, ${where}`,
      reference,
    });
  }
  return entries;
}

/**
 * An online payment of an order succeeded at the provider: the payment, the order and the wallet
 * move together (the amount in, the provider's fee out).
 */
export async function succeedOnlinePayment(
  db: Db,
  events: EventPublisher,
  hold: OrderHold,
  payment: PaymentRow,
  input: { feeMinor: number },
): Promise<void> {
  const { order } = hold;
  const { feeMinor } = input;
  const succeededAt = new Date();
  await updatePayment(db, order.restaurantId, payment.id, { status: 'succeeded', succeededAt, feeMinor });
  await moveOrderMoney(db, events, hold, {
    paidMinor: payment.amountMinor,
    wallet: onlineMoneyEntries({
      amountMinor: payment.amountMinor,
      tipMinor: 0,
      feeMinor,
      reference: payment.reference,
      where: `order #${order.number}`,
    }).map((entry) => ({ ...entry, paymentId: payment.id })),
  });
  // Confirmed by the provider's webhook; who started the checkout (a member, or a guest) is noted.
  await recordAudit(db, order.restaurantId, {
    kind: 'payment.recorded',
    actor: SYSTEM_ACTOR,
    orderId: order.id,
    orderNumber: order.number,
    tableNumber: order.tableNumber,
    amountMinor: payment.amountMinor,
    details: {
      method: 'online',
      paymentId: payment.id,
      provider: payment.provider,
      startedBy: payment.recordedById ? { id: payment.recordedById, name: payment.recordedByName } : null,
    },
  });
  await issueReceipt(db, {
    restaurantId: order.restaurantId,
    shares: [{ order, amountMinor: payment.amountMinor }],
    method: 'online',
    paymentId: payment.id,
    issuedAt: succeededAt,
  });
}

/**
 * Gives back part of a succeeded payment (held after its order; the caller checked the amount
 * against what is left). A refund of online money is taken from the wallet.
 */
export async function refundOrderPayment(
  db: Db,
  events: EventPublisher,
  hold: OrderHold,
  payment: PaymentRow,
  input: { amountMinor: number; reason: string | null } & RecordedBy,
): Promise<{ refund: RefundRow; payment: PaymentRow; order: TOrder }> {
  const { order } = hold;
  const { amountMinor } = input;
  const refund = await insertRefund(db, {
    restaurantId: order.restaurantId,
    paymentId: payment.id,
    orderId: order.id,
    ...input,
  });
  const refundedMinor = payment.refundedMinor + amountMinor;
  const updatedPayment = await updatePayment(db, order.restaurantId, payment.id, {
    refundedMinor,
    status: refundedMinor >= payment.amountMinor ? 'refunded' : 'succeeded',
  });
  const updated = await moveOrderMoney(db, events, hold, {
    paidMinor: -amountMinor,
    refundedMinor: amountMinor,
    wallet:
      payment.method === 'online'
        ? [
            {
              type: 'debit',
              kind: 'refund',
              amountMinor,
              description: `Refund on order #${order.number}`,
              reference: payment.reference,
              paymentId: payment.id,
            },
          ]
        : [],
  });
  await recordAudit(db, order.restaurantId, {
    kind: 'payment.refunded',
    actor: takenBy(input),
    orderId: order.id,
    orderNumber: order.number,
    tableNumber: order.tableNumber,
    amountMinor,
    reason: input.reason,
    details: { method: payment.method, paymentId: payment.id, refundId: refund.id },
  });
  await issueCreditNote(db, { payment, refund, order, issuedAt: refund.createdAt });
  return { refund, payment: updatedPayment!, order: updated };
}

/**
 * One payment towards a visit's bill, spread over its orders as one succeeded payment per order
 * (each order's share given, the orders locked by the caller through the visit), then the wallet's
 * entries (pointing at the first of those payments) and, with `settle`, the visit settled once.
 */
export async function payVisitOrders(
  db: Db,
  events: EventPublisher,
  input: {
    shares: { order: OrderRow; amountMinor: number; feeMinor?: number; units?: ReceiptShare['units'] }[];
    payment: {
      method: TPaymentMethod;
      billPaymentId: string;
      succeededAt: Date;
      provider?: string;
      reference?: string | null;
    } & Partial<RecordedBy>;
    /** A tip given with the bill payment, beside its orders (on its receipt). */
    tipMinor?: number;
    wallet?: Omit<WalletEntry, 'paymentId'>[];
    settle?: HeldTable;
    /** What the audit entry adds (a bill payment's tip). */
    details?: Record<string, unknown>;
  },
): Promise<void> {
  let firstPaymentId: string | null = null;
  for (const { order, amountMinor, feeMinor } of input.shares) {
    const row = await insertPayment(db, {
      restaurantId: order.restaurantId,
      orderId: order.id,
      amountMinor,
      status: 'succeeded',
      feeMinor: feeMinor ?? 0,
      ...input.payment,
    });
    firstPaymentId ??= row.id;
    // The visit is settled once, below, after every order's share.
    await moveOrderMoney(db, events, { order, visit: undefined }, { paidMinor: amountMinor });
  }
  const restaurantId = input.shares[0]?.order.restaurantId;
  if (restaurantId) {
    for (const entry of input.wallet ?? []) {
      await appendToWallet(db, restaurantId, { ...entry, paymentId: firstPaymentId });
    }
  }
  if (restaurantId)
    await recordAudit(db, restaurantId, billPaymentEntry(input.shares, input.payment, input.details));
  if (restaurantId && firstPaymentId) {
    await issueReceipt(db, {
      restaurantId,
      shares: input.shares,
      method: input.payment.method,
      paymentId: firstPaymentId,
      billPaymentId: input.payment.billPaymentId,
      extraTipMinor: input.tipMinor ?? 0,
      issuedAt: input.payment.succeededAt,
    });
  }
  if (input.settle) await settleVisitIfPaid(db, events, input.settle);
}

/**
 * A bill payment's one audit entry: its amount over all its orders, each order's share in
 * `details`; it names the order when it paid just one.
 */
function billPaymentEntry(
  shares: { order: OrderRow; amountMinor: number }[],
  payment: { method: TPaymentMethod; billPaymentId: string; provider?: string } & Partial<RecordedBy>,
  details: Record<string, unknown> = {},
) {
  const only = shares.length === 1 ? shares[0]!.order : null;
  return {
    kind: 'payment.recorded' as const,
    actor: takenBy(payment),
    orderId: only?.id ?? null,
    orderNumber: only?.number ?? null,
    tableNumber: shares[0]?.order.tableNumber ?? null,
    amountMinor: shares.reduce((sum, share) => sum + share.amountMinor, 0),
    details: {
      method: payment.method,
      billPaymentId: payment.billPaymentId,
      ...(payment.provider ? { provider: payment.provider } : {}),
      orders: shares.map(({ order, amountMinor }) => ({
        orderId: order.id,
        orderNumber: order.number,
        amountMinor,
      })),
      ...details,
    },
  };
}

/**
 * An online payment towards a visit's bill succeeded: the amount spread over the orders as given
 * (the provider's fee on them in proportion), and the wallet's entries: the amount and the tip
 * in, the fee out (tips are not revenue). With `settle`, the visit is settled once.
 */
export async function payVisitOrdersOnline(
  db: Db,
  events: EventPublisher,
  input: {
    shares: { order: OrderRow; amountMinor: number; units?: ReceiptShare['units'] }[];
    payment: {
      amountMinor: number;
      tipMinor: number;
      feeMinor: number;
      provider: string;
      reference: string | null;
      billPaymentId: string;
      succeededAt: Date;
    };
    /** Where the money was paid, for the wallet's descriptions ("table 4"). */
    where: string;
    settle?: HeldTable;
  },
): Promise<void> {
  const { payment } = input;
  // The remainder of the fee on the last payment.
  const fees = spreadInProportion(
    payment.feeMinor,
    input.shares.map((share) => share.amountMinor),
  );
  await payVisitOrders(db, events, {
    shares: input.shares.map((share, i) => ({ ...share, feeMinor: fees[i] ?? 0 })),
    payment: {
      method: 'online',
      provider: payment.provider,
      reference: payment.reference,
      billPaymentId: payment.billPaymentId,
      succeededAt: payment.succeededAt,
    },
    wallet: onlineMoneyEntries({ ...payment, where: input.where }),
    tipMinor: payment.tipMinor,
    settle: input.settle,
    details: payment.tipMinor > 0 ? { tipMinor: payment.tipMinor } : {},
  });
}

/**
 * Notes a provider's event as handled, in the transaction that handles it; false when it already
 * was (a replay), and then nothing may move.
 */
export function recordProviderEvent(
  db: Db,
  event: { provider: string; eventId: string; paymentId: string },
): Promise<boolean> {
  return recordWebhookEvent(db, event);
}

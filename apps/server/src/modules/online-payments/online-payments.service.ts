import { randomUUID } from 'node:crypto';
import {
  SANDBOX_SIGNATURE_HEADER,
  type TCheckout,
  type TSandboxCheckout,
  type TSandboxCompleteRequest,
  type ZWebhookAck,
} from '@tavolo/contract/payments';
import type { z } from 'zod';
import { AppError, notFound, unauthenticated } from '../../core/app-error';
import type { ServiceContext } from '../../core/context';
import {
  changeReturnUrl,
  failOnlinePayment,
  holdOrder,
  holdPayment,
  openOnlinePayment,
  recordProviderEvent,
  succeedOnlinePayment,
} from '../money/order-money';
import type { PaymentProvider } from '../money/payment-provider';
import { findGuestOrder, lockOrderForChange } from '../orders/orders.service';
import { findRestaurantRow } from '../restaurants/restaurants.service';
import { findBillPaymentSandboxView, receiveBillPaymentEvent } from '../table-bill/bill-checkout.service';
import { findTableRow } from '../tables/tables.service';
import { findPendingOnlinePayment, findProviderPayment } from './online-payments.repository';
import { isSandboxProvider, SANDBOX, type SandboxProvider, sandboxEventBody } from './sandbox-provider';
import type { WebhookDelivery } from './webhook-delivery';

/** What the online-payments services need beyond the app's services: made once when the app is built. */
export type OnlinePayments = { provider: PaymentProvider; deliverWebhook: WebhookDelivery };

/**
 * Starts paying what is still due on an order online: a guest with their order's token, or a staff
 * member with payments.manage. Under the order's lock, so two starts never open two checkouts: a
 * pending online payment of the order for the same amount is handed out again. Its route is
 * idempotent: `ctx.db` is the transaction its Idempotency-Key is claimed in.
 */
export async function startCheckout(
  ctx: ServiceContext,
  input: { orderId: string; guestToken: string | undefined },
  provider: PaymentProvider,
): Promise<TCheckout> {
  const { db, principal } = ctx;
  const { orderId, guestToken } = input;
  let restaurantId: string;
  if (guestToken !== undefined) {
    // The token names one order of one restaurant; any other order (or restaurant) looks like nothing.
    restaurantId = (await findGuestOrder(db, { id: orderId, guestToken })).restaurantId;
  } else {
    if (!principal) throw unauthenticated();
    restaurantId = principal.restaurantId;
  }
  const staff = guestToken === undefined ? principal : null;

  const order = await lockOrderForChange(db, restaurantId, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'cancelled') throw new AppError('CONFLICT', 'The order was cancelled; nothing is due');
  const due = order.totalMinor - order.paidMinor;
  if (due <= 0) throw new AppError('CONFLICT', 'Nothing is due on this order');

  // A guest goes back to their order's page (at their table's current code); staff to the board.
  let returnUrl = '/dashboard/orders';
  if (!staff) {
    const table = order.tableId ? await findTableRow(db, restaurantId, order.tableId) : undefined;
    returnUrl = table ? `/t/${encodeURIComponent(table.qrToken)}/orders/${order.id}` : '/';
  }
  const answer = (payment: { id: string; checkoutUrl: string }): TCheckout => ({
    paymentId: payment.id,
    checkoutUrl: payment.checkoutUrl,
    amountMinor: due,
    currency: order.currency,
  });

  const pending = await findPendingOnlinePayment(db, restaurantId, { orderId, provider: provider.name });
  if (pending && pending.amountMinor === due && pending.checkoutUrl) {
    // The same checkout again: whoever started it last is sent back to their own page.
    if (pending.returnUrl !== returnUrl) await changeReturnUrl(db, pending, returnUrl);
    return answer({ id: pending.id, checkoutUrl: pending.checkoutUrl });
  }

  const restaurant = await findRestaurantRow(db, restaurantId);
  const paymentId = randomUUID();
  const checkout = await provider.createCheckout({
    paymentId,
    amountMinor: due,
    currency: order.currency,
    description: `${restaurant?.name ?? 'Tavolo'}, order #${order.number}`,
    returnUrl,
  });
  await openOnlinePayment(db, order, {
    id: paymentId,
    amountMinor: due,
    provider: provider.name,
    reference: checkout.reference,
    checkoutUrl: checkout.checkoutUrl,
    returnUrl,
    recordedById: staff?.userId ?? null,
    recordedByName: staff?.name ?? null,
  });
  return answer({ id: paymentId, checkoutUrl: checkout.checkoutUrl });
}

/** The sandbox is only there when it is the configured provider. */
function sandboxOf(provider: PaymentProvider): SandboxProvider {
  if (!isSandboxProvider(provider)) throw notFound('Payment');
  return provider;
}

/** What the sandbox's checkout page shows for one of its payments (any status: the page says it). */
export async function getSandboxCheckout(
  ctx: ServiceContext,
  input: { paymentId: string },
  provider: PaymentProvider,
): Promise<TSandboxCheckout> {
  sandboxOf(provider);
  const found = await findProviderPayment(ctx.db, { paymentId: input.paymentId, provider: SANDBOX });
  if (!found) {
    // Not an order's payment: perhaps a payment towards a table's bill.
    const bill = await findBillPaymentSandboxView(ctx.db, { paymentId: input.paymentId, provider: SANDBOX });
    if (!bill) throw notFound('Payment');
    return bill;
  }
  const { payment } = found;
  return {
    paymentId: payment.id,
    status: payment.status,
    amountMinor: payment.amountMinor,
    currency: found.currency,
    restaurantName: found.restaurantName,
    orderNumber: found.orderNumber,
    description: `Order #${found.orderNumber}`,
    tipMinor: 0,
    returnUrl: payment.returnUrl ?? '/',
  };
}

/**
 * The payer's choice on the sandbox's page. The sandbox then does what a real provider does: it
 * signs an event and delivers it to Tavolo's webhook, through the same HTTP path and signature check
 * as any provider's. No transaction is held while it is delivered (the webhook opens its own).
 */
export async function completeSandboxCheckout(
  ctx: ServiceContext,
  input: { paymentId: string; outcome: TSandboxCompleteRequest['outcome'] },
  online: OnlinePayments,
): Promise<TSandboxCheckout> {
  const sandbox = sandboxOf(online.provider);
  const view = await getSandboxCheckout(ctx, input, sandbox);
  if (view.status !== 'pending') throw new AppError('CONFLICT', `This payment is already ${view.status}`);
  const rawBody = sandboxEventBody({
    paymentId: view.paymentId,
    outcome: input.outcome === 'pay' ? 'succeeded' : 'failed',
    amountMinor: view.amountMinor,
    currency: view.currency,
  });
  const delivered = await online.deliverWebhook({
    provider: SANDBOX,
    rawBody,
    headers: { [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(rawBody) },
  });
  if (delivered.statusCode >= 500) throw new Error(`The sandbox webhook failed: ${delivered.statusCode}`);
  if (delivered.statusCode >= 400) {
    throw new AppError('CONFLICT', 'The payment could not be completed; reload the page to see why');
  }
  return getSandboxCheckout(ctx, input, sandbox);
}

/**
 * A provider's event, its signature already checked over the raw body. In one transaction: the
 * event is noted (a replay finds it and changes nothing), the order then the payment are locked,
 * and a success moves the payment, the order (and its live event) and the wallet (the amount in,
 * the provider's fee out) together. An event for a payment that is no longer pending changes nothing.
 */
export async function receiveWebhook(
  ctx: ServiceContext,
  input: { provider: PaymentProvider; rawBody: Buffer },
): Promise<z.infer<typeof ZWebhookAck>> {
  const { db, events } = ctx;
  const { provider } = input;
  const event = provider.parseWebhookEvent(input.rawBody);
  const found = await findProviderPayment(db, { paymentId: event.paymentId, provider: provider.name });
  if (!found) {
    // Not an order's payment: perhaps a payment towards a table's bill (modules/table-bill).
    const ack = await receiveBillPaymentEvent(ctx, { provider, event });
    if (!ack) throw notFound('Payment');
    return ack;
  }
  const { restaurantId, orderId } = found.payment;
  const paymentId = found.payment.id;

  return db.transaction(async (tx) => {
    const fresh = await recordProviderEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      paymentId,
    });
    if (!fresh) return { received: true as const, duplicate: true };
    const hold = await holdOrder(tx, restaurantId, orderId);
    const payment = hold && (await holdPayment(tx, hold, paymentId));
    if (!hold || !payment) throw notFound('Payment');
    if (payment.status !== 'pending') return { received: true as const, duplicate: true };

    if (event.outcome === 'failed') {
      await failOnlinePayment(tx, payment);
      return { received: true as const, duplicate: false };
    }

    if (event.amountMinor !== payment.amountMinor || event.currency !== hold.order.currency) {
      // Thrown, so the event is not remembered either: nothing of it is kept.
      throw new AppError('VALIDATION_FAILED', "The event's amount or currency is not the payment's", {
        amountMinor: `must be ${payment.amountMinor} ${hold.order.currency}`,
      });
    }
    await succeedOnlinePayment(tx, events, hold, payment, {
      feeMinor: provider.feeMinor(payment.amountMinor),
    });
    return { received: true as const, duplicate: false };
  });
}

import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentRow } from '../../db/rows';
import { orders, payments, restaurants } from '../../db/schema';

/** The order's newest online payment through `provider` still waiting for its payer. */
export async function findPendingOnlinePayment(
  db: Db,
  restaurantId: string,
  input: { orderId: string; provider: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.restaurantId, restaurantId),
        eq(payments.orderId, input.orderId),
        eq(payments.method, 'online'),
        eq(payments.status, 'pending'),
        eq(payments.provider, input.provider),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * An online payment through `provider` by its id alone, with its order and restaurant. Unscoped on
 * purpose, like a guest's order by its token: the caller is a provider's page or webhook, which
 * knows no restaurant; the payment's random id (and, for the webhook, the signature) is the claim.
 */
export async function findProviderPayment(db: Db, input: { paymentId: string; provider: string }) {
  const [row] = await db
    .select({
      payment: payments,
      orderNumber: orders.number,
      currency: orders.currency,
      restaurantName: restaurants.name,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(restaurants, eq(restaurants.id, payments.restaurantId))
    .where(
      and(
        eq(payments.id, input.paymentId),
        eq(payments.method, 'online'),
        eq(payments.provider, input.provider),
      ),
    );
  return row;
}

import { and, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { PaymentRow, RefundRow } from '../../db/rows';
import { paymentRefunds, payments, paymentWebhookEvents } from '../../db/schema';

/* What a money move writes: payments, refunds and the providers' events it handled. */

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** Locks a payment for a refund; take its order's lock first (lockOrder), as every order change does. */
export async function lockPayment(db: Db, restaurantId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.id, id)))
    .for('update');
  return row;
}

export async function updatePayment(
  db: Db,
  restaurantId: string,
  id: string,
  values: PgUpdateSetSource<typeof payments>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.id, id)))
    .returning();
  return row;
}

export async function insertRefund(db: Db, values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(paymentRefunds).values(values).returning();
  return row!;
}

/**
 * Notes a provider's event as handled; false when it already was (a replay). Inside the handling
 * transaction, so an event whose handling failed is not remembered and its retry is handled anew.
 */
export async function recordWebhookEvent(
  db: Db,
  values: { provider: string; eventId: string; paymentId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

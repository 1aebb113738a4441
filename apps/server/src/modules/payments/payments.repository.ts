import type { TPayment } from '@tavolo/contract/orders';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export function toPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountMinor: row.amountMinor,
    method: row.method,
    status: row.status,
    feeMinor: row.feeMinor,
    refundedMinor: row.refundedMinor,
    reference: row.reference,
    recordedBy: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

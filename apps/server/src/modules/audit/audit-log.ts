import type { TAuditKind } from '@tavolo/contract/audit';
import type { Principal } from '../../core/principal';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/*
 * Writing to the audit log (PRODUCT.md §9). Every change that must be accounted for calls
 * recordAudit with the transaction it runs in, so the entry commits with the change or not at all.
 */

/** Who did it or approved it: a member or the owner by id, a guest or the system with id null. */
export type AuditPerson = { id: string | null; name: string };

/** The signed-in caller (a staff member or the owner) as an entry names them. */
export function auditActorOf(principal: Principal): AuditPerson {
  return { id: principal.userId, name: principal.name };
}

/** A guest at a table (no account): their acts are the table's. */
export const GUEST_ACTOR: AuditPerson = { id: null, name: 'Guest' };

/** What no person did there and then: a payment provider's webhook confirming a payment. */
export const SYSTEM_ACTOR: AuditPerson = { id: null, name: 'System' };

export type AuditEntry = {
  kind: TAuditKind;
  actor: AuditPerson;
  approvedBy?: AuditPerson | null;
  orderId?: string | null;
  orderNumber?: number | null;
  tableNumber?: number | null;
  /** The money it moved or took off, in minor units. */
  amountMinor?: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/** Appends entries for the restaurant, in the caller's transaction. */
export async function recordAudit(db: Db, restaurantId: string, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      restaurantId,
      kind: entry.kind,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      approvedById: entry.approvedBy?.id ?? null,
      approvedByName: entry.approvedBy?.name ?? null,
      orderId: entry.orderId ?? null,
      orderNumber: entry.orderNumber ?? null,
      tableNumber: entry.tableNumber ?? null,
      amountMinor: entry.amountMinor ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
    })),
  );
}

import type { TAuditEntry, TAuditKind } from '@tavolo/contract/audit';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Reading the audit log. Entries are written by audit-log.ts, in the transaction of their change. */

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: { id: row.actorId, name: row.actorName },
    approvedBy: row.approvedByName === null ? null : { id: row.approvedById, name: row.approvedByName },
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    tableNumber: row.tableNumber,
    amountMinor: row.amountMinor,
    reason: row.reason,
    details: row.details,
  };
}

export type AuditFilters = {
  from?: Date;
  /** Exclusive. */
  to?: Date;
  kind?: TAuditKind;
  /** Entries this person did or approved. */
  personId?: string;
};

/** Newest first (entries of one instant in the order they were written); `limit`/`offset` page through. */
export async function findAuditEntries(
  db: Db,
  restaurantId: string,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(auditLog.restaurantId, restaurantId),
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
    filters.kind ? eq(auditLog.kind, filters.kind) : undefined,
    filters.personId
      ? or(eq(auditLog.actorId, filters.personId), eq(auditLog.approvedById, filters.personId))
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.seq))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One group of a tally: who (by id, or by name for a guest or the system) or which reason. */
export type AuditTallyRow = {
  kind: 'order.line_voided' | 'order.discounted';
  personId: string | null;
  personName: string;
  count: number;
  amountMinor: number;
};
export type AuditReasonTallyRow = {
  kind: 'order.line_voided' | 'order.discounted';
  reason: string;
  count: number;
  amountMinor: number;
};

/**
 * Voids and discounts in [start, end), counted and summed by who gave them: a member by id (under
 * the name of their newest entry, should they have been renamed), anyone else by name.
 */
export async function sumVoidsAndDiscountsByPerson(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<AuditTallyRow[]> {
  const rows = await queryRows<{
    kind: AuditTallyRow['kind'];
    person_id: string | null;
    person_name: string;
    count: unknown;
    amount: unknown;
  }>(
    db,
    sql`SELECT ${auditLog.kind} AS kind, ${auditLog.actorId} AS person_id,
               (array_agg(${auditLog.actorName} ORDER BY ${auditLog.at} DESC, ${auditLog.seq} DESC))[1] AS person_name,
               count(*) AS count, coalesce(sum(${auditLog.amountMinor}), 0) AS amount
        FROM ${auditLog}
        WHERE ${auditLog.restaurantId} = ${restaurantId}
          AND ${auditLog.kind} IN ('order.line_voided', 'order.discounted')
          AND ${auditLog.at} >= ${range.start.toISOString()}
          AND ${auditLog.at} < ${range.end.toISOString()}
        GROUP BY 1, 2, CASE WHEN ${auditLog.actorId} IS NULL THEN ${auditLog.actorName} END`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    personId: r.person_id,
    personName: r.person_name,
    count: Number(r.count),
    amountMinor: Number(r.amount),
  }));
}

/** Voids and discounts in [start, end) by reason (an entry without one counts as "other"). */
export async function sumVoidsAndDiscountsByReason(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<AuditReasonTallyRow[]> {
  const rows = await queryRows<{
    kind: AuditTallyRow['kind'];
    reason: string;
    count: unknown;
    amount: unknown;
  }>(
    db,
    sql`SELECT ${auditLog.kind} AS kind, coalesce(${auditLog.reason}, 'other') AS reason,
               count(*) AS count, coalesce(sum(${auditLog.amountMinor}), 0) AS amount
        FROM ${auditLog}
        WHERE ${auditLog.restaurantId} = ${restaurantId}
          AND ${auditLog.kind} IN ('order.line_voided', 'order.discounted')
          AND ${auditLog.at} >= ${range.start.toISOString()}
          AND ${auditLog.at} < ${range.end.toISOString()}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    reason: r.reason,
    count: Number(r.count),
    amountMinor: Number(r.amount),
  }));
}

import type { TAuditKind } from '@tavolo/contract/audit';
import type { TDayReport } from '@tavolo/contract/receipts';
import type { TTaxPart } from '@tavolo/contract/taxes';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { StoredOrderLine } from '../../db/schema';

/*
 * What the data export reads (decision 044): every row of one restaurant, table by table, in
 * batches along an index (keyset: after the last row of the batch before), so memory stays flat
 * however long its history. Columns are named one by one: secrets (password and PIN hashes, token
 * hashes, table codes, checkout links) are never selected.
 *
 * PostgreSQL hands each row over as one JSON text (json_build_object), instants already in UTC ISO
 * 8601: reading 100,000 orders so costs a third of the CPU of typed columns, each a value to
 * convert (measured on the embedded engine, decision 044).
 */

/** Where a batch starts: after this instant (as PostgreSQL wrote it, to the microsecond) and tie-breaker. */
export type Cursor = { at: string; id: string } | null;

/** An instant as the export writes it: UTC, ISO 8601, to the millisecond. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Each row of `query` (one column `j`, a JSON text), parsed. */
async function jsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const rows = await queryRows<{ j: string }>(db, query);
  return rows.map((row) => JSON.parse(row.j) as T);
}

/**
 * `(at, id) > cursor` along an index on (restaurant_id, at, …): the first condition starts the
 * index's range there, the second leaves out the rows of that instant already read.
 */
function after(at: SQL, id: SQL, cursor: Cursor, idType: 'uuid' | 'bigint'): SQL {
  if (!cursor) return sql`TRUE`;
  const tieBreaker = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::bigint`;
  return sql`${at} >= ${cursor.at}::timestamptz AND (${at}, ${id}) > (${cursor.at}::timestamptz, ${tieBreaker})`;
}

/** What a batch along an instant and a tie-breaker reads: `table` as `alias`, its rows as JSON. */
type KeysetRead = {
  table: 'payments' | 'payment_refunds' | 'reviews' | 'audit_log' | 'wallet_transactions';
  alias: 'p' | 'r' | 'v' | 'a' | 'w';
  /** The instant and the tie-breaker, columns of `alias` (an index on (restaurant_id, at, id)). */
  at: string;
  id: string;
  idType: 'uuid' | 'bigint';
  /** One row as a JSON object, of `alias` (and of its order `o`, with `withOrder`). */
  row: SQL;
  /** Joined to its order as `o`: after the batch is taken, so the join reads only its rows. */
  withOrder?: boolean;
};

/** One batch of `read.table`'s rows of the restaurant after `cursor`, in (at, id) order. */
function keysetBatch<T>(
  db: Db,
  read: KeysetRead,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<T[]> {
  const alias = sql.raw(read.alias);
  const at = sql.raw(`${read.alias}.${read.at}`);
  const id = sql.raw(`${read.alias}.${read.id}`);
  const from = sql`${sql.raw(read.table)} ${alias}`;
  const where = sql`${alias}.restaurant_id = ${restaurantId} AND ${after(at, id, cursor, read.idType)}`;
  const order = sql`ORDER BY ${at}, ${id}`;
  return jsonRows(
    db,
    read.withOrder
      ? sql`SELECT ${read.row}::text AS j
            FROM (SELECT * FROM ${from} WHERE ${where} ${order} LIMIT ${limit}) ${alias}
            JOIN orders o ON o.id = ${alias}.order_id ${order}`
      : sql`SELECT ${read.row}::text AS j FROM ${from} WHERE ${where} ${order} LIMIT ${limit}`,
  );
}

export type ExportedOrder = {
  id: string;
  number: number;
  createdAt: string;
  updatedAt: string;
  tableNumber: number;
  source: string;
  takenByName: string | null;
  status: string;
  customerName: string | null;
  note: string | null;
  subtotalMinor: number;
  discountMinor: number;
  serviceChargeMinor: number;
  netMinor: number | null;
  taxMinor: number;
  tipMinor: number;
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
  paymentStatus: string;
  pricesIncludeTax: boolean;
  currency: string;
  /** Its moves, oldest first: "accepted 2026-11-27T20:58:00.000Z Marco Bianchi", "; "-separated. */
  statusHistory: string;
  /** Its lines, as stored: order-lines.csv is written from them in the same read. */
  items: StoredOrderLine[];
};

export function findOrderBatch(
  db: Db,
  restaurantId: string,
  afterNumber: number,
  limit: number,
): Promise<ExportedOrder[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'id', o.id, 'number', o.number, 'createdAt', ${iso(sql`o.created_at`)},
          'updatedAt', ${iso(sql`o.updated_at`)}, 'tableNumber', o.table_number, 'source', o.source,
          'takenByName', o.taken_by_name, 'status', o.status, 'customerName', o.customer_name,
          'note', o.note, 'subtotalMinor', o.subtotal_minor, 'discountMinor', o.discount_minor,
          'serviceChargeMinor', o.service_charge_minor, 'netMinor', o.net_minor, 'taxMinor', o.tax_minor,
          'tipMinor', o.tip_minor, 'totalMinor', o.total_minor, 'paidMinor', o.paid_minor,
          'refundedMinor', o.refunded_minor, 'paymentStatus', o.payment_status,
          'pricesIncludeTax', o.prices_include_tax, 'currency', o.currency,
          'statusHistory', (SELECT coalesce(string_agg(concat_ws(' ', e.move->>'status', e.move->>'at',
                              e.move->'by'->>'name') || coalesce(': ' || (e.move->>'reason'), ''), '; '
                              ORDER BY e.i), '')
                            FROM jsonb_array_elements(o.status_history) WITH ORDINALITY AS e(move, i)),
          'items', o.items
        )::text AS j
        FROM orders o
        WHERE o.restaurant_id = ${restaurantId} AND o.number > ${afterNumber}
        ORDER BY o.number LIMIT ${limit}`,
  );
}

export type ExportedPayment = {
  cursorAt: string;
  id: string;
  orderId: string;
  orderNumber: number;
  createdAt: string;
  succeededAt: string | null;
  method: string;
  status: string;
  amountMinor: number;
  feeMinor: number;
  refundedMinor: number;
  provider: string | null;
  reference: string | null;
  recordedByName: string | null;
  currency: string;
};

export function findPaymentBatch(
  db: Db,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<ExportedPayment[]> {
  return keysetBatch(
    db,
    {
      table: 'payments',
      alias: 'p',
      at: 'created_at',
      id: 'id',
      idType: 'uuid',
      withOrder: true,
      row: sql`json_build_object(
          'cursorAt', p.created_at::text, 'id', p.id, 'orderId', p.order_id, 'orderNumber', o.number,
          'createdAt', ${iso(sql`p.created_at`)}, 'succeededAt', ${iso(sql`p.succeeded_at`)},
          'method', p.method, 'status', p.status, 'amountMinor', p.amount_minor, 'feeMinor', p.fee_minor,
          'refundedMinor', p.refunded_minor, 'provider', p.provider, 'reference', p.reference,
          'recordedByName', p.recorded_by_name, 'currency', o.currency
      )`,
    },
    restaurantId,
    cursor,
    limit,
  );
}

export type ExportedRefund = {
  cursorAt: string;
  id: string;
  paymentId: string;
  orderNumber: number;
  createdAt: string;
  amountMinor: number;
  reason: string | null;
  recordedByName: string | null;
  currency: string;
};

export function findRefundBatch(
  db: Db,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<ExportedRefund[]> {
  return keysetBatch(
    db,
    {
      table: 'payment_refunds',
      alias: 'r',
      at: 'created_at',
      id: 'id',
      idType: 'uuid',
      withOrder: true,
      row: sql`json_build_object(
          'cursorAt', r.created_at::text, 'id', r.id, 'paymentId', r.payment_id, 'orderNumber', o.number,
          'createdAt', ${iso(sql`r.created_at`)}, 'amountMinor', r.amount_minor, 'reason', r.reason,
          'recordedByName', r.recorded_by_name, 'currency', o.currency
      )`,
    },
    restaurantId,
    cursor,
    limit,
  );
}

export type ExportedReceipt = {
  id: string;
  year: number;
  seq: number;
  number: string;
  kind: string;
  issuedAt: string;
  businessDate: string;
  creditForNumber: string | null;
  method: string;
  tableNumber: number | null;
  orderNumbers: number[];
  netMinor: number;
  taxMinor: number;
  serviceChargeMinor: number;
  tipMinor: number;
  totalMinor: number;
  currency: string;
  taxes: TTaxPart[];
};

/** Receipts and credit notes in number order (year, then its sequence). */
export function findReceiptBatch(
  db: Db,
  restaurantId: string,
  cursor: { year: number; seq: number } | null,
  limit: number,
): Promise<ExportedReceipt[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'id', r.id, 'year', r.year, 'seq', r.seq, 'number', r.number, 'kind', r.kind,
          'issuedAt', ${iso(sql`r.issued_at`)}, 'businessDate', r.business_date::text,
          'creditForNumber', (SELECT c.number FROM receipts c
                              WHERE c.id = r.credit_for_id AND c.restaurant_id = r.restaurant_id),
          'method', r.method, 'tableNumber', r.table_number, 'orderNumbers', r.order_numbers,
          'netMinor', r.net_minor, 'taxMinor', r.tax_minor, 'serviceChargeMinor', r.service_charge_minor,
          'tipMinor', r.tip_minor, 'totalMinor', r.total_minor, 'currency', r.currency, 'taxes', r.taxes
        )::text AS j
        FROM receipts r
        WHERE r.restaurant_id = ${restaurantId}
          AND ${cursor ? sql`(r.year, r.seq) > (${cursor.year}::smallint, ${cursor.seq}::int)` : sql`TRUE`}
        ORDER BY r.year, r.seq LIMIT ${limit}`,
  );
}

export type ExportedReview = {
  cursorAt: string;
  id: string;
  orderNumber: number;
  createdAt: string;
  rating: number;
  comment: string | null;
  guestName: string | null;
};

export function findReviewBatch(
  db: Db,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<ExportedReview[]> {
  return keysetBatch(
    db,
    {
      table: 'reviews',
      alias: 'v',
      at: 'created_at',
      id: 'id',
      idType: 'uuid',
      withOrder: true,
      row: sql`json_build_object(
          'cursorAt', v.created_at::text, 'id', v.id, 'orderNumber', o.number,
          'createdAt', ${iso(sql`v.created_at`)}, 'rating', v.rating, 'comment', v.comment,
          'guestName', v.guest_name
      )`,
    },
    restaurantId,
    cursor,
    limit,
  );
}

export type ExportedAuditEntry = {
  cursorAt: string;
  seq: number;
  id: string;
  at: string;
  kind: TAuditKind;
  actorName: string;
  approvedByName: string | null;
  orderNumber: number | null;
  tableNumber: number | null;
  amountMinor: number | null;
  reason: string | null;
  details: Record<string, unknown>;
};

/** The audit log in write order (by instant, then its sequence). */
export function findAuditBatch(
  db: Db,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<ExportedAuditEntry[]> {
  return keysetBatch(
    db,
    {
      table: 'audit_log',
      alias: 'a',
      at: 'at',
      id: 'seq',
      idType: 'bigint',
      row: sql`json_build_object(
          'cursorAt', a.at::text, 'seq', a.seq, 'id', a.id, 'at', ${iso(sql`a.at`)}, 'kind', a.kind,
          'actorName', a.actor_name, 'approvedByName', a.approved_by_name, 'orderNumber', a.order_number,
          'tableNumber', a.table_number, 'amountMinor', a.amount_minor, 'reason', a.reason,
          'details', a.details
      )`,
    },
    restaurantId,
    cursor,
    limit,
  );
}

export type ExportedWalletEntry = {
  cursorAt: string;
  seq: number;
  id: string;
  createdAt: string;
  type: string;
  kind: string;
  amountMinor: number;
  balanceAfterMinor: number;
  reference: string | null;
  description: string;
};

/** The wallet's ledger in write order. */
export function findWalletBatch(
  db: Db,
  restaurantId: string,
  cursor: Cursor,
  limit: number,
): Promise<ExportedWalletEntry[]> {
  return keysetBatch(
    db,
    {
      table: 'wallet_transactions',
      alias: 'w',
      at: 'created_at',
      id: 'seq',
      idType: 'bigint',
      row: sql`json_build_object(
          'cursorAt', w.created_at::text, 'seq', w.seq, 'id', w.id, 'createdAt', ${iso(sql`w.created_at`)},
          'type', w.type, 'kind', w.kind, 'amountMinor', w.amount_minor,
          'balanceAfterMinor', w.balance_after_minor, 'reference', w.reference, 'description', w.description
      )`,
    },
    restaurantId,
    cursor,
    limit,
  );
}

export type ExportedTable = {
  id: string;
  number: number;
  label: string | null;
  area: string | null;
  seats: number | null;
  active: boolean;
  createdAt: string;
};

/** The restaurant's tables, without their QR codes (a code lets anyone order at the table). */
export function findTablesForExport(db: Db, restaurantId: string): Promise<ExportedTable[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'id', t.id, 'number', t.number, 'label', t.label, 'area', t.area, 'seats', t.seats,
          'active', t.active, 'createdAt', ${iso(sql`t.created_at`)}
        )::text AS j
        FROM dining_tables t WHERE t.restaurant_id = ${restaurantId} ORDER BY t.number`,
  );
}

export type ExportedStaffMember = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  roleName: string;
  active: boolean;
  hasPin: boolean;
  language: string | null;
  lastLoginAt: string | null;
  createdAt: string;
};

/** The restaurant's staff, without their password or PIN hashes. */
export function findStaffForExport(db: Db, restaurantId: string): Promise<ExportedStaffMember[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'id', s.id, 'name', s.name, 'email', s.email, 'phone', s.phone, 'roleName', r.name,
          'active', s.active, 'hasPin', s.pin_hash IS NOT NULL, 'language', s.language,
          'lastLoginAt', ${iso(sql`s.last_login_at`)}, 'createdAt', ${iso(sql`s.created_at`)}
        )::text AS j
        FROM staff s JOIN roles r ON r.id = s.role_id
        WHERE s.restaurant_id = ${restaurantId} ORDER BY s.created_at, s.id`,
  );
}

export function findRolesForExport(
  db: Db,
  restaurantId: string,
): Promise<{ id: string; name: string; permissions: string[] }[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions)::text AS j
        FROM roles r WHERE r.restaurant_id = ${restaurantId} ORDER BY r.created_at, r.id`,
  );
}

export function findSettlementAccountsForExport(
  db: Db,
  restaurantId: string,
): Promise<
  {
    id: string;
    bankName: string;
    accountName: string;
    accountNumber: string;
    isDefault: boolean;
    archivedAt: string | null;
    createdAt: string;
  }[]
> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'id', a.id, 'bankName', a.bank_name, 'accountName', a.account_name,
          'accountNumber', a.account_number, 'isDefault', a.is_default,
          'archivedAt', ${iso(sql`a.archived_at`)}, 'createdAt', ${iso(sql`a.created_at`)}
        )::text AS j
        FROM settlement_accounts a WHERE a.restaurant_id = ${restaurantId} ORDER BY a.created_at, a.id`,
  );
}

export type ExportedClosedDay = {
  date: string;
  report: TDayReport;
  cashCountedMinor: number;
  cashDifferenceMinor: number;
  note: string | null;
  closedAt: string;
  closedById: string | null;
  closedByName: string;
};

/** Closed business days (a few hundred a year), oldest first. */
export function findClosedDaysForExport(db: Db, restaurantId: string): Promise<ExportedClosedDay[]> {
  return jsonRows(
    db,
    sql`SELECT json_build_object(
          'date', d.date::text, 'report', d.report, 'cashCountedMinor', d.cash_counted_minor,
          'cashDifferenceMinor', d.cash_difference_minor, 'note', d.note,
          'closedAt', ${iso(sql`d.closed_at`)}, 'closedById', d.closed_by_id, 'closedByName', d.closed_by_name
        )::text AS j
        FROM business_days d WHERE d.restaurant_id = ${restaurantId} ORDER BY d.date`,
  );
}

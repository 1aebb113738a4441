import { OPEN_ORDER_STATUSES, type TOrderStatus } from '@tavolo/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { InstantRange } from './dashboard-periods';

/**
 * The dashboard's figures, one function and one query each, always scoped by restaurant. Each takes
 * the instants it covers (local days computed by the service) so that daily rollup tables can
 * replace a query later without its callers noticing.
 *
 * Sums and counts come back as int8 (node-postgres parses it into a number, the embedded engine
 * may answer a bigint): every one is cast in SQL and passed through Number().
 */

/** `(index, starts, ends)` rows for a VALUES list, one per range, in order. */
function rangeRows(ranges: readonly InstantRange[]): SQL {
  return sql.join(
    ranges.map(
      (range, index) =>
        sql`(${index}::int, ${range.starts.toISOString()}::timestamptz, ${range.ends.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
}

/**
 * Revenue in each range: payments received in it (by `succeeded_at`; a payment refunded later still
 * counts as money received, its refund counts when it is given) minus refunds given in it.
 */
export async function sumRevenue(
  db: Db,
  restaurantId: string,
  ranges: readonly InstantRange[],
): Promise<number[]> {
  const rows = await queryRows<{ revenue_minor: number | bigint | string }>(
    db,
    sql`
      WITH r (i, starts, ends) AS (VALUES ${rangeRows(ranges)})
      SELECT (
        (SELECT coalesce(sum(p.amount_minor), 0) FROM payments p
          WHERE p.restaurant_id = ${restaurantId}
            AND p.status IN ('succeeded', 'refunded')
            AND p.succeeded_at >= r.starts AND p.succeeded_at < r.ends)
        -
        (SELECT coalesce(sum(f.amount_minor), 0) FROM payment_refunds f
          WHERE f.restaurant_id = ${restaurantId}
            AND f.created_at >= r.starts AND f.created_at < r.ends)
      )::bigint AS revenue_minor
      FROM r
      ORDER BY r.i`,
  );
  return rows.map((row) => Number(row.revenue_minor));
}

/** Orders placed in each range, cancelled ones excluded: how many, and their totals. */
export async function summarizeOrders(
  db: Db,
  restaurantId: string,
  ranges: readonly InstantRange[],
): Promise<{ count: number; totalMinor: number }[]> {
  const rows = await queryRows<{ count: number | bigint | string; total_minor: number | bigint | string }>(
    db,
    sql`
      WITH r (i, starts, ends) AS (VALUES ${rangeRows(ranges)})
      SELECT s.count, s.total_minor
      FROM r
      CROSS JOIN LATERAL (
        SELECT count(*)::bigint AS count, coalesce(sum(o.total_minor), 0)::bigint AS total_minor
        FROM orders o
        WHERE o.restaurant_id = ${restaurantId}
          AND o.created_at >= r.starts AND o.created_at < r.ends
          AND o.status <> 'cancelled'
      ) s
      ORDER BY r.i`,
  );
  return rows.map((row) => ({ count: Number(row.count), totalMinor: Number(row.total_minor) }));
}

/** Orders placed in the range by status, every status (cancelled included); absent statuses are 0. */
export async function countOrdersByStatus(
  db: Db,
  restaurantId: string,
  range: InstantRange,
): Promise<Partial<Record<TOrderStatus, number>>> {
  const rows = await queryRows<{ status: TOrderStatus; count: number | bigint | string }>(
    db,
    sql`
      SELECT o.status, count(*)::bigint AS count
      FROM orders o
      WHERE o.restaurant_id = ${restaurantId}
        AND o.created_at >= ${range.starts.toISOString()}::timestamptz
        AND o.created_at < ${range.ends.toISOString()}::timestamptz
      GROUP BY o.status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Orders under way right now, whenever placed: not completed or cancelled; and those still pending. */
export async function countOpenOrders(
  db: Db,
  restaurantId: string,
): Promise<{ active: number; pending: number }> {
  const open = sql.join(
    OPEN_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await queryRows<{ active: number | bigint | string; pending: number | bigint | string }>(
    db,
    sql`
      SELECT count(*)::bigint AS active,
             count(*) FILTER (WHERE o.status = 'pending')::bigint AS pending
      FROM orders o
      WHERE o.restaurant_id = ${restaurantId} AND o.status IN (${open})`,
  );
  return { active: Number(row?.active ?? 0), pending: Number(row?.pending ?? 0) };
}

/**
 * The wallet's balance now and as it stood at `at` (0 for a wallet that did not exist yet).
 *
 * The past balance is the balance now minus every entry since `at`, read in one statement (one
 * snapshot). "The balance_after of the last entry before `at`" would say the same but is ambiguous
 * when entries share an instant: an online payment's credit and its fee are written in one
 * transaction, so they carry the same created_at and nothing orders them.
 */
export async function findWalletBalances(
  db: Db,
  restaurantId: string,
  at: Date,
): Promise<{ nowMinor: number; thenMinor: number }> {
  const [row] = await queryRows<{
    now_minor: number | bigint | string;
    then_minor: number | bigint | string;
  }>(
    db,
    sql`
      WITH w AS (
        SELECT coalesce((SELECT balance_minor FROM wallets WHERE restaurant_id = ${restaurantId}), 0) AS balance
      )
      SELECT w.balance::bigint AS now_minor,
             (w.balance - coalesce((
               SELECT sum(CASE WHEN t.type = 'credit' THEN t.amount_minor ELSE -t.amount_minor END)
               FROM wallet_transactions t
               WHERE t.restaurant_id = ${restaurantId} AND t.created_at >= ${at.toISOString()}::timestamptz
             ), 0))::bigint AS then_minor
      FROM w`,
  );
  return { nowMinor: Number(row?.now_minor ?? 0), thenMinor: Number(row?.then_minor ?? 0) };
}

export type MenuItemFigureRow = {
  menuItemId: string | null;
  name: string;
  quantity: number;
  revenueMinor: number;
};

/**
 * The dishes of the orders placed in the range (cancelled ones excluded), by dish: quantity, and
 * the lines' totals as revenue (the dishes' share, before service charge and tips). A dish still on
 * the menu is one row under its current name, however it was called on the orders; a deleted dish
 * has no id left, so its lines gather under the name they were ordered by. The restaurant's active
 * dishes that nobody ordered follow with 0. Unordered: the service sorts.
 */
export async function sumMenuItemSales(
  db: Db,
  restaurantId: string,
  range: InstantRange,
): Promise<MenuItemFigureRow[]> {
  const rows = await queryRows<{
    menu_item_id: string | null;
    name: string;
    quantity: number | bigint | string;
    revenue_minor: number | bigint | string;
  }>(
    db,
    sql`
      WITH sold AS (
        SELECT m.id AS menu_item_id,
               coalesce(min(m.name), min(l.name)) AS name,
               sum(l.quantity)::bigint AS quantity,
               sum(l."lineTotalMinor")::bigint AS revenue_minor
        FROM orders o
        CROSS JOIN LATERAL jsonb_to_recordset(o.items)
          AS l ("menuItemId" uuid, name text, quantity int, "lineTotalMinor" int)
        LEFT JOIN menu_items m ON m.id = l."menuItemId" AND m.restaurant_id = ${restaurantId}
        WHERE o.restaurant_id = ${restaurantId}
          AND o.created_at >= ${range.starts.toISOString()}::timestamptz
          AND o.created_at < ${range.ends.toISOString()}::timestamptz
          AND o.status <> 'cancelled'
        GROUP BY m.id, CASE WHEN m.id IS NULL THEN l.name END
      )
      SELECT menu_item_id, name, quantity, revenue_minor FROM sold
      UNION ALL
      SELECT m.id, m.name, 0::bigint, 0::bigint
      FROM menu_items m
      WHERE m.restaurant_id = ${restaurantId}
        AND m.active
        AND NOT EXISTS (SELECT 1 FROM sold s WHERE s.menu_item_id = m.id)`,
  );
  return rows.map((row) => ({
    menuItemId: row.menu_item_id,
    name: row.name,
    quantity: Number(row.quantity),
    revenueMinor: Number(row.revenue_minor),
  }));
}

import type { TOrderStatus } from '@tavolo/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { InstantRange } from './dashboard-periods';

/**
 * The dashboard's figures, one function and one query each, always scoped by restaurant. Every
 * period the service asks about is whole local days (decision 016), so every figure but the live
 * ones reads the daily rollups (decision 018): one row per restaurant and local day, however many
 * orders the day holds. The functions still take the instants they cover; SQL turns them into the
 * restaurant's local days (a range that splits a day is widened to the whole day).
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
 * `r (i, first_day, last_day)`: the ranges as the restaurant's local days, the first instant's day
 * to the day of the last instant before `ends` (no days, so zeros, for an unknown restaurant).
 */
function localDays(restaurantId: string, ranges: readonly InstantRange[]): SQL {
  return sql`r (i, first_day, last_day) AS (
    SELECT v.i, (v.starts AT TIME ZONE z.timezone)::date,
           ((v.ends - interval '1 microsecond') AT TIME ZONE z.timezone)::date
    FROM (VALUES ${rangeRows(ranges)}) v (i, starts, ends)
    LEFT JOIN (SELECT timezone FROM restaurants WHERE id = ${restaurantId}) z ON true
  )`;
}

/**
 * Revenue in each range: payments received in it (by the local day of `succeeded_at`; a payment
 * refunded later still counts as money received, its refund counts when it is given) minus refunds
 * given in it.
 */
export async function sumRevenue(
  db: Db,
  restaurantId: string,
  ranges: readonly InstantRange[],
): Promise<number[]> {
  const rows = await queryRows<{ revenue_minor: number | bigint | string }>(
    db,
    sql`
      WITH ${localDays(restaurantId, ranges)}
      SELECT coalesce(sum(d.revenue_minor), 0)::bigint AS revenue_minor
      FROM r
      LEFT JOIN dashboard_daily d
        ON d.restaurant_id = ${restaurantId} AND d.day >= r.first_day AND d.day <= r.last_day
      GROUP BY r.i
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
      WITH ${localDays(restaurantId, ranges)}
      SELECT coalesce(sum(d.orders), 0)::bigint AS count,
             coalesce(sum(d.orders_total_minor), 0)::bigint AS total_minor
      FROM r
      LEFT JOIN dashboard_daily d
        ON d.restaurant_id = ${restaurantId} AND d.day >= r.first_day AND d.day <= r.last_day
      GROUP BY r.i
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
      WITH ${localDays(restaurantId, [range])}
      SELECT s.status, sum(s.orders)::bigint AS count
      FROM r
      JOIN dashboard_daily_status s
        ON s.restaurant_id = ${restaurantId} AND s.day >= r.first_day AND s.day <= r.last_day
      GROUP BY s.status
      HAVING sum(s.orders) <> 0`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * Orders under way right now, whenever placed: not completed or cancelled; and those still pending.
 * The condition is written as the partial index orders_restaurant_open_idx's, so the planner uses it.
 */
export async function countOpenOrders(
  db: Db,
  restaurantId: string,
): Promise<{ active: number; pending: number }> {
  const [row] = await queryRows<{ active: number | bigint | string; pending: number | bigint | string }>(
    db,
    sql`
      SELECT count(*)::bigint AS active,
             count(*) FILTER (WHERE o.status = 'pending')::bigint AS pending
      FROM orders o
      WHERE o.restaurant_id = ${restaurantId} AND o.status NOT IN ('completed', 'cancelled')`,
  );
  return { active: Number(row?.active ?? 0), pending: Number(row?.pending ?? 0) };
}

/**
 * The wallet's balance now and as it stood at `at` (0 for a wallet that did not exist yet): the
 * balance after the last ledger entry before `at`, one probe of (restaurant_id, created_at, seq)
 * however many entries followed. `seq` orders entries that share an instant (a test's, a bulk
 * load's); the ledger dates its own entries by clock_timestamp() under the wallet's lock, so
 * created_at already follows the order they moved the balance in.
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
      SELECT coalesce((SELECT balance_minor FROM wallets WHERE restaurant_id = ${restaurantId}), 0)::bigint AS now_minor,
             coalesce((
               SELECT t.balance_after_minor
               FROM wallet_transactions t
               WHERE t.restaurant_id = ${restaurantId} AND t.created_at < ${at.toISOString()}::timestamptz
               ORDER BY t.created_at DESC, t.seq DESC
               LIMIT 1
             ), 0)::bigint AS then_minor`,
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
 *
 * Read from dashboard_daily_dishes, kept by dish id and ordered name; groups whose orders were all
 * cancelled since (0 lines) are no sale.
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
      WITH ${localDays(restaurantId, [range])},
      lines AS (
        SELECT d.menu_item_id, d.name, sum(d.quantity) AS quantity, sum(d.revenue_minor) AS revenue_minor
        FROM r
        JOIN dashboard_daily_dishes d
          ON d.restaurant_id = ${restaurantId} AND d.day >= r.first_day AND d.day <= r.last_day
        GROUP BY d.menu_item_id, d.name
        HAVING sum(d.lines) > 0
      ),
      sold AS (
        SELECT m.id AS menu_item_id,
               coalesce(min(m.name), min(l.name)) AS name,
               sum(l.quantity)::bigint AS quantity,
               sum(l.revenue_minor)::bigint AS revenue_minor
        FROM lines l
        LEFT JOIN menu_items m ON m.id = l.menu_item_id AND m.restaurant_id = ${restaurantId}
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

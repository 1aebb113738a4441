import type { TOrder } from '@tavolo/contract/orders';
import { and, eq, gte, notInArray, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { orderOf } from '../orders/orders.service';

/** How far back a cancelled order's VOID marks are still looked for (a day: a service's length). */
const CANCELLED_NOTICE_WINDOW_MS = 86_400_000;

/**
 * The restaurant's orders still under way, and those cancelled with a mark a station has not
 * acknowledged (only orders placed within the last day, found by the status index, then the marks
 * in their lines): what its stations may have tickets of.
 */
export async function findKitchenOrders(db: Db, restaurantId: string): Promise<TOrder[]> {
  const since = new Date(Date.now() - CANCELLED_NOTICE_WINDOW_MS);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        or(
          notInArray(orders.status, ['completed', 'cancelled']),
          and(
            eq(orders.status, 'cancelled'),
            gte(orders.createdAt, since),
            sql`jsonb_path_exists(${orders.items}, '$[*].kitchenNotice.kind')`,
          ),
        ),
      ),
    );
  return rows.map(orderOf);
}

/** A line made ready in a period: where, what, and how long from fired to ready. */
export type PreparedLine = { stationId: string | null; menuItemId: string; name: string; seconds: number };

/**
 * Lines made ready in [start, end), from the orders placed up to a day before it began (a line is
 * made ready within hours of its order).
 */
export async function findPreparedLines(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<PreparedLine[]> {
  const rows = await queryRows<{
    station_id: string | null;
    menu_item_id: string;
    name: string;
    seconds: number;
  }>(
    db,
    sql`SELECT l ->> 'stationId' AS station_id, l ->> 'menuItemId' AS menu_item_id, l ->> 'name' AS name,
          greatest(0, extract(epoch FROM (l ->> 'readyAt')::timestamptz - (l ->> 'firedAt')::timestamptz))::float8 AS seconds
        FROM ${orders} o CROSS JOIN LATERAL jsonb_array_elements(o.items) l
        WHERE o.restaurant_id = ${restaurantId}
          AND o.created_at >= ${new Date(range.start.getTime() - 86_400_000)} AND o.created_at < ${range.end}
          AND o.status <> 'cancelled'
          AND l ->> 'readyAt' IS NOT NULL AND l ->> 'firedAt' IS NOT NULL
          AND (l ->> 'readyAt')::timestamptz >= ${range.start} AND (l ->> 'readyAt')::timestamptz < ${range.end}`,
  );
  return rows.map((r) => ({
    stationId: r.station_id,
    menuItemId: r.menu_item_id,
    name: r.name,
    seconds: Number(r.seconds),
  }));
}

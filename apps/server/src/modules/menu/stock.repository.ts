import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** Units to take from (negative) or give back to (positive) one dish's count. */
export type StockMove = { menuItemId: string; delta: number };

/** A counted dish an order touched: its count before, and after (null when nothing moved). */
export type StockMoved = {
  menuItemId: string;
  name: string;
  before: number;
  delta: number;
  after: number | null;
};

/**
 * Moves the counts of the restaurant's counted dishes among `moves`, all or none: the rows are
 * locked in id order (two orders of the same dishes never wait for each other in opposite orders),
 * and the counts move only when none would go below zero. Dishes that are not counted are left
 * alone (and not locked). One statement: the locked read sees the last committed counts, and the
 * update's own condition and the table's check say the same again.
 */
export async function moveStockCounts(
  db: Db,
  restaurantId: string,
  moves: StockMove[],
): Promise<StockMoved[]> {
  if (moves.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    name: string;
    before: number;
    delta: number;
    after: number | null;
  }>(
    db,
    sql`WITH wanted AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(moves.map((m) => ({ id: m.menuItemId, delta: m.delta })))}::jsonb)
            AS w(id uuid, delta int)
        ), held AS MATERIALIZED (
          SELECT m.id, m.name, m.stock_count FROM menu_items m
          WHERE m.restaurant_id = ${restaurantId} AND m.id IN (SELECT id FROM wanted) AND m.stock_count IS NOT NULL
          ORDER BY m.id
          FOR NO KEY UPDATE
        ), checked AS (
          SELECT h.id, h.name, h.stock_count AS before, w.delta FROM held h JOIN wanted w ON w.id = h.id
        ), moved AS (
          UPDATE menu_items m SET stock_count = m.stock_count + c.delta
          FROM checked c
          WHERE m.id = c.id AND m.stock_count + c.delta >= 0
            AND NOT EXISTS (SELECT 1 FROM checked short WHERE short.before + short.delta < 0)
          RETURNING m.id, m.stock_count
        )
        SELECT c.id, c.name, c.before, c.delta, moved.stock_count AS after
        FROM checked c LEFT JOIN moved ON moved.id = c.id
        ORDER BY c.id`,
  );
  return rows.map((row) => ({
    menuItemId: row.id,
    name: row.name,
    before: Number(row.before),
    delta: Number(row.delta),
    after: row.after === null ? null : Number(row.after),
  }));
}

/**
 * Locks the restaurant's dishes among `menuItemIds` (counted or not: a count set meanwhile waits
 * for the caller's commit), in id order, and answers each one's name and count (null when not
 * counted).
 */
export async function lockDishCounts(
  db: Db,
  restaurantId: string,
  menuItemIds: readonly string[],
): Promise<Map<string, { name: string; count: number | null }>> {
  if (menuItemIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string; stock_count: number | null }>(
    db,
    sql`SELECT m.id, m.name, m.stock_count FROM menu_items m
        WHERE m.restaurant_id = ${restaurantId}
          AND m.id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(menuItemIds)}::jsonb))::uuid)
        ORDER BY m.id
        FOR NO KEY UPDATE`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, count: row.stock_count === null ? null : Number(row.stock_count) },
    ]),
  );
}

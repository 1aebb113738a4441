import type { TTable } from '@tavolo/contract/tables';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diningTables } from '../../db/schema';

export type TableRow = typeof diningTables.$inferSelect;

export function toTable(row: TableRow, publicUrl: string): TTable {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    seats: row.seats,
    active: row.active,
    qrToken: row.qrToken,
    guestUrl: `${publicUrl}/t/${row.qrToken}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findTables(db: Db, restaurantId: string): Promise<TableRow[]> {
  return db
    .select()
    .from(diningTables)
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(diningTables.number));
}

export async function insertTable(
  db: Db,
  values: {
    restaurantId: string;
    number: number;
    qrToken: string;
    label?: string;
    seats?: number;
    active?: boolean;
  },
): Promise<TableRow> {
  const [row] = await db.insert(diningTables).values(values).returning();
  return row!;
}

import type {
  TServiceRequest,
  TServiceRequestKind,
  TServiceRequestStatus,
} from '@tavolo/contract/table-service';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServiceRequestRow } from '../../db/rows';
import { diningTables, serviceRequests } from '../../db/schema';

export function toServiceRequest(row: ServiceRequestRow): TServiceRequest {
  return {
    id: row.id,
    tableId: row.tableId,
    tableNumber: row.tableNumber,
    kind: row.kind,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedByName,
  };
}

/**
 * Takes the table's row lock for the rest of the transaction, so two phones calling at once are
 * answered one after the other (the second finds the first's open request). NO KEY UPDATE leaves
 * orders free to keep referring to the table meanwhile.
 */
export async function lockTable(db: Db, restaurantId: string, tableId: string): Promise<void> {
  await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, tableId)))
    .for('no key update');
}

/** The table's open request of this kind, if it has one. */
export async function findOpenRequestOfKind(
  db: Db,
  restaurantId: string,
  tableId: string,
  kind: TServiceRequestKind,
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.restaurantId, restaurantId),
        eq(serviceRequests.tableId, tableId),
        eq(serviceRequests.kind, kind),
        eq(serviceRequests.status, 'open'),
      ),
    )
    .orderBy(asc(serviceRequests.createdAt))
    .limit(1);
  return row;
}

export async function insertServiceRequest(
  db: Db,
  values: typeof serviceRequests.$inferInsert,
): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}

/** Made in the last `seconds` by the database's clock (the one that stamped them). */
const createdWithin = (seconds: number) =>
  gte(serviceRequests.createdAt, sql`now() - make_interval(secs => ${seconds})`);

/** One table's requests of the last `withinSeconds`, newest first. */
export async function findTableRequests(
  db: Db,
  restaurantId: string,
  tableId: string,
  withinSeconds: number,
): Promise<ServiceRequestRow[]> {
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.restaurantId, restaurantId),
        eq(serviceRequests.tableId, tableId),
        createdWithin(withinSeconds),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(200);
}

/**
 * The restaurant's requests in one status: open ones oldest first (the longest wait on top),
 * others made in the last `withinSeconds`, newest first.
 */
export async function findRequestsByStatus(
  db: Db,
  restaurantId: string,
  status: TServiceRequestStatus,
  withinSeconds?: number,
): Promise<ServiceRequestRow[]> {
  const open = status === 'open';
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.restaurantId, restaurantId),
        eq(serviceRequests.status, status),
        withinSeconds === undefined ? undefined : createdWithin(withinSeconds),
      ),
    )
    .orderBy(
      open ? asc(serviceRequests.createdAt) : desc(serviceRequests.createdAt),
      open ? asc(serviceRequests.id) : desc(serviceRequests.id),
    )
    .limit(500);
}

/**
 * Marks an open request acknowledged; answers nothing when it is not open (or not this restaurant's),
 * so a second acknowledgement changes nothing.
 */
export async function acknowledgeOpenRequest(
  db: Db,
  restaurantId: string,
  id: string,
  by: { id: string; name: string },
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({
      status: 'acknowledged',
      acknowledgedAt: sql`now()`,
      acknowledgedById: by.id,
      acknowledgedByName: by.name,
    })
    .where(
      and(
        eq(serviceRequests.restaurantId, restaurantId),
        eq(serviceRequests.id, id),
        eq(serviceRequests.status, 'open'),
      ),
    )
    .returning();
  return row;
}

export async function findServiceRequest(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.restaurantId, restaurantId), eq(serviceRequests.id, id)));
  return row;
}

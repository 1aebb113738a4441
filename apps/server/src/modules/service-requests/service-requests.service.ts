import {
  SERVICE_REQUEST_LIMIT,
  SERVICE_REQUEST_WINDOW_SECONDS,
  type TCreateServiceRequest,
  type TServiceRequest,
  type TServiceRequestList,
  type TServiceRequestListQuery,
  type TUpdateServiceRequest,
} from '@tavolo/contract/table-service';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { consumeRateLimit } from '../../core/rate-limit';
import type { Db } from '../../db/client';
import { resolveActiveTable } from '../tables/active-table-cache';
import { findActiveTable } from '../tables/tables.service';
import {
  acknowledgeOpenRequest,
  findOpenRequestOfKind,
  findRequestsByStatus,
  findServiceRequest,
  findTableRequests,
  insertServiceRequest,
  lockTable,
  toServiceRequest,
} from './service-requests.repository';

/** What the guest's page lists: the table's requests of the last hour. */
const TABLE_LIST_SECONDS = 3600;
/** What the staff's "acknowledged" list keeps: the last day. */
const ACKNOWLEDGED_LIST_SECONDS = 24 * 3600;

/**
 * The active table behind a printed code, with its restaurant. An unknown code, a rotated one and
 * an inactive table all look alike: 404.
 */
async function findTableByCode(db: Db, qrToken: string) {
  const found = await findActiveTable(db, { qrToken });
  if (!found) throw new AppError('NOT_FOUND', "This table's code is not valid any more");
  return found;
}

/**
 * A guest calls staff to their table. The table's lock orders concurrent calls, so a second
 * "waiter" (or "bill") while one is open gets the open one back, with no second event and without
 * counting against the table's limit; anything new counts, and past the limit is 429.
 */
export async function createServiceRequest(
  ctx: ServiceContext,
  input: TCreateServiceRequest,
): Promise<TServiceRequest> {
  const { db, events } = ctx;
  const { table, restaurant } = await findTableByCode(db, input.qrToken);
  return db.transaction(async (tx) => {
    await lockTable(tx, restaurant.id, table.id);
    if (input.kind !== 'message') {
      const open = await findOpenRequestOfKind(tx, restaurant.id, table.id, input.kind);
      if (open) return toServiceRequest(open);
    }
    await consumeRateLimit(tx, {
      key: `service-requests:table:${table.id}`,
      limit: SERVICE_REQUEST_LIMIT,
      windowSeconds: SERVICE_REQUEST_WINDOW_SECONDS,
    });
    const row = await insertServiceRequest(tx, {
      restaurantId: restaurant.id,
      tableId: table.id,
      tableNumber: table.number,
      kind: input.kind,
      // Plain text, trimmed by the contract; shown as text, never as HTML. Other kinds carry none.
      message: input.kind === 'message' ? (input.message ?? '') : null,
    });
    const request = toServiceRequest(row);
    await events.publish(tx, {
      type: 'service_request.created',
      restaurantId: restaurant.id,
      tableId: table.id,
      data: { request },
    });
    return request;
  });
}

/** The guest's view: their table's requests of the last hour, newest first. */
export async function listTableServiceRequests(
  ctx: ServiceContext,
  input: { qrToken: string },
): Promise<TServiceRequestList> {
  const { table, restaurant } = await findTableByCode(ctx.db, input.qrToken);
  const rows = await findTableRequests(ctx.db, restaurant.id, table.id, TABLE_LIST_SECONDS);
  return { items: rows.map(toServiceRequest) };
}

/** Staff: open requests oldest first (the longest wait on top); acknowledged ones of the last day. */
export async function listServiceRequests(
  { db, principal }: StaffContext,
  query: TServiceRequestListQuery,
): Promise<TServiceRequestList> {
  const rows = await findRequestsByStatus(
    db,
    principal.restaurantId,
    query.status,
    query.status === 'open' ? undefined : ACKNOWLEDGED_LIST_SECONDS,
  );
  return { items: rows.map(toServiceRequest) };
}

/** Someone is on the way. A request already acknowledged is answered as it is, with no event. */
export async function acknowledgeServiceRequest(
  ctx: StaffContext,
  input: { id: string; change: TUpdateServiceRequest },
): Promise<TServiceRequest> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  return db.transaction(async (tx) => {
    const row = await acknowledgeOpenRequest(tx, restaurantId, input.id, {
      id: principal.userId,
      name: principal.name,
    });
    if (!row) {
      const existing = await findServiceRequest(tx, restaurantId, input.id);
      if (!existing) throw notFound('Service request');
      return toServiceRequest(existing);
    }
    const request = toServiceRequest(row);
    await events.publish(tx, {
      type: 'service_request.updated',
      restaurantId,
      tableId: row.tableId,
      data: { request },
    });
    return request;
  });
}

/**
 * What a table's stream follows, from the table's code (404 before the stream opens), and how to
 * tell later that the code still holds: a rotated code or a deactivated table ends the stream.
 */
export async function findTableStream(
  ctx: ServiceContext,
  input: { qrToken: string },
): Promise<{ restaurantId: string; tableId: string; stillAllowed: () => Promise<boolean> }> {
  const { db, activeTables } = ctx;
  const { table, restaurant } = await findTableByCode(db, input.qrToken);
  return {
    restaurantId: restaurant.id,
    tableId: table.id,
    // Asked at every heartbeat of every phone: from the active-table cache, so an idle stream
    // costs the database nothing.
    stillAllowed: async () => {
      const found = await resolveActiveTable(activeTables, { qrToken: input.qrToken }, (lookup) =>
        findActiveTable(db, lookup),
      );
      return found?.table.id === table.id;
    },
  };
}

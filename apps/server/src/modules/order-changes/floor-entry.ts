import type { TFloorTable, TTableState } from '@tavolo/contract/floor';
import { notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { listServiceRequests } from '../service-requests/service-requests.service';
import { getStaffMember } from '../staff/staff.service';
import { findVisitHolds } from '../table-bill/bill-read-model';
import { findTableRow } from '../tables/tables.service';
import { billFigures } from '../visits/bill-model';
import { findOpenBill } from '../visits/visits.service';

/*
 * One table's floor entry (ZFloorTable), read afresh: what a merge answers. A stand-in until the
 * floor's own read model answers it (the floor module): the same fields, counted here from the
 * table's row, its open bill, its checkouts and its guests' calls.
 */

const NOT_SERVED: readonly string[] = ['pending', 'accepted', 'preparing', 'ready'];

export async function floorEntryOf(ctx: StaffContext, tableId: string): Promise<TFloorTable> {
  const { db, principal } = ctx;
  const table = await findTableRow(db, principal.restaurantId, tableId);
  if (!table) throw notFound('Table');
  const orders = await findOpenBill(db, principal.restaurantId, table.id);
  const holds = await findVisitHolds(db, table);
  const requests = (await listServiceRequests(ctx, { status: 'open' })).items.filter(
    (r) => r.tableId === table.id,
  );
  const waiter = table.visitWaiterId ? await getStaffMember(ctx, { id: table.visitWaiterId }) : null;
  const open = orders.filter((o) => NOT_SERVED.includes(o.status));
  const figures = billFigures(orders);
  const oldest = (dates: Date[]) =>
    dates.length > 0 ? new Date(Math.min(...dates.map((d) => d.getTime()))).toISOString() : null;
  const seated = table.visitOpenedAt !== null || table.visitCovers !== null || orders.length > 0;
  const state: TTableState =
    holds.count > 0
      ? 'paying'
      : requests.some((r) => r.kind === 'bill')
        ? 'bill'
        : open.length > 0
          ? 'ordered'
          : figures.dueMinor > 0
            ? 'served'
            : seated
              ? 'seated'
              : 'free';
  return {
    id: table.id,
    number: table.number,
    label: table.label,
    area: table.area,
    seats: table.seats,
    state,
    covers: table.visitCovers,
    waiter: waiter ? { id: waiter.id, name: waiter.name } : null,
    openedAt: table.visitOpenedAt?.toISOString() ?? oldest(orders.map((o) => o.createdAt)),
    openOrders: open.length,
    totalMinor: figures.totalMinor,
    dueMinor: figures.dueMinor,
    oldestOpenOrderAt: oldest(open.map((o) => o.createdAt)),
    openRequests: requests.length,
  };
}

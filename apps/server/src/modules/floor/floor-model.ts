import type { TFloorTable, TTableState } from '@tavolo/contract/floor';
import type { TOrderStatus } from '@tavolo/contract/orders';

/*
 * A table on the floor as figures, apart from the database: what its state is and how tables are
 * ordered. The repository reads the figures; the floor keeper and the services present them.
 */

/** One table and its visit in figures but its orders, as `findTableFigures` reads them. */
export type TableFigures = {
  id: string;
  number: number;
  label: string | null;
  area: string | null;
  seats: number | null;
  active: boolean;
  /** As staff opened the visit; null until they do (and again once it ends). */
  covers: number | null;
  waiterId: string | null;
  waiterName: string | null;
  openedAtMs: number | null;
  /** The open bill (table_open_bills, migration 0020). */
  totalMinor: number;
  paidMinor: number;
  openRequests: number;
  billRequested: boolean;
  /** When the first checkout still holding on the visit's bill lets go; null when none holds. */
  holdUntilMs: number | null;
};

/** An order on a table's open bill that is not cancelled, as far as the floor cares. */
export type OrderMark = { status: TOrderStatus; createdAtMs: number };

/** What a table's open bill's orders make of its entry. */
export type OrderFigures = {
  /** Orders on the open bill that are not cancelled, and those of them not yet served. */
  orders: number;
  openOrders: number;
  firstOrderAtMs: number | null;
  oldestOpenOrderAtMs: number | null;
};

export type FloorFigures = TableFigures & OrderFigures;

const NOT_YET_SERVED: ReadonlySet<TOrderStatus> = new Set(['pending', 'accepted', 'preparing', 'ready']);

/** Counts a table's open bill's orders (cancelled ones are never marked). */
export function orderFiguresOf(marks: Iterable<OrderMark>): OrderFigures {
  const figures: OrderFigures = { orders: 0, openOrders: 0, firstOrderAtMs: null, oldestOpenOrderAtMs: null };
  for (const mark of marks) {
    figures.orders += 1;
    if (figures.firstOrderAtMs === null || mark.createdAtMs < figures.firstOrderAtMs) {
      figures.firstOrderAtMs = mark.createdAtMs;
    }
    if (!NOT_YET_SERVED.has(mark.status)) continue;
    figures.openOrders += 1;
    if (figures.oldestOpenOrderAtMs === null || mark.createdAtMs < figures.oldestOpenOrderAtMs) {
      figures.oldestOpenOrderAtMs = mark.createdAtMs;
    }
  }
  return figures;
}

/**
 * free: no visit (no order on the open bill, not opened by staff); then, for a visit: paying while a
 * checkout holds, bill while a guest's call for the bill is unanswered, ordered while an order is
 * not yet served, served once all are, seated before any order. Calls without a visit leave the
 * table free (they still count in openRequests).
 */
export function tableStateOf(
  figures: Pick<FloorFigures, 'openedAtMs' | 'orders' | 'openOrders' | 'billRequested' | 'holdUntilMs'>,
): TTableState {
  const visiting = figures.openedAtMs !== null || figures.orders > 0;
  if (!visiting) return 'free';
  if (figures.holdUntilMs !== null) return 'paying';
  if (figures.billRequested) return 'bill';
  if (figures.openOrders > 0) return 'ordered';
  if (figures.orders > 0) return 'served';
  return 'seated';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The entry GET /api/floor and table.updated carry. */
export function toFloorTable(figures: FloorFigures): TFloorTable {
  const state = tableStateOf(figures);
  const free = state === 'free';
  return {
    id: figures.id,
    number: figures.number,
    label: figures.label,
    area: figures.area,
    seats: figures.seats,
    state,
    covers: free ? null : figures.covers,
    waiter:
      free || figures.waiterId === null || figures.waiterName === null
        ? null
        : { id: figures.waiterId, name: figures.waiterName },
    openedAt: free ? null : iso(figures.openedAtMs ?? figures.firstOrderAtMs),
    openOrders: figures.openOrders,
    totalMinor: figures.totalMinor,
    dueMinor: Math.max(0, figures.totalMinor - figures.paidMinor),
    oldestOpenOrderAt: iso(figures.oldestOpenOrderAtMs),
    openRequests: figures.openRequests,
  };
}

/** The entry field by field, in the contract's order (an entry read back from the log's JSON has another). */
export function copyFloorTable(table: TFloorTable): TFloorTable {
  return {
    id: table.id,
    number: table.number,
    label: table.label,
    area: table.area,
    seats: table.seats,
    state: table.state,
    covers: table.covers,
    waiter: table.waiter === null ? null : { id: table.waiter.id, name: table.waiter.name },
    openedAt: table.openedAt,
    openOrders: table.openOrders,
    totalMinor: table.totalMinor,
    dueMinor: table.dueMinor,
    oldestOpenOrderAt: table.oldestOpenOrderAt,
    openRequests: table.openRequests,
  };
}

const areas = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** By area (tables without one last), then by number. */
export function compareFloorTables(
  a: Pick<TFloorTable, 'area' | 'number'>,
  b: Pick<TFloorTable, 'area' | 'number'>,
): number {
  if (a.area !== b.area) {
    if (a.area === null) return 1;
    if (b.area === null) return -1;
    const byArea = areas.compare(a.area, b.area);
    if (byArea !== 0) return byArea;
  }
  return a.number - b.number;
}

/** Whether two entries say the same (or it is a change worth telling the floors about). */
export function sameFloorTable(a: TFloorTable, b: TFloorTable): boolean {
  return (
    a.id === b.id &&
    a.number === b.number &&
    a.label === b.label &&
    a.area === b.area &&
    a.seats === b.seats &&
    a.state === b.state &&
    a.covers === b.covers &&
    a.waiter?.id === b.waiter?.id &&
    a.waiter?.name === b.waiter?.name &&
    a.openedAt === b.openedAt &&
    a.openOrders === b.openOrders &&
    a.totalMinor === b.totalMinor &&
    a.dueMinor === b.dueMinor &&
    a.oldestOpenOrderAt === b.oldestOpenOrderAt &&
    a.openRequests === b.openRequests
  );
}

import type { TFloorTable } from '@tavolo/contract/floor';
import type { TOrderLine } from '@tavolo/contract/orders';
import { fakeId } from './menu-fixtures';

/** A table on the floor as GET /api/floor answers it: free unless told otherwise. */
export function fakeFloorTable(overrides: Partial<TFloorTable> = {}): TFloorTable {
  return {
    id: fakeId(),
    number: 1,
    label: null,
    area: null,
    seats: 4,
    state: 'free',
    covers: null,
    waiter: null,
    openedAt: null,
    openOrders: 0,
    totalMinor: 0,
    dueMinor: 0,
    oldestOpenOrderAt: null,
    openRequests: 0,
    ...overrides,
  };
}

/** An order line as the server answers it: one Margherita, nothing voided or discounted. */
export function fakeOrderLine(overrides: Partial<TOrderLine> = {}): TOrderLine {
  return {
    menuItemId: fakeId(),
    name: 'Margherita',
    unitPriceMinor: 950,
    quantity: 1,
    options: [],
    note: null,
    seat: null,
    course: null,
    voidedQuantity: 0,
    discountMinor: 0,
    lineTotalMinor: 950,
    stationId: null,
    kitchenStatus: 'queued',
    firedAt: '2025-03-14T18:00:00.000Z',
    startedAt: null,
    readyAt: null,
    voidedAt: null,
    kitchenNotice: null,
    tax: { name: '', rateBasisPoints: 0, netMinor: 950, taxMinor: 0 },
    ...overrides,
  };
}

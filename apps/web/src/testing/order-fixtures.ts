import type { TOrder } from '@tavolo/contract/orders';
import { fakeId } from './menu-fixtures';

let number = 0;

/** A valid order as the server answers it: pending, one line, unpaid, placed at `createdAt`. */
export function fakeOrder(overrides: Partial<TOrder> = {}): TOrder {
  number += 1;
  const createdAt = overrides.createdAt ?? '2025-03-14T18:00:00.000Z';
  return {
    id: fakeId(),
    number,
    tableId: fakeId(),
    tableNumber: 4,
    source: 'qr',
    takenBy: null,
    status: 'pending',
    items: [
      {
        menuItemId: fakeId(),
        name: 'Margherita',
        unitPriceMinor: 950,
        quantity: 2,
        options: [],
        note: null,
        seat: null,
        course: null,
        voidedQuantity: 0,
        discountMinor: 0,
        lineTotalMinor: 1900,
        stationId: null,
        kitchenStatus: 'queued',
        firedAt: createdAt,
        startedAt: null,
        readyAt: null,
        voidedAt: null,
        kitchenNotice: null,
        tax: { name: '', rateBasisPoints: 0, netMinor: 1900, taxMinor: 0 },
      },
    ],
    subtotalMinor: 1900,
    discountMinor: 0,
    serviceChargeMinor: 0,
    tipMinor: 0,
    totalMinor: 1900,
    pricesIncludeTax: true,
    netMinor: 1900 - 0,
    taxMinor: 0,
    taxes: [],
    serviceChargeTax: { name: '', rateBasisPoints: 0, netMinor: 0, taxMinor: 0 },
    paidMinor: 0,
    paymentStatus: 'unpaid',
    currency: 'EUR',
    note: null,
    customerName: null,
    statusHistory: [
      { status: 'pending', at: createdAt, by: { type: 'guest', id: null, name: 'Guest' }, reason: null },
    ],
    version: 1,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** The order after a move, as the server would answer it (one version more, a later updatedAt, one more history entry). */
export function movedOrder(
  order: TOrder,
  status: TOrder['status'],
  at: string,
  reason: string | null = null,
) {
  return {
    ...order,
    status,
    version: order.version + 1,
    updatedAt: at,
    statusHistory: [
      ...order.statusHistory,
      { status, at, by: { type: 'owner' as const, id: null, name: 'Giulia Rossi' }, reason },
    ],
  };
}

import type { TServiceRequest, TTableBill, TTableBillSummary } from '@tavolo/contract/table-service';
import { fakeId } from './menu-fixtures';

/** An open call from table 4 for a waiter, made at `createdAt`. */
export function fakeServiceRequest(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  return {
    id: fakeId(),
    tableId: fakeId(),
    tableNumber: 4,
    kind: 'waiter',
    message: null,
    status: 'open',
    createdAt: '2025-03-14T18:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

/** A table's bill in the room's overview: two orders, €42.00, nothing paid. */
export function fakeBillSummary(overrides: Partial<TTableBillSummary> = {}): TTableBillSummary {
  return {
    tableId: fakeId(),
    tableNumber: 4,
    visitId: fakeId(),
    orders: 2,
    totalMinor: 4200,
    paidMinor: 0,
    dueMinor: 4200,
    openedAt: '2025-03-14T18:00:00.000Z',
    ...overrides,
  };
}

/** A table's bill: two lines of one order, €42.00 in all, nothing paid. */
export function fakeTableBill(overrides: Partial<TTableBill> = {}): TTableBill {
  const orderId = fakeId();
  return {
    visitId: fakeId(),
    tableId: fakeId(),
    tableNumber: 4,
    currency: 'EUR',
    lines: [
      {
        orderId,
        orderNumber: 12,
        lineIndex: 0,
        menuItemId: fakeId(),
        name: 'Margherita',
        seat: null,
        options: [],
        quantity: 2,
        unitPriceMinor: 1200,
        amountMinor: 2400,
        discountMinor: 0,
        paidQuantity: 0,
        pendingQuantity: 0,
        totalMinor: 2400,
      },
      {
        orderId,
        orderNumber: 12,
        lineIndex: 1,
        menuItemId: fakeId(),
        name: 'Tiramisu',
        seat: null,
        options: [],
        quantity: 2,
        unitPriceMinor: 900,
        amountMinor: 1800,
        discountMinor: 0,
        paidQuantity: 0,
        pendingQuantity: 0,
        totalMinor: 1800,
      },
    ],
    itemsMinor: 4200,
    discountMinor: 0,
    serviceChargeMinor: 0,
    orderTipsMinor: 0,
    totalMinor: 4200,
    paidMinor: 0,
    dueMinor: 4200,
    pendingMinor: 0,
    tipsMinor: 0,
    payments: [],
    split: null,
    ...overrides,
  };
}

import type { TBillLine } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import type { SettledTable } from '../../../lib/settled-tables';
import { fakeBillSummary, fakeTableBill } from '../../../testing/table-service-staff-fixtures';
import {
  closeRequestOf,
  groupLinesByOrder,
  lineBadge,
  lineState,
  listBillRows,
  needsConfirmation,
} from './table-bills';

const settledOf = (overrides: Partial<SettledTable>): SettledTable => ({
  tableId: 't',
  tableNumber: 1,
  visitId: 'v',
  totalMinor: 1000,
  paidMinor: 1000,
  at: 0,
  ...overrides,
});

describe('the bills screen’s rows', () => {
  it('lists open bills and tables settled a moment ago, by table number', () => {
    const four = fakeBillSummary({ tableNumber: 4 });
    const two = fakeBillSummary({ tableNumber: 2 });
    const rows = listBillRows([four, two], [settledOf({ tableId: 't3', tableNumber: 3, visitId: 'v3' })]);
    expect(rows.map((row) => [row.tableNumber, row.kind])).toEqual([
      [2, 'open'],
      [3, 'settled'],
      [4, 'open'],
    ]);
  });

  it('hides a bill the list still holds once its visit is settled', () => {
    const four = fakeBillSummary({ tableNumber: 4 });
    const rows = listBillRows(
      [four],
      [settledOf({ tableId: four.tableId, tableNumber: 4, visitId: four.visitId })],
    );
    expect(rows.map((row) => row.kind)).toEqual(['settled']);
  });

  it('shows the new visit, not "Settled", when the table ordered again', () => {
    const again = fakeBillSummary({ tableNumber: 4 });
    const rows = listBillRows(
      [again],
      [settledOf({ tableId: again.tableId, tableNumber: 4, visitId: 'old' })],
    );
    expect(rows).toEqual([{ kind: 'open', tableId: again.tableId, tableNumber: 4, bill: again }]);
  });
});

describe('a bill’s lines', () => {
  const line = (overrides: Partial<TBillLine>): TBillLine => ({
    ...(fakeTableBill().lines[0] as TBillLine),
    quantity: 2,
    ...overrides,
  });

  it('tells paid, partly paid, being paid and unpaid apart', () => {
    expect(lineState(line({ paidQuantity: 2 }))).toBe('paid');
    expect(lineBadge(line({ paidQuantity: 2 }))).toEqual({ text: 'Paid', tone: 'success' });
    expect(lineBadge(line({ paidQuantity: 1 }))?.text).toBe('1 of 2 paid');
    expect(lineBadge(line({ pendingQuantity: 2 }))?.text).toBe('Being paid');
    expect(lineBadge(line({ pendingQuantity: 1 }))?.text).toBe('1 of 2 being paid');
    expect(lineBadge(line({ paidQuantity: 1, pendingQuantity: 1 }))?.text).toBe('1 paid · 1 being paid');
    expect(lineBadge(line({}))).toBeNull();
  });

  it('groups lines under their order, in the bill’s order', () => {
    const bill = fakeTableBill();
    const [a, b] = bill.lines as [TBillLine, TBillLine];
    const other = { ...a, orderId: 'o2', orderNumber: 15 };
    expect(groupLinesByOrder([a, other, b]).map((order) => [order.orderNumber, order.lines.length])).toEqual([
      [12, 2],
      [15, 1],
    ]);
  });
});

describe('closing a bill', () => {
  it('asks first only while money is due', () => {
    expect(needsConfirmation({ dueMinor: 1 })).toBe(true);
    expect(needsConfirmation({ dueMinor: 0 })).toBe(false);
  });

  it('sends what to record the rest as', () => {
    expect(closeRequestOf('cash')).toEqual({ payRestWith: 'cash' });
    expect(closeRequestOf('card')).toEqual({ payRestWith: 'card' });
    expect(closeRequestOf('none')).toEqual({});
  });
});

import type { TBillLine, TTableBill, TTableBillSummary } from '@tavolo/contract/table-service';
import { t } from '../../../lib/i18n/i18n';
import type { SettledTable } from '../../../lib/settled-tables';

/**
 * What the staff's bills screen shows: the open bills of the room, the tables settled a moment
 * ago, and for one table its lines, their state and the ways to end the visit.
 */

export type BillRow =
  | { kind: 'open'; tableId: string; tableNumber: number; bill: TTableBillSummary }
  | { kind: 'settled'; tableId: string; tableNumber: number; settled: SettledTable };

/**
 * The open bills and the tables settled a moment ago, by table number. A settled visit hides its
 * own bill if the list still holds it (read before it ended); a table that has started a new
 * visit since shows that one instead of "Settled".
 */
export function listBillRows(
  bills: readonly TTableBillSummary[],
  settled: readonly SettledTable[],
): BillRow[] {
  const settledVisits = new Set(settled.map((entry) => entry.visitId));
  const rows: BillRow[] = bills
    .filter((bill) => !settledVisits.has(bill.visitId))
    .map((bill) => ({ kind: 'open', tableId: bill.tableId, tableNumber: bill.tableNumber, bill }));
  const withOpenBill = new Set(rows.map((row) => row.tableId));
  for (const entry of settled) {
    if (withOpenBill.has(entry.tableId)) continue;
    rows.push({ kind: 'settled', tableId: entry.tableId, tableNumber: entry.tableNumber, settled: entry });
  }
  return rows.sort((a, b) => a.tableNumber - b.tableNumber || (a.kind === 'open' ? -1 : 1));
}

export type LineState = 'paid' | 'partly-paid' | 'paying' | 'unpaid';

/** Paid in full, partly, being paid on a guest's phone right now, or not at all. */
export function lineState(line: TBillLine): LineState {
  if (line.paidQuantity >= line.quantity) return 'paid';
  if (line.pendingQuantity > 0) return 'paying';
  if (line.paidQuantity > 0) return 'partly-paid';
  return 'unpaid';
}

/** The badge of a line: "Paid", "1 of 2 paid", "Paying…" (with what is settled so far), or none. */
export function lineBadge(line: TBillLine): { text: string; tone: 'success' | 'warning' | 'accent' } | null {
  const { paidQuantity: paid, pendingQuantity: pending, quantity } = line;
  switch (lineState(line)) {
    case 'paid':
      return { text: t('table-service.line.paid'), tone: 'success' };
    case 'partly-paid':
      return { text: t('table-service.line.partlyPaid', { paid, quantity }), tone: 'accent' };
    case 'paying':
      return {
        text:
          paid > 0
            ? t('table-service.line.paidAndPaying', { paid, pending })
            : pending >= quantity
              ? t('table-service.line.paying')
              : t('table-service.line.partlyPaying', { pending, quantity }),
        tone: 'warning',
      };
    case 'unpaid':
      return null;
  }
}

export interface BillOrder {
  orderId: string;
  orderNumber: number;
  lines: TBillLine[];
}

/** The lines under their order, in the bill's order. */
export function groupLinesByOrder(lines: readonly TBillLine[]): BillOrder[] {
  const orders = new Map<string, BillOrder>();
  for (const line of lines) {
    const known = orders.get(line.orderId);
    if (known) known.lines.push(line);
    else orders.set(line.orderId, { orderId: line.orderId, orderNumber: line.orderNumber, lines: [line] });
  }
  return [...orders.values()];
}

/** How staff end a visit: record what is due as cash or card first, or close as it is. */
export type CloseChoice = 'cash' | 'card' | 'none';

/**
 * Whether ending the visit this way asks first: always while money is due (recording it as paid
 * is a promise that it was; closing without it writes it off), never for a bill paid in full.
 */
export function needsConfirmation(bill: Pick<TTableBill, 'dueMinor'>): boolean {
  return bill.dueMinor > 0;
}

/** The body of the close call for a choice. */
export function closeRequestOf(choice: CloseChoice): { payRestWith?: 'cash' | 'card' } {
  return choice === 'none' ? {} : { payRestWith: choice };
}

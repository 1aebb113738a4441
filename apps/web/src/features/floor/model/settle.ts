import type { TBillLine, TTableBill } from '@tavolo/contract/table-service';

/*
 * Settling a table at the table (PRODUCT.md §9): what each seat still owes, the change due on the
 * cash handed over, and the notes a guest is likely to hand over. The server decides what is paid;
 * these say it on the phone before it is sent.
 */

/** floor(a × b / c) exactly, as the server's bill arithmetic has it. */
function mulDiv(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** What `more` units of a line cost when `taken` are paid or held: the server's cumulative split. */
function unitsAmount(line: Pick<TBillLine, 'totalMinor' | 'quantity'>, taken: number, more: number): number {
  return mulDiv(line.totalMinor, taken + more, line.quantity) - mulDiv(line.totalMinor, taken, line.quantity);
}

export interface SeatDue {
  seat: number;
  /** What the seat's unpaid units cost (capped by what is free to pay on the bill). */
  dueMinor: number;
  /** The seat's items still to pay, "2× Risotto". */
  items: { name: string; quantity: number }[];
  /** Every unit of the seat is paid. */
  paid: boolean;
}

/** What is free to pay: due, less what guests' checkouts hold. */
export const freeToPay = (bill: Pick<TTableBill, 'dueMinor' | 'pendingMinor'>) =>
  Math.max(0, bill.dueMinor - bill.pendingMinor);

/**
 * Each seat on the bill with what its unpaid units cost, by seat number. Lines of no seat (a
 * guest's QR order) are left out: the whole bill or an amount pays them.
 */
export function seatDues(bill: Pick<TTableBill, 'lines' | 'dueMinor' | 'pendingMinor'>): SeatDue[] {
  const seats = new Map<number, SeatDue>();
  for (const line of bill.lines) {
    if (line.seat === null) continue;
    const entry = seats.get(line.seat) ?? { seat: line.seat, dueMinor: 0, items: [], paid: true };
    const left = line.quantity - line.paidQuantity - line.pendingQuantity;
    if (left > 0) {
      entry.dueMinor += unitsAmount(line, line.paidQuantity + line.pendingQuantity, left);
      entry.items.push({ name: line.name, quantity: left });
      entry.paid = false;
    }
    seats.set(line.seat, entry);
  }
  const free = freeToPay(bill);
  return [...seats.values()]
    .map((entry) => ({ ...entry, dueMinor: Math.min(entry.dueMinor, free) }))
    .sort((a, b) => a.seat - b.seat);
}

/** The change to hand back: tendered less the amount; null while too little is tendered. */
export function changeDue(amountMinor: number, tenderedMinor: number | null): number | null {
  if (tenderedMinor === null || tenderedMinor < amountMinor) return null;
  return tenderedMinor - amountMinor;
}

/** Notes and coins a guest hands over, in minor units (euro-like currencies). */
const NOTES = [500, 1000, 2000, 5000, 10000, 20000];

/**
 * Quick tender buttons: the exact amount, then the next round sums a guest is likely to hand over
 * (the next 5, 10, 20, 50, 100), four at most, each more than the amount and each different.
 */
export function quickTenders(amountMinor: number): number[] {
  if (amountMinor <= 0) return [];
  const tenders = [amountMinor];
  for (const note of NOTES) {
    const rounded = Math.ceil(amountMinor / note) * note;
    const next = rounded === amountMinor ? rounded + note : rounded;
    if (!tenders.includes(next)) tenders.push(next);
    if (tenders.length === 4) break;
  }
  return tenders;
}

import { randomUUID } from 'node:crypto';
import type { TBillItemTaken } from '@tavolo/contract/errors';
import type { TBillCheckoutRequest, TBillLine, TTableBill } from '@tavolo/contract/table-service';
import { AppError, type ErrorDetails } from '../../core/app-error';
import { nextShareMinor, spreadInProportion, unitsAmount } from '../visits/bill-model';
import type { LoadedBill } from './bill-read-model';

/*
 * What one checkout at the table asks: an equal share of the bill or chosen units of chosen lines,
 * priced from the bill as loaded under the table's lock (what others paid or hold is taken).
 */

export const conflict = (message: string, fields?: Record<string, string>, details?: ErrorDetails) =>
  new AppError('CONFLICT', message, fields, undefined, details);

export function nothingFree(bill: TTableBill): AppError {
  if (bill.dueMinor <= 0) return conflict('Nothing is due on this bill');
  return conflict(
    'What is still due is being paid on another phone; if that payment fails or is abandoned, it is free again',
  );
}

export type Priced = {
  amount: number;
  description: string;
  items: { orderId: string; lineIndex: number; quantity: number; amountMinor: number }[];
  /** An equal share's split: the one it joins, or a new one of what is free now. */
  split?: { id: string; dueMinor: number };
};

export const splitStale = (parts: number) =>
  new AppError(
    'SPLIT_STALE',
    `The bill changed since it was split ${parts} ways (an order, a refund or a payment outside the split): split it again to share what is due now`,
    { newSplit: 'send true to split what is due now' },
  );

/**
 * One equal share. The split under way is joined: its shares keep the size fixed when it started,
 * the last one takes what the split has left. Without one (or, with `newSplit`, in place of a stale
 * one) a new split starts, of what is free to pay now. A split the bill moved away from answers
 * SPLIT_STALE rather than ask shares that no longer settle the bill.
 */
export function priceEqualShare(
  loaded: LoadedBill,
  request: { parts: number; newSplit?: boolean },
  free: number,
): Priced {
  const { bill, split } = loaded;
  const { parts } = request;
  const view = bill.split;
  if (split && view && !(view.stale && request.newSplit)) {
    if (view.stale) throw splitStale(split.parts);
    if (split.parts !== parts) {
      throw conflict(
        `The bill is being split ${split.parts} ways: pay one of those shares, or pay another way`,
        {
          parts: `must be ${split.parts} while that split is under way`,
        },
      );
    }
    if (view.takenShares >= parts) throw conflict(`All ${parts} shares are paid or being paid`);
    return {
      amount: view.nextShareMinor,
      description: `share ${view.takenShares + 1} of ${parts}`,
      items: [],
      split: { id: split.id, dueMinor: split.dueMinor },
    };
  }
  if (free <= 0) throw nothingFree(bill);
  const amount = nextShareMinor({ dueMinor: free, parts, paid: [], held: [] });
  if (amount <= 0) throw conflict(`What is left to pay is too little to split ${parts} ways`);
  return {
    amount,
    description: `share 1 of ${parts}`,
    items: [],
    split: { id: randomUUID(), dueMinor: free },
  };
}

export function priceItems(
  loaded: LoadedBill,
  choices: NonNullable<TBillCheckoutRequest['items']>,
  free: number,
): Priced {
  const { bill } = loaded;
  const byKey = new Map(bill.lines.map((line) => [`${line.orderId}:${line.lineIndex}`, line]));
  const orderIds = new Set(bill.lines.map((line) => line.orderId));
  // The same line chosen twice counts once, with both quantities.
  const wanted = new Map<string, { line: TBillLine; quantity: number; index: number }>();
  const invalid: Record<string, string> = {};
  choices.forEach((choice, index) => {
    if (!orderIds.has(choice.orderId)) {
      invalid[`items.${index}.orderId`] = 'is not an order on this bill';
      return;
    }
    const key = `${choice.orderId}:${choice.lineIndex}`;
    const line = byKey.get(key);
    if (!line) {
      invalid[`items.${index}.lineIndex`] = 'is not a line of that order';
      return;
    }
    const seen = wanted.get(key);
    wanted.set(key, { line, quantity: (seen?.quantity ?? 0) + choice.quantity, index: seen?.index ?? index });
  });
  if (Object.keys(invalid).length > 0)
    throw new AppError('UNPROCESSABLE', 'Some of the chosen items are not on this bill', invalid);

  const short: string[] = [];
  const fields: Record<string, string> = {};
  // The same in figures, for a guest's phone to say in the guest's language.
  const itemsTaken: TBillItemTaken[] = [];
  for (const { line, quantity, index } of wanted.values()) {
    const left = line.quantity - line.paidQuantity - line.pendingQuantity;
    if (quantity <= left) continue;
    fields[`items.${index}.quantity`] = `${left} of ${line.quantity} left to pay`;
    const beingPaid = line.pendingQuantity > 0;
    short.push(
      beingPaid
        ? `Someone else is paying for ${line.name}: ${left} of ${line.quantity} left to pay`
        : `${line.name} is ${left === 0 ? 'already' : 'partly'} paid: ${left} of ${line.quantity} left to pay`,
    );
    itemsTaken.push({
      orderId: line.orderId,
      lineIndex: line.lineIndex,
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      remaining: left,
      beingPaid,
    });
  }
  if (short.length > 0) throw conflict(short.join('; '), fields, { itemsTaken });

  const items = [...wanted.values()].map(({ line, quantity }) => ({
    orderId: line.orderId,
    lineIndex: line.lineIndex,
    quantity,
    amountMinor: unitsAmount(line, line.paidQuantity + line.pendingQuantity, quantity),
  }));
  const sum = items.reduce((s, i) => s + i.amountMinor, 0);
  const afterThis = (line: TBillLine) =>
    line.paidQuantity +
    line.pendingQuantity +
    (wanted.get(`${line.orderId}:${line.lineIndex}`)?.quantity ?? 0);
  // When this payment takes the last units, it sweeps what rounding (or other payments) left.
  const last = bill.lines.every((line) => afterThis(line) >= line.quantity);
  const units = items.reduce((s, i) => s + i.quantity, 0);
  const amount = last ? free : Math.min(sum, free);
  // The items' amounts add up to what is charged (the receipt lists them; settling follows them).
  const spread = spreadInProportion(
    Math.max(0, amount),
    items.map((i) => i.amountMinor),
  );
  return {
    amount,
    description: units === 1 ? '1 item' : `${units} items`,
    items: items.map((item, i) => ({ ...item, amountMinor: spread[i]! })),
  };
}

/**
 * One seat's part of the bill, for staff taking it at the table: the units of the seat's lines that
 * nobody paid or holds, priced as chosen items are. No line on that seat answers 422; a seat paid
 * already answers 409.
 */
export function priceSeat(loaded: LoadedBill, seat: number, free: number): Priced {
  const lines = loaded.bill.lines.filter((line) => line.seat === seat);
  if (lines.length === 0) {
    throw new AppError('UNPROCESSABLE', `No item on the bill is on seat ${seat}`, {
      seat: 'has no item on this bill',
    });
  }
  const choices = lines
    .map((line) => ({
      orderId: line.orderId,
      lineIndex: line.lineIndex,
      quantity: line.quantity - line.paidQuantity - line.pendingQuantity,
    }))
    .filter((choice) => choice.quantity > 0);
  if (choices.length === 0) throw conflict(`Seat ${seat} has nothing left to pay`);
  return { ...priceItems(loaded, choices, free), description: `seat ${seat}` };
}

/** An amount staff take towards the bill: at most what is free to pay. */
export function priceAmount(loaded: LoadedBill, amountMinor: number, free: number): Priced {
  if (free <= 0) throw nothingFree(loaded.bill);
  if (amountMinor > free) {
    throw new AppError('UNPROCESSABLE', 'The amount is more than what is left to pay', {
      amountMinor: `must be at most ${free}, what is left to pay`,
    });
  }
  return { amount: amountMinor, description: 'part of the bill', items: [] };
}

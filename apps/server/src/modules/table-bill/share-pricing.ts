import type { TBillCheckoutRequest, TBillLine, TTableBill } from '@tavolo/contract/table-service';
import { AppError } from '../../core/app-error';
import { equalShares, spreadInProportion, unitsAmount } from '../visits/bill-model';
import type { LoadedBill } from './bill-read-model';

/*
 * What one checkout at the table asks: an equal share of the bill or chosen units of chosen lines,
 * priced from the bill as loaded under the table's lock (what others paid or hold is taken).
 */

export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields);

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
};

export function priceEqualShare(loaded: LoadedBill, parts: number, free: number): Priced {
  const { bill, visitPayments, holding } = loaded;
  const taken = visitPayments.filter(
    (p) =>
      p.mode === 'equal' &&
      p.parts === parts &&
      (p.status === 'succeeded' || holding.some((h) => h.id === p.id)),
  ).length;
  if (taken >= parts) throw conflict(`All ${parts} shares are paid or being paid`);
  const shares = equalShares(bill.totalMinor, parts);
  // The last share sweeps every difference (rounding, other payments), so the shares settle the bill.
  const amount = taken === parts - 1 ? free : Math.min(shares[taken]!, free);
  return { amount, description: `share ${taken + 1} of ${parts}`, items: [] };
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
  for (const { line, quantity, index } of wanted.values()) {
    const left = line.quantity - line.paidQuantity - line.pendingQuantity;
    if (quantity <= left) continue;
    fields[`items.${index}.quantity`] = `${left} of ${line.quantity} left to pay`;
    short.push(
      line.pendingQuantity > 0
        ? `Someone else is paying for ${line.name}: ${left} of ${line.quantity} left to pay`
        : `${line.name} is ${left === 0 ? 'already' : 'partly'} paid: ${left} of ${line.quantity} left to pay`,
    );
  }
  if (short.length > 0) throw conflict(short.join('; '), fields);

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

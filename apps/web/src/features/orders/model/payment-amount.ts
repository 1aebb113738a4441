import type { TOrder } from '@tavolo/contract/orders';
import { formatMoney } from '../../../lib/format';
import { formatPriceInput, parsePriceInput } from '../../../lib/price-input';

/** What is still to pay: the total minus what was paid (never below zero). */
export function amountDue(order: Pick<TOrder, 'totalMinor' | 'paidMinor'>): number {
  return Math.max(0, order.totalMinor - order.paidMinor);
}

export function isUnpaid(order: Pick<TOrder, 'totalMinor' | 'paidMinor'>): boolean {
  return amountDue(order) > 0;
}

/** The amount field starts at what is due, written the way a person would type it ("12.50"). */
export function defaultPaymentInput(order: Pick<TOrder, 'totalMinor' | 'paidMinor' | 'currency'>): string {
  return formatPriceInput(amountDue(order), order.currency);
}

export type PaymentAmountResult = { ok: true; minor: number } | { ok: false; message: string };

/** Reads the typed amount as minor units: more than zero and no more than what is due. */
export function parsePaymentAmount(text: string, dueMinor: number, currency: string): PaymentAmountResult {
  const parsed = parsePriceInput(text, currency);
  if (!parsed.ok) return parsed;
  if (parsed.minor < 1) return { ok: false, message: 'must be more than zero' };
  if (parsed.minor > dueMinor) {
    return { ok: false, message: `must be at most ${formatMoney(dueMinor, currency)}, what is due` };
  }
  return parsed;
}

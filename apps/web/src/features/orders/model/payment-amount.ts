import type { TOrder } from '@tavolo/contract/orders';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
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
  // Predicates that follow the field's name, or sentences of their own (see formatFieldError).
  if (parsed.minor < 1) return { ok: false, message: t('orders.payment.amountNotPositive') };
  if (parsed.minor > dueMinor) {
    return {
      ok: false,
      message: t('orders.payment.amountOverDue', { max: formatMoney(dueMinor, currency) }),
    };
  }
  return parsed;
}

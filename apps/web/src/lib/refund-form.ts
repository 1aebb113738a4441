import type { TPayment } from '@tavolo/contract/orders';
import { type TRefundRequest, ZRefundRequest } from '@tavolo/contract/payments';
import { z } from 'zod';
import { formatMoney } from './format';
import { t } from './i18n/i18n';
import { formatPriceInput, parsePriceInput } from './price-input';

/*
 * The refund form, shared by the Payments screen and an order's details (two features, hence
 * here). People type the amount in major units ("12.50"); the request carries minor units and is
 * checked with the contract's own schema, so the form can never send what the server refuses for
 * its shape.
 */

type RefundablePayment = Pick<TPayment, 'amountMinor' | 'refundedMinor' | 'status'>;

/** What can still be given back of a payment: its amount minus its refunds (never below zero). */
export function refundableMinor(payment: Pick<TPayment, 'amountMinor' | 'refundedMinor'>): number {
  return Math.max(0, payment.amountMinor - payment.refundedMinor);
}

/** Only money that arrived can go back: a succeeded payment with something left. */
export function canRefund(payment: RefundablePayment): boolean {
  return payment.status === 'succeeded' && refundableMinor(payment) > 0;
}

export interface RefundFormValues {
  amount: string;
  reason: string;
}

/** The form starts at everything that is left, written as a person would type it. */
export function defaultRefundValues(payment: RefundablePayment, currency: string): RefundFormValues {
  return { amount: formatPriceInput(refundableMinor(payment), currency), reason: '' };
}

/** The form's schema: the amount is a price in the currency, above zero and at most what is left. */
export function refundFormSchema(leftMinor: number, currency: string) {
  return z.object({
    amount: z.string().superRefine((text, context) => {
      const parsed = parsePriceInput(text, currency);
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', message: parsed.message });
      } else if (parsed.minor < 1) {
        context.addIssue({ code: 'custom', message: t('lib.refund.moreThanZero') });
      } else if (parsed.minor > leftMinor) {
        context.addIssue({
          code: 'custom',
          message: t('lib.refund.atMostLeft', { left: formatMoney(leftMinor, currency) }),
        });
      }
    }),
    // The contract's rule for the reason (trimmed, at most 300 characters), as the server applies it.
    reason: z.string().pipe(ZRefundRequest.shape.reason.unwrap()),
  });
}

/**
 * The request for valid form values: minor units, and no reason when none was typed (an emptied
 * optional field is unset, never ""). Parsed with the contract's schema.
 */
export function toRefundRequest(values: RefundFormValues, currency: string): TRefundRequest {
  const parsed = parsePriceInput(values.amount, currency);
  const reason = values.reason.trim();
  return ZRefundRequest.parse({
    amountMinor: parsed.ok ? parsed.minor : Number.NaN,
    ...(reason ? { reason } : {}),
  });
}

/** The server names its fields in minor units; the form shows them as typed. */
export function refundFormField(serverField: string): keyof RefundFormValues | undefined {
  if (serverField === 'amountMinor') return 'amount';
  if (serverField === 'reason') return 'reason';
  return undefined;
}

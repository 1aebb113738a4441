import type { TSandboxCheckout } from '@tavolo/contract/payments';
import { formatMoney } from '../../../lib/format';

/**
 * Whether the answer's returnUrl is a path of this app ("/t/…"), which the router opens without
 * reloading, rather than another site. "//host/…" is another site too.
 */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** A settled payment, as the page says it. */
export function describeCheckoutStatus(status: TSandboxCheckout['status']): {
  title: string;
  detail: string;
} {
  switch (status) {
    case 'pending':
      return { title: 'Waiting for payment', detail: 'Pay or decline below.' };
    case 'succeeded':
      return { title: 'Paid', detail: 'This payment went through. Nothing more to do here.' };
    case 'failed':
      return { title: 'Declined', detail: 'This payment was declined. No money moved.' };
    case 'refunded':
      return { title: 'Refunded', detail: 'This payment was paid, then refunded by the restaurant.' };
  }
}

/** "Bill €20.00 + tip €2.00 = €22.00": what the amount is made of when it carries a tip. */
export function describeTipBreakdown(
  checkout: Pick<TSandboxCheckout, 'amountMinor' | 'tipMinor' | 'currency'>,
  locale?: string,
): string {
  const { amountMinor, tipMinor, currency } = checkout;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return `Bill ${money(amountMinor - tipMinor)} + tip ${money(tipMinor)} = ${money(amountMinor)}`;
}

import type { TSandboxCheckout } from '@tavolo/contract/payments';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

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
      return { title: t('checkout.pendingTitle'), detail: t('checkout.pendingDetail') };
    case 'succeeded':
      return { title: t('checkout.succeededTitle'), detail: t('checkout.succeededDetail') };
    case 'failed':
      return { title: t('checkout.failedTitle'), detail: t('checkout.failedDetail') };
    case 'refunded':
      return { title: t('checkout.refundedTitle'), detail: t('checkout.refundedDetail') };
  }
}

/** "Bill €20.00 + tip €2.00 = €22.00": what the amount is made of when it carries a tip. */
export function describeTipBreakdown(
  checkout: Pick<TSandboxCheckout, 'amountMinor' | 'tipMinor' | 'currency'>,
  locale?: string,
): string {
  const { amountMinor, tipMinor, currency } = checkout;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return t('checkout.tipBreakdown', {
    bill: money(amountMinor - tipMinor),
    tip: money(tipMinor),
    total: money(amountMinor),
  });
}

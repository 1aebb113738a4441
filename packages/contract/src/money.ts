/** Money is integer minor units everywhere; these are the two sums both sides must agree on. */

/** How many decimals the currency's minor unit has: EUR 2, JPY 0, BHD 3 (2 when unknown). */
export function currencyMinorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** A percent with at most two decimals (12.5 %) as whole basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** The service charge on a subtotal: basis points of it, rounded half up to a whole minor unit. */
export function serviceChargeOf(subtotalMinor: number, basisPoints: number): number {
  return Math.floor((subtotalMinor * basisPoints + 5_000) / 10_000);
}

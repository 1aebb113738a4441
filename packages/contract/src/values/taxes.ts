// Tax values without zod, for pages that only need the numbers.

/** A restaurant's tax rates at most. */
export const MAX_TAX_RATES = 20;

/** A business day's end by default: a day's close covers until 04:00 the next morning. */
export const DEFAULT_BUSINESS_DAY_STARTS_AT = '04:00';

/** A receipt's number as people read it: the year and the receipt's place in it (2026-000123). */
export function receiptNumberOf(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(6, '0')}`;
}

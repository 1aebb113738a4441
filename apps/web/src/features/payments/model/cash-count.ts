import { parsePriceInput } from '../../../lib/price-input';

/*
 * The day's close: the cash counted in the drawer against the cash the day's payments say should be
 * there (cash taken less cash given back). The difference is shown as the amount is typed.
 */

export type CashDifferenceState = 'even' | 'over' | 'short';

/** Over, short or even. */
export function cashDifferenceState(differenceMinor: number): CashDifferenceState {
  return differenceMinor === 0 ? 'even' : differenceMinor > 0 ? 'over' : 'short';
}

/** Counted less expected: positive is more cash than expected, negative is less. */
export function cashDifference(
  countedMinor: number,
  expectedMinor: number,
): {
  differenceMinor: number;
  state: CashDifferenceState;
} {
  const differenceMinor = countedMinor - expectedMinor;
  return { differenceMinor, state: cashDifferenceState(differenceMinor) };
}

export type CashCount =
  | { status: 'empty' }
  | { status: 'invalid'; message: string }
  | { status: 'ok'; countedMinor: number; differenceMinor: number; state: CashDifferenceState };

/** What was typed in the "cash counted" field ("118,50", "118.5"), read against the cash expected. */
export function readCashCount(text: string, expectedMinor: number, currency: string): CashCount {
  if (text.trim() === '') return { status: 'empty' };
  const parsed = parsePriceInput(text, currency);
  if (!parsed.ok) return { status: 'invalid', message: parsed.message };
  return { status: 'ok', countedMinor: parsed.minor, ...cashDifference(parsed.minor, expectedMinor) };
}

import { currencyMinorDigits } from '@tavolo/contract/money';
import { zonedParts } from './zoned-time';

/* How exports (the orders CSV, the receipts CSV) write money, times and text. */

/** Minor units as major units with a point: 1250 EUR is "12.50", -610 "-6.10", 500 JPY "500". */
export function formatMajorUnits(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** An instant as the restaurant's clock read it, to the minute: "2026-11-27 21:58". */
export function formatLocalMinute(instant: Date, timezone: string): string {
  const p = zonedParts(instant, timezone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Text a spreadsheet would run as a formula, defused with a leading apostrophe. */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

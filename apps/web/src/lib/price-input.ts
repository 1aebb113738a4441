import { currencyMinorDigits } from '@tavolo/contract/money';
import { t } from './i18n/i18n';

export type PriceParseResult = { ok: true; minor: number } | { ok: false; message: string };

/** An example amount for hints and messages: "12.50", "1250" (JPY), "12.500" (BHD). */
export function examplePrice(currency: string): string {
  const digits = currencyMinorDigits(currency);
  return digits === 0 ? '1250' : `12.${'50'.padEnd(digits, '0')}`;
}

/**
 * Reads a price typed by a person ("12.50", "12,5", "1250") as integer minor units of the currency.
 * Works on the digits as text, never through floating point, so 0.29 stays 29 cents. A message
 * follows the field's name in English ("is required") and is a sentence of its own elsewhere.
 */
export function parsePriceInput(text: string, currency: string): PriceParseResult {
  const digits = currencyMinorDigits(currency);
  const value = text.trim().replace(/\s+/g, '');
  if (value === '') return { ok: false, message: t('lib.price.required') };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(value);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, message: t('lib.price.invalid', { example: examplePrice(currency) }) };
  }
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0 ? t('lib.price.noDecimals', { currency }) : t('lib.price.tooManyDecimals', { digits }),
    };
  }
  if (whole.replace(/^0+/, '').length > 12) return { ok: false, message: t('lib.price.tooLarge') };
  const minor = Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return { ok: true, minor };
}

/** Minor units back to what the price input shows: 1250 EUR → "12.50", 1250 JPY → "1250". */
export function formatPriceInput(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

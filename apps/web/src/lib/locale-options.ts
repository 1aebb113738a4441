import { formattingLocale } from './i18n/i18n';

/** Currencies offered first in pickers; any ISO 4217 code is still valid on the server. */
// biome-ignore format: a compact table
export const COMMON_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'KRW', 'INR', 'IDR',
  'MYR', 'PHP', 'THB', 'VND', 'AED', 'SAR', 'ILS', 'TRY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF',
  'RON', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'PEN', 'ZAR', 'NGN', 'KES', 'GHS', 'EGP', 'MAD',
] as const;

// biome-ignore format: a compact table
const EURO_REGIONS = new Set([
  'AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL',
  'PT', 'SI', 'SK', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK',
]);

// biome-ignore format: a compact table
const REGION_CURRENCIES: Record<string, string> = {
  US: 'USD', GB: 'GBP', CH: 'CHF', LI: 'CHF', CA: 'CAD', AU: 'AUD', NZ: 'NZD', JP: 'JPY', CN: 'CNY',
  HK: 'HKD', SG: 'SGD', KR: 'KRW', IN: 'INR', ID: 'IDR', MY: 'MYR', PH: 'PHP', TH: 'THB', VN: 'VND',
  AE: 'AED', SA: 'SAR', IL: 'ILS', TR: 'TRY', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN', CZ: 'CZK',
  HU: 'HUF', RO: 'RON', MX: 'MXN', BR: 'BRL', AR: 'ARS', CL: 'CLP', CO: 'COP', PE: 'PEN', ZA: 'ZAR',
  NG: 'NGN', KE: 'KES', GH: 'GHS', EG: 'EGP', MA: 'MAD',
};

/** The currency of the locale's region ("de-AT" → EUR), or USD when unknown. */
export function guessCurrency(locale: string | undefined): string {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    if (!region) return 'USD';
    if (EURO_REGIONS.has(region)) return 'EUR';
    return REGION_CURRENCIES[region] ?? 'USD';
  } catch {
    return 'USD';
  }
}

/** "EUR — Euro", the name in the person's language ("EUR — Euro", "USD — US-Dollar"). */
export function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames([formattingLocale()], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} — ${name}` : code;
  } catch {
    return code;
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, with `include` (e.g. the browser's own zone, an alias) kept in. */
export function listTimeZones(include?: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add('UTC');
  if (include) all.add(include);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** The currency picker's options: the common ones, with `include` (the current one) kept in first. */
export function currencyOptions(include?: string): { value: string; label: string }[] {
  const codes: string[] = [...COMMON_CURRENCIES];
  if (include && !codes.includes(include)) codes.unshift(include);
  return codes.map((code) => ({ value: code, label: currencyLabel(code) }));
}

/** The time-zone picker's options, readable ("America/New York"), with `include` kept in. */
export function timeZoneOptions(include?: string): { value: string; label: string }[] {
  return listTimeZones(include).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

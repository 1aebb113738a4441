import { isLanguage, LANGUAGES, type Language } from '@tavolo/contract/values/languages';

export { isLanguage, LANGUAGES, type Language };

/** Each language in its own words: what a picker shows, whatever language the screen is in. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
};

/**
 * The first of `preferred` (a browser's list, "de-CH" before "en-US") that `offered` holds, by its
 * base language; `fallback` when none does.
 */
export function bestLanguage<T extends string>(
  preferred: readonly string[],
  offered: readonly T[],
  fallback: T,
): T {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const match = offered.find((language) => language === base);
    if (match) return match;
  }
  return fallback;
}

/** The browser's languages, most wanted first (none outside a browser). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The language the browser asks for, among Tavolo's; English when it asks for none of them. */
export function browserLanguage(): Language {
  return bestLanguage(browserLanguages(), LANGUAGES, 'en');
}

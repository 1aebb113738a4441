import { formattingLocale } from './i18n';
import { LANGUAGE_NAMES, type Language } from './languages';

const namers = new Map<string, Intl.DisplayNames | null>();

function namerFor(locale: string): Intl.DisplayNames | null {
  let namer = namers.get(locale);
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      namer = null;
    }
    namers.set(locale, namer);
  }
  return namer;
}

/**
 * A language named in the person's language ("German" to someone working in English, "tedesco" in
 * Italian): what the menu editors say about a restaurant's languages. `standalone` starts it with a
 * capital, as a tab or a badge does ("Tedesco · 2 mancanti"); inside a sentence Intl's own case is
 * right. Without Intl's names, the language's name in its own words.
 */
export function languageName(language: Language, { standalone = false } = {}): string {
  const locale = formattingLocale();
  const name = namerFor(locale)?.of(language);
  if (!name || name === language) return LANGUAGE_NAMES[language];
  return standalone ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : name;
}

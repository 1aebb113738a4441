import { type Messages, setupI18n } from '@lingui/core';
import { browserLanguages, LANGUAGES, type Language } from './languages';

/**
 * One translator for the page. Every user-facing string goes through `t(id, values)`: the id names
 * the message in the catalogues (`<folder>/messages/<language>.json`, ICU MessageFormat, compiled at
 * build time), the values fill its placeholders and plurals. Screens re-render when the language
 * changes (I18nProvider), so `t` can be called anywhere: in a component, a hook or a toast.
 */
export const i18n = setupI18n();

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** The message `id` in the active language. Ids are string literals, so a test can list them. */
export function t(id: string, values?: MessageValues): string {
  return i18n._(id, values);
}

/** The active language: what Intl formats dates, numbers and money in. */
export function activeLanguage(): Language {
  return (i18n.locale || 'en') as Language;
}

/**
 * The locale Intl formats in: the active language, in the browser's regional variant when the
 * browser speaks it (a British browser in English gets 14/03/2025, an American one 3/14/2025).
 */
export function formattingLocale(): string {
  const language = activeLanguage();
  return browserLanguages().find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language) ?? language;
}

type CatalogueLoader = (language: Language) => Promise<Messages>;

let loadCatalogue: CatalogueLoader = async () => ({});
const loaded = new Map<Language, Promise<Messages>>();

/** Where catalogues come from: the page's own build (one chunk per language), or a test's files. */
export function setCatalogueLoader(loader: CatalogueLoader): void {
  loadCatalogue = loader;
  loaded.clear();
}

/** Loads a language's catalogue (once) and makes it the active one. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!LANGUAGES.includes(language)) language = 'en';
  let messages = loaded.get(language);
  if (!messages) {
    messages = loadCatalogue(language);
    loaded.set(language, messages);
    // A failed load (a dropped connection) may be tried again.
    messages.catch(() => loaded.delete(language));
  }
  const catalogue = await messages;
  if (i18n.locale === language) return;
  i18n.load(language, catalogue);
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

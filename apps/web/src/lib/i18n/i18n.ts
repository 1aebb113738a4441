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

/** A part of the catalogue in each language: the page's shared words, or one feature's. */
export type CatalogueLoaders = Record<Language, () => Promise<{ default: Messages }>>;

const parts = new Map<string, CatalogueLoaders>();
const loaded = new Map<string, Promise<Messages>>();

/** A part's messages in a language, fetched once (a failed fetch, a dropped connection, may be tried again). */
function loadPart(part: string, language: Language): Promise<Messages> {
  const key = `${part}/${language}`;
  let messages = loaded.get(key);
  if (!messages) {
    const loaders = parts.get(part);
    messages = loaders ? loaders[language]().then((module) => module.default) : Promise.resolve({});
    loaded.set(key, messages);
    messages.catch(() => loaded.delete(key));
  }
  return messages;
}

const registered = new Map<string, Promise<void>>();

/**
 * A part of the catalogue the page now has code for, in the active language once the promise
 * settles. The build registers the page's own part at start and a feature's part with the first
 * of its screens (message-catalogues.ts): a screen draws in the active language from its first frame.
 */
export function registerMessages(part: string, loaders: CatalogueLoaders): Promise<void> {
  let ready = registered.get(part);
  if (!ready) {
    parts.set(part, loaders);
    const language = i18n.locale as Language;
    ready = language
      ? loadPart(part, language).then((messages) => i18n.load(language, messages))
      : Promise.resolve();
    registered.set(part, ready);
    ready.catch(() => registered.delete(part));
  }
  return ready;
}

/** Loads every part the page has for a language (once) and makes it the active one. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!LANGUAGES.includes(language)) language = 'en';
  const messages = await Promise.all([...parts.keys()].map((part) => loadPart(part, language)));
  if (i18n.locale === language) return;
  i18n.load(language, Object.assign({}, ...messages));
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

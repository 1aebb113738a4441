import { LANGUAGES, type Language } from '../../../lib/i18n/languages';

/*
 * A restaurant's languages (1–5, each once): the first is its working language, in which the
 * menu's base fields are written and tickets, the board, receipts and exports stay; guests can
 * read the menu in the others (decision 028).
 */

/** The languages Tavolo speaks that the restaurant does not list yet, in Tavolo's order. */
export function languagesToAdd(languages: readonly Language[]): Language[] {
  return LANGUAGES.filter((language) => !languages.includes(language));
}

/** One more language for guests, after the others. */
export function addLanguage(languages: readonly Language[], language: Language): Language[] {
  return languages.includes(language) ? [...languages] : [...languages, language];
}

/**
 * Whether a language may go: never the last one, nor the working language (another is made the
 * working one first, a change asked about on its own).
 */
export function canRemoveLanguage(languages: readonly Language[], language: Language): boolean {
  return languages.length > 1 && languages[0] !== language && languages.includes(language);
}

export function removeLanguage(languages: readonly Language[], language: Language): Language[] {
  return canRemoveLanguage(languages, language)
    ? languages.filter((one) => one !== language)
    : [...languages];
}

/** `language` first: the new working language; the others keep their order. */
export function makeWorkingLanguage(languages: readonly Language[], language: Language): Language[] {
  return [language, ...languages.filter((one) => one !== language)];
}

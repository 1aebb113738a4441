import { readSessionHints } from '../session';
import { activateLanguage } from './i18n';
import { browserLanguage, isLanguage, type Language } from './languages';

/** The signed-in person's language, kept so that the next visit starts in it (a hint, like the session's). */
const PERSON_LANGUAGE_KEY = 'tavolo.language';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The language of the first screen: the person's when a session is likely, else the browser's. */
export function startingLanguage(): Language {
  if (!readSessionHints()) return browserLanguage();
  try {
    const kept = storage()?.getItem(PERSON_LANGUAGE_KEY);
    return isLanguage(kept) ? kept : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/** The language a person works in: the one they chose, else (null: "follow the browser") the browser's. */
export function personLanguage(chosen: string | null | undefined): Language {
  return isLanguage(chosen) ? chosen : browserLanguage();
}

/** Speaks the person's language (their account's, else the browser's) and keeps it for next time. */
export function speakPersonLanguage(chosen: string | null | undefined): Promise<void> {
  const language = personLanguage(chosen);
  try {
    storage()?.setItem(PERSON_LANGUAGE_KEY, language);
  } catch {
    // Storage is a hint only.
  }
  return activateLanguage(language);
}

/** Sign-in screens follow the browser, whoever last signed in here. */
export function speakBrowserLanguage(): Promise<void> {
  return activateLanguage(browserLanguage());
}

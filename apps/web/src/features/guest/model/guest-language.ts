import { activateLanguage } from '../../../lib/i18n/i18n';
import { browserLanguage, isLanguage, type Language } from '../../../lib/i18n/languages';

/** The language a guest picked, kept for the visit (this tab): the menu, the cart, the order, the bill. */
const GUEST_LANGUAGE_KEY = 'tavolo.guest.language';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The guest's pick for this visit, else the phone's language. */
export function guestLanguage(): Language {
  try {
    const picked = storage()?.getItem(GUEST_LANGUAGE_KEY);
    return isLanguage(picked) ? picked : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/** The guest picks a language: the pages speak it, and it stays for the rest of the visit. */
export function chooseGuestLanguage(language: Language): Promise<void> {
  try {
    storage()?.setItem(GUEST_LANGUAGE_KEY, language);
  } catch {
    // Storage is a convenience: the pick still holds until the page is closed.
  }
  return activateLanguage(language);
}

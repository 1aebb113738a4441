import type { Language } from '@tavolo/contract/values/languages';
import { GlobeIcon } from '../../../components/ui/icons';
import { activeLanguage, t } from '../../../lib/i18n/i18n';
import { languageName } from '../../../lib/i18n/language-name';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../lib/i18n/languages';
import { chooseGuestLanguage } from '../model/guest-language';

/**
 * The guest's language: the pages speak it at once and the menu follows when the restaurant writes
 * it in that language. Each language is named in its own words, so a guest finds theirs whatever
 * the page speaks now.
 */
export function LanguageSwitch() {
  return (
    <label className="relative inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-panel pr-3 pl-3 text-sm font-medium text-ink focus-within:ring-2 focus-within:ring-accent-600">
      <GlobeIcon className="size-4 text-ink-muted" />
      <span className="sr-only">{t('guest.language.choose')}</span>
      <select
        value={activeLanguage()}
        onChange={(event) => void chooseGuestLanguage(event.target.value as Language)}
        className="min-h-11 cursor-pointer appearance-none bg-transparent pr-1 focus:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Says which language the menu is in, when it is not the one the page speaks (the restaurant does not write it). */
export function MenuLanguageNote({ menuLanguage }: { menuLanguage: Language }) {
  if (menuLanguage === activeLanguage()) return null;
  return (
    <p className="text-sm text-ink-muted" data-testid="menu-language">
      {t('guest.language.menuIn', { language: languageName(menuLanguage) })}
    </p>
  );
}

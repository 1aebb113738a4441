import { activateLanguage, i18n } from '../lib/i18n/i18n';
import type { Language } from '../lib/i18n/languages';

// Every language's catalogues, from their own files (the units speak English otherwise: setup.ts).
const catalogues = import.meta.glob<Record<string, string>>('../**/messages/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Makes a language's words known (without speaking it), as the built app's catalogue chunk would:
 * a test can then speak it through the app's own path (speakPersonLanguage, activateLanguage).
 */
export function loadCatalogues(language: Language): void {
  const messages = Object.entries(catalogues)
    .filter(([path]) => path.endsWith(`/messages/${language}.json`))
    .map(([, messages]) => messages);
  i18n.load(language, Object.assign({}, ...messages));
}

/** Back to English, for the tests that follow. */
export async function speakEnglishAgain(): Promise<void> {
  await activateLanguage('en');
}

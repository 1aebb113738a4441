import { registerMessages } from './i18n';

/**
 * The page's shared words (its frame, the building blocks, lib's messages), one chunk per
 * language; each feature's own words come with the feature's code (message-catalogues.ts).
 */
export function registerPageMessages(): void {
  void registerMessages('page', {
    en: () => import('virtual:messages/en'),
    it: () => import('virtual:messages/it'),
    es: () => import('virtual:messages/es'),
    de: () => import('virtual:messages/de'),
    fr: () => import('virtual:messages/fr'),
  });
}

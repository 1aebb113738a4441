import type { Messages } from '@lingui/core';
import type { Language } from './languages';

/** The build's catalogues, one chunk per language, fetched when that language is first wanted. */
export const loadBuiltCatalogue = (language: Language): Promise<Messages> => {
  const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
    en: () => import('virtual:messages/en'),
    it: () => import('virtual:messages/it'),
    es: () => import('virtual:messages/es'),
    de: () => import('virtual:messages/de'),
    fr: () => import('virtual:messages/fr'),
  };
  return loaders[language]().then((module) => module.default);
};

import type { Language } from '@tavolo/contract/languages';
import type { TCategoryTranslations } from '@tavolo/contract/menu';

/*
 * A category's name and description in the restaurant's other languages (docs/decisions/028): what
 * its forms hold, what the request sends (it replaces them all), and what is missing.
 */

/** By language, as the form holds them: '' or absent is not translated (guests see the working language). */
export type CategoryTranslationValues = Partial<Record<Language, { name?: string; description?: string }>>;

/** The working language's texts. */
interface CategorySource {
  name: string;
  description: string | null;
}

/** The category's translations as the form starts with them: every language it has, kept or listed. */
export function toCategoryTranslationValues(translations: TCategoryTranslations): CategoryTranslationValues {
  const values: CategoryTranslationValues = {};
  for (const [language, entry] of Object.entries(translations) as [
    Language,
    TCategoryTranslations[Language],
  ][])
    values[language] = { name: entry?.name ?? '', description: entry?.description ?? '' };
  return values;
}

/** How many of the working language's texts `language` lacks (0, 1 or 2). */
export function countMissingCategoryTranslations(
  source: CategorySource,
  translations: CategoryTranslationValues,
  language: Language,
): number {
  const entry = translations[language];
  const missing = (text: string | null, translation: string | undefined) =>
    (text ?? '').trim() !== '' && (translation ?? '').trim() === '';
  return Number(missing(source.name, entry?.name)) + Number(missing(source.description, entry?.description));
}

/** Each language (of those given) with what it lacks; complete ones left out. */
export function findIncompleteCategoryLanguages(
  category: CategorySource & { translations: TCategoryTranslations },
  languages: readonly Language[],
): { language: Language; missing: number }[] {
  return languages
    .map((language) => ({
      language,
      missing: countMissingCategoryTranslations(category, category.translations, language),
    }))
    .filter((entry) => entry.missing > 0);
}

/** The request's `translations`: texts trimmed, empty ones dropped, and languages left with nothing. */
export function buildCategoryTranslations(values: CategoryTranslationValues = {}): TCategoryTranslations {
  const result: TCategoryTranslations = {};
  for (const [language, entry] of Object.entries(values) as [
    Language,
    CategoryTranslationValues[Language],
  ][]) {
    const name = entry?.name?.trim();
    const description = entry?.description?.trim();
    if (name || description)
      result[language] = { ...(name ? { name } : {}), ...(description ? { description } : {}) };
  }
  return result;
}

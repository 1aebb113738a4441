import { describe, expect, it } from 'vitest';
import {
  buildCategoryTranslations,
  countMissingCategoryTranslations,
  findIncompleteCategoryLanguages,
  toCategoryTranslationValues,
} from './category-translations';

describe('category translations', () => {
  const mains = { name: 'Mains', description: 'Big plates' };

  it('counts the working language’s texts another language lacks', () => {
    expect(countMissingCategoryTranslations(mains, { de: { name: 'Hauptgerichte' } }, 'de')).toBe(1);
    expect(countMissingCategoryTranslations(mains, { de: { name: ' ', description: '' } }, 'de')).toBe(2);
    expect(countMissingCategoryTranslations(mains, {}, 'fr')).toBe(2);
    // Nothing to translate where the working language has no description.
    expect(
      countMissingCategoryTranslations({ name: 'Mains', description: null }, { fr: { name: 'Plats' } }, 'fr'),
    ).toBe(0);
  });

  it('finds the languages a category leaves incomplete', () => {
    const category = {
      ...mains,
      translations: { de: { name: 'Hauptgerichte', description: 'Große Teller' } },
    };
    expect(findIncompleteCategoryLanguages(category, ['de', 'fr'])).toEqual([{ language: 'fr', missing: 2 }]);
  });

  it('builds the request’s translations: trimmed, empty ones dropped, languages kept from before', () => {
    const values = toCategoryTranslationValues({ es: { name: 'Platos' }, de: { name: 'Hauptgerichte' } });
    expect(values).toEqual({
      es: { name: 'Platos', description: '' },
      de: { name: 'Hauptgerichte', description: '' },
    });
    expect(
      buildCategoryTranslations({
        ...values,
        de: { name: ' Hauptspeisen ', description: '  ' },
        fr: { name: '', description: '' },
      }),
    ).toEqual({ es: { name: 'Platos' }, de: { name: 'Hauptspeisen' } });
    expect(buildCategoryTranslations(undefined)).toEqual({});
  });
});

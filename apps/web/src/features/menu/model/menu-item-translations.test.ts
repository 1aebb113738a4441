import type { TStaffMenuItem } from '@tavolo/contract/menu';
import { describe, expect, it } from 'vitest';
import {
  buildMenuItemTranslations,
  countMissingTranslations,
  findIncompleteLanguages,
  findTranslationField,
  listTranslatableTexts,
  readItemTranslations,
  type TranslatableDish,
} from './menu-item-translations';

const pizza: TranslatableDish = {
  name: 'Margherita',
  description: 'Tomato, mozzarella',
  translations: { de: { name: 'Margherita', description: '' } },
  options: [
    {
      name: 'Size',
      translations: { de: 'Größe' },
      choices: [
        { name: 'Small', translations: { de: 'Klein' } },
        { name: 'Large', translations: {} },
      ],
    },
  ],
};

type ItemTexts = Pick<TStaffMenuItem, 'name' | 'description' | 'options' | 'translations'>;

const item: ItemTexts = {
  name: 'Margherita',
  description: null,
  options: [
    {
      name: 'Size',
      required: true,
      min: 1,
      max: 1,
      choices: [
        { name: 'Small', priceMinor: 0 },
        { name: 'Large', priceMinor: 300 },
      ],
    },
  ],
  translations: {
    de: { name: 'Margherita', options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } } },
    fr: { name: 'Marguerite', options: { Gone: { name: 'Disparu' } } },
  },
};

describe('counting what is missing', () => {
  it('counts each text the working language has and the other language lacks', () => {
    // description and "Large" in German; French has nothing.
    expect(countMissingTranslations(pizza, 'de')).toBe(2);
    expect(countMissingTranslations(pizza, 'fr')).toBe(5);
  });

  it('does not count texts the working language has not written, nor blanks as translations', () => {
    const dish: TranslatableDish = {
      name: 'Soup',
      description: '  ',
      translations: { de: { name: '   ' } },
      options: [{ name: '', translations: {}, choices: [{ name: '' }] }],
    };
    expect(countMissingTranslations(dish, 'de')).toBe(1);
  });

  it('lists the texts in the editor’s order with the fields that hold them', () => {
    expect(listTranslatableTexts(pizza, 'de').map((text) => [text.kind, text.field, text.source])).toEqual([
      ['name', 'translations.de.name', 'Margherita'],
      ['description', 'translations.de.description', 'Tomato, mozzarella'],
      ['group', 'options.0.translations.de', 'Size'],
      ['choice', 'options.0.choices.0.translations.de', 'Small'],
      ['choice', 'options.0.choices.1.translations.de', 'Large'],
    ]);
  });

  it('finds the languages a dish from the server leaves incomplete', () => {
    expect(findIncompleteLanguages(item, ['de', 'fr', 'it'])).toEqual([
      { language: 'de', missing: 1 },
      { language: 'fr', missing: 3 },
      { language: 'it', missing: 4 },
    ]);
    expect(
      findIncompleteLanguages({ ...item, options: [], translations: { de: { name: 'M' } } }, ['de']),
    ).toEqual([]);
  });
});

describe('reading the server’s translations', () => {
  it('puts each group’s and choice’s translations on it, and leaves out those of groups it no longer has', () => {
    const dish = readItemTranslations(item);
    expect(dish.translations).toEqual({
      de: { name: 'Margherita', description: '' },
      fr: { name: 'Marguerite', description: '' },
    });
    expect(dish.options[0]?.translations).toEqual({ de: 'Größe' });
    expect(dish.options[0]?.choices.map((choice) => choice.translations)).toEqual([{}, { de: 'Groß' }]);
    expect(buildMenuItemTranslations(dish)).toEqual({
      de: { name: 'Margherita', options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } } },
      fr: { name: 'Marguerite' },
    });
  });

  it('reads nothing inherited for a group named like an object’s property', () => {
    const dish = readItemTranslations({
      ...item,
      options: [{ ...item.options[0]!, name: 'constructor' }],
      translations: { de: { options: {} } },
    });
    expect(dish.options[0]?.translations).toEqual({});
  });
});

describe('building the request’s translations', () => {
  it('keys groups and choices by their names as sent: a renamed group keeps its translations', () => {
    const renamed: TranslatableDish = {
      ...pizza,
      options: [
        {
          ...pizza.options[0]!,
          name: ' Portion ',
          choices: [{ name: 'Piccola', translations: { de: 'Klein' } }, pizza.options[0]!.choices[1]!],
        },
      ],
    };
    expect(buildMenuItemTranslations(renamed)).toEqual({
      de: { name: 'Margherita', options: { Portion: { name: 'Größe', choices: { Piccola: 'Klein' } } } },
    });
  });

  it('trims texts and drops empty ones, and the groups and languages they leave empty', () => {
    const dish: TranslatableDish = {
      name: 'Soup',
      description: 'Hot',
      translations: { de: { name: '  Suppe ', description: ' ' }, fr: { name: '', description: '' } },
      options: [
        {
          name: 'Bread',
          translations: { de: '', fr: '' },
          choices: [{ name: 'Yes', translations: { fr: ' ' } }],
        },
        {
          name: '',
          translations: { de: 'Ohne Namen' },
          choices: [{ name: '', translations: { de: 'Auch' } }],
        },
      ],
    };
    expect(buildMenuItemTranslations(dish)).toEqual({ de: { name: 'Suppe' } });
  });

  it('keeps the languages the restaurant no longer lists: the request replaces them all', () => {
    const dish = readItemTranslations({
      ...item,
      translations: { es: { name: 'Margarita', options: { Size: { choices: { Small: 'Pequeña' } } } } },
    });
    expect(buildMenuItemTranslations(dish)).toEqual({
      es: { name: 'Margarita', options: { Size: { choices: { Small: 'Pequeña' } } } },
    });
  });
});

describe('findTranslationField', () => {
  it('finds the input of a translation named by the request’s keys', () => {
    expect(findTranslationField(pizza, ['translations', 'de', 'name'])).toBe('translations.de.name');
    expect(findTranslationField(pizza, ['translations', 'fr', 'description'])).toBe(
      'translations.fr.description',
    );
    expect(findTranslationField(pizza, ['translations', 'de', 'options', 'Size', 'name'])).toBe(
      'options.0.translations.de',
    );
    expect(findTranslationField(pizza, ['translations', 'de', 'options', 'Size'])).toBe(
      'options.0.translations.de',
    );
    expect(findTranslationField(pizza, ['translations', 'de', 'options', 'Size', 'choices', 'Large'])).toBe(
      'options.0.choices.1.translations.de',
    );
  });

  it('finds none for what the dish does not have', () => {
    expect(findTranslationField(pizza, ['translations', 'de', 'options', 'Sauce'])).toBeUndefined();
    expect(
      findTranslationField(pizza, ['translations', 'de', 'options', 'Size', 'choices', 'Huge']),
    ).toBeUndefined();
    expect(findTranslationField(pizza, ['name'])).toBeUndefined();
  });
});

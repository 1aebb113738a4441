import { describe, expect, it } from 'vitest';
import {
  type CategoryFormValues,
  categoryFormSchema,
  findCategoryFormField,
  kitchenFieldsToSend,
  taxRateToSend,
  toKitchenFormValues,
  toTaxRateFormValue,
  translationsToSend,
} from './category-form-schema';

function errorsOf(values: CategoryFormValues): Record<string, string> {
  const result = categoryFormSchema().safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('categoryFormSchema', () => {
  it('gives the contract’s values: a trimmed name', () => {
    expect(categoryFormSchema().parse({ name: '  Pasta ', description: '' })).toMatchObject({
      name: 'Pasta',
    });
  });

  it('says what is wrong in sentences that name the input', () => {
    expect(errorsOf({ name: '  ', description: 'x'.repeat(501) })).toEqual({
      name: 'Name is required.',
      description: 'Description (optional) must be at most 500 characters.',
    });
    expect(errorsOf({ name: 'x'.repeat(81), description: '' })).toEqual({
      name: 'Name must be at most 80 characters.',
    });
  });

  it('gives the translations trimmed, and none when all are empty', () => {
    const parse = (translations: CategoryFormValues['translations']) =>
      categoryFormSchema().parse({ name: 'Mains', description: '', translations }).translations;
    expect(parse({ de: { name: ' Hauptgerichte ', description: '' }, fr: { name: '' } })).toEqual({
      de: { name: 'Hauptgerichte' },
    });
    expect(parse({ de: { name: '' } })).toBeUndefined();
  });

  it('puts a translation too long under its input', () => {
    expect(
      errorsOf({ name: 'Mains', description: '', translations: { fr: { description: 'x'.repeat(501) } } }),
    ).toEqual({
      'translations.fr.description': 'This translation must be at most 500 characters.',
    });
  });
});

describe('what an update sends', () => {
  it('sends the translations, {} once the last is emptied, and nothing when there never were any', () => {
    expect(translationsToSend({ de: { name: 'Suppen' } }, {})).toEqual({
      translations: { de: { name: 'Suppen' } },
    });
    expect(translationsToSend(undefined, { de: { name: 'Suppen' } })).toEqual({ translations: {} });
    expect(translationsToSend(undefined, {})).toEqual({});
  });

  it('round-trips a category: an unchanged form sends no station, course or tax rate', () => {
    const category = {
      stationId: '55555555-5555-4555-8555-555555555555',
      course: 2,
      taxRateId: '66666666-6666-4666-8666-666666666666',
    };
    const sent = categoryFormSchema().parse({
      name: 'Wines',
      description: '',
      ...toKitchenFormValues(category),
      ...toTaxRateFormValue(category),
    });
    expect(sent.taxRateId).toBe(category.taxRateId);
    expect(kitchenFieldsToSend(sent, category)).toEqual({});
    expect(taxRateToSend(sent, category)).toEqual({});
  });

  it('sends a tax rate only when it changes: back to the default is null', () => {
    const drinks = '66666666-6666-4666-8666-666666666666';
    const parse = (taxRateId: string) =>
      categoryFormSchema().parse({ name: 'Wines', description: '', taxRateId });
    expect(toTaxRateFormValue({ taxRateId: null })).toEqual({ taxRateId: '' });
    expect(parse('').taxRateId).toBeNull();
    // A new category: the default unless one is chosen.
    expect(taxRateToSend(parse(''))).toEqual({});
    expect(taxRateToSend(parse(drinks))).toEqual({ taxRateId: drinks });
    expect(taxRateToSend(parse(''), { taxRateId: drinks })).toEqual({ taxRateId: null });
    expect(taxRateToSend(parse(drinks), { taxRateId: null })).toEqual({ taxRateId: drinks });
  });

  it('says so under the select when the rate is not one of the restaurant’s', () => {
    expect(errorsOf({ name: 'Wines', description: '', taxRateId: 'nope' })).toEqual({
      taxRateId: "Tax rate is not one of the restaurant's tax rates.",
    });
  });

  it('finds the input a server field names', () => {
    expect(findCategoryFormField('name')).toBe('name');
    expect(findCategoryFormField('taxRateId')).toBe('taxRateId');
    expect(findCategoryFormField('translations.de.description')).toBe('translations.de.description');
    expect(findCategoryFormField('translations.xx.name')).toBeUndefined();
    expect(findCategoryFormField('position')).toBeUndefined();
  });
});

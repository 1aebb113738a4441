import { describe, expect, it } from 'vitest';
import {
  findTaxRateFormField,
  parseRatePercent,
  type TaxRateFormValues,
  taxRateFormSchema,
  toTaxRateFormValues,
} from './tax-rate-form';

function errorsOf(values: TaxRateFormValues): Record<string, string> {
  const result = taxRateFormSchema().safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const FOOD = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Food',
  rateBasisPoints: 550,
  isDefault: false,
};

describe('the tax rate form', () => {
  it('reads a percent with up to two decimals as basis points', () => {
    expect(parseRatePercent('10')).toBe(1000);
    expect(parseRatePercent('5,5')).toBe(550);
    expect(parseRatePercent(' 10.25 ')).toBe(1025);
    expect(parseRatePercent('0')).toBe(0);
    expect(parseRatePercent('100')).toBe(10_000);
    expect(parseRatePercent('5.555')).toBeUndefined();
    expect(parseRatePercent('ten')).toBeUndefined();
  });

  it('round-trips a rate: the percent it shows is the basis points it sends', () => {
    const values = toTaxRateFormValues(FOOD);
    expect(values).toEqual({ name: 'Food', percent: '5.5', isDefault: false });
    expect(taxRateFormSchema().parse(values)).toEqual({ name: 'Food', rateBasisPoints: 550 });
    expect(taxRateFormSchema().parse(toTaxRateFormValues({ ...FOOD, rateBasisPoints: 1025 }))).toEqual({
      name: 'Food',
      rateBasisPoints: 1025,
    });
  });

  it('sends isDefault only to make a rate the default, with a trimmed name', () => {
    expect(taxRateFormSchema().parse({ name: ' Drinks ', percent: '22', isDefault: true })).toEqual({
      name: 'Drinks',
      rateBasisPoints: 2200,
      isDefault: true,
    });
  });

  it('says what is wrong with the rate in a sentence, and leaves the name to its predicates', () => {
    expect(errorsOf({ name: '', percent: '', isDefault: false })).toEqual({
      name: 'is required',
      percent: 'Enter the rate as a percent, for example 10.',
    });
    expect(errorsOf({ name: 'Food', percent: '5.555', isDefault: false })).toEqual({
      percent: 'Enter a percent with at most two decimals, for example 5.5.',
    });
    expect(errorsOf({ name: 'Food', percent: '120', isDefault: false })).toEqual({
      percent: 'A rate can be at most 100%.',
    });
  });

  it("shows the server's basis points at the percent", () => {
    expect(findTaxRateFormField('rateBasisPoints')).toBe('percent');
    expect(findTaxRateFormField('name')).toBe('name');
    expect(findTaxRateFormField('isDefault')).toBeUndefined();
  });
});

import type { TStaffMenuItem } from '@tavolo/contract/menu';
import { describe, expect, it } from 'vitest';
import {
  findFormField,
  type MenuItemFormValues,
  menuItemFormSchema,
  newOptionGroup,
  toCreateMenuItemRequest,
  toFormFieldName,
  toMenuItemFormValues,
  toUpdateMenuItemRequest,
} from './menu-item-form-schema';

const CATEGORY = '33333333-3333-4333-8333-333333333333';

function values(overrides: Partial<MenuItemFormValues> = {}): MenuItemFormValues {
  return {
    ...toMenuItemFormValues(undefined, 'EUR', CATEGORY),
    name: 'Margherita',
    price: '9.50',
    ...overrides,
  };
}

/** Field path → message, as react-hook-form would receive them. */
function errorsOf(input: MenuItemFormValues, currency = 'EUR'): Record<string, string> {
  const result = menuItemFormSchema(currency).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const size = {
  name: 'Size',
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: 'Small', price: '' },
    { name: 'Large', price: '3.00' },
  ],
};

describe('menuItemFormSchema', () => {
  it('accepts a complete dish', () => {
    expect(errorsOf(values({ options: [size], tags: ['vegan'], prepMinutes: '15' }))).toEqual({});
  });

  it('puts contract messages under the inputs', () => {
    expect(errorsOf(values({ name: '  ', price: '', categoryId: '' }))).toEqual({
      name: 'Name is required.',
      price: 'Price (EUR) is required.',
      categoryId: 'Category is required.',
    });
    expect(errorsOf(values({ price: '12.345' }))).toEqual({
      price: 'Price (EUR) must have at most 2 decimals.',
    });
    expect(errorsOf(values({ price: '12.5' }), 'JPY')).toEqual({
      price: 'Price (JPY) must be a whole amount (JPY has no decimals).',
    });
    expect(errorsOf(values({ price: '2000000' }))).toEqual({ price: 'Price (EUR) is too large.' });
    expect(errorsOf(values({ prepMinutes: 'soon' }))).toEqual({
      prepMinutes: 'Preparation time in minutes (optional) must be a whole number of minutes.',
    });
    expect(errorsOf(values({ prepMinutes: '700' }))).toEqual({
      prepMinutes: 'Preparation time can be at most 600 minutes.',
    });
    expect(errorsOf(values({ name: 'x'.repeat(121), price: 'abc' }))).toEqual({
      name: 'Name must be at most 120 characters.',
      price: 'Price (EUR) must be an amount like 12.50.',
    });
  });

  it('rejects a required group whose minimum is 0', () => {
    expect(errorsOf(values({ options: [{ ...size, min: 0 }] }))).toEqual({
      'options.0.min': 'Minimum must be at least 1 for a required group.',
    });
  });

  it('rejects an optional group with a minimum', () => {
    expect(errorsOf(values({ options: [{ ...size, required: false, min: 1 }] }))).toEqual({
      'options.0.min': 'Minimum must be 0 for an optional group.',
    });
  });

  it('checks the bounds against each other and the choices', () => {
    expect(errorsOf(values({ options: [{ ...size, max: 3 }] }))).toEqual({
      'options.0.max': 'Maximum must not exceed the number of choices.',
    });
    expect(errorsOf(values({ options: [{ ...size, min: 2, max: 1 }] }))).toHaveProperty(
      'options.0.min',
      'Minimum must not exceed max.',
    );
    expect(errorsOf(values({ options: [{ ...size, min: Number.NaN }] }))).toEqual({
      'options.0.min': 'Minimum must be a whole number.',
    });
  });

  it('checks group and choice names and prices', () => {
    const errors = errorsOf(
      values({
        options: [
          {
            ...size,
            name: '',
            choices: [
              { name: '', price: '1' },
              { name: 'Large', price: 'lots' },
            ],
          },
        ],
      }),
    );
    expect(errors).toEqual({
      'options.0.name': 'Group name is required.',
      'options.0.choices.0.name': 'Choice 1 is required.',
      'options.0.choices.1.price': 'Extra (EUR) must be an amount like 12.50.',
    });
    expect(errorsOf(values({ options: [{ ...size, choices: [] }] }))).toHaveProperty(
      'options.0.choices',
      'Choices needs at least one choice.',
    );
    expect(
      errorsOf(
        values({
          options: [
            {
              ...size,
              choices: [
                { name: 'Large', price: '' },
                { name: 'large', price: '' },
              ],
            },
          ],
        }),
      ),
    ).toEqual({ 'options.0.choices': 'Choices must not repeat a choice name.' });
    expect(errorsOf(values({ options: [size, { ...size, name: 'size' }] }))).toEqual({
      options: 'Option groups must not repeat a group name.',
    });
  });

  it('starts a new group as a required single choice, which is valid once named', () => {
    const group = newOptionGroup();
    expect(group).toMatchObject({ required: true, min: 1, max: 1 });
    expect(
      errorsOf(values({ options: [{ ...group, name: 'Size', choices: [{ name: 'Regular', price: '' }] }] })),
    ).toEqual({});
  });
});

describe('request bodies', () => {
  it('converts prices to minor units and drops what is empty on create', () => {
    const body = toCreateMenuItemRequest(
      values({
        price: '12,5',
        description: '  ',
        options: [size],
        tags: ['Vegan', 'vegan'],
        availableDays: [5, 1],
      }),
      'EUR',
    );
    expect(body).toEqual({
      categoryId: CATEGORY,
      name: 'Margherita',
      priceMinor: 1250,
      active: true,
      availableDays: [1, 5],
      tags: ['vegan'],
      allergens: [],
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
    });
    expect(toCreateMenuItemRequest(values({ price: '1250' }), 'JPY').priceMinor).toBe(1250);
    expect(toCreateMenuItemRequest(values({ price: '1.25' }), 'BHD').priceMinor).toBe(1250);
  });

  it('sends null for what was emptied on update', () => {
    const body = toUpdateMenuItemRequest(values({ description: '', imageUrl: '', prepMinutes: '' }), 'EUR');
    expect(body).toMatchObject({ description: null, imageUrl: null, prepMinutes: null });
    const kept = toUpdateMenuItemRequest(
      values({ description: 'Tomato', imageUrl: '/uploads/a.jpg', prepMinutes: '10' }),
      'EUR',
    );
    expect(kept).toMatchObject({ description: 'Tomato', imageUrl: '/uploads/a.jpg', prepMinutes: 10 });
  });

  it('fills the form from an item and back without change', () => {
    const item: TStaffMenuItem = {
      id: '44444444-4444-4444-8444-444444444444',
      categoryId: CATEGORY,
      name: 'Ramen',
      description: null,
      priceMinor: 1200,
      imageUrl: null,
      active: false,
      availableDays: [2, 3],
      soldOutUntil: null,
      soldOut: false,
      stockCount: null,
      tags: ['spicy'],
      allergens: ['gluten'],
      prepMinutes: 12,
      options: [
        {
          name: 'Extras',
          required: false,
          min: 0,
          max: 2,
          choices: [
            { name: 'Egg', priceMinor: 150 },
            { name: 'Nori', priceMinor: 0 },
          ],
        },
      ],
      position: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      translations: { de: { name: 'Ramen', options: { Extras: { choices: { Egg: 'Ei' } } } } },
      stationId: null,
      taxRateId: null,
    };
    const form = toMenuItemFormValues(item, 'JPY');
    expect(form.price).toBe('1200');
    expect(form.options[0]?.choices).toEqual([
      { name: 'Egg', price: '150', translations: { de: 'Ei' } },
      { name: 'Nori', price: '', translations: {} },
    ]);
    expect(toUpdateMenuItemRequest(form, 'JPY', item.translations)).toEqual({
      categoryId: CATEGORY,
      name: 'Ramen',
      priceMinor: 1200,
      description: null,
      imageUrl: null,
      active: false,
      availableDays: [2, 3],
      tags: ['spicy'],
      allergens: ['gluten'],
      prepMinutes: 12,
      options: item.options,
      stationId: null,
      taxRateId: null,
      translations: item.translations,
    });
    // A rate of its own comes back as it was.
    const drinks = { ...item, taxRateId: '88888888-8888-4888-8888-888888888888' };
    const ownRate = toMenuItemFormValues(drinks, 'JPY');
    expect(ownRate.taxRateId).toBe(drinks.taxRateId);
    expect(toUpdateMenuItemRequest(ownRate, 'JPY', item.translations).taxRateId).toBe(drinks.taxRateId);
  });

  it('sends a station of its own, or none: left out of a new dish, null on an update', () => {
    const own = values({ stationId: '77777777-7777-4777-8777-777777777777' });
    expect(toCreateMenuItemRequest(own, 'EUR').stationId).toBe('77777777-7777-4777-8777-777777777777');
    expect(toUpdateMenuItemRequest(own, 'EUR').stationId).toBe('77777777-7777-4777-8777-777777777777');
    expect(toCreateMenuItemRequest(values({ stationId: '' }), 'EUR').stationId).toBeUndefined();
    expect(toUpdateMenuItemRequest(values({ stationId: '' }), 'EUR').stationId).toBeNull();
  });

  it("sends a tax rate of its own, or the category's: left out of a new dish, null on an update", () => {
    const own = values({ taxRateId: '88888888-8888-4888-8888-888888888888' });
    expect(errorsOf(own)).toEqual({});
    expect(toCreateMenuItemRequest(own, 'EUR').taxRateId).toBe('88888888-8888-4888-8888-888888888888');
    expect(toUpdateMenuItemRequest(own, 'EUR').taxRateId).toBe('88888888-8888-4888-8888-888888888888');
    expect(toCreateMenuItemRequest(values({ taxRateId: '' }), 'EUR').taxRateId).toBeUndefined();
    expect(toUpdateMenuItemRequest(values({ taxRateId: '' }), 'EUR').taxRateId).toBeNull();
  });

  it('says so under the select when the rate is not one of the restaurant’s', () => {
    expect(errorsOf(values({ taxRateId: 'not-an-id' }))).toEqual({
      taxRateId: "Tax rate is not one of the restaurant's tax rates.",
    });
    expect(findFormField('taxRateId')).toBe('taxRateId');
  });

  it('sends the translations under the names sent, and {} when the last one was emptied', () => {
    const form = values({
      options: [{ ...size, name: 'Portion', translations: { de: 'Größe' } }],
      translations: { de: { name: ' Pizza ', description: '' } },
    });
    expect(toCreateMenuItemRequest(form, 'EUR').translations).toEqual({
      de: { name: 'Pizza', options: { Portion: { name: 'Größe' } } },
    });
    const emptied = values({ translations: { de: { name: '' } } });
    expect(toCreateMenuItemRequest(emptied, 'EUR')).not.toHaveProperty('translations');
    expect(toUpdateMenuItemRequest(emptied, 'EUR')).not.toHaveProperty('translations');
    expect(toUpdateMenuItemRequest(emptied, 'EUR', { de: { name: 'Pizza' } }).translations).toEqual({});
  });
});

describe('translations in the form', () => {
  it('puts a translation too long under its own input', () => {
    expect(
      errorsOf(
        values({
          options: [
            {
              ...size,
              translations: { de: 'x'.repeat(81) },
              choices: [{ name: 'Small', price: '', translations: { fr: 'y'.repeat(81) } }],
            },
          ],
          translations: { de: { name: 'z'.repeat(121) } },
        }),
      ),
    ).toEqual({
      'translations.de.name': 'This translation must be at most 120 characters.',
      'options.0.translations.de': 'This translation must be at most 80 characters.',
      'options.0.choices.0.translations.fr': 'This translation must be at most 80 characters.',
    });
  });
});

describe('toFormFieldName', () => {
  it('maps the server’s field names to the form’s', () => {
    expect(toFormFieldName('priceMinor')).toBe('price');
    expect(toFormFieldName('options.0.choices.1.priceMinor')).toBe('options.0.choices.1.price');
    expect(toFormFieldName('categoryId')).toBe('categoryId');
  });
});

describe('findFormField', () => {
  it('finds the input for a server field, and none for fields the form does not show', () => {
    expect(findFormField('priceMinor')).toBe('price');
    expect(findFormField('options.0.choices.1.priceMinor')).toBe('options.0.choices.1.price');
    expect(findFormField('options.2.max')).toBe('options.2.max');
    expect(findFormField('position')).toBeUndefined();
    expect(findFormField('options.0.choices.1.id')).toBeUndefined();
  });

  it('finds a translation’s input, by the group’s and choice’s names', () => {
    const form = values({ options: [size] });
    expect(findFormField('translations.de.name')).toBe('translations.de.name');
    expect(findFormField('translations.de.options.Size', form)).toBe('options.0.translations.de');
    expect(findFormField('translations.fr.options.Size.choices.Large', form)).toBe(
      'options.0.choices.1.translations.fr',
    );
    expect(findFormField('translations.fr.options.Sauce', form)).toBeUndefined();
  });
});

import type { TMenuItem } from '@tavolo/contract/menu';
import { describe, expect, it } from 'vitest';
import {
  filterMenuItems,
  getItemAvailability,
  groupByCategory,
  hasFilters,
  NO_FILTERS,
} from './menu-list-filters';

const PIZZA = 'c1';
const DESSERT = 'c2';
const MONDAY = 1;

function item(id: string, overrides: Partial<TMenuItem> = {}): TMenuItem {
  return {
    id,
    categoryId: PIZZA,
    name: id,
    description: null,
    priceMinor: 1000,
    imageUrl: null,
    active: true,
    availableDays: [],
    soldOutUntil: null,
    soldOut: false,
    stockCount: null,
    tags: [],
    allergens: [],
    prepMinutes: null,
    options: [],
    position: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ITEMS = [
  item('Margherita', { description: 'Tomato, mozzarella, basil', tags: ['vegetarian'] }),
  item('Diavola', { description: 'Spicy salami', tags: ['spicy'], soldOut: true }),
  item('Crème brûlée', { categoryId: DESSERT, availableDays: [5, 6] }),
  item('Tiramisù', { categoryId: DESSERT, active: false }),
];

const names = (items: TMenuItem[]) => items.map((one) => one.name);

describe('getItemAvailability', () => {
  it('tells inactive, sold out and not served today apart', () => {
    expect(getItemAvailability(item('a'), MONDAY)).toEqual({
      inactive: false,
      soldOut: false,
      notServedToday: false,
      available: true,
    });
    expect(getItemAvailability(item('a', { availableDays: [0, 6] }), MONDAY)).toMatchObject({
      notServedToday: true,
      available: false,
    });
    expect(getItemAvailability(item('a', { availableDays: [1] }), MONDAY).notServedToday).toBe(false);
    expect(getItemAvailability(item('a', { soldOut: true }), MONDAY).available).toBe(false);
    expect(getItemAvailability(item('a', { active: false }), MONDAY)).toMatchObject({
      inactive: true,
      available: false,
    });
  });
});

describe('filterMenuItems', () => {
  it('keeps everything without filters', () => {
    expect(filterMenuItems(ITEMS, NO_FILTERS, MONDAY)).toEqual(ITEMS);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('searches names, descriptions and tags, ignoring case and accents', () => {
    const search = (text: string) => names(filterMenuItems(ITEMS, { ...NO_FILTERS, search: text }, MONDAY));
    expect(search('MOZZA')).toEqual(['Margherita']);
    expect(search('creme')).toEqual(['Crème brûlée']);
    expect(search('tiramisu')).toEqual(['Tiramisù']);
    expect(search('spicy')).toEqual(['Diavola']);
    expect(search('vegetarian basil')).toEqual(['Margherita']);
    expect(search('vegetarian salami')).toEqual([]);
    expect(search('   ')).toHaveLength(4);
  });

  it('filters by category', () => {
    expect(names(filterMenuItems(ITEMS, { ...NO_FILTERS, categoryId: DESSERT }, MONDAY))).toEqual([
      'Crème brûlée',
      'Tiramisù',
    ]);
  });

  it('filters by availability', () => {
    const status = (value: (typeof NO_FILTERS)['status']) =>
      names(filterMenuItems(ITEMS, { ...NO_FILTERS, status: value }, MONDAY));
    expect(status('available')).toEqual(['Margherita']);
    expect(status('sold-out')).toEqual(['Diavola']);
    expect(status('not-today')).toEqual(['Crème brûlée']);
    expect(status('inactive')).toEqual(['Tiramisù']);
    // On a Saturday the crème brûlée is served.
    expect(names(filterMenuItems(ITEMS, { ...NO_FILTERS, status: 'available' }, 6))).toEqual([
      'Margherita',
      'Crème brûlée',
    ]);
  });

  it('combines filters', () => {
    const filters = { search: 'a', categoryId: PIZZA, status: 'available' as const };
    expect(names(filterMenuItems(ITEMS, filters, MONDAY))).toEqual(['Margherita']);
    expect(hasFilters(filters)).toBe(true);
  });

  // No wall-clock budget here (a busy machine makes one flaky): the filter is one pass over the
  // items, and what it finds in a big menu is what is checked.
  it('finds the right dishes in a big menu', () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      item(`Dish ${index}`, { description: 'A long description with words in it', tags: ['new'] }),
    );
    const found = filterMenuItems(many, { ...NO_FILTERS, search: 'dish 49' }, MONDAY);
    expect(names(found)).toEqual([
      'Dish 49',
      'Dish 149',
      'Dish 249',
      'Dish 349',
      'Dish 449',
      ...Array.from({ length: 10 }, (_, i) => `Dish 49${i}`),
    ]);
    expect(filterMenuItems(many, { ...NO_FILTERS, search: 'WORDS new' }, MONDAY)).toHaveLength(500);
  });
});

describe('groupByCategory', () => {
  it('groups in category order and leaves out empty categories', () => {
    const categories = [
      { id: DESSERT, name: 'Desserts' },
      { id: 'c3', name: 'Drinks' },
      { id: PIZZA, name: 'Pizza' },
    ];
    const groups = groupByCategory(ITEMS, categories);
    expect(groups.map((group) => [group.category.name, names(group.items)])).toEqual([
      ['Desserts', ['Crème brûlée', 'Tiramisù']],
      ['Pizza', ['Margherita', 'Diavola']],
    ]);
  });

  it('keeps items of an unknown category under "Other"', () => {
    const groups = groupByCategory([item('Lost', { categoryId: 'gone' })], []);
    expect(groups).toEqual([
      { category: { id: '', name: 'Other' }, items: [expect.objectContaining({ name: 'Lost' })] },
    ]);
  });
});

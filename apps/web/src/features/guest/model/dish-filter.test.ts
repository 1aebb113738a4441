import { afterEach, describe, expect, it } from 'vitest';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
import {
  applyDishFilter,
  filterChoices,
  matchesFilter,
  NO_FILTER,
  readDishFilter,
  saveDishFilter,
  toggleInFilter,
} from './dish-filter';

const salad = fakeMenuItem({ name: 'Salad', tags: ['vegan', 'vegetarian', 'new'], allergens: ['mustard'] });
const pasta = fakeMenuItem({ name: 'Pasta', tags: ['vegetarian'], allergens: ['gluten', 'eggs'] });
const steak = fakeMenuItem({ name: 'Steak', tags: ['spicy'], allergens: [] });

afterEach(() => sessionStorage.clear());

describe('dish filter', () => {
  it('offers the dietary tags and the allergens the menu has', () => {
    const menu = fakeTodayMenu([{ category: fakeCategory(), items: [salad, pasta, steak] }]);
    expect(filterChoices(menu)).toEqual({
      tags: ['vegetarian', 'vegan'],
      allergens: ['eggs', 'gluten', 'mustard'],
    });
  });

  it('keeps dishes with every chosen tag and none of the allergens to avoid', () => {
    expect(matchesFilter(salad, { tags: ['vegetarian'], without: [] })).toBe(true);
    expect(matchesFilter(pasta, { tags: ['vegetarian', 'vegan'], without: [] })).toBe(false);
    expect(matchesFilter(pasta, { tags: [], without: ['gluten'] })).toBe(false);
    expect(matchesFilter(steak, { tags: [], without: ['gluten'] })).toBe(true);
    expect(matchesFilter(steak, NO_FILTER)).toBe(true);
  });

  it('counts what it hides', () => {
    const { categories, hidden } = applyDishFilter([{ id: 'a', items: [salad, pasta, steak] }], {
      tags: ['vegetarian'],
      without: ['gluten'],
    });
    expect(categories[0]!.items.map((item) => item.name)).toEqual(['Salad']);
    expect(hidden).toBe(2);
  });

  it('toggles values, and is kept for the table it was set at', () => {
    const filter = toggleInFilter(toggleInFilter(NO_FILTER, 'without', 'nuts'), 'tags', 'vegan');
    expect(filter).toEqual({ tags: ['vegan'], without: ['nuts'] });
    expect(toggleInFilter(filter, 'tags', 'vegan').tags).toEqual([]);
    saveDishFilter('table-a', filter);
    expect(readDishFilter('table-a')).toEqual(filter);
    expect(readDishFilter('table-b')).toEqual(NO_FILTER);
    saveDishFilter('table-a', NO_FILTER);
    expect(sessionStorage.length).toBe(0);
  });
});

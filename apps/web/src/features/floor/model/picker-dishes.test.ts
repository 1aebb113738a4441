import { describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { countOrderedDishes, listPickerDishes, searchable } from './picker-dishes';

const pizza = fakeCategory({ name: 'Pizza' });
const desserts = fakeCategory({ name: 'Desserts' });
const margherita = fakeMenuItem({ name: 'Margherita', categoryId: pizza.id });
const diavola = fakeMenuItem({ name: 'Diavola', description: 'Spicy salami', categoryId: pizza.id });
const marinara = fakeMenuItem({ name: 'Marinara', categoryId: pizza.id, soldOut: true });
const creme = fakeMenuItem({ name: 'Crème brûlée', categoryId: desserts.id });
const menu = fakeTodayMenu([
  { category: pizza, items: [margherita, diavola, marinara] },
  { category: desserts, items: [creme] },
]);

const names = (dishes: ReturnType<typeof listPickerDishes>) => dishes.map((dish) => dish.item.name);

describe('countOrderedDishes', () => {
  it('counts the units ordered of each dish, voided ones too, cancelled orders aside', () => {
    const counts = countOrderedDishes([
      fakeOrder({ items: [fakeOrderLine({ menuItemId: diavola.id, quantity: 2, voidedQuantity: 1 })] }),
      fakeOrder({
        items: [
          fakeOrderLine({ menuItemId: diavola.id, quantity: 1 }),
          fakeOrderLine({ menuItemId: creme.id }),
        ],
      }),
      fakeOrder({ status: 'cancelled', items: [fakeOrderLine({ menuItemId: creme.id, quantity: 9 })] }),
    ]);
    expect(counts.get(diavola.id)).toBe(4);
    expect(counts.get(creme.id)).toBe(1);
  });
});

describe('listPickerDishes', () => {
  const popularity = new Map([
    [creme.id, 5],
    [diavola.id, 2],
  ]);

  it('lists every dish most ordered first, then in menu order, sold-out ones last', () => {
    expect(names(listPickerDishes(menu, { categoryId: null, search: '' }, popularity))).toEqual([
      'Crème brûlée',
      'Diavola',
      'Margherita',
      'Marinara',
    ]);
  });

  it('narrows to a category', () => {
    expect(names(listPickerDishes(menu, { categoryId: pizza.id, search: '' }, popularity))).toEqual([
      'Diavola',
      'Margherita',
      'Marinara',
    ]);
  });

  it('searches every category by name and description, without minding accents or case', () => {
    expect(names(listPickerDishes(menu, { categoryId: pizza.id, search: 'CREME' }, popularity))).toEqual([
      'Crème brûlée',
    ]);
    expect(names(listPickerDishes(menu, { categoryId: null, search: 'spicy' }, popularity))).toEqual([
      'Diavola',
    ]);
    expect(names(listPickerDishes(menu, { categoryId: null, search: 'mar ita' }, new Map()))).toEqual([
      'Margherita',
    ]);
  });

  it('reads text without accents or case', () => {
    expect(searchable('  Crème Brûlée ')).toBe('creme brulee');
  });
});

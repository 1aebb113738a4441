import { describe, expect, it } from 'vitest';
import { type DishFigure, hasSales, rankDishes } from './dish-ranking';

const dish = (name: string, quantity: number, revenueMinor = quantity * 1000): DishFigure => ({
  menuItemId: null,
  name,
  quantity,
  revenueMinor,
});

describe('rankDishes', () => {
  const items = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0].map((quantity, index) => dish(`Dish ${index}`, quantity));
  const byRevenue = [...items].reverse();

  it('takes the top five from the start and the bottom five, least first, from the end', () => {
    const { top, bottom } = rankDishes({ items, byRevenue }, 'quantity');
    expect(top.map((item) => item.quantity)).toEqual([9, 8, 7, 6, 5]);
    expect(bottom.map((item) => item.name)).toEqual(['Dish 10', 'Dish 9', 'Dish 8', 'Dish 7', 'Dish 6']);
  });

  it('ranks by revenue from its own list', () => {
    expect(rankDishes({ items, byRevenue }, 'revenue').top[0]?.name).toBe('Dish 10');
  });

  it('never lists a dish twice when there are few', () => {
    const few = items.slice(0, 7);
    const { top, bottom } = rankDishes({ items: few, byRevenue: few }, 'quantity');
    expect(top).toHaveLength(5);
    expect(bottom.map((item) => item.name)).toEqual(['Dish 6', 'Dish 5']);
    expect(rankDishes({ items: few.slice(0, 3), byRevenue: [] }, 'quantity').bottom).toEqual([]);
  });
});

describe('hasSales', () => {
  it('is false when every dish sold nothing', () => {
    expect(hasSales({ items: [dish('Soup', 0)] })).toBe(false);
    expect(hasSales({ items: [dish('Soup', 0), dish('Bread', 1)] })).toBe(true);
    expect(hasSales({ items: [] })).toBe(false);
  });
});

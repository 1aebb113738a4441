import type {
  TCategory,
  TGuestTodayMenu,
  TMenuItem,
  TStaffMenuItem,
  TTodayMenu,
} from '@tavolo/contract/menu';

let sequence = 0;
/** A valid UUID that differs per call. */
export function fakeId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function fakeCategory(overrides: Partial<TCategory> = {}): TCategory {
  return {
    id: fakeId(),
    name: 'Pizza',
    description: null,
    position: 0,
    itemCount: 0,
    translations: {},
    stationId: null,
    course: 0,
    taxRateId: null,
    ...overrides,
  };
}

export function fakeMenuItem(overrides: Partial<TMenuItem> = {}): TMenuItem {
  return {
    id: fakeId(),
    categoryId: fakeId(),
    name: 'Margherita',
    description: null,
    priceMinor: 950,
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

/** A dish as staff read it (the menu list, the editor): with its translations, none by default. */
export function fakeStaffMenuItem(overrides: Partial<TStaffMenuItem> = {}): TStaffMenuItem {
  return { ...fakeMenuItem(), translations: {}, stationId: null, taxRateId: null, ...overrides };
}

export function fakeTodayMenu(
  categories: { category: TCategory; items: TMenuItem[] }[],
  overrides: Partial<TTodayMenu> = {},
): TTodayMenu {
  const items = categories.flatMap((group) => group.items);
  return {
    date: '2025-03-14',
    weekday: 5,
    timezone: 'Europe/Rome',
    categories: categories.map(({ category, items }) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      items,
    })),
    availableCount: items.filter((item) => !item.soldOut).length,
    soldOutCount: items.filter((item) => item.soldOut).length,
    ...overrides,
  };
}

/** Today's menu as the guest menu carries it: groups and choices keyed by their (working-language) names. */
export function fakeGuestTodayMenu(
  categories: { category: TCategory; items: TMenuItem[] }[],
  overrides: Partial<TGuestTodayMenu> = {},
): TGuestTodayMenu {
  const menu = fakeTodayMenu(categories);
  return {
    ...menu,
    categories: menu.categories.map((category) => ({
      ...category,
      items: category.items.map((item) => ({
        ...item,
        options: item.options.map((group) => ({
          ...group,
          key: group.name,
          choices: group.choices.map((choice) => ({ ...choice, key: choice.name })),
        })),
      })),
    })),
    ...overrides,
  };
}

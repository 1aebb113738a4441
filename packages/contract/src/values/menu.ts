// The menu form's suggestions, without zod: menu.ts builds its schemas on them and pages read them here.
// Not in client/menu.ts, which imports menu.ts for its types: menu.ts would import it back.

/** Suggestions the menu form offers; any other short label is accepted too. */
export const SUGGESTED_TAGS = [
  'vegetarian',
  'vegan',
  'spicy',
  'gluten-free',
  'dairy-free',
  'halal',
  'new',
  'popular',
];

/** The 14 allergens EU law asks restaurants to declare. */
export const SUGGESTED_ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
];

/** The most units a dish can be counted to (PUT /api/menu/{id}/stock). */
export const MAX_STOCK_COUNT = 100_000;

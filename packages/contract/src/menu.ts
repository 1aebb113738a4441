import { z } from 'zod';
import {
  serverRule,
  textPattern,
  ZId,
  ZIdParams,
  ZImageUrl,
  ZOptionalText,
  ZRestaurantParams,
} from './common';
import { access, endpoint } from './endpoint';
import { ZLanguage, ZRestaurantLanguages } from './languages';
import { ZCourse } from './orders';
import { MAX_STOCK_COUNT, SUGGESTED_ALLERGENS, SUGGESTED_TAGS } from './values/menu';
import { DEFAULT_CATEGORY_COURSE } from './values/orders';

export { MAX_STOCK_COUNT, SUGGESTED_ALLERGENS, SUGGESTED_TAGS };

const MAX_PRICE_MINOR = 100_000_000;

/** A price in minor units (cents): a non-negative whole number. */
export const ZPriceMinor = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number of minor units (e.g. cents)' })
  .min(0, { message: 'must be at least 0' })
  .max(MAX_PRICE_MINOR, { message: `must be at most ${MAX_PRICE_MINOR}` });

const ZName = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` })
    .meta({ pattern: textPattern(1) });

// ---- translations -----------------------------------------------------------------------------
// A category's and a dish's texts in the restaurant's other languages, by language (docs/decisions/028).
// The base fields are the working language's; a text left out (or "") falls back to it, field by field.

/** A translated text: trimmed; "" counts as absent. */
const ZTranslatedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

/** A modifier group or a choice named by its name in the working language (what orders name). */
const ZOptionKey = z.string().min(1).max(80, { message: 'must be at most 80 characters' });

const translationFields = (nameMax: number, descriptionMax: number) => ({
  name: ZTranslatedText(nameMax).optional(),
  description: ZTranslatedText(descriptionMax).optional(),
});

export const ZCategoryTranslation = z.object(translationFields(80, 500)).strict();

export const ZOptionGroupTranslation = z
  .object({
    name: ZTranslatedText(80).optional(),
    /** By the choice's name in the working language. */
    choices: z.partialRecord(ZOptionKey, ZTranslatedText(80)).optional(),
  })
  .strict();

export const ZMenuItemTranslation = z
  .object({
    ...translationFields(120, 1000),
    /** By the group's name in the working language. */
    options: z.partialRecord(ZOptionKey, ZOptionGroupTranslation).optional(),
  })
  .strict();

const translationsDescription =
  'By language; the working language is the base fields (an entry for it is kept but not shown). A missing or empty text shows the working language’s.';

/** A category's translations as stored and read. */
export const ZCategoryTranslations = z
  .partialRecord(ZLanguage, ZCategoryTranslation)
  .meta({ description: translationsDescription });
export type TCategoryTranslations = z.infer<typeof ZCategoryTranslations>;

/** A dish's translations as stored and read: option groups and choices by their working-language names. */
export const ZMenuItemTranslations = z
  .partialRecord(ZLanguage, ZMenuItemTranslation)
  .meta({ description: translationsDescription });
export type TMenuItemTranslations = z.infer<typeof ZMenuItemTranslations>;
export type TMenuItemTranslation = z.infer<typeof ZMenuItemTranslation>;

/** Drops what says nothing: empty texts, and groups, choices and languages left empty by that. */
function compactTranslations<T extends Record<string, unknown>>(value: T): T {
  const compact = (node: unknown): unknown => {
    if (typeof node === 'string') return node === '' ? undefined : node;
    if (node === null || typeof node !== 'object') return node;
    const kept = Object.entries(node)
      .map(([key, child]) => [key, compact(child)] as const)
      .filter(([, child]) => child !== undefined);
    return kept.length === 0 ? undefined : Object.fromEntries(kept);
  };
  return (compact(value) ?? {}) as T;
}

/** Sent to replace a category's translations (all of them: a language left out has none). */
export const ZCategoryTranslationsInput = ZCategoryTranslations.transform(compactTranslations);

/**
 * Sent to replace a dish's translations (all of them). Option groups and choices must be the dish's
 * (by their working-language names, after the request's own changes to them): others answer 422.
 */
export const ZMenuItemTranslationsInput = ZMenuItemTranslations.transform(compactTranslations);

// ---- categories -------------------------------------------------------------------------------

export const ZCategory = z.object({
  id: ZId,
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** How many menu items it holds (active or not). */
  itemCount: z.number().int(),
  translations: ZCategoryTranslations,
  /** The station its dishes go to; null = Kitchen (PRODUCT.md §10). */
  stationId: ZId.nullable(),
  /** Its dishes' course: 0 fires at once (drinks, anything served as it comes), 1–5 in turn. */
  course: z.number().int(),
  /** The tax rate its dishes are sold at; null = the restaurant's default rate (PRODUCT.md §11). */
  taxRateId: ZId.nullable(),
});
export type TCategory = z.infer<typeof ZCategory>;

export const ZCategoryList = z.object({ items: z.array(ZCategory) });
export type TCategoryList = z.infer<typeof ZCategoryList>;

export const ZCreateCategoryRequest = z
  .object({
    name: ZName(80),
    description: ZOptionalText(500),
    translations: ZCategoryTranslationsInput.optional(),
    stationId: ZId.nullable().optional(),
    /** 2 (Mains) unless set. */
    course: ZCourse.optional().meta({ default: DEFAULT_CATEGORY_COURSE }),
    taxRateId: ZId.nullable().optional(),
  })
  .strict();
export type TCreateCategoryRequest = z.infer<typeof ZCreateCategoryRequest>;

export const ZUpdateCategoryRequest = z
  .object({
    name: ZName(80),
    description: ZOptionalText(500).nullable(),
    translations: ZCategoryTranslationsInput,
    stationId: ZId.nullable(),
    course: ZCourse,
    taxRateId: ZId.nullable(),
  })
  .partial()
  .strict();
export type TUpdateCategoryRequest = z.infer<typeof ZUpdateCategoryRequest>;

/** The restaurant's category ids, every one exactly once, in the new order. */
export const ZReorderCategoriesRequest = z
  .object({ ids: z.array(ZId).min(1).max(500).meta({ uniqueItems: true }) })
  .strict()
  .refine((body) => new Set(body.ids).size === body.ids.length, {
    message: 'must not repeat an id',
    path: ['ids'],
  });
export type TReorderCategoriesRequest = z.infer<typeof ZReorderCategoriesRequest>;

// ---- menu items -------------------------------------------------------------------------------

export const ZOptionChoice = z.object({ name: ZName(80), priceMinor: ZPriceMinor }).strict();
export type TOptionChoice = z.infer<typeof ZOptionChoice>;

const optionGroupBounds = serverRule('option-group-bounds', 'min ≤ max ≤ the number of choices');

/** A modifier group: "Size" (required, pick 1), "Extras" (optional, up to 3) … */
export const ZOptionGroup = z
  .object({
    name: ZName(80),
    required: z.boolean(),
    min: z.number().int().min(0).max(30).meta(optionGroupBounds),
    max: z.number().int().min(1).max(30).meta(optionGroupBounds),
    choices: z
      .array(ZOptionChoice)
      .min(1, { message: 'needs at least one choice' })
      .max(30)
      .meta(serverRule('unique-names-ignoring-case', 'Choice names are unique, whatever their case')),
  })
  .strict()
  .superRefine((group, ctx) => {
    if (group.min > group.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'must not exceed max' });
    if (group.max > group.choices.length)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not exceed the number of choices' });
    if (group.required && group.min < 1)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'must be at least 1 for a required group' });
    if (!group.required && group.min > 0)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'must be 0 for an optional group' });
    const names = group.choices.map((c) => c.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'must not repeat a choice name' });
  })
  .meta({
    description:
      'min ≤ max ≤ the number of choices; a required group has min ≥ 1, an optional one min 0; choice names are unique (whatever their case)',
    // The one rule of these that JSON Schema can state.
    oneOf: [
      { properties: { required: { const: true }, min: { minimum: 1 } }, required: ['required', 'min'] },
      { properties: { required: { const: false }, min: { const: 0 } }, required: ['required', 'min'] },
    ],
  });
export type TOptionGroup = z.infer<typeof ZOptionGroup>;

const ZLabel = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(30, { message: 'must be at most 30 characters' })
  .meta({ pattern: textPattern(1) });
const ZLabels = z
  .array(ZLabel)
  .max(20, { message: 'must have at most 20 entries' })
  .transform((labels) => [...new Set(labels)]);

/** Weekdays an item is served: 0 = Sunday … 6 = Saturday; empty = every day. */
export const ZAvailableDays = z
  .array(
    z
      .number()
      .int()
      .min(0, { message: 'must be 0 (Sunday) to 6 (Saturday)' })
      .max(6, { message: 'must be 0 (Sunday) to 6 (Saturday)' }),
  )
  .max(7)
  .transform((days) => [...new Set(days)].sort());

const menuItemFields = {
  categoryId: ZId,
  name: ZName(120),
  priceMinor: ZPriceMinor,
  description: ZOptionalText(1000),
  imageUrl: ZImageUrl.optional(),
  active: z.boolean().optional(),
  availableDays: ZAvailableDays.optional(),
  tags: ZLabels.optional(),
  allergens: ZLabels.optional(),
  prepMinutes: z.number().int().min(0).max(600).optional(),
  options: z
    .array(ZOptionGroup)
    .max(20)
    .refine((groups) => new Set(groups.map((g) => g.name.toLowerCase())).size === groups.length, {
      message: 'must not repeat a group name',
    })
    .meta(serverRule('unique-names-ignoring-case', 'Group names are unique, whatever their case'))
    .optional(),
  translations: ZMenuItemTranslationsInput.optional(),
  /** Sends the dish to this station instead of its category's; null = the category's. */
  stationId: ZId.nullable().optional(),
  /** Sells the dish at this tax rate instead of its category's; null = the category's. */
  taxRateId: ZId.nullable().optional(),
};

export const ZCreateMenuItemRequest = z.object(menuItemFields).strict();
export type TCreateMenuItemRequest = z.infer<typeof ZCreateMenuItemRequest>;

export const ZUpdateMenuItemRequest = z
  .object({
    ...menuItemFields,
    description: ZOptionalText(1000).nullable(),
    imageUrl: ZImageUrl.nullable(),
    prepMinutes: z.number().int().min(0).max(600).nullable(),
    position: z.number().int().min(0).max(100_000),
  })
  .partial()
  .strict();
export type TUpdateMenuItemRequest = z.infer<typeof ZUpdateMenuItemRequest>;

export const ZMenuItem = z.object({
  id: ZId,
  categoryId: ZId,
  name: z.string(),
  description: z.string().nullable(),
  priceMinor: z.number().int(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  availableDays: z.array(z.number().int()),
  /** null, or the instant the item comes back (sold out "for today" = next local midnight). */
  soldOutUntil: z.iso.datetime().nullable(),
  /** True while soldOutUntil lies in the future, or while its stock count is 0. */
  soldOut: z.boolean(),
  /** Units left to order; null when the dish is not counted. */
  stockCount: z.number().int().nullable(),
  tags: z.array(z.string()),
  allergens: z.array(z.string()),
  prepMinutes: z.number().int().nullable(),
  options: z.array(ZOptionGroup),
  position: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;

/** A dish as staff read and edit it: in the working language, with its translations. */
export const ZStaffMenuItem = ZMenuItem.extend({
  translations: ZMenuItemTranslations,
  /** The station it goes to instead of its category's; null = the category's. */
  stationId: ZId.nullable(),
  /** The tax rate it is sold at instead of its category's; null = the category's. */
  taxRateId: ZId.nullable(),
});
export type TStaffMenuItem = z.infer<typeof ZStaffMenuItem>;

export const ZMenuItemList = z.object({ items: z.array(ZStaffMenuItem) });
export type TMenuItemList = z.infer<typeof ZMenuItemList>;

export const ZSoldOutRequest = z.object({ soldOut: z.boolean() }).strict();
export type TSoldOutRequest = z.infer<typeof ZSoldOutRequest>;

/** A dish's units left to order (0: sold out), or null to stop counting it. */
export const ZStockRequest = z
  .object({
    count: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must not be negative' })
      .max(MAX_STOCK_COUNT, { message: `must be at most ${MAX_STOCK_COUNT}` })
      .nullable(),
  })
  .strict();
export type TStockRequest = z.infer<typeof ZStockRequest>;

// ---- today's menu -----------------------------------------------------------------------------

export const ZTodayMenu = z.object({
  /** The restaurant's local date, YYYY-MM-DD. */
  date: z.string(),
  weekday: z.number().int().min(0).max(6),
  timezone: z.string(),
  categories: z.array(
    z.object({
      id: ZId,
      name: z.string(),
      description: z.string().nullable(),
      items: z.array(ZMenuItem),
    }),
  ),
  /** Items served today and not sold out. */
  availableCount: z.number().int(),
  soldOutCount: z.number().int(),
});
export type TTodayMenu = z.infer<typeof ZTodayMenu>;

/**
 * A dish as a menu shows it to anyone, a guest included: without its stock count (which guests do
 * not get). What code showing either kind of menu takes.
 */
export type TMenuDish = Omit<TMenuItem, 'stockCount'>;

/** Today's menu of such dishes: staff's or a guest's. */
export type TDishMenu = Omit<TTodayMenu, 'categories'> & {
  categories: (Omit<TTodayMenu['categories'][number], 'items'> & { items: TMenuDish[] })[];
};

export const ZPublicRestaurant = z.object({
  id: ZId,
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  serviceChargePercent: z.number(),
});
export type TPublicRestaurant = z.infer<typeof ZPublicRestaurant>;

export const ZGuestTable = z.object({ id: ZId, number: z.number().int(), label: z.string().nullable() });

/** The rule below, in the document: OpenAPI 3.1 gives each query parameter its own schema. */
const guestMenuTable = serverRule('parameters-together', 'Send restaurantId and tableNumber, or qrToken');

const ZGuestOptionKey = z.string().meta({
  description:
    'Its name in the working language: what an order names it by (`options[].group` / `options[].choice`)',
});

/** A modifier group as a guest reads it: names in the guest's language, keys in the working one. */
export const ZGuestOptionGroup = z.object({
  key: ZGuestOptionKey,
  name: z.string(),
  required: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  choices: z.array(z.object({ key: ZGuestOptionKey, name: z.string(), priceMinor: z.number().int() })),
});
export type TGuestOptionGroup = z.infer<typeof ZGuestOptionGroup>;

/**
 * A dish as a guest reads it, in the menu's language (each text falling back to the working
 * language's). Without its stock count: orders take units without moving the menu's version, so a
 * guest's cached menu would show an old count; `soldOut` says when none is left (decision 035).
 */
export const ZGuestMenuItem = ZMenuItem.omit({ stockCount: true }).extend({
  options: z.array(ZGuestOptionGroup),
});
export type TGuestMenuItem = z.infer<typeof ZGuestMenuItem>;

export const ZGuestTodayMenu = ZTodayMenu.extend({
  categories: z.array(
    z.object({
      id: ZId,
      name: z.string(),
      description: z.string().nullable(),
      items: z.array(ZGuestMenuItem),
    }),
  ),
});
export type TGuestTodayMenu = z.infer<typeof ZGuestTodayMenu>;

/** A guest's menu by restaurant and table number, or by the qrToken the table's code carries. */
export const ZGuestMenuQuery = z
  .object({
    restaurantId: ZId.meta(guestMenuTable).optional(),
    tableNumber: z.coerce
      .number({ message: 'must be a table number' })
      .int()
      .min(1)
      .max(100_000)
      .meta(guestMenuTable)
      .optional(),
    qrToken: z
      .string()
      .trim()
      .min(16)
      .max(100)
      .meta({ pattern: textPattern(16) })
      .optional(),
    lang: z.string().trim().max(35).optional().meta({
      description:
        'The language to read the menu in (`de`, `de-CH`); without it, or when the restaurant does not have it, the Accept-Language header chooses, else the working language',
    }),
  })
  .refine((q) => q.qrToken !== undefined || (q.restaurantId !== undefined && q.tableNumber !== undefined), {
    message: 'send restaurantId and tableNumber, or qrToken',
    path: ['restaurantId'],
  });

export type TGuestMenuQuery = z.infer<typeof ZGuestMenuQuery>;

export const ZGuestMenu = z.object({
  restaurant: ZPublicRestaurant,
  table: ZGuestTable,
  menu: ZGuestTodayMenu,
  /** The language the menu is in: the best of the restaurant's for this guest. */
  language: ZLanguage,
  /** The restaurant's languages, the working language first: what a guest may switch to. */
  languages: ZRestaurantLanguages,
});
export type TGuestMenu = z.infer<typeof ZGuestMenu>;

const manageMenu = access.permission('menu.manage');

export const categoriesEndpoints = {
  listCategories: endpoint({
    method: 'GET',
    // Shaped like PUT/DELETE /api/categories/{id}: here the id names the restaurant.
    path: '/api/categories/:id',
    restaurantParam: 'id',
    tag: 'categories',
    summary: "The restaurant's categories in menu order",
    access: access.signedIn,
    params: z.object({ id: ZId.meta({ description: "The session's restaurant" }) }),
    response: ZCategoryList,
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/api/categories',
    tag: 'categories',
    summary: 'Add a category at the end',
    access: manageMenu,
    body: ZCreateCategoryRequest,
    status: 201,
    response: ZCategory,
    errors: [409, 422],
  }),
  reorderCategories: endpoint({
    method: 'PUT',
    path: '/api/categories/reorder',
    tag: 'categories',
    summary: 'Put the categories in a new order',
    access: manageMenu,
    body: ZReorderCategoriesRequest,
    response: ZCategoryList,
    errors: [422],
  }),
  updateCategory: endpoint({
    method: 'PUT',
    path: '/api/categories/:id',
    tag: 'categories',
    summary: 'Rename or describe a category',
    access: manageMenu,
    params: ZIdParams,
    body: ZUpdateCategoryRequest,
    response: ZCategory,
    errors: [409, 422],
  }),
  deleteCategory: endpoint({
    method: 'DELETE',
    path: '/api/categories/:id',
    tag: 'categories',
    summary: 'Delete an empty category',
    access: manageMenu,
    params: ZIdParams,
    status: 204,
    errors: [409],
  }),
};

export const menuEndpoints = {
  guestMenu: endpoint({
    method: 'GET',
    path: '/api/menu/qr',
    tag: 'menu',
    summary: "Today's menu at a table, for guests, in the best of the restaurant's languages",
    description:
      'Send `qrToken` (the code printed on the table), or `restaurantId` and `tableNumber` together. The menu comes in `lang` if the restaurant has it, else in the first language of `Accept-Language` it has, else in its working language; each text the language lacks shows the working language’s. The answer varies with Accept-Language.',
    access: access.public,
    query: ZGuestMenuQuery,
    response: ZGuestMenu,
    errors: [404],
  }),
  listMenuItems: endpoint({
    method: 'GET',
    path: '/api/menu/restaurant/:restaurantId',
    tag: 'menu',
    summary: 'Every menu item, active or not, in menu order',
    access: access.signedIn,
    params: ZRestaurantParams,
    response: ZMenuItemList,
  }),
  todayMenu: endpoint({
    method: 'GET',
    path: '/api/menu/today/:restaurantId',
    tag: 'menu',
    summary: "Today's menu in the restaurant's time zone",
    access: access.signedIn,
    params: ZRestaurantParams,
    response: ZTodayMenu,
  }),
  getMenuItem: endpoint({
    method: 'GET',
    path: '/api/menu/:id',
    tag: 'menu',
    summary: 'Read one menu item',
    access: access.signedIn,
    params: ZIdParams,
    response: ZStaffMenuItem,
  }),
  createMenuItem: endpoint({
    method: 'POST',
    path: '/api/menu',
    tag: 'menu',
    summary: 'Add a menu item',
    access: manageMenu,
    body: ZCreateMenuItemRequest,
    status: 201,
    response: ZStaffMenuItem,
    errors: [422],
  }),
  updateMenuItem: endpoint({
    method: 'PUT',
    path: '/api/menu/:id',
    tag: 'menu',
    summary: 'Change a menu item (fields left out keep their value)',
    access: manageMenu,
    params: ZIdParams,
    body: ZUpdateMenuItemRequest,
    response: ZStaffMenuItem,
    errors: [422],
  }),
  setSoldOut: endpoint({
    method: 'PUT',
    path: '/api/menu/:id/sold-out',
    tag: 'menu',
    summary: 'Mark a dish sold out until local midnight, or back',
    // The kitchen marks dishes sold out without being allowed to edit the menu.
    access: access.permission('menu.availability'),
    params: ZIdParams,
    body: ZSoldOutRequest,
    response: ZStaffMenuItem,
    idempotent: true,
  }),
  setStock: endpoint({
    method: 'PUT',
    path: '/api/menu/:id/stock',
    tag: 'menu',
    summary: "Count a dish's units left, or stop counting them",
    description:
      'count: the units left to order (at 0 the dish is sold out until counted again); null: not counted. Each order takes its units from the count in its own transaction: asking for more than is left answers 409 OUT_OF_STOCK with what is left. A void or a cancellation gives units back.',
    // Like sold out: the kitchen counts what is left without being allowed to edit the menu.
    access: access.permission('menu.availability'),
    params: ZIdParams,
    body: ZStockRequest,
    response: ZStaffMenuItem,
  }),
  deleteMenuItem: endpoint({
    method: 'DELETE',
    path: '/api/menu/:id',
    tag: 'menu',
    summary: 'Delete a menu item',
    access: manageMenu,
    params: ZIdParams,
    status: 204,
  }),
};

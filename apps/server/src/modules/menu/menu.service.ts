import { chooseLanguage, type Language } from '@tavolo/contract/languages';
import type {
  TCategory,
  TCreateMenuItemRequest,
  TGuestMenu,
  TGuestMenuQuery,
  TGuestTodayMenu,
  TMenuItemTranslations,
  TOptionGroup,
  TStaffMenuItem,
  TTodayMenu,
  TUpdateMenuItemRequest,
} from '@tavolo/contract/menu';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { MenuItemRow, RestaurantRow } from '../../db/rows';
import { startOfNextLocalDay, zonedDate, zonedParts } from '../../lib/zoned-time';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { assertStationOfRestaurant } from '../stations/stations.service';
import { resolveActiveTable } from '../tables/active-table-cache';
import { findActiveTable } from '../tables/tables.service';
import { assertTaxRateOfRestaurant } from '../taxes/taxes.service';
import { findCategories, findCategory } from './categories.repository';
import type { GuestMenuBody } from './guest-menu-cache';
import {
  deleteMenuItem,
  endOfCategory,
  findItemsServedOn,
  findMenuItem,
  findMenuItems,
  insertMenuItem,
  toMenuItem,
  toStaffMenuItem,
  updateMenuItem,
} from './menu.repository';
import {
  findUnknownOptionNames,
  keepTranslationsOfOptions,
  translateCategory,
  translateMenuItem,
} from './menu-translations';

async function assertCategoryOfRestaurant(db: Db, restaurantId: string, categoryId: string): Promise<void> {
  if (!(await findCategory(db, restaurantId, categoryId))) {
    throw new AppError('UNPROCESSABLE', 'The category does not exist in this restaurant', {
      categoryId: 'is not a category of this restaurant',
    });
  }
}

/** Translations must name the dish's own option groups and choices (422 otherwise). */
function assertTranslationsMatchOptions(
  translations: TMenuItemTranslations,
  options: readonly TOptionGroup[],
): void {
  const fields = findUnknownOptionNames(translations, options);
  if (Object.keys(fields).length > 0) {
    throw new AppError(
      'UNPROCESSABLE',
      "Translations name option groups or choices this dish does not have (they go by the working language's names)",
      fields,
    );
  }
}

export async function listMenuItems({ db, principal }: StaffContext): Promise<TStaffMenuItem[]> {
  const now = new Date();
  return (await findMenuItems(db, principal.restaurantId)).map((row) => toStaffMenuItem(row, now));
}

export async function getMenuItem(
  { db, principal }: StaffContext,
  input: { id: string },
): Promise<TStaffMenuItem> {
  const row = await findMenuItem(db, principal.restaurantId, input.id);
  if (!row) throw notFound('Menu item');
  return toStaffMenuItem(row, new Date());
}

export async function createMenuItem(
  ctx: StaffContext,
  input: TCreateMenuItemRequest,
): Promise<TStaffMenuItem> {
  const { db, events, principal } = ctx;
  if (input.translations) assertTranslationsMatchOptions(input.translations, input.options ?? []);
  return db.transaction(async (tx) => {
    await assertCategoryOfRestaurant(tx, principal.restaurantId, input.categoryId);
    await assertStationOfRestaurant(tx, principal.restaurantId, input.stationId);
    await assertTaxRateOfRestaurant(tx, principal.restaurantId, input.taxRateId);
    const row = await insertMenuItem(tx, { ...input, restaurantId: principal.restaurantId });
    await recordGuestMenuChange(tx, events, principal.restaurantId, {
      reason: 'item.created',
      menuItemId: row.id,
    });
    return toStaffMenuItem(row, new Date());
  });
}

export async function changeMenuItem(
  ctx: StaffContext,
  input: { id: string; changes: TUpdateMenuItemRequest },
): Promise<TStaffMenuItem> {
  const { db, events, principal } = ctx;
  const { id, changes } = input;
  const { restaurantId } = principal;
  return db.transaction(async (tx) => {
    const current = await findMenuItem(tx, restaurantId, id);
    if (!current) throw notFound('Menu item');
    const movesCategory = changes.categoryId !== undefined && changes.categoryId !== current.categoryId;
    if (movesCategory) await assertCategoryOfRestaurant(tx, restaurantId, changes.categoryId!);
    await assertStationOfRestaurant(tx, restaurantId, changes.stationId);
    await assertTaxRateOfRestaurant(tx, restaurantId, changes.taxRateId);
    // Translations follow the options as they will be: checked when sent, else kept to what remains.
    const options = changes.options ?? current.options;
    if (changes.translations) assertTranslationsMatchOptions(changes.translations, options);
    const translations =
      changes.translations ??
      (changes.options ? keepTranslationsOfOptions(current.translations, options) : undefined);
    const row = await updateMenuItem(tx, restaurantId, id, {
      ...changes,
      ...(translations ? { translations } : {}),
      // A moved item goes to the end of its new category unless a position is given.
      ...(movesCategory && changes.position === undefined
        ? { position: endOfCategory(restaurantId, changes.categoryId!) }
        : {}),
    });
    await recordGuestMenuChange(tx, events, restaurantId, { reason: 'item.updated', menuItemId: id });
    return toStaffMenuItem(row!, new Date());
  });
}

export async function removeMenuItem(ctx: StaffContext, input: { id: string }): Promise<void> {
  const { db, events, principal } = ctx;
  await db.transaction(async (tx) => {
    if (!(await deleteMenuItem(tx, principal.restaurantId, input.id))) throw notFound('Menu item');
    await recordGuestMenuChange(tx, events, principal.restaurantId, {
      reason: 'item.deleted',
      menuItemId: input.id,
    });
  });
}

/** "Sold out for today" lasts until the restaurant's next local midnight, then the item is back by itself. */
export async function setSoldOut(
  ctx: StaffContext,
  input: { id: string; soldOut: boolean },
): Promise<TStaffMenuItem> {
  const { db, events, principal } = ctx;
  const restaurant = await findSessionRestaurant(ctx);
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await updateMenuItem(tx, principal.restaurantId, input.id, {
      soldOutUntil: input.soldOut ? startOfNextLocalDay(now, restaurant.timezone) : null,
    });
    if (!row) throw notFound('Menu item');
    await recordGuestMenuChange(tx, events, principal.restaurantId, {
      reason: input.soldOut ? 'item.sold_out' : 'item.back',
      menuItemId: input.id,
    });
    return toStaffMenuItem(row, now);
  });
}

/**
 * Counts a dish's units left (0: sold out until counted again), or stops counting (null). Whether a
 * dish is counted is part of the menu that order intake prices from, so this moves the menu's
 * version like any change to a dish (decision 035).
 */
export async function setStock(
  ctx: StaffContext,
  input: { id: string; count: number | null },
): Promise<TStaffMenuItem> {
  const { db, events, principal } = ctx;
  return db.transaction(async (tx) => {
    const row = await updateMenuItem(tx, principal.restaurantId, input.id, { stockCount: input.count });
    if (!row) throw notFound('Menu item');
    await recordGuestMenuChange(tx, events, principal.restaurantId, {
      reason: input.count === 0 ? 'item.sold_out' : 'item.updated',
      menuItemId: input.id,
    });
    return toStaffMenuItem(row, new Date());
  });
}

/** What today's menu is made of: the categories, and the active items served today, in menu order. */
async function readTodayMenu(db: Db, restaurant: RestaurantRow, now: Date) {
  const { weekday } = zonedParts(now, restaurant.timezone);
  const [categories, rows] = await Promise.all([
    findCategories(db, restaurant.id),
    findItemsServedOn(db, restaurant.id, weekday),
  ]);
  return { weekday, categories, rows };
}

/**
 * Today's menu in the restaurant's timezone: active items served today, by category; sold-out ones
 * flagged. `showItem` makes each item as the reader sees it, `showCategory` each category's texts.
 */
function assembleTodayMenu<I extends { soldOut: boolean }>(
  restaurant: RestaurantRow,
  now: Date,
  read: Awaited<ReturnType<typeof readTodayMenu>>,
  showItem: (row: MenuItemRow) => I,
  showCategory: (category: TCategory) => { name: string; description: string | null },
) {
  const byCategory = new Map<string, I[]>();
  let soldOutCount = 0;
  for (const row of read.rows) {
    const item = showItem(row);
    if (item.soldOut) soldOutCount += 1;
    const list = byCategory.get(row.categoryId);
    if (list) list.push(item);
    else byCategory.set(row.categoryId, [item]);
  }
  return {
    date: zonedDate(now, restaurant.timezone),
    weekday: read.weekday,
    timezone: restaurant.timezone,
    categories: read.categories
      .filter((c) => byCategory.has(c.id))
      .map((c) => ({ id: c.id, ...showCategory(c), items: byCategory.get(c.id)! })),
    availableCount: read.rows.length - soldOutCount,
    soldOutCount,
  };
}

/** Today's menu as staff read it: in the working language. */
async function buildTodayMenu(db: Db, restaurant: RestaurantRow, now = new Date()): Promise<TTodayMenu> {
  return assembleTodayMenu(
    restaurant,
    now,
    await readTodayMenu(db, restaurant, now),
    (row) => toMenuItem(row, now),
    (c) => ({ name: c.name, description: c.description }),
  );
}

/** Today's menu as a guest reads it in `language`: each text in it, or else in the working language. */
async function buildGuestTodayMenu(
  db: Db,
  restaurant: RestaurantRow,
  language: Language,
  now: Date,
): Promise<TGuestTodayMenu> {
  const working = restaurant.languages[0]!;
  return assembleTodayMenu(
    restaurant,
    now,
    await readTodayMenu(db, restaurant, now),
    (row) => translateMenuItem(toMenuItem(row, now), row.translations, language, working),
    (c) => {
      const { name, description } = translateCategory(c, c.translations, language, working);
      return { name, description };
    },
  );
}

export async function getTodayMenu(ctx: StaffContext): Promise<TTodayMenu> {
  return buildTodayMenu(ctx.db, await findSessionRestaurant(ctx));
}

/** When a cached today's menu stops being true: next local midnight, or the first sold-out item coming back. */
function todayMenuExpiry(menu: TTodayMenu | TGuestTodayMenu, timezone: string, now: Date): number {
  let expiresAt = startOfNextLocalDay(now, timezone).getTime();
  for (const category of menu.categories) {
    for (const item of category.items) {
      if (item.soldOutUntil) expiresAt = Math.min(expiresAt, Date.parse(item.soldOutUntil));
    }
  }
  return expiresAt;
}

/**
 * The public menu a guest sees at a table, as a cached ready-to-send body (it is the hottest read
 * of the product): 404 for an unknown restaurant, unknown or inactive table. No query on a hit: the
 * table comes from the active-table cache and the body is kept by the restaurant's menu version
 * and the language it is in (the best of the restaurant's for `query.lang`, else for the guest's
 * Accept-Language: decision 028), so translating happens once per language, when the body is built.
 */
export async function getGuestMenuBody(
  ctx: ServiceContext,
  query: TGuestMenuQuery,
  acceptLanguage?: string,
): Promise<GuestMenuBody> {
  const { db, guestMenus, activeTables } = ctx;
  const found = await resolveActiveTable(
    activeTables,
    query.qrToken
      ? { qrToken: query.qrToken }
      : { restaurantId: query.restaurantId!, tableNumber: query.tableNumber! },
    (lookup) => findActiveTable(db, lookup),
  );
  if (!found) throw notFound('Table');
  const { restaurant, table } = found;
  const language = chooseLanguage(restaurant.languages, query.lang, acceptLanguage);
  const now = new Date();
  const key = `${restaurant.id}:${restaurant.menuVersion}:${table.id}:${language}`;
  return guestMenus.getOrBuild(key, now.getTime(), async () => {
    const menu = await buildGuestTodayMenu(db, restaurant, language, now);
    const body: TGuestMenu = {
      restaurant: {
        id: restaurant.id,
        name: restaurant.name,
        address: restaurant.address,
        phone: restaurant.phone,
        logoUrl: restaurant.logoUrl,
        bannerUrl: restaurant.bannerUrl,
        currency: restaurant.currency,
        timezone: restaurant.timezone,
        serviceChargePercent: restaurant.serviceChargeBasisPoints / 100,
      },
      table: { id: table.id, number: table.number, label: table.label },
      menu,
      language,
      languages: restaurant.languages,
    };
    return { json: JSON.stringify(body), expiresAt: todayMenuExpiry(menu, restaurant.timezone, now) };
  });
}

import type {
  TCreateMenuItemRequest,
  TGuestMenu,
  TMenuItem,
  TTodayMenu,
  TUpdateMenuItemRequest,
} from '@tavolo/contract/menu';
import type { Db } from '../../db/client';
import type { restaurants } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { RequestContext } from '../../http/route-context';
import { startOfNextLocalDay, zonedDate, zonedParts } from '../../lib/zoned-time';
import { findCategories, findCategory } from '../categories/categories.repository';
import { findRestaurantById } from '../restaurants/restaurants.repository';
import type { GuestMenuBody, GuestMenuCache } from './guest-menu-cache';
import {
  deleteMenuItem,
  endOfCategory,
  findItemsServedOn,
  findMenuItem,
  findMenuItems,
  findRestaurantWithActiveTable,
  type GuestTableLookup,
  insertMenuItem,
  toMenuItem,
  updateMenuItem,
} from './menu.repository';
import { recordMenuChange } from './menu-changes';

async function assertCategoryOfRestaurant(db: Db, restaurantId: string, categoryId: string): Promise<void> {
  if (!(await findCategory(db, restaurantId, categoryId))) {
    throw new AppError('UNPROCESSABLE', 422, 'The category does not exist in this restaurant', {
      categoryId: 'is not a category of this restaurant',
    });
  }
}

export async function listMenuItems({ db, principal }: RequestContext): Promise<TMenuItem[]> {
  const now = new Date();
  return (await findMenuItems(db, principal.restaurantId)).map((row) => toMenuItem(row, now));
}

export async function getMenuItem({ db, principal }: RequestContext, id: string): Promise<TMenuItem> {
  const row = await findMenuItem(db, principal.restaurantId, id);
  if (!row) throw notFound('Menu item');
  return toMenuItem(row, new Date());
}

export async function createMenuItem(ctx: RequestContext, input: TCreateMenuItemRequest): Promise<TMenuItem> {
  const { db, events, principal } = ctx;
  return db.transaction(async (tx) => {
    await assertCategoryOfRestaurant(tx, principal.restaurantId, input.categoryId);
    const row = await insertMenuItem(tx, { ...input, restaurantId: principal.restaurantId });
    await recordMenuChange(tx, events, principal.restaurantId, {
      reason: 'item.created',
      menuItemId: row.id,
    });
    return toMenuItem(row, new Date());
  });
}

export async function changeMenuItem(
  ctx: RequestContext,
  id: string,
  input: TUpdateMenuItemRequest,
): Promise<TMenuItem> {
  const { db, events, principal } = ctx;
  return db.transaction(async (tx) => {
    const current = await findMenuItem(tx, principal.restaurantId, id);
    if (!current) throw notFound('Menu item');
    const movesCategory = input.categoryId !== undefined && input.categoryId !== current.categoryId;
    if (movesCategory) await assertCategoryOfRestaurant(tx, principal.restaurantId, input.categoryId!);
    const row = await updateMenuItem(tx, principal.restaurantId, id, {
      ...input,
      // A moved item goes to the end of its new category unless a position is given.
      ...(movesCategory && input.position === undefined
        ? { position: endOfCategory(input.categoryId!) }
        : {}),
    });
    await recordMenuChange(tx, events, principal.restaurantId, { reason: 'item.updated', menuItemId: id });
    return toMenuItem(row!, new Date());
  });
}

export async function removeMenuItem(ctx: RequestContext, id: string): Promise<void> {
  const { db, events, principal } = ctx;
  await db.transaction(async (tx) => {
    if (!(await deleteMenuItem(tx, principal.restaurantId, id))) throw notFound('Menu item');
    await recordMenuChange(tx, events, principal.restaurantId, { reason: 'item.deleted', menuItemId: id });
  });
}

/** "Sold out for today" lasts until the restaurant's next local midnight, then the item is back by itself. */
export async function setSoldOut(ctx: RequestContext, id: string, soldOut: boolean): Promise<TMenuItem> {
  const { db, events, principal } = ctx;
  const restaurant = await findRestaurantById(db, principal.restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await updateMenuItem(tx, principal.restaurantId, id, {
      soldOutUntil: soldOut ? startOfNextLocalDay(now, restaurant.timezone) : null,
    });
    if (!row) throw notFound('Menu item');
    await recordMenuChange(tx, events, principal.restaurantId, {
      reason: soldOut ? 'item.sold_out' : 'item.back',
      menuItemId: id,
    });
    return toMenuItem(row, now);
  });
}

type RestaurantRow = typeof restaurants.$inferSelect;

/** Today's menu in the restaurant's timezone: active items served today, by category; sold-out ones flagged. */
async function buildTodayMenu(db: Db, restaurant: RestaurantRow, now = new Date()): Promise<TTodayMenu> {
  const { weekday } = zonedParts(now, restaurant.timezone);
  const [categoryList, rows] = await Promise.all([
    findCategories(db, restaurant.id),
    findItemsServedOn(db, restaurant.id, weekday),
  ]);
  const byCategory = new Map<string, TMenuItem[]>();
  let soldOutCount = 0;
  for (const row of rows) {
    const item = toMenuItem(row, now);
    if (item.soldOut) soldOutCount += 1;
    const list = byCategory.get(item.categoryId);
    if (list) list.push(item);
    else byCategory.set(item.categoryId, [item]);
  }
  return {
    date: zonedDate(now, restaurant.timezone),
    weekday,
    timezone: restaurant.timezone,
    categories: categoryList
      .filter((c) => byCategory.has(c.id))
      .map((c) => ({ id: c.id, name: c.name, description: c.description, items: byCategory.get(c.id)! })),
    availableCount: rows.length - soldOutCount,
    soldOutCount,
  };
}

export async function getTodayMenu({ db, principal }: RequestContext): Promise<TTodayMenu> {
  const restaurant = await findRestaurantById(db, principal.restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return buildTodayMenu(db, restaurant);
}

/** When a cached today's menu stops being true: next local midnight, or the first sold-out item coming back. */
function todayMenuExpiry(menu: TTodayMenu, timezone: string, now: Date): number {
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
 * of the product): 404 for an unknown restaurant, unknown or inactive table. One query on a hit.
 */
export async function getGuestMenuBody(
  db: Db,
  cache: GuestMenuCache,
  lookup: GuestTableLookup,
): Promise<GuestMenuBody> {
  const found = await findRestaurantWithActiveTable(db, lookup);
  if (!found?.table) throw notFound('Table');
  const { restaurant, table } = found;
  const now = new Date();
  const key = `${restaurant.id}:${restaurant.menuVersion}:${table.id}`;
  const cached = cache.get(key, now.getTime());
  if (cached) return cached;
  const menu = await buildTodayMenu(db, restaurant, now);
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
  };
  return cache.set(key, JSON.stringify(body), todayMenuExpiry(menu, restaurant.timezone, now));
}

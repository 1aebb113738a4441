import {
  MENU_IMPORT_PREVIEW_MINUTES,
  type TMenuImportPreview,
  type TMenuImportResult,
} from '@tavolo/contract/menu-import';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { RestaurantRow } from '../../db/rows';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { listTaxRates } from '../taxes/taxes.service';
import { findCategories, findCategoryIds, insertCategory, updateCategory } from './categories.repository';
import { findMenuItems, insertMenuItems, lockMenuItems, updateMenuItem } from './menu.repository';
import { menuCsvRows, menuCsvTemplateText, menuCsvTextOf, readCsv } from './menu-csv';
import {
  deleteExpiredMenuImports,
  insertMenuImportPreview,
  lockMenuImportPreview,
  markMenuImportApplied,
} from './menu-import.repository';
import { type MenuImportPlan, type MenuState, planMenuImport } from './menu-import-plan';

/*
 * The menu from a spreadsheet (PRODUCT.md §14, decision 044): a preview that writes nothing but
 * itself, kept in the database so that any instance applies it; the apply plans the same file again
 * under the menu's locks and writes only what the preview said, in one transaction.
 */

/** The menu as an import reads it; `items` as given (locked by the caller, or not). */
async function readMenuState(
  db: Db,
  restaurant: RestaurantRow,
  items: MenuState['items'],
): Promise<MenuState> {
  const [categories, taxRates] = await Promise.all([
    findCategories(db, restaurant.id),
    listTaxRates(db, restaurant.id),
  ]);
  return {
    currency: restaurant.currency,
    languages: restaurant.languages,
    categories: categories.map(({ id, name, translations }) => ({ id, name, translations })),
    items,
    taxRates: taxRates.map(({ id, name }) => ({ id, name })),
  };
}

/** The plan of a file as read: a file that is no CSV is its one error. */
function planOf(bytes: Buffer, menu: MenuState): { plan: MenuImportPlan; text: string } {
  const csv = readCsv(bytes);
  if ('error' in csv) {
    const errors = [csv.error];
    const plan = planMenuImport({ header: [], records: [] }, menu);
    return { plan: { ...plan, errors, fingerprint: '' }, text: '' };
  }
  return { plan: planMenuImport(csv, menu), text: csv.text };
}

/** The menu as menu.csv, in menu order, and how many rows it has (the header left out). */
export async function getMenuCsv(
  ctx: StaffContext,
): Promise<{ filename: string; csv: string; rows: number }> {
  const restaurant = await findSessionRestaurant(ctx);
  const [menu, items] = await Promise.all([
    readMenuState(ctx.db, restaurant, []),
    findMenuItems(ctx.db, restaurant.id),
  ]);
  const rows = menuCsvRows({ ...menu, items });
  return {
    filename: 'menu.csv',
    csv: menuCsvTextOf(rows),
    rows: rows.length - 1,
  };
}

/** The import's template: menu.csv's header for the restaurant's languages. */
export async function getMenuCsvTemplate(ctx: StaffContext): Promise<{ filename: string; csv: string }> {
  const restaurant = await findSessionRestaurant(ctx);
  return { filename: 'menu-template.csv', csv: menuCsvTemplateText(restaurant.languages) };
}

/** Reads an uploaded menu.csv and says what importing it would do; keeps it to be applied. */
export async function previewMenuImport(
  ctx: StaffContext,
  input: { bytes: Buffer },
): Promise<TMenuImportPreview> {
  const { db, principal } = ctx;
  const restaurant = await findSessionRestaurant(ctx);
  const menu = await readMenuState(db, restaurant, await findMenuItems(db, restaurant.id));
  const { plan, text } = planOf(input.bytes, menu);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + MENU_IMPORT_PREVIEW_MINUTES * 60_000);
  await deleteExpiredMenuImports(db, restaurant.id, now);
  const row = await insertMenuImportPreview(db, {
    restaurantId: restaurant.id,
    csv: text,
    fingerprint: plan.fingerprint,
    hasErrors: plan.errors.length > 0,
    createdById: principal.userId,
    expiresAt,
  });
  return {
    previewId: row.id,
    expiresAt: expiresAt.toISOString(),
    rows: plan.rows,
    create: plan.create,
    update: plan.update,
    unchanged: plan.unchanged,
    errors: plan.errors,
  };
}

/**
 * Applies a preview: 404 when it is not the restaurant's or expired, 409 when it had errors, was
 * applied, or the menu changed since in what the file reads (its plan comes out otherwise now).
 * Locks, in order: the preview, the dishes (id order), the categories, the restaurant (its menu
 * version): dishes before the restaurant, as every menu change and order intake (decision 035).
 */
export async function applyMenuImport(
  ctx: StaffContext,
  input: { previewId: string },
): Promise<TMenuImportResult> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  return db.transaction(async (tx) => {
    const preview = await lockMenuImportPreview(tx, restaurantId, input.previewId);
    if (!preview || preview.expiresAt <= new Date()) throw notFound('Import preview');
    if (preview.appliedAt) throw new AppError('CONFLICT', 'This import was applied already');
    if (preview.hasErrors)
      throw new AppError('CONFLICT', 'The preview has errors: correct the file and read it again');
    const items = await lockMenuItems(tx, restaurantId);
    await findCategoryIds(tx, restaurantId);
    await recordGuestMenuChange(tx, events, restaurantId, { reason: 'menu.imported' });
    const restaurant = await findSessionRestaurant({ ...ctx, db: tx });
    const menu = await readMenuState(tx, restaurant, items);
    const { plan } = planOf(Buffer.from(preview.csv, 'utf8'), menu);
    if (plan.fingerprint !== preview.fingerprint || plan.errors.length > 0) {
      throw new AppError(
        'CONFLICT',
        'The menu changed since the preview in what the file reads: read the file again',
      );
    }
    await writePlan(tx, restaurantId, menu, plan);
    await markMenuImportApplied(tx, restaurantId, preview.id);
    return {
      categoriesCreated: plan.newCategories.length,
      categoriesUpdated: plan.changedCategories.length,
      dishesCreated: plan.newDishes.length,
      dishesUpdated: plan.changedDishes.length,
    };
  });
}

async function writePlan(db: Db, restaurantId: string, menu: MenuState, plan: MenuImportPlan): Promise<void> {
  const categoryIds = new Map(menu.categories.map((c) => [c.name.toLowerCase(), c.id]));
  for (const category of plan.newCategories) {
    const row = await insertCategory(db, {
      restaurantId,
      name: category.name,
      translations: category.translations,
    });
    categoryIds.set(category.key, row.id);
  }
  for (const category of plan.changedCategories) {
    await updateCategory(db, restaurantId, category.id, { translations: category.translations });
  }
  // Moved and new dishes after the last of their category, in the file's order.
  const next = new Map<string, number>();
  for (const item of menu.items) {
    next.set(item.categoryId, Math.max(next.get(item.categoryId) ?? 0, item.position + 1));
  }
  const endOf = (categoryId: string) => {
    const position = next.get(categoryId) ?? 0;
    next.set(categoryId, position + 1);
    return position;
  };
  for (const dish of plan.changedDishes) {
    const categoryId = dish.categoryKey ? categoryIds.get(dish.categoryKey)! : dish.values.categoryId;
    await updateMenuItem(db, restaurantId, dish.id, {
      ...dish.values,
      ...(categoryId ? { categoryId, position: endOf(categoryId) } : {}),
    });
  }
  await insertMenuItems(
    db,
    plan.newDishes.map((dish) => {
      const categoryId = categoryIds.get(dish.categoryKey)!;
      return { ...dish.values, restaurantId, categoryId, position: endOf(categoryId) };
    }),
  );
}

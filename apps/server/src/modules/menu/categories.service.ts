import type {
  TCategory,
  TCreateCategoryRequest,
  TReorderCategoriesRequest,
  TUpdateCategoryRequest,
} from '@tavolo/contract/menu';
import { DEFAULT_CATEGORY_COURSE } from '@tavolo/contract/values/orders';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import { assertStationOfRestaurant } from '../stations/stations.service';
import { assertTaxRateOfRestaurant } from '../taxes/taxes.service';
import {
  countItemsInCategory,
  deleteCategory,
  findCategories,
  findCategory,
  findCategoryIds,
  insertCategory,
  toCategory,
  updateCategory,
  updateCategoryPositions,
} from './categories.repository';

const duplicateName = () =>
  new AppError('DUPLICATE', 'A category with this name already exists', { name: 'is already used' });

export function listCategories({ db, principal }: StaffContext): Promise<TCategory[]> {
  return findCategories(db, principal.restaurantId);
}

export async function createCategory(ctx: StaffContext, input: TCreateCategoryRequest): Promise<TCategory> {
  const { db, events, principal } = ctx;
  try {
    return await db.transaction(async (tx) => {
      await assertStationOfRestaurant(tx, principal.restaurantId, input.stationId);
      await assertTaxRateOfRestaurant(tx, principal.restaurantId, input.taxRateId);
      const row = await insertCategory(tx, {
        restaurantId: principal.restaurantId,
        ...input,
        course: input.course ?? DEFAULT_CATEGORY_COURSE,
      });
      await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'category.created' });
      return toCategory(row, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function changeCategory(
  ctx: StaffContext,
  input: { id: string; changes: TUpdateCategoryRequest },
): Promise<TCategory> {
  const { db, events, principal } = ctx;
  const { id, changes } = input;
  try {
    return await db.transaction(async (tx) => {
      await assertStationOfRestaurant(tx, principal.restaurantId, changes.stationId);
      await assertTaxRateOfRestaurant(tx, principal.restaurantId, changes.taxRateId);
      if (!(await updateCategory(tx, principal.restaurantId, id, changes))) throw notFound('Category');
      await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'category.updated' });
      return (await findCategory(tx, principal.restaurantId, id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function removeCategory(ctx: StaffContext, input: { id: string }): Promise<void> {
  const { db, events, principal } = ctx;
  const { id } = input;
  await db.transaction(async (tx) => {
    if (!(await findCategory(tx, principal.restaurantId, id))) throw notFound('Category');
    const items = await countItemsInCategory(tx, principal.restaurantId, id);
    if (items > 0) {
      throw new AppError(
        'CONFLICT',
        `This category still has ${items} menu item${items === 1 ? '' : 's'}; move or delete ${items === 1 ? 'it' : 'them'} first`,
      );
    }
    await deleteCategory(tx, principal.restaurantId, id);
    await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'category.deleted' });
  });
}

export async function reorderCategories(
  ctx: StaffContext,
  input: TReorderCategoriesRequest,
): Promise<TCategory[]> {
  const { db, events, principal } = ctx;
  return db.transaction(async (tx) => {
    const existing = new Set(await findCategoryIds(tx, principal.restaurantId));
    if (existing.size !== input.ids.length || !input.ids.every((id) => existing.has(id))) {
      throw new AppError('UNPROCESSABLE', 'List every category of the restaurant exactly once', {
        ids: 'must name every category exactly once',
      });
    }
    await updateCategoryPositions(tx, principal.restaurantId, input.ids);
    await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'category.reordered' });
    return findCategories(tx, principal.restaurantId);
  });
}

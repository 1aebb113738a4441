import { MAX_TAX_RATES, type TTaxRate, type TTaxRateRequest } from '@tavolo/contract/taxes';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import {
  allTaxRatesOf,
  clearDefaultTaxRate,
  countTaxRates,
  countTaxRateUses,
  deleteTaxRate,
  findTaxRate,
  findTaxRates,
  insertTaxRate,
  toTaxRate,
  updateTaxRate,
} from './taxes.repository';

/*
 * Tax rates (PRODUCT.md §11): a category names its rate (else the default), a dish may override it,
 * the service charge is taxed at the default. Rates are part of what orders are priced from, so
 * every change moves the menu's version on: the next order is taxed at the new rates, orders
 * already placed keep theirs.
 */

const duplicateName = () =>
  new AppError('DUPLICATE', 'A tax rate with this name already exists', { name: 'is already used' });

async function unlessDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function listTaxRates(db: Db, restaurantId: string): Promise<TTaxRate[]> {
  return (await findTaxRates(db, restaurantId)).map(toTaxRate);
}

/** A tax rate id sent with a category or a dish names one of the restaurant's rates, else 422. */
export async function assertTaxRateOfRestaurant(
  db: Db,
  restaurantId: string,
  taxRateId: string | null | undefined,
): Promise<void> {
  if (!taxRateId) return;
  if (!(await allTaxRatesOf(db, restaurantId, [taxRateId]))) {
    throw new AppError('UNPROCESSABLE', 'There is no such tax rate in this restaurant', {
      taxRateId: 'is not a tax rate of this restaurant',
    });
  }
}

export function createTaxRate(ctx: StaffContext, request: TTaxRateRequest): Promise<TTaxRate> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  return unlessDuplicate(() =>
    db.transaction(async (tx) => {
      const existing = await countTaxRates(tx, restaurantId);
      if (existing >= MAX_TAX_RATES) {
        throw new AppError('CONFLICT', `A restaurant has at most ${MAX_TAX_RATES} tax rates`);
      }
      // The first rate is the default: categories without their own rate are sold at it.
      const isDefault = existing === 0 || request.isDefault === true;
      if (isDefault) await clearDefaultTaxRate(tx, restaurantId);
      const row = await insertTaxRate(tx, restaurantId, {
        name: request.name,
        rateBasisPoints: request.rateBasisPoints,
        isDefault,
      });
      await recordGuestMenuChange(tx, events, restaurantId, { reason: 'category.updated' });
      return toTaxRate(row);
    }),
  );
}

export function changeTaxRate(
  ctx: StaffContext,
  input: { id: string; request: TTaxRateRequest },
): Promise<TTaxRate> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  const { request } = input;
  return unlessDuplicate(() =>
    db.transaction(async (tx) => {
      const current = await findTaxRate(tx, restaurantId, input.id);
      if (!current) throw notFound('Tax rate');
      if (current.isDefault && request.isDefault === false) {
        throw new AppError(
          'CONFLICT',
          `${current.name} is the default rate: make another rate the default instead`,
        );
      }
      const isDefault = current.isDefault || request.isDefault === true;
      if (isDefault && !current.isDefault) await clearDefaultTaxRate(tx, restaurantId);
      const row = await updateTaxRate(tx, restaurantId, input.id, {
        name: request.name,
        rateBasisPoints: request.rateBasisPoints,
        isDefault,
      });
      await recordGuestMenuChange(tx, events, restaurantId, { reason: 'category.updated' });
      return toTaxRate(row!);
    }),
  );
}

/** Deletes a rate no category or dish names; the default goes only as the last rate. */
export async function removeTaxRate(ctx: StaffContext, input: { id: string }): Promise<void> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  await db.transaction(async (tx) => {
    const rate = await findTaxRate(tx, restaurantId, input.id);
    if (!rate) throw notFound('Tax rate');
    const uses = await countTaxRateUses(tx, restaurantId, input.id);
    if (uses > 0) {
      throw new AppError(
        'CONFLICT',
        `${rate.name} is the rate of ${uses} ${uses === 1 ? 'category or dish' : 'categories and dishes'}: give them another rate first`,
      );
    }
    if (rate.isDefault && (await countTaxRates(tx, restaurantId)) > 1) {
      throw new AppError('CONFLICT', `${rate.name} is the default rate: make another rate the default first`);
    }
    await deleteTaxRate(tx, restaurantId, input.id);
    await recordGuestMenuChange(tx, events, restaurantId, { reason: 'category.updated' });
  });
}

import { percentToBasisPoints } from '@tavolo/contract/money';
import type {
  TCreateRestaurantRequest,
  TRestaurant,
  TUpdateRestaurantRequest,
} from '@tavolo/contract/restaurants';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { type Db, isEmptyChange } from '../../db/client';
import type { RestaurantRow } from '../../db/rows';
import { clockToMinutes } from '../../lib/zoned-time';
import { recordGuestMenuChange } from './guest-menu-version';
import {
  deleteRestaurantOfOwner,
  findRestaurantById,
  findRestaurantOfOwner,
  findRestaurantsOfOwner,
  insertRestaurant,
  lockRestaurantForUpdate,
  toRestaurant,
  updateRestaurant,
} from './restaurants.repository';

/**
 * The restaurants resource is the one place a restaurant is named that need not be the session's:
 * owners reach every restaurant they own, staff only the one they work for. Anything else is 404,
 * never a hint that the restaurant exists.
 */
async function findReachableRestaurant(ctx: StaffContext, id: string): Promise<RestaurantRow> {
  const { db, principal } = ctx;
  const row =
    principal.userType === 'owner'
      ? await findRestaurantOfOwner(db, principal.userId, id)
      : principal.restaurantId === id
        ? await findRestaurantById(db, id)
        : undefined;
  if (!row) throw notFound('Restaurant');
  return row;
}

/** The restaurant the session works in (a live session always has one). */
export async function findSessionRestaurant({ db, principal }: StaffContext): Promise<RestaurantRow> {
  const restaurant = await findRestaurantById(db, principal.restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return restaurant;
}

export async function getRestaurant(ctx: StaffContext, input: { id: string }): Promise<TRestaurant> {
  return toRestaurant(await findReachableRestaurant(ctx, input.id));
}

export async function listRestaurants({ db, principal }: StaffContext): Promise<TRestaurant[]> {
  if (principal.userType === 'owner')
    return (await findRestaurantsOfOwner(db, principal.userId)).map(toRestaurant);
  const row = await findRestaurantById(db, principal.restaurantId);
  return row ? [toRestaurant(row)] : [];
}

export async function changeRestaurant(
  ctx: StaffContext,
  input: { id: string; changes: TUpdateRestaurantRequest },
): Promise<TRestaurant> {
  const { db, events } = ctx;
  await findReachableRestaurant(ctx, input.id);
  const { serviceChargePercent, businessDayStartsAt, ...rest } = input.changes;
  const changes = {
    ...rest,
    ...(serviceChargePercent === undefined
      ? {}
      : { serviceChargeBasisPoints: percentToBasisPoints(serviceChargePercent) }),
    ...(businessDayStartsAt === undefined
      ? {}
      : { businessDayStartMinutes: clockToMinutes(businessDayStartsAt) }),
  };
  return db.transaction(async (tx) => {
    // A new time zone rebuilds the dashboard's rollups (a trigger on the update, same transaction).
    if (changes.timezone !== undefined) await lockRestaurantForUpdate(tx, input.id);
    const row = await updateRestaurant(tx, input.id, changes);
    if (!row) throw notFound('Restaurant');
    // The profile shows on the guest menu; whether prices include tax prices the next orders.
    if (!isEmptyChange(changes)) {
      await recordGuestMenuChange(tx, events, input.id, { reason: 'restaurant.updated' });
    }
    return toRestaurant(row);
  });
}

export async function createRestaurant(
  { db, principal }: StaffContext,
  input: TCreateRestaurantRequest,
): Promise<TRestaurant> {
  const row = await db.transaction((tx) => insertRestaurant(tx, { ownerId: principal.userId, ...input }));
  return toRestaurant(row);
}

/**
 * Deletes one of the owner's restaurants with all its data, in one transaction. Never the one the
 * session works in (switch first), which also means an owner never deletes their last one.
 */
export async function removeRestaurant(
  { db, principal }: StaffContext,
  input: { id: string },
): Promise<void> {
  if (input.id === principal.restaurantId) {
    throw new AppError(
      'CONFLICT',
      'This is the restaurant you are working in; switch to another one before deleting it',
    );
  }
  const deleted = await db.transaction((tx) => deleteRestaurantOfOwner(tx, principal.userId, input.id));
  if (!deleted) throw notFound('Restaurant');
}

// ---- what other modules read of a restaurant, and open one at sign-up --------------------------------

/** A restaurant as its row, or undefined. */
export function findRestaurantRow(db: Db, id: string): Promise<RestaurantRow | undefined> {
  return findRestaurantById(db, id);
}

/** One of the owner's restaurants, or undefined when it is not theirs. */
export function findOwnedRestaurant(db: Db, ownerId: string, id: string): Promise<RestaurantRow | undefined> {
  return findRestaurantOfOwner(db, ownerId, id);
}

/** A new restaurant of an owner, with the default roles (at sign-up, in its transaction). */
export function openRestaurant(
  db: Db,
  values: { ownerId: string; name: string; currency: string; timezone: string },
): Promise<RestaurantRow> {
  return insertRestaurant(db, values);
}

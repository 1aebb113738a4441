import { percentToBasisPoints } from '@tavolo/contract/money';
import type {
  TCreateRestaurantRequest,
  TRestaurant,
  TUpdateRestaurantRequest,
} from '@tavolo/contract/restaurants';
import { forbidden, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { isEmptyChange } from '../../db/client';
import { recordGuestMenuChange } from './guest-menu-version';
import {
  findRestaurantById,
  findRestaurantOfOwner,
  findRestaurantsOfOwner,
  insertRestaurant,
  type RestaurantRow,
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
  const { serviceChargePercent, ...rest } = input.changes;
  const changes = {
    ...rest,
    ...(serviceChargePercent === undefined
      ? {}
      : { serviceChargeBasisPoints: percentToBasisPoints(serviceChargePercent) }),
  };
  return db.transaction(async (tx) => {
    const row = await updateRestaurant(tx, input.id, changes);
    if (!row) throw notFound('Restaurant');
    // The profile shows on the guest menu.
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
  if (principal.userType !== 'owner') throw forbidden('Only owners can open a restaurant');
  const row = await db.transaction((tx) => insertRestaurant(tx, { ownerId: principal.userId, ...input }));
  return toRestaurant(row);
}

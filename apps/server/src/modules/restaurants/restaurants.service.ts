import type {
  TCreateRestaurantRequest,
  TRestaurant,
  TUpdateRestaurantRequest,
} from '@tavolo/contract/restaurants';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import {
  findRestaurantById,
  findRestaurantsOfOwner,
  insertRestaurant,
  isRestaurantOfOwner,
  toRestaurant,
  updateRestaurant,
} from './restaurants.repository';

/**
 * Owners reach every restaurant they own; staff only the one they work for.
 * Anything else is 404, never a hint that the restaurant exists.
 */
async function assertCanReach(db: Db, principal: Principal, restaurantId: string): Promise<void> {
  const reachable =
    principal.userType === 'owner'
      ? await isRestaurantOfOwner(db, restaurantId, principal.userId)
      : principal.restaurantId === restaurantId;
  if (!reachable) throw notFound('Restaurant');
}

export async function getRestaurant(options: {
  db: Db;
  principal: Principal;
  restaurantId: string;
}): Promise<TRestaurant> {
  await assertCanReach(options.db, options.principal, options.restaurantId);
  const row = await findRestaurantById(options.db, options.restaurantId);
  if (!row) throw notFound('Restaurant');
  return toRestaurant(row);
}

export async function listRestaurants(options: { db: Db; principal: Principal }): Promise<TRestaurant[]> {
  const { db, principal } = options;
  if (principal.userType === 'owner')
    return (await findRestaurantsOfOwner(db, principal.userId)).map(toRestaurant);
  const row = await findRestaurantById(db, principal.restaurantId);
  return row ? [toRestaurant(row)] : [];
}

export async function changeRestaurant(options: {
  db: Db;
  principal: Principal;
  restaurantId: string;
  changes: TUpdateRestaurantRequest;
}): Promise<TRestaurant> {
  const { db, principal, restaurantId, changes } = options;
  await assertCanReach(db, principal, restaurantId);
  const { serviceChargePercent, ...rest } = changes;
  const row = await updateRestaurant(db, restaurantId, {
    ...rest,
    ...(serviceChargePercent === undefined
      ? {}
      : { serviceChargeBasisPoints: Math.round(serviceChargePercent * 100) }),
  });
  if (!row) throw notFound('Restaurant');
  return toRestaurant(row);
}

export async function createRestaurant(options: {
  db: Db;
  principal: Principal;
  values: TCreateRestaurantRequest;
}): Promise<TRestaurant> {
  if (options.principal.userType !== 'owner') throw forbidden('Only owners can open a restaurant');
  const row = await options.db.transaction((tx) =>
    insertRestaurant(tx as unknown as Db, { ownerId: options.principal.userId, ...options.values }),
  );
  return toRestaurant(row);
}

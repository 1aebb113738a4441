import { MAX_STATIONS, type TStation, type TStationRequest } from '@tavolo/contract/kitchen';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { EventPublisher } from '../../events/event-publisher';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import {
  countStations,
  deleteStation,
  findStation,
  findStations,
  insertStation,
  toStation,
  updateStation,
} from './stations.repository';

/*
 * Stations (PRODUCT.md §10): where lines are prepared, each with a network printer or none. Every
 * restaurant has "Kitchen" (made with it, see migration 0025), which takes what no other station
 * does and cannot be deleted. Every change is told to the staff's screens as stations.updated.
 */

const duplicateName = () =>
  new AppError('DUPLICATE', 'A station with this name already exists', { name: 'is already used' });

export async function listStations(db: Db, restaurantId: string): Promise<TStation[]> {
  return (await findStations(db, restaurantId)).map(toStation);
}

/** One of the restaurant's stations as stored (its printer's address), or undefined. */
export function findStationRow(db: Db, restaurantId: string, id: string) {
  return findStation(db, restaurantId, id);
}

/** A station id sent with a category or a dish names one of the restaurant's stations, else 422. */
export async function assertStationOfRestaurant(
  db: Db,
  restaurantId: string,
  stationId: string | null | undefined,
): Promise<void> {
  if (!stationId) return;
  if (!(await findStation(db, restaurantId, stationId))) {
    throw new AppError('UNPROCESSABLE', 'There is no such station in this restaurant', {
      stationId: 'is not a station of this restaurant',
    });
  }
}

async function tellStations(db: Db, events: EventPublisher, restaurantId: string): Promise<void> {
  await events.publish(db, {
    type: 'stations.updated',
    restaurantId,
    data: { items: await listStations(db, restaurantId) },
  });
}

function printerValues(request: TStationRequest) {
  if (request.printer === undefined) return {};
  return { printerHost: request.printer?.host ?? null, printerPort: request.printer?.port ?? null };
}

async function unlessDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export function createStation(ctx: StaffContext, request: TStationRequest): Promise<TStation> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  return unlessDuplicate(() =>
    db.transaction(async (tx) => {
      if ((await countStations(tx, restaurantId)) >= MAX_STATIONS) {
        throw new AppError('CONFLICT', `A restaurant has at most ${MAX_STATIONS} stations`);
      }
      const row = await insertStation(tx, restaurantId, {
        name: request.name,
        printerHost: null,
        printerPort: null,
        ...printerValues(request),
      });
      await tellStations(tx, events, restaurantId);
      return toStation(row);
    }),
  );
}

export function changeStation(
  ctx: StaffContext,
  input: { id: string; request: TStationRequest },
): Promise<TStation> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  return unlessDuplicate(() =>
    db.transaction(async (tx) => {
      const row = await updateStation(tx, restaurantId, input.id, {
        name: input.request.name,
        ...printerValues(input.request),
      });
      if (!row) throw notFound('Station');
      await tellStations(tx, events, restaurantId);
      return toStation(row);
    }),
  );
}

/**
 * Deletes a station: its categories and dishes go to Kitchen (the database sets theirs to none),
 * which moves the menu's version on so that new orders are routed afresh. Lines already sent to it
 * show on Kitchen.
 */
export async function removeStation(ctx: StaffContext, input: { id: string }): Promise<void> {
  const { db, events, principal } = ctx;
  const { restaurantId } = principal;
  await db.transaction(async (tx) => {
    const station = await findStation(tx, restaurantId, input.id);
    if (!station) throw notFound('Station');
    if (station.isDefault) {
      throw new AppError('CONFLICT', `${station.name} is the default station: it cannot be deleted`);
    }
    await deleteStation(tx, restaurantId, input.id);
    await recordGuestMenuChange(tx, events, restaurantId, { reason: 'category.updated' });
    await tellStations(tx, events, restaurantId);
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { stationsRoutes } from '@tavolo/contract/client/kitchen';
import type { TStation } from '@tavolo/contract/kitchen';
import { callEndpoint } from './api-client';
import { useCan, useCurrentSession } from './current-session';
import { t } from './i18n/i18n';
import { stationsQueryKey } from './kitchen';

// Here rather than in a feature: settings edits the stations; categories, the dish form and the
// kitchen's screens pick from them. One cache for all of them, under the kitchen's key: the live
// `stations.updated` event writes it (lib/kitchen.ts `applyStations`) and a reconnect reads it again.

/** The restaurant's stations, Kitchen (the default station) first. */
export async function getStations(signal?: AbortSignal) {
  const { items } = await callEndpoint(stationsRoutes.listStations, { signal });
  return items;
}

export function stationsQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: stationsQueryKey(restaurantId),
    queryFn: ({ signal }) => getStations(signal),
  });
}

/**
 * Asked only by those the server lets read the list (the kitchen's staff, settings managers): a
 * menu manager without either sees categories and dishes without their stations' names.
 */
export function useStations({ enabled = true }: { enabled?: boolean } = {}) {
  const { restaurant } = useCurrentSession();
  const canRead = useCan(['orders.view', 'settings.manage']);
  return useQuery({ ...stationsQueryOptions(restaurant.id), enabled: enabled && canRead });
}

/**
 * The name of the station a category or dish goes to: `stationId` null (or one no longer listed)
 * is Kitchen, the default station, by the name the restaurant gave it.
 */
export function stationName(stations: readonly TStation[] | undefined, stationId: string | null): string {
  const named = stationId === null ? undefined : stations?.find((station) => station.id === stationId);
  if (named) return named.name;
  return stations?.find((station) => station.isDefault)?.name ?? t('lib.station.kitchen');
}

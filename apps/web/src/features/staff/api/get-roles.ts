import { queryOptions, useQuery } from '@tanstack/react-query';
import { rolesRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

/** Every write to a role invalidates this key; staff writes too (a role's staff count moves). */
export const rolesQueryKey = (restaurantId: string) => ['roles', restaurantId] as const;

/** The restaurant's roles with their permissions and how many staff hold each. */
export async function getRoles(signal?: AbortSignal) {
  const { items } = await callEndpoint(rolesRoutes.listRoles, { signal });
  return items;
}

export function rolesQueryOptions(restaurantId: string) {
  return queryOptions({ queryKey: rolesQueryKey(restaurantId), queryFn: ({ signal }) => getRoles(signal) });
}

export function useRoles() {
  const { restaurant } = useCurrentSession();
  return useQuery(rolesQueryOptions(restaurant.id));
}

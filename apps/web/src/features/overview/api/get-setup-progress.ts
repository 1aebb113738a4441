import { useQuery } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import { callEndpoint } from '../../../lib/api-client';
import { hasPermission, useCurrentSession } from '../../../lib/current-session';
import { categoriesQueryOptions } from '../../../lib/get-categories';
import { staffQueryKey, tablesQueryKey } from '../../../lib/setup-query-keys';
import { describeSetup, readMenuSetup, type SetupProgress, type StepState } from '../model/setup-steps';

/*
 * The checklist's ticks, from lists the user may read, as cheaply as they come: the categories
 * (each counts its dishes; the same cache as the menu screens), the tables, and one staff member
 * (pageSize=1: only whether there is any). The keys sit under each list's root, so adding a table
 * or inviting someone ticks the step.
 */

async function hasTables(restaurantId: string, signal?: AbortSignal) {
  const { items } = await callEndpoint(tablesRoutes.listTables, { params: { restaurantId }, signal });
  return items.length > 0;
}

async function hasStaff(restaurantId: string, signal?: AbortSignal) {
  const page = await callEndpoint(staffRoutes.listStaff, {
    params: { id: restaurantId },
    query: { page: 1, pageSize: 1 },
    signal,
  });
  return page.total > 0;
}

function stateOf(query: { data?: boolean; isError: boolean }): StepState {
  return query.data ?? null;
}

export function useSetupProgress(): SetupProgress & { failed: boolean; retry: () => void } {
  const session = useCurrentSession();
  const restaurantId = session.restaurant.id;
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(session, permission);

  const categories = useQuery({ ...categoriesQueryOptions(restaurantId), enabled: can('menu.manage') });
  const tables = useQuery({
    queryKey: [...tablesQueryKey(restaurantId), 'any'],
    queryFn: ({ signal }) => hasTables(restaurantId, signal),
    enabled: can('tables.manage'),
  });
  const staff = useQuery({
    queryKey: [...staffQueryKey(restaurantId), 'any'],
    queryFn: ({ signal }) => hasStaff(restaurantId, signal),
    enabled: can('staff.manage'),
  });

  const menu = categories.data ? readMenuSetup(categories.data) : undefined;
  const progress = describeSetup(
    {
      categories: menu?.categories ?? null,
      dishes: menu?.dishes ?? null,
      tables: stateOf(tables),
      staff: stateOf(staff),
    },
    can,
  );
  const failing = [categories, tables, staff].filter((query) => query.isError);
  return {
    ...progress,
    failed: failing.length > 0,
    retry: () => {
      for (const query of failing) void query.refetch();
    },
  };
}

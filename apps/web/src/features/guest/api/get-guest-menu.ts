import { queryOptions, useQuery } from '@tanstack/react-query';
import { menuEndpoints } from '@tavolo/contract/menu';
import { callEndpoint, isHttpError } from '../../../lib/api-client';

export const guestMenuQueryKey = (qrToken: string) => ['guest', 'menu', qrToken] as const;

/** The restaurant, the table and today's menu behind a table's QR code. 404 when the code is dead. */
export async function getGuestMenu(qrToken: string, signal?: AbortSignal) {
  return callEndpoint(menuEndpoints.guestMenu, { query: { qrToken }, signal });
}

/** The code is unknown, rotated, or its table inactive (400: not even shaped like a code). */
export function isDeadCodeError(error: unknown): boolean {
  return isHttpError(error, 404) || isHttpError(error, 400);
}

export function guestMenuQueryOptions(qrToken: string) {
  return queryOptions({
    queryKey: guestMenuQueryKey(qrToken),
    queryFn: ({ signal }) => getGuestMenu(qrToken, signal),
    // Coming back to the tab shows what sold out meanwhile.
    refetchOnWindowFocus: 'always',
  });
}

export function useGuestMenu(qrToken: string) {
  return useQuery(guestMenuQueryOptions(qrToken));
}

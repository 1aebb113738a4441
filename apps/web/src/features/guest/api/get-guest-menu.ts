import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * Puts the menu the server sent inside the guest page (`<script type="application/json">`, see
 * apps/server/src/http/guest-page.ts) into the cache, so the first screen shows without a request.
 * Parsed like an answer of the API; a menu for another code, or one that does not parse, is left
 * out and the screen asks for it as usual.
 */
export function primeGuestMenu(
  queryClient: QueryClient,
  element: HTMLElement | null,
  pathname: string,
): void {
  if (!element?.textContent) return;
  let sent: unknown;
  try {
    sent = JSON.parse(element.textContent);
  } catch {
    return;
  }
  const { qrToken, menu } = (sent ?? {}) as { qrToken?: unknown; menu?: unknown };
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!match || typeof qrToken !== 'string' || safeDecode(match[1]!) !== qrToken) return;
  const parsed = menuEndpoints.guestMenu.response.safeParse(menu);
  if (parsed.success) queryClient.setQueryData(guestMenuQueryKey(qrToken), parsed.data);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

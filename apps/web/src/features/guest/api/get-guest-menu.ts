import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TGuestMenu } from '@tavolo/contract/menu';
import { callEndpoint, isHttpError } from '../../../lib/api-client';
import { activeLanguage } from '../../../lib/i18n/i18n';
import { DEFAULT_STALE_MS } from '../../../lib/query-client';
import { readSavedAt } from '../model/guest-offline';

/**
 * A table's menu, and where it came from: `savedAt` (ms since the epoch) when the phone's saved
 * copy answered (the guest pages' service worker, offline), absent when the server did.
 */
export type GuestMenuData = TGuestMenu & { savedAt?: number };

/**
 * A table's menu, and in one language (the guest's): the table's key alone names them all (what
 * a change to the menu refreshes).
 */
export const guestMenuQueryKey = (qrToken: string, language?: string) =>
  language ? (['guest', 'menu', qrToken, language] as const) : (['guest', 'menu', qrToken] as const);

/**
 * The restaurant, the table and today's menu behind a table's QR code, in the best of the
 * restaurant's languages for a guest who reads `language`. 404 when the code is dead.
 */
export async function getGuestMenu(
  qrToken: string,
  language: string,
  signal?: AbortSignal,
): Promise<GuestMenuData> {
  let savedAt: number | undefined;
  const menu = await callEndpoint(menuRoutes.guestMenu, {
    query: { qrToken, lang: language },
    signal,
    onResponse: (response) => {
      savedAt = readSavedAt(response.headers);
    },
  });
  return savedAt === undefined ? menu : { ...menu, savedAt };
}

/** The code is unknown, rotated, or its table inactive (400: not even shaped like a code). */
export function isDeadCodeError(error: unknown): boolean {
  return isHttpError(error, 404) || isHttpError(error, 400);
}

/** The table's menu for the language the guest's pages speak (or will, once its words have loaded). */
export function guestMenuQueryOptions(qrToken: string, language: string = activeLanguage()) {
  return queryOptions({
    queryKey: guestMenuQueryKey(qrToken, language),
    queryFn: ({ signal }) => getGuestMenu(qrToken, language, signal),
    // Coming back to the tab shows what sold out meanwhile.
    refetchOnWindowFocus: 'always',
    // Asked for even with no network: the service worker answers with the phone's copy. A saved
    // copy is out of date at once, so coming back online asks the server again.
    networkMode: 'offlineFirst',
    staleTime: (query) => (query.state.data?.savedAt === undefined ? DEFAULT_STALE_MS : 0),
  });
}

export function useGuestMenu(qrToken: string) {
  return useQuery(guestMenuQueryOptions(qrToken));
}

/**
 * Puts the menu the server sent inside the guest page (`<script type="application/json">`, see
 * apps/server/src/modules/menu/guest-page.ts) into the cache, so the first screen shows without a
 * request. The server chose its language from the phone's; a guest who picked another one this
 * visit (`language`) gets it asked for, unless the restaurant does not write its menu in it.
 * The server wrote it through the answer's schema: its shape is checked by hand (zod would add a
 * quarter to the page's scripts); a menu for another code, or one without that shape, is left out
 * and the screen asks for it as usual.
 */
export function primeGuestMenu(
  queryClient: QueryClient,
  element: HTMLElement | null,
  pathname: string,
  language: string,
): { qrToken: string; menu: TGuestMenu } | null {
  if (!element?.textContent) return null;
  let sent: unknown;
  try {
    sent = JSON.parse(element.textContent);
  } catch {
    return null;
  }
  const { qrToken, menu } = (sent ?? {}) as { qrToken?: unknown; menu?: unknown };
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!match || typeof qrToken !== 'string' || safeDecode(match[1]!) !== qrToken) return null;
  if (!isGuestMenu(menu)) return null;
  if (menu.language !== language && menu.languages.includes(language as never)) return null;
  queryClient.setQueryData(guestMenuQueryKey(qrToken, language), menu);
  return { qrToken, menu };
}

/**
 * Asks for the menu of the table whose page this is before the app has drawn anything, when the page
 * came without it: opened offline, the service worker's shell carries no menu, and the phone's copy
 * then arrives while the page's words load rather than after.
 */
export function prefetchGuestMenu(queryClient: QueryClient, pathname: string, language: string): void {
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname);
  const qrToken = match ? safeDecode(match[1]!) : undefined;
  if (qrToken) void queryClient.prefetchQuery(guestMenuQueryOptions(qrToken, language));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The outline of a guest menu: its restaurant, table and today's categories. */
function isGuestMenu(value: unknown): value is TGuestMenu {
  if (!isObject(value)) return false;
  const { restaurant, table, menu } = value;
  return (
    isObject(restaurant) &&
    typeof restaurant.id === 'string' &&
    typeof restaurant.currency === 'string' &&
    isObject(table) &&
    typeof table.id === 'string' &&
    isObject(menu) &&
    Array.isArray(menu.categories) &&
    menu.categories.every((category) => isObject(category) && Array.isArray(category.items)) &&
    typeof value.language === 'string' &&
    Array.isArray(value.languages)
  );
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TGuestMenu } from '@tavolo/contract/menu';
import { callEndpoint, isHttpError } from '../../../lib/api-client';
import { activeLanguage } from '../../../lib/i18n/i18n';

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
export async function getGuestMenu(qrToken: string, language: string, signal?: AbortSignal) {
  return callEndpoint(menuRoutes.guestMenu, { query: { qrToken, lang: language }, signal });
}

/** The code is unknown, rotated, or its table inactive (400: not even shaped like a code). */
export function isDeadCodeError(error: unknown): boolean {
  return isHttpError(error, 404) || isHttpError(error, 400);
}

/** The table's menu for the language the guest's pages speak. */
export function guestMenuQueryOptions(qrToken: string) {
  const language = activeLanguage();
  return queryOptions({
    queryKey: guestMenuQueryKey(qrToken, language),
    queryFn: ({ signal }) => getGuestMenu(qrToken, language, signal),
    // Coming back to the tab shows what sold out meanwhile.
    refetchOnWindowFocus: 'always',
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
  if (!isGuestMenu(menu)) return;
  if (menu.language === language || !menu.languages.includes(language as never))
    queryClient.setQueryData(guestMenuQueryKey(qrToken, language), menu);
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

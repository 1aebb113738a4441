import { type TGuestMenu, ZGuestMenuQuery } from '@tavolo/contract/menu';
import { AppError } from '../core/app-error';
import type { ServiceContext } from '../core/context';
import type { GuestMenuBody, GuestMenuCache } from '../modules/menu/guest-menu-cache';
import { getGuestMenuBody } from '../modules/menu/menu.service';
import type { ActiveTableCache } from '../modules/tables/active-table-cache';

/**
 * The guest's pages, which the web app's guest entry (guest.html) routes: a table's menu, its
 * orders, its bill and receipts, and the sandbox provider's checkout (apps/web/src/app/guest-routes.tsx).
 */
const GUEST_PAGE =
  /^\/(?:t\/[^/?#]+(?:\/orders\/[^/?#]+|\/bill(?:\/receipts\/[^/?#]+)?)?|pay\/sandbox\/[^/?#]+)\/?(?:[?#]|$)/;
const GUEST_MENU_PAGE = /^\/t\/([^/?#]+)\/?(?:[?#]|$)/;

export function isGuestPage(url: string): boolean {
  return GUEST_PAGE.test(url);
}

/**
 * JSON that may sit inside a <script> element: `<`, `>` and `&` as \u escapes, so no `</script>`
 * or `<!--` can end or bend the element, whatever a restaurant names its dishes. Still valid JSON
 * (JSON.parse reads the escapes back); U+2028 and U+2029 too, for good measure.
 */
export function escapeJsonForHtml(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * guest.html with the table's menu inside (`<script type="application/json" id="guest-menu">`,
 * `{ qrToken, menu }`: the body GET /api/menu/qr answers), so the first screen is drawn from the
 * first response; the banner, the largest thing on it, is preloaded. Without a menu (another guest
 * page, or a code that names no open table: the app then asks, and shows the guest why not) the
 * page is guest.html as built.
 */
export function renderGuestPage(
  template: string,
  inlined?: { qrToken: string; menuJson: string; bannerUrl: string | null },
): string {
  if (!inlined) return template;
  const data = escapeJsonForHtml(`{"qrToken":${JSON.stringify(inlined.qrToken)},"menu":${inlined.menuJson}}`);
  const preload = inlined.bannerUrl
    ? `<link rel="preload" as="image" href="${escapeAttribute(inlined.bannerUrl)}" fetchpriority="high" />`
    : '';
  return template
    .replace('</head>', `${preload}</head>`)
    .replace(
      '<div id="root">',
      `<script type="application/json" id="guest-menu">${data}</script><div id="root">`,
    );
}

/**
 * Answers the HTML of a guest page at `url`. A menu page carries its menu; each rendering is kept
 * with the cached menu body it came from (it goes when that goes), so a hit costs no JSON work.
 */
export function createGuestPageRenderer(template: string) {
  const rendered = new WeakMap<GuestMenuBody, { qrToken: string; html: string }>();
  return async function renderGuestPageAt(
    ctx: ServiceContext & { guestMenus: GuestMenuCache; activeTables: ActiveTableCache },
    url: string,
  ): Promise<string> {
    const qrToken = menuPageCode(url);
    if (!qrToken) return template;
    let entry: GuestMenuBody;
    try {
      entry = await getGuestMenuBody(ctx, { qrToken });
    } catch (error) {
      // Unknown, rotated or closed: the app asks the API and shows the guest that the code is dead.
      if (error instanceof AppError && error.status === 404) return template;
      throw error;
    }
    const known = rendered.get(entry);
    if (known?.qrToken === qrToken) return known.html;
    const { bannerUrl } = (JSON.parse(entry.json) as TGuestMenu).restaurant;
    const html = renderGuestPage(template, { qrToken, menuJson: entry.json, bannerUrl });
    rendered.set(entry, { qrToken, html });
    return html;
  };
}

/** The code in a menu page's address, when it is shaped like one (the API's own rule). */
function menuPageCode(url: string): string | undefined {
  const segment = GUEST_MENU_PAGE.exec(url)?.[1];
  if (!segment) return undefined;
  let qrToken: string;
  try {
    qrToken = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const query = ZGuestMenuQuery.safeParse({ qrToken });
  return query.success && query.data.qrToken === qrToken ? qrToken : undefined;
}

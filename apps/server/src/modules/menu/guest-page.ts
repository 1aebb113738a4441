import { type TGuestMenu, ZGuestMenuQuery } from '@tavolo/contract/menu';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../core/app-error';
import type { AppServices, ServiceContext } from '../../core/context';
import { encodeOnce, type GuestMenuBody } from './guest-menu-cache';
import { getGuestMenuBody } from './menu.service';

/**
 * The guest's pages, which the web app's guest entry (guest.html) routes: a table's menu, its
 * orders, its bill and receipts, and the sandbox provider's checkout (apps/web/src/app/guest-routes.tsx).
 */
const GUEST_PAGE =
  /^\/(?:t\/[^/?#]+(?:\/orders\/[^/?#]+|\/bill(?:\/receipts\/[^/?#]+)?)?|pay\/sandbox\/[^/?#]+)\/?(?:[?#]|$)/;
const GUEST_MENU_PAGE = /^\/t\/([^/?#]+)\/?(?:[?#]|$)/;
/** A table's web app manifest: what a phone installs the table's menu from (decision 041). */
const GUEST_MANIFEST = /^\/t\/([^/?#]+)\/manifest\.webmanifest(?:[?#]|$)/;

export function isGuestPage(url: string): boolean {
  return GUEST_PAGE.test(url);
}

export function isGuestManifest(url: string): boolean {
  return GUEST_MANIFEST.test(url);
}

/** The address of a table's manifest, which its menu page links to. */
export function guestManifestPath(qrToken: string): string {
  return `/t/${encodeURIComponent(qrToken)}/manifest.webmanifest`;
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

function escapeHtml(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The top of the menu screen (GuestHeader, apps/web/src/features/guest/components/guest-header.tsx,
 * with the same classes: keep them in step), so the restaurant, its banner and the table show with
 * the first response. The banner, the largest paint, goes before the app's root: the app keeps it
 * there while the menu shows (a new image would paint again, later) and replaces the rest with its
 * own header when it first renders, in the same place: nothing moves. The guest's orders (kept on
 * the phone) and the menu below come with the app.
 */
function renderStaticBanner({ restaurant }: TGuestMenu): string {
  if (!restaurant.bannerUrl) return '';
  const url = escapeHtml(restaurant.bannerUrl);
  return `<img id="guest-banner" data-banner-url="${url}" src="${url}" alt="" decoding="async" fetchpriority="high" class="h-40 w-full bg-slate-200 object-cover sm:h-56">`;
}

/**
 * "Table 4" in the menu's language, as the guest's page will say it once its script runs
 * (features/guest/messages: guest.common.table); a page in the guest's own words from the first paint.
 */
const TABLE_WORD: Record<TGuestMenu['language'], string> = {
  en: 'Table',
  it: 'Tavolo',
  es: 'Mesa',
  de: 'Tisch',
  fr: 'Table',
};

function renderStaticHeader({ restaurant, table, language }: TGuestMenu): string {
  const banner = restaurant.bannerUrl
    ? ''
    : '<div class="h-20 bg-gradient-to-br from-accent-700 to-accent-900 sm:h-28" aria-hidden="true"></div>';
  const logo = restaurant.logoUrl
    ? `<img src="${escapeHtml(restaurant.logoUrl)}" alt="" class="-mt-8 size-16 shrink-0 rounded-2xl border-4 border-panel bg-panel object-cover shadow-sm">`
    : '';
  const label = table.label ? `<span class="font-normal"> · ${escapeHtml(table.label)}</span>` : '';
  const address = restaurant.address
    ? `<p class="text-sm text-ink-muted">${escapeHtml(restaurant.address)}</p>`
    : '';
  return `<div class="min-h-dvh pb-8"><header class="bg-panel">${banner}<div class="mx-auto flex max-w-2xl flex-col gap-3 px-4 pb-4"><div class="flex items-end gap-3">${logo}<div class="${restaurant.logoUrl ? 'min-w-0 pt-3' : 'min-w-0 pt-4'}"><h1 class="text-2xl leading-tight font-bold tracking-tight break-words text-ink">${escapeHtml(restaurant.name)}</h1></div></div><div class="flex flex-wrap items-center gap-2"><p class="rounded-full bg-accent-50 px-3 py-1.5 text-sm font-semibold text-accent-800">${TABLE_WORD[language] ?? 'Table'} ${table.number}${label}</p>${address}</div></div></header></div>`;
}

/**
 * guest.html with the table's menu inside (`<script type="application/json" id="guest-menu">`,
 * `{ qrToken, menu }`: the body GET /api/menu/qr answers), so the first screen is drawn from the
 * first response, its header already in the page and the banner, the largest thing on it,
 * preloaded. Without a menu (another guest page, or a code that names no open table: the app then
 * asks, and shows the guest why not) the page is guest.html as built.
 */
export function renderGuestPage(
  template: string,
  inlined?: { qrToken: string; menuJson: string; menu: TGuestMenu },
  catalogues: Readonly<Record<string, string>> = {},
): string {
  if (!inlined) return template;
  const data = escapeJsonForHtml(`{"qrToken":${JSON.stringify(inlined.qrToken)},"menu":${inlined.menuJson}}`);
  const { bannerUrl } = inlined.menu.restaurant;
  const catalogue = catalogues[inlined.menu.language];
  // The words of the menu's language travel with the page's scripts, not after them.
  const preload = `${catalogue ? `<link rel="modulepreload" href="${escapeHtml(catalogue)}" />` : ''}${
    bannerUrl ? `<link rel="preload" as="image" href="${escapeHtml(bannerUrl)}" fetchpriority="high" />` : ''
  }<link rel="manifest" href="${escapeHtml(guestManifestPath(inlined.qrToken))}" />`;
  // Replacements as functions: a string would read `$&` or `$'` in a dish's name as a pattern.
  return template
    .replace(/<html[^>]*>/, () => `<html lang="${inlined.menu.language}">`)
    .replace('</head>', () => `${preload}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<script type="application/json" id="guest-menu">${data}</script>${renderStaticBanner(inlined.menu)}<div id="root">${renderStaticHeader(inlined.menu)}</div>`,
    );
}

/** A page's HTML with its compressed forms, made once (the not-found handler is outside @fastify/compress). */
export type GuestPage = { html: string; encoded: Map<'br' | 'gzip', Buffer> };

/** The best encoding the client accepts, compressed on first use and kept with the page. */
function encodeGuestPage(page: GuestPage, acceptEncoding: string | undefined) {
  return encodeOnce(page.html, page.encoded, acceptEncoding);
}

/**
 * Serves the guest's pages (`isGuestPage`) from guest.html, `template`: the web app's pages, not
 * API routes, so app.ts hands them over from where it serves the web app (its not-found handler).
 */
export function createGuestPageHandler(
  services: AppServices,
  template: string,
  catalogues: Readonly<Record<string, string>> = {},
) {
  const renderGuestPageAt = createGuestPageRenderer(template, catalogues);
  return async function serveGuestPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await renderGuestPageAt(
      { ...services, principal: null, ip: request.ip },
      request.url,
      request.headers['accept-language'],
    );
    // A table's menu: never kept by a shared cache, always revalidated; in the guest's language.
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
    reply.header('vary', 'accept-encoding, accept-language');
    const encoded = encodeGuestPage(page, request.headers['accept-encoding']);
    if (encoded) return reply.header('content-encoding', encoded.encoding).send(encoded.body);
    return reply.send(page.html);
  };
}

/**
 * Answers the guest page at `url`. A menu page carries its menu, in the language its `?lang=` or
 * else `acceptLanguage` chooses (as the API does); each page is kept with the cached menu body it
 * came from (it goes when that goes), so a hit costs neither JSON nor compression.
 */
function createGuestPageRenderer(template: string, catalogues: Readonly<Record<string, string>>) {
  const plain: GuestPage = { html: template, encoded: new Map() };
  const rendered = new WeakMap<GuestMenuBody, { qrToken: string; page: GuestPage }>();
  return async function renderGuestPageAt(
    ctx: ServiceContext,
    url: string,
    acceptLanguage: string | undefined,
  ): Promise<GuestPage> {
    const qrToken = menuPageCode(url);
    if (!qrToken) return plain;
    let entry: GuestMenuBody;
    try {
      entry = await getGuestMenuBody(ctx, { qrToken, lang: languageParameter(url) }, acceptLanguage);
    } catch (error) {
      // Unknown, rotated or closed: the app asks the API and shows the guest that the code is dead.
      if (error instanceof AppError && error.status === 404) return plain;
      throw error;
    }
    const known = rendered.get(entry);
    if (known?.qrToken === qrToken) return known.page;
    const menu = JSON.parse(entry.json) as TGuestMenu;
    const page = {
      html: renderGuestPage(template, { qrToken, menuJson: entry.json, menu }, catalogues),
      encoded: new Map(),
    };
    rendered.set(entry, { qrToken, page });
    return page;
  };
}

/** The icons a phone shows for an installed table (apps/web/public/icons, made by scripts/make-app-icons.mjs). */
const MANIFEST_ICONS = [
  { src: '/icons/tavolo-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/tavolo-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/tavolo-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The page's background (guest.html's theme-color): what a launched app shows before it paints. */
const GUEST_BACKGROUND = '#f8fafc';

/**
 * A table's web app manifest: the restaurant's name, the table's menu as the place it starts, every
 * guest page (`/t/`) inside it. Each table has its own (`id`): a guest who installs two restaurants
 * gets two apps.
 */
export function buildGuestManifest(qrToken: string, { restaurant, table, language }: TGuestMenu) {
  const start = `/t/${encodeURIComponent(qrToken)}`;
  return {
    id: start,
    name: restaurant.name,
    short_name: restaurant.name,
    description: `${restaurant.name} · ${TABLE_WORD[language] ?? 'Table'} ${table.number}`,
    lang: language,
    start_url: start,
    scope: '/t/',
    display: 'standalone',
    background_color: GUEST_BACKGROUND,
    theme_color: GUEST_BACKGROUND,
    icons: MANIFEST_ICONS,
  };
}

/**
 * Serves a table's manifest (`isGuestManifest`) in the language its menu page would speak; a code
 * that names no open table answers 404, as the menu does.
 */
export function createGuestManifestHandler(services: AppServices) {
  const built = new WeakMap<GuestMenuBody, { qrToken: string; json: string }>();
  return async function serveGuestManifest(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const qrToken = codeOf(GUEST_MANIFEST, request.url);
    if (!qrToken) throw notFound('Table');
    const entry = await getGuestMenuBody(
      { ...services, principal: null, ip: request.ip },
      { qrToken, lang: languageParameter(request.url) },
      request.headers['accept-language'],
    );
    let known = built.get(entry);
    if (known?.qrToken !== qrToken) {
      known = { qrToken, json: JSON.stringify(buildGuestManifest(qrToken, JSON.parse(entry.json))) };
      built.set(entry, known);
    }
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-language')
      .send(known.json);
  };
}

/** A page address's `lang` parameter, if any. */
function languageParameter(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1).split('#', 1)[0]).get('lang')?.slice(0, 35) ?? undefined;
}

/** The code in a menu page's address, when it is shaped like one (the API's own rule). */
function menuPageCode(url: string): string | undefined {
  return codeOf(GUEST_MENU_PAGE, url);
}

/** The code in the address `pattern` reads it from, when it is shaped like one. */
function codeOf(pattern: RegExp, url: string): string | undefined {
  const segment = pattern.exec(url)?.[1];
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

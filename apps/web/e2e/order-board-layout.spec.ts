import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newOwner, registerThroughApi } from './helpers';

// The board's cards at the widths it is used at: a 1024 px tablet beside the navigation rail (its
// narrowest five columns), a laptop, a wide screen and a phone (the kitchen's display is the
// station screen, kitchen.spec.ts). Whatever the width, a card keeps its "⋯" inside itself and a dish name wraps
// between words: a break inside a word is kept for a single token too long for any line.

const LONG_NAME = "Bucatini all'Amatriciana con pecorino romano";
const OTHER_NAME = 'Tagliatelle al ragù alla bolognese';
/** One token longer than any card is wide: broken as a last resort, but still inside its card. */
const UNBREAKABLE = 'Supercalifragilisticexpialidocious';

const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
];
const VIEWS = ['/dashboard/orders'];

type Order = { id: string; number: number };

async function seed(page: Page, guest: APIRequestContext) {
  await registerThroughApi(page, newOwner());
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const primi = await post<{ id: string }>('/api/categories', { name: 'Primi' });
  const dish = async (name: string) =>
    (await post<{ id: string }>('/api/menu', { categoryId: primi.id, name, priceMinor: 1200 })).id;
  const long = await dish(LONG_NAME);
  const other = await dish(OTHER_NAME);
  const unbreakable = await dish(UNBREAKABLE);
  const table = await post<{ qrToken: string }>('/api/tables', { number: 12, seats: 4 });

  const place = async (items: { menuItemId: string; quantity: number }[]) => {
    const response = await guest.post('/api/orders', { data: { qrToken: table.qrToken, items } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Order;
  };
  const move = async (order: Order, ...statuses: string[]) => {
    for (const status of statuses) {
      const response = await page.request.put(`/api/orders/${order.id}/status`, { data: { status } });
      expect(response.status(), await response.text()).toBe(200);
    }
  };
  // One card in each column, every one with the long name.
  await place([
    { menuItemId: long, quantity: 2 },
    { menuItemId: other, quantity: 1 },
  ]);
  await move(await place([{ menuItemId: long, quantity: 1 }]), 'accepted');
  await move(
    await place([
      { menuItemId: unbreakable, quantity: 1 },
      { menuItemId: long, quantity: 1 },
    ]),
    'accepted',
    'preparing',
  );
  await move(await place([{ menuItemId: long, quantity: 3 }]), 'accepted', 'preparing', 'ready');
  await move(await place([{ menuItemId: other, quantity: 2 }]), 'accepted', 'preparing', 'ready', 'served');
  // An order that arrives while the board is open carries a "New" badge in its header too.
  return () => place([{ menuItemId: long, quantity: 1 }]);
}

/**
 * What is wrong with the visible cards' layout, in words. A word of a name in `wordsMustFit` must
 * fit its line, so that it never needs a break inside it (a browser with hyphenation dictionaries
 * may still hyphenate it, which is fine: this checks there is room not to).
 */
function layoutProblems(page: Page, wordsMustFit: string[]): Promise<string[]> {
  return page.evaluate((normalNames) => {
    const problems: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="order-card"]')];
    const visible = cards.filter((card) => card.checkVisibility());
    if (visible.length === 0) problems.push('no card is visible');
    for (const card of visible) {
      const label = `#${card.dataset.orderNumber}`;
      const box = card.getBoundingClientRect();
      const menu = card.querySelector<HTMLElement>('button[aria-label^="More actions"]');
      const number = card.querySelector<HTMLElement>('button[aria-label$=", details"]');
      if (!menu || !number) {
        problems.push(`${label}: no "⋯" or number button`);
        continue;
      }
      const menuBox = menu.getBoundingClientRect();
      const numberBox = number.getBoundingClientRect();
      if (!inside(menuBox, box))
        problems.push(
          `${label}: "⋯" spans ${Math.round(menuBox.left)}–${Math.round(menuBox.right)} px, its card ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
      if (!inside(numberBox, box)) problems.push(`${label}: the order number sticks out of its card`);
      if (numberBox.right > menuBox.left + 0.5 && numberBox.bottom > menuBox.top + 0.5)
        problems.push(`${label}: the order number runs under the "⋯"`);

      const names = card.querySelectorAll<HTMLElement>('[data-testid="order-line-name"]');
      if (names.length === 0) problems.push(`${label}: no dish names`);
      for (const name of names) {
        const text = name.textContent ?? '';
        const container = name.parentElement as HTMLElement;
        if (container.scrollWidth > container.clientWidth)
          problems.push(
            `${label}: "${text}" overflows its line (${container.scrollWidth} > ${container.clientWidth} px)`,
          );
        const containerBox = container.getBoundingClientRect();
        if ([...name.getClientRects()].some((rect) => !inside(rect, containerBox)))
          problems.push(`${label}: "${text}" sticks out of its line`);
        if (!normalNames.includes(text)) continue;
        // The room a line of the name has: the name's own box, or its line's when it flows inline.
        const room = getComputedStyle(name).display === 'inline' ? container.clientWidth : name.clientWidth;
        for (const word of text.split(/\s+/)) {
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          probe.textContent = word;
          name.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          if (width > room + 0.5)
            problems.push(
              `${label}: "${word}" (${Math.round(width)} px) does not fit its line (${room} px): it breaks inside the word`,
            );
        }
      }
    }
    return problems;
  }, wordsMustFit);
}

test('a card keeps its "⋯" inside it and long dish names wrap between words, at 1024 px and the other board widths', async ({
  page,
  playwright,
  baseURL,
}) => {
  const guest = await playwright.request.newContext({ baseURL });
  const placeNew = await seed(page, guest);

  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const view of VIEWS) {
      await test.step(`${viewport.width} px, ${view}`, async () => {
        await page.goto(view);
        await expect(page.getByTestId('order-board')).toBeVisible();
        await expect(page.getByTestId('connection-status')).toHaveText('Live');
        const fresh = await placeNew();
        const card = page.locator(`[data-testid="order-card"][data-order-number="${fresh.number}"]`);
        await expect(card.getByText('New', { exact: true })).toBeVisible();
        expect(await layoutProblems(page, [LONG_NAME, OTHER_NAME])).toEqual([]);
      });
    }
  }
  await guest.dispose();
});

test('the demo restaurant\'s four-digit order numbers leave every card\'s "⋯" inside it at 1024 px', async ({
  page,
}) => {
  // Built by `npm run demo` before the server starts (playwright.config.ts): a year of orders, so
  // the open ones are numbered in the thousands, as a busy restaurant's are.
  const login = await page.request.post('/auth/login', {
    headers: { 'X-Session-Transport': 'cookie' },
    data: { email: 'demo@tavolo.test', password: 'tavolo-demo' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const view of VIEWS) {
    await page.goto(view);
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    const numbers = await page
      .getByTestId('order-card')
      .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.orderNumber ?? ''));
    expect(numbers.some((number) => number.length >= 4)).toBe(true);
    expect(await layoutProblems(page, []), view).toEqual([]);
  }
});

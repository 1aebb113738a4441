import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequest,
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { newOwner, watchConsole } from './helpers';

// Staff screens through a Wi-Fi drop (PRODUCT.md §13), with the browser's network really cut
// (`context.setOffline`) or the server made unreachable for one call (`page.route` aborting it):
// the board keeps its orders, says how long it has been offline and catches up with what was
// ordered meanwhile, each order once; a kitchen tablet bumps two lines by keyboard while offline,
// both show as not sent, and both land once on reconnect; a bump that no longer applies (the
// line voided meanwhile) is named to the cook with the reason, until dismissed.

const shots = process.env.STAFF_OFFLINE_SHOTS_DIR ?? path.join(tmpdir(), 'shots-staff-offline');
mkdirSync(shots, { recursive: true });

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

interface Order {
  id: string;
  number: number;
  status: string;
  version: number;
  statusHistory: { status: string }[];
  items: { name: string; kitchenStatus: string; startedAt: string | null }[];
}

/** A restaurant of its own, set up through the API as its owner would: two dishes, two tables. */
async function seedRestaurant(playwright: { request: APIRequest }, baseURL: string) {
  const owner = newOwner();
  const anonymous = await playwright.request.newContext({ baseURL });
  const registered = await anonymous.post('/auth/register', {
    data: { ...owner, currency: 'EUR', timezone: 'Europe/Rome' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const pizza = await post<{ id: string }>('/api/categories', { name: 'Pizza' });
  const margherita = await post<{ id: string }>('/api/menu', {
    categoryId: pizza.id,
    name: 'Margherita',
    priceMinor: 950,
  });
  const tiramisu = await post<{ id: string }>('/api/menu', {
    categoryId: pizza.id,
    name: 'Tiramisù',
    priceMinor: 650,
  });
  const tables = [
    await post<{ id: string; qrToken: string }>('/api/tables', { number: 4 }),
    await post<{ id: string; qrToken: string }>('/api/tables', { number: 7 }),
  ];
  /** A guest's order from a table's phone: no session, only the table's code. */
  const guestOrder = async (table: 0 | 1, dishes: string[] = [margherita.id, tiramisu.id]) => {
    const response = await anonymous.post('/api/orders', {
      data: {
        qrToken: tables[table]!.qrToken,
        items: dishes.map((menuItemId) => ({ menuItemId, quantity: 1 })),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Order;
  };
  const readOrder = async (id: string) => {
    const response = await api.get(`/api/orders/${id}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Order;
  };
  return {
    owner,
    api,
    dishes: { margherita: margherita.id, tiramisu: tiramisu.id },
    tableIds: tables.map((table) => table.id),
    guestOrder,
    readOrder,
    dispose: async () => {
      await api.dispose();
      await anonymous.dispose();
    },
  };
}

/** A tablet (or a phone) signed in as the owner, through the sign-in page. */
async function openTablet(
  browser: Browser,
  baseURL: string,
  owner: ReturnType<typeof newOwner>,
  device: 'tablet' | 'phone' = 'tablet',
) {
  const context = await browser.newContext(
    device === 'tablet'
      ? { baseURL, viewport: TABLET }
      : { baseURL, viewport: PHONE, isMobile: true, hasTouch: true },
  );
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
  return { context, page };
}

/** Console errors that a cut network causes on purpose (failed loads, refused calls) aside. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to load resource|EventSource|Failed to fetch/.test(
        error,
      ),
  );

test('the board keeps its orders through a drop, says so, and catches up with those placed meanwhile, once each', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const shop = await seedRestaurant(playwright, baseURL!);
  const { context, page } = await openTablet(browser, baseURL!, shop.owner);
  const errors = watchConsole(page);
  const before = await shop.guestOrder(0);
  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('connection-status')).toHaveText('Live');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(1);

  await context.setOffline(true);
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toHaveText(/^Offline for \d+ s$/);
  // Three guests order while the board is cut off.
  const meanwhile = [await shop.guestOrder(1), await shop.guestOrder(0), await shop.guestOrder(1)];
  // The board accepts the order it has: the move waits, marked, and the card moves at once.
  const card = page.locator(`[data-testid="order-card"][data-order-number="${before.number}"]`);
  await card.locator('[data-primary-action]').click();
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(card).toHaveAttribute('data-unsent', 'true');
  await expect(page.getByTestId('offline-unsent')).toHaveText('1 change waiting to be sent');
  // It keeps what it had: no error screen, no emptied list; the counter ticks.
  await expect(indicator).toContainText(/^Offline for ([3-9]|\d\d) s/, { timeout: 8_000 });
  await expect(cards).toHaveCount(1);
  expect((await shop.readOrder(before.id)).status).toBe('pending');
  await shoot(page, 'board-1024-offline');
  await page.setViewportSize(PHONE);
  await expect(indicator).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'board-390-offline');
  await page.setViewportSize(TABLET);

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('connection-status')).toHaveText('Live');
  for (const order of [before, ...meanwhile]) {
    await expect(page.locator(`[data-testid="order-card"][data-order-number="${order.number}"]`)).toHaveCount(
      1,
    );
  }
  await expect(cards).toHaveCount(4);
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(card).not.toHaveAttribute('data-unsent', 'true');
  // The move landed once.
  expect((await shop.readOrder(before.id)).statusHistory.map((entry) => entry.status)).toEqual([
    'pending',
    'accepted',
  ]);
  // Still signed in: the drop is no reason to sign anyone out.
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  expect((await page.request.get('/auth/me')).status()).toBe(200);
  await shoot(page, 'board-1024-caught-up');
  // A late replay or a second reading must not double anything.
  await page.waitForTimeout(1_500);
  await expect(cards).toHaveCount(4);

  expect(unexpected(errors)).toEqual([]);
  await context.close();
  await shop.dispose();
});

test('a kitchen tablet bumps two lines by keyboard while offline; both land once on reconnect', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const shop = await seedRestaurant(playwright, baseURL!);
  const order = await shop.guestOrder(0);
  const { context, page } = await openTablet(browser, baseURL!, shop.owner);
  const errors = watchConsole(page);
  const bumps: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/kitchen/bump')) bumps.push(request);
  });
  await page.goto('/dashboard/kitchen');
  const lines = page.getByTestId('kitchen-ticket').locator('[data-line-index]');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveAttribute('data-kitchen-status', 'queued');

  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.keyboard.press('1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  for (const line of [lines.nth(0), lines.nth(1)]) {
    await expect(line).toHaveAttribute('data-kitchen-status', 'preparing');
    await expect(line).toHaveAttribute('data-unsent', 'true');
    await expect(line.getByTestId('unsent-mark')).toHaveText('Not sent yet');
  }
  await expect(page.getByTestId('offline-unsent')).toHaveText('2 changes waiting to be sent');
  await shoot(page, 'kitchen-1024-offline-two-bumps');
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'kitchen-390-offline-two-bumps');
  await page.setViewportSize(TABLET);
  // Nothing reached the server: its lines are as they were.
  expect(bumps).toHaveLength(0);
  expect((await shop.readOrder(order.id)).items.map((item) => item.kitchenStatus)).toEqual([
    'queued',
    'queued',
  ]);
  // A reload offline would lose the page, not the bumps: they wait in IndexedDB (decision 040).
  const stored = await page.evaluate(async () => {
    const open = indexedDB.open('tavolo-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('staff-taps').objectStore('staff-taps').getAll();
    const entries = await new Promise<{ state: string; idempotencyKey: string }[]>((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return entries.map((entry) => ({ state: entry.state, key: entry.idempotencyKey }));
  });
  expect(stored.map((entry) => entry.state)).toEqual(['waiting', 'waiting']);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('unsent-mark')).toHaveCount(0);
  for (const line of [lines.nth(0), lines.nth(1)]) {
    await expect(line).toHaveAttribute('data-kitchen-status', 'preparing');
  }
  // Each bump went once, in order, under the key it was given when it was queued.
  await expect.poll(() => bumps.length).toBe(2);
  expect(bumps.map((request) => request.headers()['idempotency-key'])).toEqual(
    stored.map((entry) => entry.key),
  );
  expect(bumps.map((request) => request.postDataJSON())).toEqual([
    { orderId: order.id, lineIndexes: [0], status: 'preparing' },
    { orderId: order.id, lineIndexes: [1], status: 'preparing' },
  ]);
  const landed = await shop.readOrder(order.id);
  expect(landed.items.map((item) => item.kitchenStatus)).toEqual(['preparing', 'preparing']);
  // One move of the order (pending → preparing) and one change per bump: nothing twice.
  expect(landed.statusHistory.map((entry) => entry.status)).toEqual(['pending', 'preparing']);
  expect(landed.version).toBe(order.version + 2);
  await shoot(page, 'kitchen-1024-bumps-landed');

  expect(unexpected(errors)).toEqual([]);
  await context.close();
  await shop.dispose();
});

test('a bump whose request got no answer is sent again under the same key once the server answers', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const shop = await seedRestaurant(playwright, baseURL!);
  const order = await shop.guestOrder(0, [shop.dishes.margherita]);
  const { context, page } = await openTablet(browser, baseURL!, shop.owner);
  const keys: string[] = [];
  // The server cannot be reached for bumps, though the browser says it is online.
  await page.route('**/api/kitchen/bump', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.abort('connectionrefused');
  });
  await page.goto('/dashboard/kitchen');
  const line = page.getByTestId('kitchen-ticket').locator('[data-line-index]').first();
  await expect(line).toHaveAttribute('data-kitchen-status', 'queued');
  await line.click();
  await expect(line).toHaveAttribute('data-unsent', 'true');
  // A request that got no answer counts: after a few seconds the screen says it is offline.
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 8_000 });
  // Every try (the first, and the queue's while the server stays away) carries the one key.
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  const served: string[] = [];
  await page.unroute('**/api/kitchen/bump');
  page.on('request', (request) => {
    if (request.url().endsWith('/api/kitchen/bump')) served.push(request.headers()['idempotency-key'] ?? '');
  });
  // No browser event says the server is back: the screen asks again by itself.
  await expect(line).not.toHaveAttribute('data-unsent', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  expect(served).toEqual([keys[0]]);
  const landed = await shop.readOrder(order.id);
  expect(landed.items[0]?.kitchenStatus).toBe('preparing');
  expect(landed.version).toBe(order.version + 1);
  await context.close();
  await shop.dispose();
});

test('a bump made offline on a line voided meanwhile is shown refused, with why, until dismissed', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const shop = await seedRestaurant(playwright, baseURL!);
  const order = await shop.guestOrder(1);
  const { context, page } = await openTablet(browser, baseURL!, shop.owner);
  await page.goto('/dashboard/kitchen');
  const lines = page.getByTestId('kitchen-ticket').locator('[data-line-index]');
  await expect(lines).toHaveCount(2);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await lines.first().click();
  await lines.nth(1).click();
  await expect(page.getByTestId('offline-unsent')).toHaveText('2 changes waiting to be sent');
  // Meanwhile the waiter voids the first line.
  const voided = await shop.api.post(`/api/orders/${order.id}/lines/0/void`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { quantity: 1, reason: 'wrong_item' },
  });
  expect(voided.status(), await voided.text()).toBe(200);

  await context.setOffline(false);
  const refused = page.getByTestId('refused-tap');
  await expect(refused).toHaveCount(1, { timeout: 15_000 });
  await expect(refused).toContainText(`Not done: Table 7 · #${order.number}: 1× Margherita started`);
  await expect(refused).toContainText(/void/i);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await shoot(page, 'kitchen-1024-refused-bump');
  // The other bump went on and landed.
  const landed = await shop.readOrder(order.id);
  expect(landed.items.map((item) => item.kitchenStatus)).toEqual(['voided', 'preparing']);
  // It stays until the cook has read it, then goes.
  await page.waitForTimeout(1_000);
  await expect(refused).toHaveCount(1);
  await refused.getByRole('button', { name: /^Dismiss: / }).click();
  await expect(refused).toHaveCount(0);
  await context.close();
  await shop.dispose();
});

test('on a phone, a sold-out tap and a waiter’s order made offline: the tap lands, the order is refused as its dish sold out meanwhile', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const shop = await seedRestaurant(playwright, baseURL!);
  const { context, page } = await openTablet(browser, baseURL!, shop.owner, 'phone');
  const errors = watchConsole(page);

  await page.goto('/dashboard/today-menu');
  const margherita = page
    .getByTestId('today-item')
    .filter({ has: page.getByRole('heading', { name: 'Margherita', exact: true }) });
  await expect(margherita).toHaveAttribute('data-sold-out', 'false');
  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await margherita.getByRole('switch', { name: 'Available today: Margherita' }).click();
  await expect(margherita).toHaveAttribute('data-sold-out', 'true');
  await expect(margherita).toHaveAttribute('data-unsent', 'true');
  await expect(
    page.getByText('Margherita sold out: waiting for the connection; it will be sent once it is back.'),
  ).toBeVisible();
  await expect(page.getByTestId('today-counts')).toHaveText('1 available · 1 sold out');
  await shoot(page, 'today-menu-390-offline');
  await context.setOffline(false);
  await expect(margherita).not.toHaveAttribute('data-unsent', 'true', { timeout: 15_000 });
  await expect(margherita).toHaveAttribute('data-sold-out', 'true');
  const dish = await shop.api.get(`/api/menu/${shop.dishes.margherita}`);
  expect(((await dish.json()) as { soldOut: boolean }).soldOut).toBe(true);

  // A waiter's order: Tiramisù into the draft while online, sent while offline.
  await page.goto(`/dashboard/floor/table/${shop.tableIds[0]}`);
  await expect(page.getByRole('heading', { name: 'Table 4', level: 1 })).toBeVisible();
  await page.getByTestId('add-items').click();
  const picker = page.getByTestId('dish-picker');
  await picker.getByTestId('picker-dish').filter({ hasText: 'Tiramisù' }).first().click();
  await page.getByTestId('dish-sheet-submit').click();
  await picker.getByRole('button', { name: /^Done/ }).click();
  const draft = page.getByTestId('order-draft');
  await expect(draft.getByTestId('draft-line')).toHaveCount(1);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await draft.getByTestId('send-draft').click();
  await expect(
    page.getByText('1 item for table 4 kept on this phone: sent as soon as the connection is back.'),
  ).toBeVisible();
  await expect(page.getByTestId('order-draft')).toHaveCount(0);
  await expect(page.getByTestId('waiting-orders')).toContainText('Order for table 4: 1× Tiramisù');
  await shoot(page, 'table-390-offline-order');
  // Meanwhile the kitchen runs out of Tiramisù.
  const soldOut = await shop.api.put(`/api/menu/${shop.dishes.tiramisu}/sold-out`, {
    data: { soldOut: true },
  });
  expect(soldOut.status()).toBe(200);

  await context.setOffline(false);
  const refused = page.getByTestId('refused-tap');
  await expect(refused).toHaveCount(1, { timeout: 15_000 });
  await expect(refused).toContainText('Not done: Order for table 4: 1× Tiramisù');
  await expect(refused).toContainText('Tiramisù is sold out.');
  await expect(page.getByTestId('waiting-orders')).toHaveCount(0);
  await shoot(page, 'table-390-refused-order');
  const placed = await shop.api.get(
    `/api/orders/restaurant/${await restaurantIdOf(shop.api)}?page=1&pageSize=10`,
  );
  expect(((await placed.json()) as { total: number }).total).toBe(0);
  await refused.getByRole('button', { name: 'Dismiss: Order for table 4: 1× Tiramisù' }).click();
  await expect(refused).toHaveCount(0);

  expect(unexpected(errors)).toEqual([]);
  await context.close();
  await shop.dispose();
});

async function restaurantIdOf(api: APIRequestContext): Promise<string> {
  const me = await api.get('/auth/me');
  return ((await me.json()) as { restaurantId: string }).restaurantId;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// For people to look at (gitignored), not compared against a baseline.
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}

/** Waits for dialogs to finish sliding in (ignores endless animations such as spinners). */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

type Order = { id: string; number: number; totalMinor: number; status: string };

/** A menu and tables through the API, in the owner's cookie jar, as the screens would make them. */
async function seedRestaurant(page: Page) {
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const pizza = await post<{ id: string }>('/api/categories', { name: 'Pizza' });
  const margherita = await post<{ id: string }>('/api/menu', {
    categoryId: pizza.id,
    name: 'Margherita',
    priceMinor: 950,
    options: [
      {
        name: 'Size',
        required: true,
        min: 1,
        max: 1,
        choices: [
          { name: 'Regular', priceMinor: 0 },
          { name: 'Large', priceMinor: 300 },
        ],
      },
    ],
  });
  const tiramisu = await post<{ id: string }>('/api/menu', {
    categoryId: pizza.id,
    name: 'Tiramisù',
    priceMinor: 650,
  });
  const carbonara = await post<{ id: string }>('/api/menu', {
    categoryId: pizza.id,
    name: 'Spaghetti carbonara',
    priceMinor: 1250,
  });
  const tables: { qrToken: string; number: number }[] = [];
  for (const number of [4, 7, 12]) tables.push(await post('/api/tables', { number, seats: 4 }));
  return {
    items: { margherita: margherita.id, tiramisu: tiramisu.id, carbonara: carbonara.id },
    qr: (number: number) => tables.find((table) => table.number === number)?.qrToken ?? '',
  };
}

/** A guest's order: no session at all, only the table's code. */
async function placeGuestOrder(guest: APIRequestContext, data: Record<string, unknown>): Promise<Order> {
  const response = await guest.post('/api/orders', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

async function moveThroughApi(page: Page, order: Order, ...statuses: string[]) {
  for (const status of statuses) {
    const response = await page.request.put(`/api/orders/${order.id}/status`, {
      data: status === 'cancelled' ? { status, reason: 'Guest left before ordering drinks' } : { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

const cardOf = (page: Page, order: Order) =>
  page.locator(`[data-testid="order-card"][data-order-number="${order.number}"]`);
const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);

/** Today on the restaurant's clock (Europe/Rome), as the date filters want it. */
function todayInRome(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
}

test('an order placed by a guest appears live, moves through the kitchen, is paid and found in past orders', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await registerThroughApi(page, newOwner());
  const seed = await seedRestaurant(page);
  const guest = await playwright.request.newContext({ baseURL });

  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Live');
  await expect(page.getByRole('heading', { name: 'No open orders' })).toBeVisible();

  let order: Order;
  await test.step('a guest orders: the card appears without reloading, with a badge', async () => {
    order = await placeGuestOrder(guest, {
      qrToken: seed.qr(4),
      customerName: 'Anna',
      note: 'We are in a hurry',
      items: [
        {
          menuItemId: seed.items.margherita,
          quantity: 2,
          options: [{ group: 'Size', choice: 'Large' }],
          note: 'No basil',
        },
        { menuItemId: seed.items.tiramisu, quantity: 1 },
      ],
    });
    const card = cardOf(page, order);
    await expect(card).toBeVisible();
    await expect(column(page, 'pending').getByTestId('order-card')).toHaveCount(1);
    await expect(card.getByText('Table 4')).toBeVisible();
    await expect(card.getByText('Anna')).toBeVisible();
    await expect(card.getByText('“No basil”')).toBeVisible();
    await expect(card.getByText('We are in a hurry')).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByTestId('unseen-orders')).toHaveText('1 new order');
    await expect(page).toHaveTitle('(1) Orders · Tavolo');
  });

  await test.step('one tap per step: accepted, preparing, ready, served', async () => {
    const card = cardOf(page, order);
    // A slow server: each step is tapped as soon as its button is ready again, which is only
    // once the server has answered the step before (the card moves at once all the same).
    await page.route('**/api/orders/*/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await card.getByRole('button', { name: `Accept: order ${order.number}` }).click();
    await expect(column(page, 'accepted').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
    // Looking at the board (a tap) counts the new order as seen.
    await expect(page.getByTestId('unseen-orders')).toHaveText('');
    await expect(page).toHaveTitle('Orders · Tavolo');
    await card.getByRole('button', { name: `Start preparing: order ${order.number}` }).click();
    await expect(column(page, 'preparing').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
    await card.getByRole('button', { name: `Ready: order ${order.number}` }).click();
    await expect(column(page, 'ready').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
    await card.getByRole('button', { name: `Served: order ${order.number}` }).click();
    await expect(column(page, 'served').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
    await expect(card.getByText('Unpaid · €31.50 due')).toBeVisible();
    // The last answer is in once the next step's button is ready again.
    await expect(card.getByRole('button', { name: `Complete: order ${order.number}` })).toBeEnabled();
    await page.unroute('**/api/orders/*/status');

    // The server kept every move.
    await page.reload();
    await expect(column(page, 'served').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
  });

  await test.step('record the payment and complete', async () => {
    await cardOf(page, order)
      .getByRole('button', { name: `Complete: order ${order.number}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Pay and complete order #${order.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Method')).toBeFocused();
    await expect(dialog.getByTestId('amount-due')).toHaveText('€31.50');
    await dialog.getByLabel('Method').selectOption('card');
    await dialog.getByRole('button', { name: 'Record €31.50 and complete' }).click();
    await expect(page.getByText(`€31.50 recorded; order #${order.number} is completed.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardOf(page, order)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No open orders' })).toBeVisible();
  });

  await test.step('find it in past orders by number, status, table and date', async () => {
    // Another order, cancelled, that the filters must leave out.
    const other = await placeGuestOrder(guest, {
      qrToken: seed.qr(7),
      items: [{ menuItemId: seed.items.carbonara, quantity: 1 }],
    });
    await expect(cardOf(page, other)).toBeVisible();
    await moveThroughApi(page, other, 'cancelled');
    await expect(cardOf(page, other)).toHaveCount(0);

    await page.getByRole('link', { name: 'Past orders' }).first().click();
    await expect(page).toHaveURL('/dashboard/orders/past-orders');
    await expect(page.getByTestId('past-orders-count')).toHaveText('2 orders');

    await page.getByLabel('Search').fill(String(order.number));
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    await expect(page).toHaveURL(`/dashboard/orders/past-orders?q=${order.number}`);
    await page.getByLabel('Search').fill('ann');
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    await expect(page.getByTestId('past-order-row')).toContainText('Anna');
    await page.getByLabel('Search').fill('');
    await expect(page.getByTestId('past-orders-count')).toHaveText('2 orders');

    await page.getByLabel('Status').selectOption('completed');
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    await expect(page.getByTestId('past-order-row')).toContainText('Cancelled');
    await page.getByLabel('Status').selectOption('past');

    await page.getByLabel('Table').fill('4');
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    await expect(page).toHaveURL(/table=4/);
    await page.getByLabel('Table').fill('');

    const today = todayInRome();
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await expect(page.getByTestId('past-orders-count')).toHaveText('2 orders');
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await expect(page.getByRole('heading', { name: 'No orders match' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL('/dashboard/orders/past-orders');
    await expect(page.getByTestId('past-orders-count')).toHaveText('2 orders');
  });

  await test.step('the details show the whole history', async () => {
    await page.getByRole('button', { name: `Order #${order.number}, details` }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${order.number}` });
    await expect(dialog.getByTestId('history-entry')).toHaveCount(6);
    await expect(dialog.getByTestId('history-entry').first()).toContainText('by Anna (guest)');
    await expect(dialog.getByTestId('history-entry').last()).toContainText('Completed');
    await expect(dialog.getByTestId('history-entry').last()).toContainText('by Giulia Rossi (owner)');
    await expect(dialog.getByText('Paid', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the CSV export answers the filtered orders', async () => {
    await page.getByLabel('Status').selectOption('completed');
    await expect(page.getByTestId('past-orders-count')).toHaveText('1 order');
    const href = await page.getByTestId('export-csv').getAttribute('href');
    expect(href).toMatch(/\/export\.csv\?status=completed$/);
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/csv/);
    expect(response.headers()['content-disposition']).toMatch(/attachment; filename="orders-/);
    const lines = (await response.text()).trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^number,created_at,table/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${order.number},`));
    expect(lines[1]).toContain('31.50');
  });

  await guest.dispose();
  expect(errors).toEqual([]);
});

test('the board says "Live" when it receives updates, and a kitchen role sees no payments', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await registerThroughApi(page, newOwner());
  const seed = await seedRestaurant(page);
  await page.goto('/dashboard/orders');
  const indicator = page.getByTestId('connection-status');
  await expect(indicator).toHaveText('Live');
  await expect(indicator).toHaveAttribute('role', 'status');

  // Sound: a visible control, since browsers only play after a tap.
  await page.getByRole('button', { name: 'Turn on sound' }).click();
  await expect(page.getByRole('button', { name: /^Sound on/ })).toBeVisible();

  const guest = await playwright.request.newContext({ baseURL });
  const order = await placeGuestOrder(guest, {
    qrToken: seed.qr(12),
    items: [{ menuItemId: seed.items.tiramisu, quantity: 3 }],
  });
  await expect(cardOf(page, order)).toBeVisible();
  await guest.dispose();

  // Cancel with a reason from the card's menu.
  await cardOf(page, order)
    .getByRole('button', { name: `More actions for order ${order.number}` })
    .click();
  await page
    .getByRole('dialog', { name: `Order #${order.number}` })
    .getByRole('button', { name: 'Cancel order…' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${order.number}?` });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Reason is required: say why the order is cancelled.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sold out' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order #${order.number} was cancelled.`)).toBeVisible();
  await expect(cardOf(page, order)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('screenshots', () => {
  test('the board at tablet and phone sizes, its dialogs, and past orders', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await registerThroughApi(page, newOwner());
    const seed = await seedRestaurant(page);
    const guest = await playwright.request.newContext({ baseURL });
    const place = (table: number, data: Record<string, unknown>) =>
      placeGuestOrder(guest, { qrToken: seed.qr(table), ...data });

    const placed: Order[] = [];
    placed.push(
      await place(4, {
        customerName: 'Anna',
        items: [
          { menuItemId: seed.items.margherita, quantity: 2, options: [{ group: 'Size', choice: 'Large' }] },
          { menuItemId: seed.items.tiramisu, quantity: 1 },
        ],
      }),
    );
    placed.push(
      await place(7, {
        customerName: 'Marco Bianchi',
        note: 'Celiac guest at this table: please prepare everything gluten-free, keep it separate from the other dishes, and bring the dessert only after the mains are cleared.',
        items: [
          { menuItemId: seed.items.carbonara, quantity: 1, note: 'Gluten-free pasta, no pepper' },
          { menuItemId: seed.items.margherita, quantity: 1, options: [{ group: 'Size', choice: 'Regular' }] },
        ],
      }),
    );
    placed.push(await place(12, { items: [{ menuItemId: seed.items.carbonara, quantity: 3 }] }));
    placed.push(await place(4, { items: [{ menuItemId: seed.items.tiramisu, quantity: 2 }] }));
    placed.push(
      await place(7, {
        customerName: 'Lucia',
        items: [
          { menuItemId: seed.items.margherita, quantity: 1, options: [{ group: 'Size', choice: 'Regular' }] },
        ],
      }),
    );
    placed.push(await place(12, { items: [{ menuItemId: seed.items.tiramisu, quantity: 1 }] }));
    const [anna, marco, carbonara, dessert, lucia, last] = placed as [
      Order,
      Order,
      Order,
      Order,
      Order,
      Order,
    ];
    await moveThroughApi(page, marco, 'accepted', 'preparing');
    await moveThroughApi(page, carbonara, 'accepted');
    await moveThroughApi(page, dessert, 'accepted', 'preparing', 'ready');
    await moveThroughApi(page, lucia, 'accepted', 'preparing', 'ready', 'served');
    await moveThroughApi(page, last, 'cancelled');
    // Something for past orders: a completed one.
    const paidResponse = await page.request.post(`/api/orders/${lucia.id}/payments`, {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: { method: 'cash', amountMinor: lucia.totalMinor },
    });
    expect(paidResponse.status()).toBe(201);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/dashboard/orders');
    await expect(page.getByTestId('connection-status')).toHaveText('Live');
    await expect(page.getByTestId('order-card')).toHaveCount(5);
    await shoot(page, 'orders-board-tablet');
    await page.screenshot({ path: path.join(shots, 'orders-board-tablet-viewport.png') });
    await expectNoSeriousA11yViolations(page);
    // One order in each of the five columns, all of them on a 1024 px tablet beside the navigation:
    // no column scrolled out of sight, the Served card's Complete button wholly on screen.
    for (const status of ['pending', 'accepted', 'preparing', 'ready', 'served']) {
      const column = page.getByTestId(`board-column-${status}`);
      await expect(column.getByTestId('order-card')).toHaveCount(1);
      const columnBox = await column.boundingBox();
      expect(columnBox!.x + columnBox!.width, status).toBeLessThanOrEqual(1024);
    }
    const complete = cardOf(page, lucia).getByRole('button', { name: `Complete: order ${lucia.number}` });
    await expect(complete).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

    // Touch targets of the big buttons: at least 44px.
    const box = await cardOf(page, anna)
      .getByRole('button', { name: `Accept: order ${anna.number}` })
      .boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    // A new order arrives while the board is open: highlighted, counted.
    const fresh = await place(4, {
      customerName: 'Paolo',
      items: [{ menuItemId: seed.items.carbonara, quantity: 2 }],
    });
    await expect(cardOf(page, fresh)).toBeVisible();
    await expect(page.getByTestId('unseen-orders')).toHaveText('1 new order');

    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'orders-board-desktop');

    await cardOf(page, marco)
      .getByRole('button', { name: `Order #${marco.number}, details` })
      .click();
    const details = page.getByRole('dialog', { name: `Order #${marco.number}` });
    await expect(details.getByTestId('history-entry')).toHaveCount(3);
    await settle(page);
    await page.screenshot({ path: path.join(shots, 'orders-details-desktop.png') });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await cardOf(page, marco)
      .getByRole('button', { name: `More actions for order ${marco.number}` })
      .click();
    await page
      .getByRole('dialog', { name: `Order #${marco.number}` })
      .getByRole('button', { name: 'Cancel order…' })
      .click();
    const cancel = page.getByRole('dialog', { name: `Cancel order #${marco.number}?` });
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(cancel.getByText('Reason is required: say why the order is cancelled.')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: path.join(shots, 'orders-cancel-desktop.png') });
    await cancel.getByRole('button', { name: 'Keep order' }).click();
    await expect(cancel).toBeHidden();

    await cardOf(page, carbonara)
      .getByRole('button', { name: `More actions for order ${carbonara.number}` })
      .click();
    await page
      .getByRole('dialog', { name: `Order #${carbonara.number}` })
      .getByRole('button', { name: /^Record payment…/ })
      .click();
    const payment = page.getByRole('dialog', { name: `Record a payment for order #${carbonara.number}` });
    await expect(payment.getByLabel('Amount (EUR)')).toHaveValue('37.50');
    await settle(page);
    await page.screenshot({ path: path.join(shots, 'orders-payment-desktop.png') });
    await payment.getByRole('button', { name: 'Not now' }).click();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/orders');
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await shoot(page, 'orders-board-mobile');
    await page
      .getByRole('button', { name: /Preparing/ })
      .first()
      .click();
    await expect(cardOf(page, marco)).toBeVisible();
    await shoot(page, 'orders-board-mobile-preparing');
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await cardOf(page, marco)
      .getByRole('button', { name: `Order #${marco.number}, details` })
      .click();
    await expect(page.getByRole('dialog', { name: `Order #${marco.number}` })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: path.join(shots, 'orders-details-mobile.png') });
    await page.keyboard.press('Escape');

    // Complete the served one so that past orders has a completed and a cancelled order.
    await moveThroughApi(page, lucia, 'completed');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/orders/past-orders');
    await expect(page.getByTestId('past-order-row')).toHaveCount(2);
    await shoot(page, 'past-orders-desktop');
    await expectNoSeriousA11yViolations(page);

    // On a tablet what matters comes first and nothing hides behind a sideways scroll.
    await page.setViewportSize({ width: 1024, height: 768 });
    const headings = await page
      .locator('thead th')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.getBoundingClientRect().width > 0).map((cell) => cell.textContent),
      );
    expect(headings.slice(0, 4)).toEqual(['Order', 'Status', 'Total', 'Payment']);
    for (const name of ['Status', 'Total', 'Payment']) {
      await expect(page.locator('thead th', { hasText: name })).toBeInViewport({ ratio: 1 });
    }
    const table = page.locator('table').first();
    expect(
      await table.evaluate(
        (element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await shoot(page, 'past-orders-tablet');

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('past-order-card')).toHaveCount(2);
    await shoot(page, 'past-orders-mobile');
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    await guest.dispose();
    expect(errors).toEqual([]);
  });
});

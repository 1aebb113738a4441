import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// A guest's whole visit with three browsers: two guests' phones at one table and the staff board.
// One guest calls a waiter and the board shows it; both order; one pays for their own items with a
// tip and the other pays the rest; the board shows the table settled; one guest leaves a review.
// Everything goes through the real server and database and the sandbox payment provider.

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function addDish(guest: Page, qrToken: string, dish: string, times = 1) {
  if (!guest.url().endsWith(`/t/${qrToken}`)) await guest.goto(`/t/${qrToken}`);
  for (let i = 0; i < times; i += 1) {
    await guest.getByTestId('guest-category').getByRole('button', { name: dish, exact: true }).click();
    await guest
      .getByRole('dialog', { name: dish })
      .getByRole('button', { name: /Add to order/ })
      .click();
  }
}

async function placeOrder(guest: Page, qrToken: string): Promise<string> {
  await guest.getByTestId('cart-bar').click();
  await guest
    .getByRole('dialog', { name: 'Your order' })
    .getByRole('button', { name: /Place order/ })
    .click();
  await expect(guest).toHaveURL(new RegExp(`/t/${qrToken}/orders/[0-9a-f-]{36}$`));
  return guest.url().split('/').at(-1) ?? '';
}

test('two guests at one table call a waiter, split the bill with a tip, and the board sees it settled', async ({
  browser,
  baseURL,
}) => {
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  };
  const board = await open({ viewport: { width: 1280, height: 900 } });
  const anna = await open(phone);
  const ben = await open(phone);
  const errors = [board, anna, ben].map((page) => watchConsole(page));

  await registerThroughApi(board, newOwner());
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await board.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const mains = await post<{ id: string }>('/api/categories', { name: 'Mains' });
  await post('/api/menu', { categoryId: mains.id, name: 'Margherita', priceMinor: 1200 });
  await post('/api/menu', { categoryId: mains.id, name: 'Tiramisu', priceMinor: 600 });
  await post('/api/menu', { categoryId: mains.id, name: 'Chianti', priceMinor: 800 });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 7, seats: 4 });
  await board.goto('/dashboard/orders');

  await test.step('a guest calls a waiter; the board shows it and acknowledges it with one tap', async () => {
    await anna.goto(`/t/${table.qrToken}`);
    await anna.getByTestId('call-staff').click();
    await anna
      .getByRole('dialog', { name: 'Call staff' })
      .getByRole('button', { name: 'Call a waiter' })
      .click();
    await expect(anna.getByTestId('service-request-status')).toHaveAttribute('data-state', 'sent');
    const request = board.locator('[data-testid="service-request"][data-table-number="7"]');
    await expect(request).toHaveAttribute('data-kind', 'waiter');
    await expect(board.getByTestId('request-announcement')).toContainText('Table 7');
    await shoot(board, 'table-service-board-request');
    await request.getByRole('button', { name: /^On my way: table 7/ }).click();
    await expect(request).toHaveCount(0);
    await expect(anna.getByTestId('service-request-status')).toHaveAttribute('data-state', 'on-the-way');
    await expectNoSeriousA11yViolations(anna);
    await shoot(anna, 'table-service-guest-on-the-way');
  });

  let annaOrderId = '';
  await test.step('both guests order from their own phones', async () => {
    await addDish(anna, table.qrToken, 'Margherita');
    await addDish(anna, table.qrToken, 'Tiramisu');
    annaOrderId = await placeOrder(anna, table.qrToken);
    await addDish(ben, table.qrToken, 'Chianti', 2);
    await placeOrder(ben, table.qrToken);
  });

  await test.step('the first guest pays for their own items with a 10% tip', async () => {
    await anna.goto(`/t/${table.qrToken}/bill`);
    await expect(anna.getByTestId('bill-total')).toHaveText('€34.00');
    await expect(anna.getByTestId('bill-due')).toHaveText('€34.00');
    await expectNoSeriousA11yViolations(anna);
    await shoot(anna, 'table-service-bill');
    await anna.getByRole('radio', { name: /Pay for items/ }).check();
    await anna.getByRole('button', { name: /^One more \(Margherita/ }).click();
    await anna.getByRole('button', { name: /^One more \(Tiramisu/ }).click();
    await anna.getByRole('button', { name: /^10%/ }).click();
    await expect(anna.getByTestId('bill-pay-amount')).toHaveText('€18.00');
    await expect(anna.getByTestId('bill-pay-tip')).toHaveText('€1.80');
    await expect(anna.getByTestId('bill-pay-total')).toHaveText('€19.80');
    await shoot(anna, 'table-service-pay-items');
    await anna.getByTestId('bill-pay-button').click();
    await expect(anna).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await expect(anna.getByTestId('checkout-breakdown')).toContainText('€1.80');
    await shoot(anna, 'table-service-sandbox-tip');
    await anna.getByRole('button', { name: 'Pay €19.80' }).click();
    await expect(anna).toHaveURL(new RegExp(`/t/${table.qrToken}/bill/receipts/[0-9a-f-]{36}$`));
    await expect(anna.getByRole('heading', { name: 'Paid — thank you!' })).toBeVisible();
    await expect(anna.getByTestId('receipt-amount')).toHaveText('€18.00');
    await expect(anna.getByTestId('receipt-tip')).toHaveText('€1.80');
    await shoot(anna, 'table-service-receipt');
  });

  await test.step("the other guest's phone shows what is left, and pays the rest", async () => {
    await ben.goto(`/t/${table.qrToken}/bill`);
    await expect(ben.getByTestId('bill-due')).toHaveText('€16.00');
    await expect(ben.getByTestId('bill-line').filter({ hasText: 'Margherita' })).toHaveAttribute(
      'data-state',
      'paid',
    );
    await ben.getByRole('radio', { name: /Pay the whole bill/ }).check();
    await ben.getByRole('button', { name: /^0%/ }).click();
    await expect(ben.getByTestId('bill-pay-total')).toHaveText('€16.00');
    await ben.getByTestId('bill-pay-button').click();
    await expect(ben).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await ben.getByRole('button', { name: 'Pay €16.00' }).click();
    await expect(ben).toHaveURL(new RegExp(`/t/${table.qrToken}/bill/receipts/[0-9a-f-]{36}$`));
    await expect(ben.getByTestId('receipt-amount')).toHaveText('€16.00');
  });

  await test.step('the board shows the table settled', async () => {
    await expect(board.getByTestId('settled-tables')).toContainText('Table 7 settled');
    await shoot(board, 'table-service-board-settled');
    await board.getByTestId('bills-link').click();
    await expect(board).toHaveURL(/\/dashboard\/orders\/bills$/);
    await expect(board.getByRole('heading', { name: 'Bills', level: 1 })).toBeVisible();
    await expect(board.locator('[data-testid="table-bill"][data-table-number="7"]')).toHaveAttribute(
      'data-status',
      'settled',
    );
    await expectNoSeriousA11yViolations(board);
    await shoot(board, 'table-service-bills');
  });

  await test.step('a guest leaves a review once the meal is served', async () => {
    for (const status of ['accepted', 'preparing', 'ready', 'served']) {
      const moved = await board.request.put(`/api/orders/${annaOrderId}/status`, { data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await anna.goto(`/t/${table.qrToken}/orders/${annaOrderId}`);
    const review = anna.getByTestId('order-review');
    await expect(review.getByRole('heading', { name: 'How was it?' })).toBeVisible();
    await review.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await review.getByLabel('Anything to add? (optional)').fill('Lovely evening, and paying was easy.');
    await review.getByRole('button', { name: 'Send review' }).click();
    await expect(review.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await shoot(anna, 'table-service-review');
  });

  for (const list of errors) expect(list).toEqual([]);
  for (const context of contexts) await context.close();
});

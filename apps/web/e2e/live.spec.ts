import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { newOwner, registerThroughApi, watchConsole } from './helpers';

// Two people, two browsers: a guest on a phone at table 9 and the kitchen's tablet. Neither page
// is ever reloaded; everything they learn about the other arrives over the live streams.

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });

/** Marks the document; a reload or a full navigation would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { tavoloMark: string }).tavoloMark = 'same document';
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { tavoloMark?: string }).tavoloMark)).toBe(
    'same document',
  );
}

async function seedMenu(staff: Page) {
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await staff.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const mains = await post<{ id: string }>('/api/categories', { name: 'Mains' });
  await post('/api/menu', {
    categoryId: mains.id,
    name: 'Risotto ai funghi',
    priceMinor: 1400,
    options: [
      {
        name: 'Portion',
        required: true,
        min: 1,
        max: 1,
        choices: [
          { name: 'Regular', priceMinor: 0 },
          { name: 'Large', priceMinor: 400 },
        ],
      },
    ],
  });
  await post('/api/menu', { categoryId: mains.id, name: 'Panna cotta', priceMinor: 600 });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 9, seats: 2 });
  return table.qrToken;
}

test('a guest orders on the phone, the kitchen tablet shows it live, and the guest sees it ready', async ({
  browser,
  baseURL,
}) => {
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const guestContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const staff = await staffContext.newPage();
  const guest = await guestContext.newPage();
  const errors = [...[staff, guest].map(watchConsole)];

  await registerThroughApi(staff, newOwner());
  const qrToken = await seedMenu(staff);

  await test.step('the board has one kitchen display: the station screen', async () => {
    // A tablet bookmarked on the board's old kitchen view lands on the station screen.
    await staff.goto('/dashboard/orders?view=kitchen');
    await expect(staff).toHaveURL(/\/dashboard\/kitchen$/);
    await staff.goto('/dashboard/orders');
    await expect(staff.getByTestId('connection-status')).toHaveText('Live');
    await expect(staff.getByRole('heading', { name: 'No open orders' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Kitchen display' })).toHaveCount(0);
    // Every column fits the tablet: nothing scrolls sideways.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await markDocument(staff);
  });

  let orderNumber = '';
  await test.step('the guest orders from table 9 on the phone', async () => {
    await guest.goto(`/t/${qrToken}`);
    await expect(guest.getByTestId('guest-table')).toContainText('Table 9');
    await guest.getByRole('button', { name: 'Risotto ai funghi' }).click();
    const sheet = guest.getByRole('dialog', { name: 'Risotto ai funghi' });
    await sheet.getByRole('radio', { name: 'Large' }).check();
    await sheet.getByLabel('Note for the kitchen (optional)').fill('No parsley');
    await sheet.getByRole('button', { name: /Add to order/ }).click();
    await expect(sheet).toBeHidden();
    await guest.getByRole('button', { name: 'Panna cotta' }).click();
    await guest
      .getByRole('dialog', { name: 'Panna cotta' })
      .getByRole('button', { name: /Add to order/ })
      .click();
    await guest.getByTestId('cart-bar').click();
    const cart = guest.getByRole('dialog', { name: 'Your order' });
    await cart.getByLabel('Your name (optional)').fill('Chiara');
    await cart.getByRole('button', { name: /Place order/ }).click();
    await expect(guest).toHaveURL(new RegExp(`/t/${qrToken}/orders/[0-9a-f-]{36}$`));
    await expect(guest.getByTestId('connection-hint')).toHaveText('Live');
    await expect(guest.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
    orderNumber = ((await guest.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');
    expect(orderNumber).not.toBe('');
    await markDocument(guest);
  });

  const card = () => staff.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
  await test.step('the board shows the new order without a reload', async () => {
    await expect(staff.getByTestId('board-column-pending').getByTestId('order-card')).toHaveCount(1);
    await expect(card()).toContainText('Table 9');
    await expect(card()).toContainText('Chiara');
    await expect(card()).toContainText('Risotto ai funghi');
    await expect(card()).toContainText('Portion: Large');
    await expect(card()).toContainText('“No parsley”');
    await expect(card()).toContainText('Panna cotta');
    await expect(staff.getByTestId('unseen-orders')).toHaveText('1 new order');
    await shoot(staff, 'live-board-tablet-new-order');
    await expectSameDocument(staff);
  });

  await test.step('the kitchen taps it to ready; the guest page follows each step', async () => {
    const headline = guest.getByTestId('order-status');
    for (const [button, column, status] of [
      ['Accept', 'accepted', 'accepted'],
      ['Start preparing', 'preparing', 'preparing'],
      ['Ready', 'ready', 'ready'],
    ] as const) {
      await card()
        .getByRole('button', { name: `${button}: order ${orderNumber}` })
        .click();
      await expect(staff.getByTestId(`board-column-${column}`).getByTestId('order-card')).toHaveCount(1);
      await expect(headline).toHaveAttribute('data-status', status);
    }
    await expect(headline).toContainText('Your order is ready');
    // Screen readers hear it from a live region that was there all along.
    await expect(guest.getByTestId('order-status-announcement')).toHaveText(
      'Your order is ready. It is on its way to your table.',
    );
    await shoot(staff, 'live-board-tablet-ready');
    await shoot(guest, 'live-guest-ready');
    await expectSameDocument(guest);
    await expectSameDocument(staff);
  });

  await test.step('the board links to the station screen, the one kitchen display', async () => {
    expect(await staff.locator('aside').evaluate((aside) => aside.closest('[inert]') !== null)).toBe(false);
    await expect(
      staff.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders', exact: true }),
    ).toBeVisible();
    await staff.getByTestId('station-screen-link').click();
    await expect(staff).toHaveURL(/\/dashboard\/kitchen$/);
    await expect(staff.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
  });

  expect(errors.flat()).toEqual([]);
  await staffContext.close();
  await guestContext.close();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// For people to look at (gitignored), not compared against a baseline.
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/staff-screens');
mkdirSync(shots, { recursive: true });

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The same screen at 1280 and at 390 px wide, whole page. */
async function shootBoth(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // From the top: a page shot from further down draws the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

type Order = { id: string; number: number };

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
  });
  await post('/api/menu', { categoryId: pizza.id, name: 'Diavola', priceMinor: 1150 });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 5, seats: 4 });
  return { margherita: margherita.id, qrToken: table.qrToken };
}

async function placeGuestOrder(guest: APIRequestContext, data: Record<string, unknown>): Promise<Order> {
  const response = await guest.post('/api/orders', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

const KITCHEN = {
  name: 'Kai Fontana',
  email: `kai-${Date.now()}@example.com`,
  password: 'kitchen pass 42',
};

test('the owner adds a kitchen member, who sees only what the kitchen may do, until deactivated', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ baseURL, viewport: WIDE });
  const kitchenContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const owner = await ownerContext.newPage();
  const kitchen = await kitchenContext.newPage();
  const ownerErrors = watchConsole(owner);

  await registerThroughApi(owner, newOwner());
  const seed = await seedRestaurant(owner);
  const guest = await playwright.request.newContext({ baseURL });
  const order = await placeGuestOrder(guest, {
    qrToken: seed.qrToken,
    customerName: 'Bea',
    items: [{ menuItemId: seed.margherita, quantity: 1 }],
  });

  await test.step('the owner creates a Kitchen member', async () => {
    await owner.goto('/dashboard/staff');
    await expect(owner.getByRole('heading', { name: 'No staff yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    await owner.getByRole('link', { name: 'Add a staff member' }).first().click();
    await expect(owner).toHaveURL('/dashboard/staff/new-staff');
    const form = owner.getByRole('form', { name: 'New staff member' });
    await form.getByLabel('Name').fill(KITCHEN.name);
    await form.getByLabel('E-mail').fill(KITCHEN.email);
    await form.getByLabel('Phone (optional)').fill('+39 333 123 4567');
    await form.getByLabel('Role').selectOption({ label: 'Kitchen' });
    await form.getByLabel('Password').fill(KITCHEN.password);
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'staff-form');
    await form.getByRole('button', { name: 'Add staff member' }).click();
    await expect(owner).toHaveURL('/dashboard/staff');
    await expect(owner.getByText(`${KITCHEN.name} was added.`, { exact: false })).toBeVisible();
    const row = owner.getByTestId('staff-row').filter({ hasText: KITCHEN.name });
    await expect(row).toContainText('Kitchen');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never signed in');
  });

  await test.step('the roles editor shows who holds what, and explains why Kitchen cannot go', async () => {
    await owner.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Roles' }).click();
    await expect(owner).toHaveURL('/dashboard/staff/roles');
    const kitchenRole = owner
      .getByTestId('role-card')
      .filter({ has: owner.getByRole('heading', { name: 'Kitchen' }) });
    await expect(kitchenRole).toContainText('1 staff member');
    await expect(kitchenRole.getByRole('button', { name: 'Delete Kitchen' })).toBeDisabled();
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'roles');
    await kitchenRole.getByRole('button', { name: 'Edit Kitchen' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Edit Kitchen' });
    await expect(dialog.getByLabel('Mark dishes sold out for today, and back')).toBeChecked();
    await expect(dialog.getByLabel('Edit the menu and its categories')).not.toBeChecked();
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'roles-editor');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the kitchen signs in as staff on a tablet and sees only its areas', async () => {
    await kitchen.goto('/login');
    await kitchen.getByLabel('E-mail').fill(KITCHEN.email);
    await kitchen.getByLabel('Password').fill(KITCHEN.password);
    await kitchen.getByRole('button', { name: 'Sign in' }).click();
    // Not ticked: refused, with the hint at the other switch, and the focus on the message.
    const alert = kitchen.getByRole('alert');
    await expect(alert).toContainText("Are you staff? Tick 'Sign in as staff'.");
    await expect(kitchen.locator(':focus')).toContainText('Incorrect e-mail or password.');
    await kitchen.getByLabel('Sign in as staff').check();
    await kitchen.getByRole('button', { name: 'Sign in' }).click();
    // No overview for the kitchen: it lands on its own screen, the station's (lib/landing.ts).
    await expect(kitchen).toHaveURL('/dashboard/kitchen');
    const nav = kitchen.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText([
      'Orders',
      'Floor',
      'Kitchen',
      'Past orders',
      'Bills',
      "Today's menu",
    ]);
    for (const hidden of ['Menu', 'Categories', 'Staff', 'Settings', 'Tables', 'Payments']) {
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
  });

  await test.step('a screen the kitchen may not open says what is missing', async () => {
    await kitchen.goto('/dashboard/menu');
    const panel = kitchen.getByTestId('no-access');
    await expect(panel).toContainText('“Edit the menu and its categories”');
    await expect(panel).toContainText('The restaurant owner');
    await expectNoSeriousA11yViolations(kitchen);
    await shootBoth(kitchen, 'no-access');
  });

  await test.step('the kitchen marks a dish sold out, and moves the order', async () => {
    await kitchen.getByRole('link', { name: "Today's menu" }).click();
    const card = kitchen
      .getByTestId('today-item')
      .filter({ has: kitchen.getByRole('heading', { name: 'Margherita' }) });
    await expect(kitchen.getByRole('link', { name: 'Edit the menu' })).toHaveCount(0);
    await card.getByRole('switch', { name: 'Available today: Margherita' }).click();
    await expect(kitchen.getByText('Margherita is sold out until midnight.')).toBeVisible();
    await expect(card.getByText('Sold out', { exact: true })).toBeVisible();

    await kitchen.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(kitchen.getByTestId('connection-status')).toHaveText('Live');
    const orderCard = kitchen.locator(`[data-testid="order-card"][data-order-number="${order.number}"]`);
    await orderCard.getByRole('button', { name: `Accept: order ${order.number}` }).click();
    await expect(kitchen.getByTestId('board-column-accepted').getByTestId('order-card')).toHaveCount(1);
  });

  await test.step('the owner deactivates the member: their open board stops within a heartbeat', async () => {
    // Opened afresh: the list shows the sign-in that just happened.
    await owner.goto('/dashboard/staff');
    const row = owner.getByTestId('staff-row').filter({ hasText: KITCHEN.name });
    await expect(row).not.toContainText('Never signed in');
    await row.getByRole('button', { name: `Deactivate ${KITCHEN.name}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Deactivate ${KITCHEN.name}?` });
    await expectNoSeriousA11yViolations(owner);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(owner.getByText(`${KITCHEN.name} was deactivated and signed out everywhere.`)).toBeVisible();
    await expect(row).toContainText('Inactive');
    await shootBoth(owner, 'staff-list');
    // The heartbeat is 2 s in the e2e server: the stream ends, the board finds the session gone.
    await expect(kitchen).toHaveURL(/\/login$/, { timeout: 10_000 });
  });

  await test.step('settings: the profile, the password, the restaurants', async () => {
    await owner.getByRole('link', { name: 'Settings' }).click();
    await expect(owner.getByRole('form', { name: 'Restaurant profile' })).toBeVisible();
    await owner.getByLabel('Restaurant name').fill('Trattoria Aperta');
    await owner.getByLabel('Service charge (%)').fill('10');
    await owner.getByRole('button', { name: 'Save profile' }).click();
    await expect(owner.getByText('The restaurant profile was saved.')).toBeVisible();
    // The name across the dashboard follows.
    await expect(owner.getByTestId('restaurant-name')).toHaveText('Trattoria Aperta');
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'settings');
  });

  await test.step('the owner adds a restaurant from the switcher, switches to it and back', async () => {
    await owner.goto('/dashboard/tables');
    await owner.getByTestId('restaurant-switcher').click();
    await owner.getByRole('button', { name: 'Add a restaurant' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add a restaurant' });
    await dialog.getByLabel('Name').fill('Pizzeria Seconda');
    await dialog.getByRole('button', { name: 'Add restaurant' }).click();
    await expect(owner.getByText(/Pizzeria Seconda was opened/)).toBeVisible();

    await owner.getByTestId('restaurant-switcher').click();
    const list = owner.getByRole('list', { name: 'Switch restaurant' });
    await expect(list.getByRole('button')).toHaveCount(2);
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'switcher');
    await list.getByRole('button', { name: 'Pizzeria Seconda' }).click();
    await expect(owner.getByTestId('restaurant-name')).toHaveText('Pizzeria Seconda');
    await expect(owner).toHaveURL('/dashboard/tables');
    await expect(owner.getByRole('heading', { name: 'No tables yet' })).toBeVisible();

    await owner.getByTestId('restaurant-switcher').click();
    await owner
      .getByRole('list', { name: 'Switch restaurant' })
      .getByRole('button', { name: 'Trattoria Aperta' })
      .click();
    await expect(owner.getByTestId('restaurant-name')).toHaveText('Trattoria Aperta');
    await expect(owner.getByRole('heading', { name: 'Table 5' })).toBeVisible();
  });

  expect(ownerErrors).toEqual([]);
  await ownerContext.close();
  await kitchenContext.close();
  await guest.dispose();
});

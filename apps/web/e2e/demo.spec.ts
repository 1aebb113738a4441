import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole } from './helpers';

// The demo restaurant is built by `npm run demo` before the server starts (playwright.config.ts).
// Its owner signs in the way anyone would, and the Overview shows a year of real figures.

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });

async function signInAsDemoOwner(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@tavolo.test');
  await page.getByLabel('Password').fill('tavolo-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
}

/** "€1,234.56" → 123456; anything else (a dash, "No reviews yet") → 0. */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, '') || 0);

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '360', width: 360, height: 780 },
]) {
  test(`after npm run demo the owner's Overview shows a year of figures (${viewport.name})`, async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(viewport);
    await signInAsDemoOwner(page);

    const card = (label: string) => page.getByTestId('stat-card').filter({ hasText: label });
    await expect(card('Active orders')).toBeVisible();
    const value = async (label: string) =>
      minorOf((await card(label).locator('p').first().innerText()) ?? '');
    // The demo keeps a few orders open now, pays and reviews its history and credits its wallet.
    expect(await value('Active orders')).toBeGreaterThan(0);
    await expect(card('Rating')).toContainText('★');
    expect(await value('Wallet balance')).toBeGreaterThanOrEqual(0);

    // The revenue chart draws bars for the months of the year that have passed.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    // Over the year, orders and dishes are not zero.
    // The segment's label is what a finger taps (its radio is visually hidden).
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Year' }) })
      .click();
    await expect(page).toHaveURL(/period=year/);
    await expect(page.getByText('Most ordered')).toBeVisible();
    await expect(page.getByTestId('stat-card').first()).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `demo-overview-${viewport.name}`);
    expect(errors).toEqual([]);
  });
}

test('the demo runs an evening: courses at their stations, a closed history, one story of figures', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  // A table's order through the API, as a waiter's phone would send it: a drink, a starter, a pasta.
  const anonymous = await playwright.request.newContext({ baseURL });
  const login = await anonymous.post('/auth/login', {
    data: { email: 'demo@tavolo.test', password: 'tavolo-demo' },
  });
  expect(login.status()).toBe(200);
  const { token, restaurantId } = (await login.json()) as { token: string; restaurantId: string };
  await anonymous.dispose();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const get = async <T>(url: string): Promise<T> => (await (await api.get(url)).json()) as T;
  type Category = { id: string; name: string; course: number };
  const { items: categories } = await get<{ items: Category[] }>(`/api/categories/${restaurantId}`);
  expect(categories.map((c) => [c.name, c.course])).toEqual([
    ['Antipasti', 1],
    ['Primi', 2],
    ['Secondi', 2],
    ['Pizze', 2],
    ['Dolci', 3],
    ['Bevande', 0],
  ]);
  const { items: dishes } = await get<{ items: { id: string; categoryId: string; options: unknown[] }[] }>(
    `/api/menu/restaurant/${restaurantId}`,
  );
  const dishOf = (category: string) =>
    dishes.find(
      (d) => d.categoryId === categories.find((c) => c.name === category)!.id && d.options.length === 0,
    )!;
  const { items: tables } = await get<{ items: { id: string; number: number }[] }>(
    `/api/tables/restaurant/${restaurantId}`,
  );
  const placed = await api.post('/api/orders', {
    data: {
      tableId: tables.at(-1)!.id,
      items: ['Bevande', 'Antipasti', 'Primi'].map((name) => ({ menuItemId: dishOf(name).id, quantity: 1 })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; number: number; items: { kitchenStatus: string }[] };
  // The drink and the starter go at once; the pasta waits for the mains to be fired.
  expect(order.items.map((line) => line.kitchenStatus)).toEqual(['queued', 'queued', 'held']);
  const fired = await api.post(`/api/orders/${order.id}/fire`, { data: { course: 2 } });
  expect(fired.status(), await fired.text()).toBe(200);
  await api.dispose();

  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsDemoOwner(page);
  await page.goto('/dashboard/kitchen');
  await page.getByRole('button', { name: 'Kitchen', exact: true }).click();
  await expect(page.getByText(`#${order.number} · Mains`)).toBeVisible();
  await expect(page.getByText(`#${order.number} · Starters`)).toBeVisible();
  await shoot(page, 'demo-kitchen-mains-1024');
  await page.getByRole('button', { name: 'Bar', exact: true }).click();
  await expect(page.getByText(`#${order.number} · At once`)).toBeVisible();

  // The Overview says what its revenue counts; the day report's history is closed days.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/overview');
  await expect(page.getByTestId('revenue-caption')).toContainText('tips included');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shoot(page, 'demo-overview-caption-desktop');
  await page.goto('/dashboard/payments/close-day');
  await expect(page.getByTestId('day-report').getByRole('heading', { name: 'X report' })).toBeVisible();
  expect(await page.getByTestId('closed-day-row').count()).toBeGreaterThan(5);
  await shoot(page, 'demo-x-report-desktop');
  expect(errors).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { listSmallTargets, newOwner, registerThroughApi } from './helpers';

/**
 * Every control on the dashboard and the guest pages is at least 44 × 44 px, at the sizes staff
 * and guests use: a 1024 px tablet and a phone.
 */

async function seed(page: Page) {
  await registerThroughApi(page, newOwner());
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await page.request.post(url, { data });
    expect(response.status(), url).toBe(201);
    return response.json() as Promise<T>;
  };
  const category = await post<{ id: string }>('/api/categories', { name: 'Mains' });
  const dish = await post<{ id: string }>('/api/menu', {
    categoryId: category.id,
    name: 'Margherita',
    priceMinor: 950,
    tags: ['vegetarian'],
    allergens: ['gluten'],
  });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 4, label: 'Window' });
  await post('/api/orders', { qrToken: table.qrToken, items: [{ menuItemId: dish.id, quantity: 1 }] });
  return { qrToken: table.qrToken };
}

const SCREENS = [
  '/dashboard/overview',
  '/dashboard/orders',
  '/dashboard/orders/past-orders',
  '/dashboard/today-menu',
  '/dashboard/menu',
  '/dashboard/menu/add',
  '/dashboard/categories',
  '/dashboard/tables',
  '/dashboard/staff',
  '/dashboard/staff/roles',
  '/dashboard/staff/new-staff',
  '/dashboard/settings',
];

for (const viewport of [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every target is at least 44 px on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { qrToken } = await seed(page);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await listSmallTargets(page), path).toEqual([]);
    }
    await page.goto(`/t/${qrToken}`);
    await expect(page.getByRole('button', { name: 'Margherita' })).toBeVisible();
    expect(await listSmallTargets(page), 'guest menu').toEqual([]);
  });
}

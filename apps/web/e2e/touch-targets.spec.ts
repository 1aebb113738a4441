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
  const paidOrder = await post<{ id: string; totalMinor: number }>('/api/orders', {
    qrToken: table.qrToken,
    items: [{ menuItemId: dish.id, quantity: 1 }],
  });
  await post(`/api/orders/${paidOrder.id}/payments`, { method: 'cash', amountMinor: paidOrder.totalMinor });
  await post('/api/settlement-accounts', {
    bankName: 'Banca',
    accountName: 'Trattoria',
    accountNumber: '12345678',
  });
  // An order left to pay online: its sandbox checkout is a guest page too.
  const dueOrder = await post<{ id: string; guestToken: string }>('/api/orders', {
    qrToken: table.qrToken,
    items: [{ menuItemId: dish.id, quantity: 2 }],
  });
  const checkout = await page.request.post(`/api/orders/${dueOrder.id}/checkout`, {
    headers: { 'X-Guest-Token': dueOrder.guestToken },
  });
  expect(checkout.status()).toBe(201);
  const { paymentId } = (await checkout.json()) as { paymentId: string };
  return { qrToken: table.qrToken, paymentId };
}

const SCREENS = [
  '/dashboard/overview',
  '/dashboard/orders',
  '/dashboard/orders/past-orders',
  '/dashboard/floor',
  '/dashboard/orders/activity',
  '/dashboard/today-menu',
  '/dashboard/menu',
  '/dashboard/menu/add',
  '/dashboard/categories',
  '/dashboard/tables',
  '/dashboard/staff',
  '/dashboard/staff/roles',
  '/dashboard/staff/new-staff',
  '/dashboard/payments',
  '/dashboard/settlement',
  '/dashboard/settlement/accounts',
  '/dashboard/settlement/accounts/add-account',
  '/dashboard/settings',
];

for (const viewport of [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every target is at least 44 px on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { qrToken, paymentId } = await seed(page);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await listSmallTargets(page), path).toEqual([]);
    }
    await page.goto(`/t/${qrToken}`);
    await expect(page.getByRole('button', { name: 'Margherita' })).toBeVisible();
    expect(await listSmallTargets(page), 'guest menu').toEqual([]);
    await page.goto(`/pay/sandbox/${paymentId}`);
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(await listSmallTargets(page), 'sandbox checkout').toEqual([]);
  });
}

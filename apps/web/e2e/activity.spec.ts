import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// The owner takes a payment and cancels an order on the live board, then finds both on the
// activity screen (the audit log), filters it by kind, and looks at it on a phone and a tablet.
// The real server and database throughout.

// For people to look at, outside the repository (AUDIT_SHOTS moves them).
const shots = process.env.AUDIT_SHOTS ?? '/tmp/shots-audit';
const shoot = async (page: Page, name: string) => {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });
};

type Order = { id: string; number: number; totalMinor: number };

async function placeGuestOrder(
  guest: APIRequestContext,
  qrToken: string,
  menuItemId: string,
  quantity: number,
) {
  const response = await guest.post('/api/orders', { data: { qrToken, items: [{ menuItemId, quantity }] } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

const cardOf = (page: Page, order: Order) =>
  page.locator(`[data-testid="order-card"][data-order-number="${order.number}"]`);

async function openActions(page: Page, order: Order) {
  await cardOf(page, order)
    .getByRole('button', { name: `More actions for order ${order.number}` })
    .click();
  return page.getByRole('dialog', { name: `Order #${order.number}` });
}

test('a payment and a cancellation show on the activity screen, filtered by kind, on a tablet and a phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await registerThroughApi(page, newOwner());
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const mains = await post<{ id: string }>('/api/categories', { name: 'Mains' });
  const lasagne = await post<{ id: string }>('/api/menu', {
    categoryId: mains.id,
    name: 'Lasagne',
    priceMinor: 1250,
  });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 7, seats: 4 });
  const guest = await playwright.request.newContext({ baseURL });
  const paid = await placeGuestOrder(guest, table.qrToken, lasagne.id, 2);
  const cancelled = await placeGuestOrder(guest, table.qrToken, lasagne.id, 1);
  await guest.dispose();

  await page.goto('/dashboard/orders');
  await expect(cardOf(page, paid)).toBeVisible();

  await test.step('the owner records a payment on the board', async () => {
    await (await openActions(page, paid)).getByRole('button', { name: /^Record payment…/ }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment for order #${paid.number}` });
    await expect(dialog.getByLabel('Amount (EUR)')).toHaveValue('25.00');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText(`€25.00 recorded for order #${paid.number}.`)).toBeVisible();
  });

  await test.step('and cancels the other order, with a reason', async () => {
    await (await openActions(page, cancelled)).getByRole('button', { name: 'Cancel order…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${cancelled.number}?` });
    await dialog.getByRole('button', { name: 'Sold out' }).click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(`Order #${cancelled.number} was cancelled.`)).toBeVisible();
  });

  await test.step('the Orders screen links to the activity, which lists both, newest first', async () => {
    await page.getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/activity$/);
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const rows = page.getByTestId('activity-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Order cancelled');
    await expect(rows.nth(0)).toContainText('Giulia Rossi');
    await expect(rows.nth(0)).toContainText(`Order #${cancelled.number} · Table 7`);
    await expect(rows.nth(0)).toContainText('€12.50');
    await expect(rows.nth(0)).toContainText('Sold out');
    await expect(rows.nth(1)).toContainText('Payment taken');
    await expect(rows.nth(1)).toContainText('€25.00');
    await expect(rows.nth(1)).toContainText('Cash');
    await expect(page.getByTestId('activity-count')).toHaveText('2 entries');
    await expect(page.getByTestId('voids-discounts')).toContainText('No voids or discounts in this period.');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'activity-1024');
  });

  await test.step('filtered by kind, it keeps only the payment', async () => {
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Payment taken' });
    await expect(page).toHaveURL(/kind=payment\.recorded/);
    await expect(page.getByTestId('activity-row')).toHaveCount(1);
    await expect(page.getByTestId('activity-row')).toContainText('Payment taken');
    await expect(page.getByTestId('activity-count')).toHaveText('1 entry');
    // Nothing of another kind: an empty list that says so, with a way back.
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Bill closed' });
    await expect(page.getByRole('heading', { name: 'No entries match' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await page.getByLabel('Staff member', { exact: true }).selectOption({ label: 'Giulia Rossi' });
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Yesterday' });
    await expect(page.getByRole('heading', { name: 'No entries match' })).toBeVisible();
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Today' });
    await page.getByLabel('Staff member', { exact: true }).selectOption({ label: 'Anyone' });
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
  });

  await test.step('on a phone: cards, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('activity-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Order cancelled');
    await expect(cards.nth(0)).toContainText('By Giulia Rossi');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'activity-390');
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Payment taken' });
    await expect(cards).toHaveCount(1);
    await shoot(page, 'activity-390-filtered');
  });

  expect(errors).toEqual([]);
});

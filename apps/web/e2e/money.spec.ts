import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// A guest pays online on a phone through the sandbox provider; the owner sees the order paid, the
// wallet credited less the provider's 1.5% fee, pays some of it out and sees the balance drop.
// Everything goes through the real server and database: no answer here is stubbed.

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });

test('a guest pays online through the sandbox, and the owner sees the wallet credited and pays out', async ({
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const guestContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const owner = await ownerContext.newPage();
  const guest = await guestContext.newPage();
  const ownerErrors = watchConsole(owner);
  const guestErrors = watchConsole(guest);

  // The restaurant: one dish at €24.00 and a table (no service charge, so the order is €24.00).
  await registerThroughApi(owner, newOwner());
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await owner.request.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const mains = await post<{ id: string }>('/api/categories', { name: 'Mains' });
  await post('/api/menu', { categoryId: mains.id, name: 'Bistecca', priceMinor: 2400 });
  const table = await post<{ qrToken: string }>('/api/tables', { number: 4, seats: 2 });

  await test.step('the owner adds the account payouts go to', async () => {
    await owner.goto('/dashboard/settlement/accounts/add-account');
    const form = owner.getByRole('form', { name: 'New settlement account' });
    await form.getByLabel('Bank name').fill('Banca Etica');
    await form.getByLabel('Account holder').fill('Trattoria srl');
    await form.getByLabel('Account number or IBAN').fill('IT60 X054 2811 1010 0000 0123 456');
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(owner).toHaveURL(/\/dashboard\/settlement\/accounts$/);
    const account = owner.getByTestId('settlement-account');
    await expect(account).toContainText('•••• 3456');
    await expect(account).toContainText('Default');
    await shoot(owner, 'money-settlement-accounts');
  });

  let orderId = '';
  await test.step('the guest orders on the phone and sees what is due', async () => {
    await guest.goto(`/t/${table.qrToken}`);
    await guest.getByRole('button', { name: 'Bistecca' }).click();
    await guest
      .getByRole('dialog', { name: 'Bistecca' })
      .getByRole('button', { name: /Add to order/ })
      .click();
    await guest.getByTestId('cart-bar').click();
    await guest
      .getByRole('dialog', { name: 'Your order' })
      .getByRole('button', { name: /Place order/ })
      .click();
    await expect(guest).toHaveURL(new RegExp(`/t/${table.qrToken}/orders/[0-9a-f-]{36}$`));
    orderId = guest.url().split('/').at(-1) ?? '';
    await expect(guest.getByTestId('order-payment')).toHaveAttribute('data-state', 'due');
    await expect(guest.getByTestId('amount-due')).toHaveText('€24.00');
    await shoot(guest, 'money-guest-due');
  });

  await test.step('the guest pays on the sandbox checkout and comes back to a paid order', async () => {
    await guest.getByRole('button', { name: 'Pay now' }).click();
    await expect(guest).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await expect(guest.getByRole('heading', { name: /^Pay Trattoria/ })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    await shoot(guest, 'money-sandbox-checkout');
    await guest.getByRole('button', { name: 'Pay €24.00' }).click();
    await expect(guest).toHaveURL(new RegExp(`/t/${table.qrToken}/orders/${orderId}$`));
    await expect(guest.getByTestId('order-payment')).toHaveAttribute('data-state', 'paid');
    await expect(guest.getByTestId('order-payment')).toContainText('€24.00 received');
    await shoot(guest, 'money-guest-paid');
  });

  await test.step('the owner sees the payment, and the wallet credited less the 1.5% fee', async () => {
    await owner.goto('/dashboard/payments');
    const row = owner.getByTestId('payment-row').first();
    await expect(row).toContainText('€24.00');
    await expect(row).toContainText(/online/i);
    await shoot(owner, 'money-payments');

    await owner.goto('/dashboard/settlement');
    // €24.00 in, €0.36 fee out (1.5% of 2400 = 36).
    await expect(owner.getByTestId('wallet-balance')).toHaveText('€23.64');
    await expect(owner.getByText('+€24.00')).toBeVisible();
    await expect(owner.getByText('−€0.36')).toBeVisible();
  });

  await test.step('the owner pays €20.00 out, confirms, and the balance drops', async () => {
    await owner.getByRole('button', { name: 'Request payout' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel(/^Amount/).fill('20.00');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Pay out €20.00 to Banca Etica •••• 3456?')).toBeVisible();
    await shoot(owner, 'money-payout-confirm');
    await dialog.getByRole('button', { name: 'Pay out €20.00' }).click();
    await expect(owner.getByTestId('wallet-balance')).toHaveText('€3.64');
    await expect(owner.getByText('−€20.00')).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'money-settlement');
  });

  await test.step("the Overview tells the truth: today's revenue, the wallet, a drawn chart", async () => {
    await owner.goto('/dashboard/overview');
    const card = (label: string) => owner.getByTestId('stat-card').filter({ hasText: label });
    await expect(card("Today's revenue")).toContainText('€24.00');
    await expect(card('Active orders')).toContainText('1');
    await expect(card('Wallet balance')).toContainText('€3.64');
    await expect(owner.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'money-overview');
  });

  await test.step('the same screens at 360 px', async () => {
    await owner.setViewportSize({ width: 360, height: 780 });
    await owner.goto('/dashboard/payments');
    await expect(owner.getByTestId('payment-card').first()).toContainText('€24.00');
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(owner, 'money-payments-360');
    await owner.goto('/dashboard/settlement');
    await expect(owner.getByTestId('wallet-balance')).toHaveText('€3.64');
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(owner, 'money-settlement-360');
    await owner.goto('/dashboard/overview');
    await expect(owner.getByTestId('stat-card').filter({ hasText: "Today's revenue" })).toContainText(
      '€24.00',
    );
    await expect(owner.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(owner, 'money-overview-360');
  });

  expect(ownerErrors).toEqual([]);
  expect(guestErrors).toEqual([]);
  await ownerContext.close();
  await guestContext.close();
});

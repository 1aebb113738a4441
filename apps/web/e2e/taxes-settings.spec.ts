import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  listSmallTargets,
  newOwner,
  registerThroughApi,
  watchConsole,
} from './helpers';

// Settings → Taxes and legal details on a fresh restaurant: two rates (the first the default), prices
// including tax, a category at the second rate; a staff order of one of its dishes shows that rate's
// tax on the board and on the floor. Pictures of the section in German and French, at a desktop's
// width and a phone's, go to test-results (for looking at, not kept).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shots = process.env.TAXES_SHOTS_DIR ?? path.join(repoRoot, 'test-results', 'taxes-settings');
mkdirSync(shots, { recursive: true });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shootSection(page: Page, name: string) {
  const section = page.locator('section#taxes');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function speak(page: Page, language: 'en' | 'de' | 'fr') {
  const changed = await page.request.put('/auth/me/preferences', { data: { language } });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.reload();
}

test('an owner sets up taxes, and a staff order shows the VAT of its category’s rate', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize(DESKTOP);
  await registerThroughApi(page, newOwner());
  await page.goto('/dashboard/settings');
  const section = page.locator('section#taxes');
  await expect(section.getByRole('heading', { name: 'Taxes and legal details' })).toBeVisible();
  await expect(section.getByTestId('no-tax-rates')).toContainText('orders and receipts show no tax');

  await test.step('adds Food at 10 % (the default, being the first) and Drinks at 22 %', async () => {
    for (const [name, percent] of [
      ['Food', '10'],
      ['Drinks', '22'],
    ] as const) {
      await section.getByRole('button', { name: 'Add tax rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a tax rate' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Rate (%)').fill(percent);
      await dialog.getByRole('button', { name: 'Add rate' }).click();
      await expect(page.getByText(`${name} (${percent}%) was added.`)).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    const rows = section.getByTestId('tax-rate-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Food');
    await expect(rows.nth(0)).toContainText('Default');
    await expect(rows.nth(1)).toContainText('22%');
  });

  await test.step('prices include tax, with the legal details and the end of the business day', async () => {
    const form = section.getByRole('form', { name: 'Legal details and tax' });
    await form.getByLabel('Legal name').fill('Trattoria Giulia S.r.l.');
    await form.getByLabel('VAT number').fill('IT01234567890');
    const mode = form.getByRole('switch', { name: 'Prices include tax' });
    if ((await mode.getAttribute('aria-checked')) !== 'true') await mode.click();
    await expect(mode).toHaveAttribute('aria-checked', 'true');
    // The keyboard works it too.
    await mode.focus();
    await page.keyboard.press('Space');
    await expect(mode).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Space');
    await expect(mode).toHaveAttribute('aria-checked', 'true');
    await form.getByLabel('Business day ends at').fill('03:30');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Legal details and tax settings saved.')).toBeVisible();
    const me = (await (await page.request.get('/auth/me')).json()) as { restaurantId: string };
    const saved = await (await page.request.get(`/api/restaurants/${me.restaurantId}`)).json();
    expect(saved).toMatchObject({
      legalName: 'Trattoria Giulia S.r.l.',
      taxId: 'IT01234567890',
      pricesIncludeTax: true,
      businessDayStartsAt: '03:30',
    });
    await expectNoSeriousA11yViolations(page);
  });

  let dishId = '';
  await test.step('gives a new category the 22 % rate in its form', async () => {
    await page.goto('/dashboard/categories');
    const form = page.getByRole('form', { name: 'New category' });
    const rate = form.getByLabel('Tax rate');
    await expect(rate.locator('option')).toHaveText(['Default rate (10%)', 'Food (10%)', 'Drinks (22%)']);
    await form.getByLabel('Name', { exact: true }).fill('Wines');
    await rate.selectOption({ label: 'Drinks (22%)' });
    await form.screenshot({ path: path.join(shots, 'category-form-tax-1280.png') });
    await form.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText('Wines was added.')).toBeVisible();
    const row = page.getByTestId('category-row').filter({ hasText: 'Wines' });
    await expect(row.getByTestId('category-kitchen')).toContainText('VAT 22%');

    const me = (await (await page.request.get('/auth/me')).json()) as { restaurantId: string };
    const { items } = (await (await page.request.get(`/api/categories/${me.restaurantId}`)).json()) as {
      items: { id: string; name: string }[];
    };
    const wines = items.find((category) => category.name === 'Wines');
    const dish = await page.request.post('/api/menu', {
      data: { categoryId: wines?.id, name: 'Chianti, glass', priceMinor: 1220 },
    });
    expect(dish.status(), await dish.text()).toBe(201);
    dishId = ((await dish.json()) as { id: string }).id;
  });

  await test.step('pictures of the section and the category form in German and French, at 1280 and 390 px', async () => {
    for (const [language, locale] of [
      ['de', 'de-DE'],
      ['fr', 'fr-FR'],
    ] as const) {
      // A browser of that country (its time inputs read the hours its way), signed in as the owner.
      const context = await browser.newContext({
        locale,
        viewport: DESKTOP,
        storageState: await page.context().storageState(),
      });
      const local = await context.newPage();
      const localErrors = watchConsole(local);
      await local.goto('/dashboard/settings');
      await speak(local, language);
      await expect(local.locator('html')).toHaveAttribute('lang', language);
      const localSection = local.locator('section#taxes');
      await expect(localSection.getByTestId('tax-rate-item')).toHaveCount(2);
      await shootSection(local, `settings-taxes-${language}-1280`);
      await local.setViewportSize(PHONE);
      await expectNoSidewaysScroll(local);
      expect(await listSmallTargets(local)).toEqual([]);
      await shootSection(local, `settings-taxes-${language}-390`);
      // The rate dialog on a phone: the longest words are German.
      const edit = { de: 'Drinks bearbeiten', fr: 'Modifier Drinks' }[language];
      await localSection.getByRole('button', { name: edit }).click();
      const dialog = local.getByTestId('tax-rate-dialog');
      await expect(dialog).toBeVisible();
      await dialog.screenshot({ path: path.join(shots, `tax-rate-dialog-${language}-390.png`) });
      await local.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await local.goto('/dashboard/categories');
      await expect(local.getByTestId('category-row')).toHaveCount(1);
      await expectNoSidewaysScroll(local);
      await local.screenshot({ path: path.join(shots, `categories-${language}-390.png`), fullPage: true });
      await local.setViewportSize(DESKTOP);
      await local.locator('form[aria-labelledby="add-category-heading"]').screenshot({
        path: path.join(shots, `category-form-tax-${language}-1280.png`),
      });
      expect(localErrors).toEqual([]);
      await context.close();
    }
    await speak(page, 'en');
  });

  await test.step('a staff order of that dish shows VAT 22 % in its breakdown', async () => {
    const table = await page.request.post('/api/tables', { data: { number: 5, seats: 2 } });
    expect(table.status(), await table.text()).toBe(201);
    const { id: tableId } = (await table.json()) as { id: string };
    const placed = await page.request.post('/api/orders', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { tableId, items: [{ menuItemId: dishId, quantity: 2 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { number: number; taxes: { rateBasisPoints: number }[] };
    expect(order.taxes.map((part) => part.rateBasisPoints)).toEqual([2200]);

    await page.goto('/dashboard/orders');
    await page.getByRole('button', { name: `Order #${order.number}, details` }).click();
    const details = page.getByRole('dialog', { name: `Order #${order.number}` });
    // 24.40 with 22 % in it holds 4.40.
    await expect(details.getByTestId('order-tax')).toHaveText(['of which VAT 22%€4.40']);
    await details
      .getByTestId('order-details')
      .screenshot({ path: path.join(shots, 'order-details-tax.png') });
    await page.keyboard.press('Escape');

    await page.goto(`/dashboard/floor/table/${tableId}`);
    await expect(page.getByTestId('table-bill-figures').getByTestId('bill-tax')).toHaveText([
      'of which VAT 22%€4.40',
    ]);
  });

  expect(errors).toEqual([]);
});

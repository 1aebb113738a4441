import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// For people to look at, outside the repository.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'tavolo-e2e-shots');
mkdirSync(shots, { recursive: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A restaurant with a category and a dish, made through the API in the page's cookie jar. */
async function seedMenu(page: Page) {
  const category = await page.request.post('/api/categories', { data: { name: 'Pizza' } });
  expect(category.status(), await category.text()).toBe(201);
  const { id: categoryId } = (await category.json()) as { id: string };
  const dish = await page.request.post('/api/menu', {
    data: { categoryId, name: 'Margherita', priceMinor: 900, description: 'Tomato, mozzarella' },
  });
  expect(dish.status(), await dish.text()).toBe(201);
}

test('an owner downloads all their data from Settings: a zip with the menu in it', async ({ page }) => {
  const errors = watchConsole(page);
  const owner = newOwner();
  await registerThroughApi(page, owner);
  await seedMenu(page);

  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-your-data-1280');
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download all my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tavolo-trattoria-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync((await download.path())!));
  expect(Object.keys(files)).toContain('menu.csv');
  expect(Object.keys(files)).toContain('orders.csv');
  const menu: Record<string, string>[] = parse(strFromU8(files['menu.csv']!), { columns: true });
  expect(menu).toEqual([expect.objectContaining({ category: 'Pizza', dish: 'Margherita', price: '9.00' })]);

  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-your-data-390');
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('an owner imports a spreadsheet under Menu: errors by row, then a preview applied', async ({ page }) => {
  const errors = watchConsole(page);
  await registerThroughApi(page, newOwner());
  await seedMenu(page);

  await page.goto('/dashboard/menu');
  await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
  await expect(page).toHaveURL('/dashboard/menu/import');
  await expect(page.getByRole('heading', { name: 'Import from a spreadsheet', level: 1 })).toBeVisible();
  await expect(page.getByText(/Choose a file and read it/)).toBeVisible();
  await page.getByText('What each column holds').click();
  await expect(page.getByText('The price, like 12.50 or 12,50 (needed for a new dish).')).toBeVisible();
  await shoot(page, 'menu-import-columns-1280');

  await test.step('the current menu downloads as the file to edit', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the current menu' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('menu.csv');
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^id,category,dish,/);
  });

  /** Chooses a spreadsheet holding `csv` and has the screen read it. */
  const readSpreadsheet = async (csv: string) => {
    await page.getByLabel('Your spreadsheet (CSV)').setInputFiles({
      name: 'menu.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Read the file' }).click();
  };
  await test.step('a file with wrong rows shows them and cannot be applied', async () => {
    await readSpreadsheet(
      'category,dish,price,days\r\nPizza,Margherita,9.50,\r\nPizza,Diavola,9.5O,funday\r\nDrinks,Acqua,2.00,someday\r\nDrinks,Birra,4.50,\r\n',
    );
    const rows = page.getByTestId('import-errors').getByTestId('import-error-row');
    await expect(rows).toHaveCount(2);
    // Row 3's two errors together, under its number.
    await expect(rows.nth(0)).toContainText('Row 3');
    await expect(rows.nth(0).getByTestId('import-error')).toHaveText([
      'pricemust be a price like 12.50',
      'days“funday” is not a day (mon, tue, wed, thu, fri, sat, sun)',
    ]);
    await expect(rows.nth(1)).toContainText('Row 4');
    await expect(rows.nth(1)).toContainText('“someday” is not a day');
    // What the good rows would change, old → new.
    const change = page
      .getByTestId('import-changed')
      .locator('[data-testid="import-change"][data-field="price"]');
    await expect(change).toHaveText('pricewas9.00→becomes9.50');
    await expect(page.getByRole('button', { name: /^Apply/ })).toBeDisabled();
    await shoot(page, 'menu-import-errors-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'menu-import-errors-and-changes-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'menu-import-errors-and-changes-390');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('a corrected file shows what is new and changed, and applies', async () => {
    await readSpreadsheet(
      'category,dish,price,days\r\nPizza,Margherita,9.50,\r\nPizza,Diavola,9.50,mon tue\r\nDrinks,Acqua,2.00,\r\n',
    );
    await expect(page.getByTestId('import-new')).toContainText('Diavola');
    await expect(page.getByTestId('import-new')).toContainText('Acqua');
    await expect(page.getByTestId('import-changed')).toContainText('Margherita');
    await expect(page.getByTestId('import-changed').getByTestId('import-change')).toHaveText([
      'pricewas9.00→becomes9.50',
    ]);
    await shoot(page, 'menu-import-preview-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'menu-import-preview-390');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Apply 4 changes' }).click();
    await expect(page.getByTestId('import-result')).toHaveText(
      'Imported: 1 new category, 2 new dishes, and 1 dish changed.',
    );
    await shoot(page, 'menu-import-done-390');
  });

  await test.step('the menu has them', async () => {
    await page.getByRole('link', { name: 'See the menu' }).click();
    await expect(page.getByRole('heading', { name: 'Diavola', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acqua', exact: true })).toBeVisible();
    await expect(page.getByTestId('menu-item-row').filter({ hasText: 'Margherita' })).toContainText('€9.50');
  });
  expect(errors).toEqual([]);
});

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

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// For people to look at (gitignored), not compared against a baseline.
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__screenshots__');

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
] as const;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('login, sign-up and the empty dashboard look right and pass axe', async ({ page }) => {
      const errors = watchConsole(page);

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveTitle('Sign in · Tavolo');
      await shoot(page, `login-${viewport.name}`);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('E-mail must be an e-mail address.')).toBeVisible();
      await shoot(page, `login-errors-${viewport.name}`);

      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your restaurant' })).toBeVisible();
      await shoot(page, `signup-${viewport.name}`);
      await expectNoSeriousA11yViolations(page);

      const owner = newOwner();
      await registerThroughApi(page, owner);
      await page.goto('/dashboard/overview');
      await expect(page.getByTestId('restaurant-name')).toHaveText(owner.restaurantName);
      await expect(page).toHaveTitle('Overview · Tavolo');
      await shoot(page, `dashboard-${viewport.name}`);
      await expectNoSeriousA11yViolations(page);

      // The first Tab reaches the skip link; it moves focus past the navigation.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();

      await page.goto('/dashboard/menu');
      await expect(page.getByRole('heading', { name: 'Menu', level: 1 })).toBeVisible();
      await shoot(page, `menu-${viewport.name}`);

      if (viewport.name === 'mobile') {
        const toggle = page.getByRole('button', { name: 'Open menu' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
        await expect(drawer.getByRole('link', { name: 'Menu', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await shoot(page, `drawer-${viewport.name}`);
        await expectNoSeriousA11yViolations(page);
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(toggle).toBeFocused();

        await toggle.click();
        await drawer.getByRole('link', { name: 'Tables' }).click();
        await expect(page).toHaveURL('/dashboard/tables');
        await expect(drawer).toBeHidden();
      } else {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      }

      expect(errors).toEqual([]);
    });
  });
}

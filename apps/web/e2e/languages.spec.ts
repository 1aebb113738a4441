import { expect, test } from '@playwright/test';
import { newOwner, registerThroughApi, watchConsole } from './helpers';

/*
 * Languages from outside: a German phone reads a restaurant that works in Italian in German, a
 * guest switches to English for the rest of the visit, the kitchen's board keeps the Italian
 * names, and the sign-in screen follows the browser.
 */

test.describe('languages', () => {
  test('a German guest reads the menu in German, switches to English, and the board keeps Italian', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = newOwner();
    const anonymous = await playwright.request.newContext({ baseURL });
    const registered = await anonymous.post('/auth/register', {
      data: { ...owner, currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(registered.status()).toBe(201);
    const { token, restaurantId } = (await registered.json()) as { token: string; restaurantId: string };
    await anonymous.dispose();
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    const send = async (method: 'post' | 'put', url: string, data: unknown) => {
      const response = await api[method](url, { data });
      expect(response.ok(), `${url} ${await response.text()}`).toBe(true);
      return response.json();
    };
    await send('put', `/api/restaurants/${restaurantId}`, { languages: ['it', 'en', 'de'] });
    const primi = await send('post', '/api/categories', {
      name: 'Primi',
      translations: { en: { name: 'Pasta' }, de: { name: 'Nudelgerichte' } },
    });
    await send('post', '/api/menu', {
      categoryId: primi.id,
      name: 'Pasta al pomodoro',
      description: 'Pomodoro San Marzano e basilico',
      priceMinor: 1100,
      options: [
        {
          name: 'Formato',
          required: true,
          min: 1,
          max: 1,
          choices: [
            { name: 'Normale', priceMinor: 0 },
            { name: 'Grande', priceMinor: 300 },
          ],
        },
      ],
      translations: {
        en: { name: 'Pasta with tomato sauce', options: { Formato: { name: 'Size' } } },
        // No German description: it falls back to the Italian one.
        de: {
          name: 'Pasta mit Tomatensauce',
          options: { Formato: { name: 'Größe', choices: { Grande: 'Groß' } } },
        },
      },
    });
    const table = await send('post', '/api/tables', { number: 7 });
    await api.dispose();

    // A German phone that has never been here.
    const guest = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await guest.newPage();
    const errors = watchConsole(page);
    await page.goto(`/t/${table.qrToken}`);
    await expect(page.getByTestId('guest-table')).toContainText('Tisch 7');
    await expect(page.getByRole('heading', { name: 'Nudelgerichte' })).toBeVisible();
    await expect(page.getByText('Pasta mit Tomatensauce')).toBeVisible();
    await expect(page.getByText('Pomodoro San Marzano e basilico')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // English for the rest of the visit: the pages and the menu switch at once, and stay after a reload.
    await page.getByLabel('Sprache').selectOption('en');
    await expect(page.getByTestId('guest-table')).toContainText('Table 7');
    await expect(page.getByText('Pasta with tomato sauce')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Pasta with tomato sauce')).toBeVisible();
    await expect(page.getByTestId('menu-language')).toHaveCount(0);

    // French, which the restaurant does not write its menu in: the page says French, the menu says which it is.
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByTestId('guest-table')).toContainText('Table 7');
    await expect(page.getByTestId('menu-language')).toContainText('La carte est en');

    // Back in English, order the pasta, large: the option names are English, the order is not.
    await page.getByLabel('Langue').selectOption('en');
    await page.getByRole('button', { name: 'Pasta with tomato sauce' }).click();
    const sheet = page.getByRole('dialog', { name: 'Pasta with tomato sauce' });
    await expect(sheet.getByText('Size', { exact: true })).toBeVisible();
    // No English name for this choice: the Italian one stands in.
    await sheet.getByRole('radio', { name: 'Grande' }).check();
    await sheet.getByRole('button', { name: /Add to order/ }).click();
    await page.getByTestId('cart-bar').click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await expect(cart.getByTestId('cart-line')).toContainText('Pasta with tomato sauce');
    // In German the same line reads German, choice included.
    await page.getByLabel('Language').selectOption('de');
    await page.getByTestId('cart-bar').click();
    const warenkorb = page.getByRole('dialog').filter({ has: page.getByTestId('cart-line') });
    await expect(warenkorb.getByTestId('cart-line')).toContainText('Pasta mit Tomatensauce');
    await expect(warenkorb.getByTestId('cart-line')).toContainText('Groß');
    await warenkorb.getByRole('button', { name: /^Bestellen/ }).click();
    await expect(page.getByTestId('order-number')).toBeVisible();
    // The guest's order page reads German too, though the order keeps the Italian names.
    await expect(page.getByTestId('order-line')).toContainText('Pasta mit Tomatensauce');
    await expect(page.getByTestId('order-line')).toContainText('Groß');
    expect(errors).toEqual([]);
    await guest.close();

    // The kitchen reads the working language, whatever the guest read.
    const staff = await browser.newContext({ locale: 'de-DE' });
    const board = await staff.newPage();
    await board.goto('/login');
    await expect(board.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await board.getByLabel('E-Mail').fill(owner.email);
    await board.getByLabel('Passwort').fill(owner.password);
    await board.getByRole('button', { name: 'Anmelden' }).click();
    await board.waitForURL(/\/dashboard/);
    await board.goto('/dashboard/orders');
    await expect(board.getByRole('heading', { name: 'Bestellungen', level: 1 })).toBeVisible();
    await expect(board.getByText('Pasta al pomodoro')).toBeVisible();
    await expect(board.getByText('Grande')).toBeVisible();
    await staff.close();
  });

  test('the sign-in screen follows the browser', async ({ browser }) => {
    for (const [locale, heading] of [
      ['it-IT', 'Accedi'],
      ['es-ES', 'Iniciar sesión'],
      ['fr-FR', 'Se connecter'],
      ['en-GB', 'Sign in'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await context.close();
    }
  });

  test('an owner who signs up in German works in German', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-AT' });
    const page = await context.newPage();
    await registerThroughApi(page, newOwner());
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Speisekarte', exact: true })).toBeVisible();
    await context.close();
  });
});

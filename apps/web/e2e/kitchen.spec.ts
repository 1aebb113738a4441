import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, watchConsole } from './helpers';

// The kitchen with five browsers on a restaurant of its own: a grill tablet, a bar tablet and the
// pass (expo), driven the way kitchens do — the stations by keyboard alone, as a bump bar would —
// with the order board and the guest's phone following. The guest orders a drink (bar), a starter
// and a main (grill, courses 1 and 2): the bar bumps the drink, the grill starts the starter, the
// pass fires the mains, the grill bumps them, recalls them, bumps them again and finishes.

const shots = process.env.KITCHEN_SHOTS_DIR ?? path.join(tmpdir(), 'shots-kitchen');
mkdirSync(shots, { recursive: true });

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

test('stations bump by keyboard, the pass fires the mains, and the board and the guest follow', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  // The restaurant, through the API as its owner would set it up.
  const owner = newOwner();
  const anonymous = await playwright.request.newContext({ baseURL });
  const registered = await anonymous.post('/auth/register', {
    data: { ...owner, currency: 'EUR', timezone: 'Europe/Rome' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await anonymous.dispose();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const grill = await post<{ id: string }>('/api/stations', { name: 'Grill' });
  const bar = await post<{ id: string }>('/api/stations', { name: 'Bar' });
  const drinks = await post<{ id: string }>('/api/categories', {
    name: 'Drinks',
    stationId: bar.id,
    course: 0,
  });
  const starters = await post<{ id: string }>('/api/categories', {
    name: 'Starters',
    stationId: grill.id,
    course: 1,
  });
  const mains = await post<{ id: string }>('/api/categories', {
    name: 'Mains',
    stationId: grill.id,
    course: 2,
  });
  for (const [categoryId, name, priceMinor] of [
    [drinks.id, 'Negroni', 900],
    [starters.id, 'Grilled provola', 800],
    [mains.id, 'Tagliata', 2200],
  ] as const) {
    await post('/api/menu', { categoryId, name, priceMinor });
  }
  const table = await post<{ qrToken: string }>('/api/tables', { number: 5 });
  await api.dispose();

  const contexts: BrowserContext[] = [];
  const open = async (viewport: { width: number; height: number }, mobile = false) => {
    const context = await browser.newContext({ baseURL, viewport, isMobile: mobile, hasTouch: mobile });
    contexts.push(context);
    return context.newPage();
  };
  const grillPage = await open(TABLET);
  const barPage = await open(TABLET);
  const expo = await open(TABLET);
  const board = await open(TABLET);
  const guest = await open(PHONE, true);
  const errors = [grillPage, barPage, expo, board, guest].map((page) => watchConsole(page));

  const signIn = async (page: Page) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
  };
  /** Picks the tablet's station with the keyboard: the device keeps it. */
  const station = async (page: Page, name: string) => {
    await signIn(page);
    await page.goto('/dashboard/kitchen');
    const pick = page.getByRole('button', { name, exact: true });
    await pick.focus();
    await page.keyboard.press('Enter');
    await expect(pick).toHaveAttribute('aria-pressed', 'true');
  };
  await station(grillPage, 'Grill');
  await station(barPage, 'Bar');
  await signIn(expo);
  await expo.goto('/dashboard/kitchen/expo');
  await signIn(board);
  await board.goto('/dashboard/orders');

  const tickets = (page: Page) => page.getByTestId('kitchen-ticket');
  const lineOf = (page: Page, name: string) =>
    tickets(page).locator('[data-line-index]').filter({ hasText: name });

  await test.step('the guest orders a drink, a starter and a main from the phone', async () => {
    await guest.goto(`/t/${table.qrToken}`);
    for (const dish of ['Negroni', 'Grilled provola', 'Tagliata']) {
      await guest.getByRole('button', { name: dish }).first().click();
      const sheet = guest.getByRole('dialog', { name: dish });
      await sheet.getByRole('button', { name: /Add to order/ }).click();
      await expect(sheet).toBeHidden();
    }
    await guest.getByTestId('cart-bar').click();
    await guest
      .getByRole('dialog', { name: 'Your order' })
      .getByRole('button', { name: /Place order/ })
      .click();
    await expect(guest).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(guest.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  });

  await test.step('the drink goes to the bar, the starter to the grill; the main is held', async () => {
    await expect(lineOf(barPage, 'Negroni')).toHaveAttribute('data-kitchen-status', 'queued');
    await expect(lineOf(grillPage, 'Grilled provola')).toHaveAttribute('data-kitchen-status', 'queued');
    await expect(lineOf(grillPage, 'Tagliata')).toHaveCount(0);
    await expect(barPage.getByTestId('all-day')).toContainText('Negroni');
    await expect(expo.getByTestId('expo-order')).toContainText('Table 5');
    await expect(expo.getByRole('button', { name: /^Fire mains for table 5/ })).toBeVisible();
    await shoot(grillPage, 'grill-1024-first-ticket');
    await shoot(expo, 'expo-1024-held-mains');
  });

  await test.step('the bar bumps the drink with the keyboard: the ticket leaves for recent', async () => {
    await barPage.keyboard.press('1');
    await barPage.keyboard.press('Enter');
    await expect(tickets(barPage)).toHaveCount(0);
    await expect(barPage.getByTestId('recent-ticket')).toHaveCount(1);
    await shoot(barPage, 'bar-1024-after-bump');
  });

  await test.step('the grill starts the starter: the order is preparing on the board and the phone', async () => {
    await grillPage.keyboard.press('1');
    await grillPage.keyboard.press('ArrowDown');
    await grillPage.keyboard.press('Enter');
    await expect(lineOf(grillPage, 'Grilled provola')).toHaveAttribute('data-kitchen-status', 'preparing');
    await expect(guest.getByTestId('order-status')).toHaveAttribute('data-status', 'preparing');
    await expect(board.getByTestId('order-card')).toHaveAttribute('data-status', 'preparing');
  });

  await test.step('the pass fires the mains: the grill gets their ticket', async () => {
    await expo.getByRole('button', { name: /^Fire mains for table 5/ }).click();
    await expect(lineOf(grillPage, 'Tagliata')).toHaveAttribute('data-kitchen-status', 'queued');
    await expect(tickets(grillPage)).toHaveCount(2);
    await shoot(grillPage, 'grill-1024-two-tickets');
    await expectNoSeriousA11yViolations(grillPage);
  });

  await test.step('the grill bumps the mains, recalls them, bumps them again, then the starter', async () => {
    await grillPage.keyboard.press('2');
    await grillPage.keyboard.press('Enter');
    await expect(lineOf(grillPage, 'Tagliata')).toHaveCount(0);
    await expect(grillPage.getByTestId('recent-ticket')).toHaveCount(1);
    await grillPage.keyboard.press('r');
    await expect(lineOf(grillPage, 'Tagliata')).toHaveAttribute('data-kitchen-status', 'preparing');
    // The recall shows RECALLED until seen to: bumped ready again, its mark goes with the ticket.
    await expect(lineOf(grillPage, 'Tagliata')).toHaveAttribute('data-notice', 'recalled');
    await shoot(grillPage, 'grill-1024-recalled');
    const mainsTicket = tickets(grillPage).filter({ hasText: 'Tagliata' });
    const position =
      (await tickets(grillPage).evaluateAll((cards) =>
        cards.findIndex((card) => card.textContent?.includes('Tagliata')),
      )) + 1;
    await grillPage.keyboard.press(String(position));
    await grillPage.keyboard.press('Enter');
    await expect(mainsTicket).toHaveCount(0);
    await expect(board.getByTestId('order-card')).toHaveAttribute('data-status', 'preparing');
    await grillPage.keyboard.press('1');
    await grillPage.keyboard.press('Enter');
    await expect(tickets(grillPage)).toHaveCount(0);
  });

  await test.step('every line ready: the order is ready on the board, the pass and the phone', async () => {
    await expect(board.getByTestId('order-card')).toHaveAttribute('data-status', 'ready');
    await expect(guest.getByTestId('order-status')).toHaveAttribute('data-status', 'ready');
    await shoot(expo, 'expo-1024-ready');
    await shoot(guest, 'guest-390-ready');
    await expo.getByRole('button', { name: /^Mark table 5 .* served$/ }).click();
    await expect(board.getByTestId('order-card')).toHaveAttribute('data-status', 'served');
  });

  await test.step('in German and French, on a tablet and a phone, nothing overflows', async () => {
    // A second order so that the screens hold tickets: two drinks and a starter, mains held.
    await guest.goto(`/t/${table.qrToken}`);
    for (const dish of ['Negroni', 'Grilled provola', 'Tagliata']) {
      await guest.getByRole('button', { name: dish }).first().click();
      await guest
        .getByRole('dialog', { name: dish })
        .getByRole('button', { name: /Add to order/ })
        .click();
    }
    await guest.getByTestId('cart-bar').click();
    await guest
      .getByRole('dialog', { name: 'Your order' })
      .getByRole('button', { name: /Place order/ })
      .click();
    await expect(guest).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const overflow = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    for (const [page, language, path, heading, name, filled] of [
      [grillPage, 'de', '/dashboard/kitchen', 'Küche', 'grill-de', 'kitchen-ticket'],
      [expo, 'fr', '/dashboard/kitchen/expo', 'Passe', 'expo-fr', 'expo-order'],
    ] as const) {
      const changed = await page.request.put('/auth/me/preferences', { data: { language } });
      expect(changed.status(), await changed.text()).toBe(200);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId(filled).first()).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${name}-1024`);
      await page.setViewportSize(PHONE);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${name}-390`);
    }
  });

  // Nothing went wrong along the way: 4xx answers the steps caused on purpose aside.
  for (const list of errors) expect(list.filter((e) => !/status of 409/.test(e))).toEqual([]);
  for (const context of contexts) await context.close();
});

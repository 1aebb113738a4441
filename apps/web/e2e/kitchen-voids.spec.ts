import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, watchConsole } from './helpers';

// What the station must see, on a restaurant of its own (kitchen.spec.ts's sequel): a waiter voids a
// started starter with a manager's PIN on a phone while a 1024×768 kitchen tablet shows it struck
// through with VOID and sounds until the cook acknowledges it — the ticket's only line, so the
// ticket stays until then. Then the compact layout fits six tickets and more on the tablet, and
// the pass names the dishes it waits for.

const shots = process.env.KITCHEN_SHOTS_DIR ?? path.join(tmpdir(), 'shots-kitchen');
mkdirSync(shots, { recursive: true });

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MANAGER_PIN = '735104';
const STAFF_PASSWORD = 'staff password 1';

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage, animations: 'disabled' });
}

type Setup = {
  owner: ReturnType<typeof newOwner>;
  api: APIRequestContext;
  table: { id: string; number: number };
  soup: string;
  salad: string;
  waiterEmail: string;
};

/** A restaurant with a starter course, a table, a waiter and a manager with a PIN. */
async function setUp(
  playwright: {
    request: {
      newContext: (options: {
        baseURL: string;
        extraHTTPHeaders?: Record<string, string>;
      }) => Promise<APIRequestContext>;
    };
  },
  baseURL: string,
): Promise<Setup> {
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
  const send = async <T>(method: 'post' | 'put', url: string, data: unknown, status = 201): Promise<T> => {
    const response = await api[method](url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(status);
    return (status === 204 ? undefined : await response.json()) as T;
  };
  const starters = await send<{ id: string }>('post', '/api/categories', { name: 'Antipasti', course: 1 });
  const soup = await send<{ id: string }>('post', '/api/menu', {
    categoryId: starters.id,
    name: 'Minestrone',
    priceMinor: 900,
  });
  const salad = await send<{ id: string }>('post', '/api/menu', {
    categoryId: starters.id,
    name: 'Panzanella',
    priceMinor: 800,
  });
  const table = await send<{ id: string; number: number }>('post', '/api/tables', { number: 3 });
  const { items: roles } = (await (await api.get('/api/roles')).json()) as {
    items: { id: string; name: string }[];
  };
  const member = async (role: string) => {
    const email = `${role.toLowerCase()}-${owner.email}`;
    const roleId = roles.find((one) => one.name === role)!.id;
    const created = await send<{ id: string }>('post', '/api/staff', {
      name: `${role} Person`,
      email,
      password: STAFF_PASSWORD,
      roleId,
    });
    return { id: created.id, email };
  };
  const waiter = await member('Waiter');
  const manager = await member('Manager');
  await send('put', `/api/staff/${manager.id}/pin`, { pin: MANAGER_PIN }, 204);
  return { owner, api, table, soup: soup.id, salad: salad.id, waiterEmail: waiter.email };
}

async function signIn(page: Page, email: string, password: string, staff: boolean) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  if (staff) await page.getByLabel('Sign in as staff').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** Counts the oscillators the page starts: the kitchen's alert is three short tones. */
const COUNT_TONES = () => {
  const counted = window as unknown as { __tones: number };
  counted.__tones = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    counted.__tones += 1;
    return original.call(this);
  };
};
const tonesOf = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

test('a started starter voided with a manager’s PIN shows struck through with VOID and a sound until the cook sees it', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const setup = await setUp(playwright, baseURL!);
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  };
  const waiter = await open({ viewport: PHONE, isMobile: true, hasTouch: true });
  const tablet = await open({ viewport: TABLET, hasTouch: true });
  await tablet.addInitScript(COUNT_TONES);
  const errors = [waiter, tablet].map((page) => watchConsole(page));

  await signIn(tablet, setup.owner.email, setup.owner.password, false);
  await tablet.goto('/dashboard/kitchen');
  await expect(tablet.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
  await signIn(waiter, setup.waiterEmail, STAFF_PASSWORD, true);

  const ticket = tablet.getByTestId('kitchen-ticket').filter({ hasText: 'Table 3' });
  const soupLine = ticket.locator('[data-line-index]').filter({ hasText: 'Minestrone' });
  await test.step('the waiter sends a starter; the cook starts it with a tap', async () => {
    const placed = await waiter.request.post('/api/orders', {
      data: { tableId: setup.table.id, items: [{ menuItemId: setup.soup, quantity: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await expect(soupLine).toHaveAttribute('data-kitchen-status', 'queued');
    await soupLine.click();
    await expect(soupLine).toHaveAttribute('data-kitchen-status', 'preparing');
  });

  await test.step('the waiter voids it on the phone; a manager types their PIN', async () => {
    await waiter.goto(`/dashboard/floor/table/${setup.table.id}`);
    const line = waiter.getByTestId('visit-line').filter({ hasText: 'Minestrone' });
    await line.getByTestId('line-actions').click();
    await waiter.getByTestId('choose-void').click();
    const sheet = waiter.getByTestId('void-sheet');
    await sheet.getByText('Guest changed their mind').click();
    await sheet.getByTestId('void-submit').click();
    await waiter
      .getByRole('dialog', { name: /^Void 1 × Minestrone\?/ })
      .getByRole('button', { name: 'Void' })
      .click();
    const pin = waiter.getByTestId('pin-sheet');
    for (const digit of MANAGER_PIN)
      await pin.getByTestId('pin-keypad').getByRole('button', { name: digit, exact: true }).click();
    await pin.getByTestId('pin-submit').click();
    await expect(waiter.getByText(/1 × Minestrone voided on order #\d+\./)).toBeVisible();
  });

  await test.step('the tablet keeps the ticket, the line struck through with VOID, and sounds', async () => {
    await expect(soupLine).toHaveAttribute('data-notice', 'voided');
    await expect(soupLine).toHaveAttribute('data-kitchen-status', 'voided');
    await expect(soupLine.getByTestId('line-notice')).toHaveText('VOID');
    await expect(soupLine.locator('del').filter({ hasText: 'Minestrone' })).toBeVisible();
    await expect(tablet.getByTestId('kitchen-notices')).toHaveText(/1 change to see/);
    // The alert: three short tones (the tablet's first tap unlocked the sound).
    await expect.poll(() => tonesOf(tablet)).toBeGreaterThanOrEqual(3);
    await expect(ticket.getByRole('button', { name: /^Seen: clear the marks of table 3/ })).toBeVisible();
    await expectNoSeriousA11yViolations(tablet);
    await shoot(tablet, 'station-void-1024');
    await tablet.setViewportSize(DESKTOP);
    await shoot(tablet, 'station-void-1440');
    await tablet.setViewportSize(PHONE);
    await shoot(tablet, 'station-void-390');
    await tablet.setViewportSize(TABLET);
  });

  await test.step('the cook taps the line: acknowledged, the ticket goes', async () => {
    await soupLine.click();
    await expect(ticket).toHaveCount(0);
    await expect(tablet.getByTestId('kitchen-notices')).toHaveCount(0);
    // Read again from the server: it stays gone.
    await tablet.reload();
    await expect(tablet.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
    await expect(tablet.getByTestId('kitchen-ticket').filter({ hasText: 'Table 3' })).toHaveCount(0);
  });

  await setup.api.dispose();
  for (const list of errors) expect(list.filter((e) => !/status of 403/.test(e))).toEqual([]);
  for (const context of contexts) await context.close();
});

test('the compact station layout shows six tickets and more at 1024×768; the pass names what it waits for', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const setup = await setUp(playwright, baseURL!);
  for (let i = 0; i < 8; i += 1) {
    const response = await setup.api.post('/api/orders', {
      data: {
        tableId: setup.table.id,
        items: [
          { menuItemId: setup.soup, quantity: 1 + (i % 2) },
          { menuItemId: setup.salad, quantity: 1 },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const context = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
  const tablet = await context.newPage();
  const errors = watchConsole(tablet);
  await signIn(tablet, setup.owner.email, setup.owner.password, false);
  await tablet.goto('/dashboard/kitchen');
  const compact = tablet.getByRole('button', { name: 'Compact', exact: true });
  // A 768-pixel-high screen starts compact; the toggle says so.
  await expect(compact).toHaveAttribute('aria-pressed', 'true');
  await expect(tablet.getByTestId('kitchen-ticket')).toHaveCount(8);
  const fullyVisible = () =>
    tablet
      .getByTestId('kitchen-ticket')
      .evaluateAll((cards) =>
        cards.filter((card) => {
          const box = card.getBoundingClientRect();
          return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
        }),
      )
      .then((cards) => cards.length);
  expect(await fullyVisible()).toBeGreaterThanOrEqual(6);
  await expectNoSeriousA11yViolations(tablet);
  await shoot(tablet, 'station-compact-1024x768', false);
  // The roomy layout, for comparison: fewer fit.
  await compact.click();
  await expect(compact).toHaveAttribute('aria-pressed', 'false');
  await shoot(tablet, 'station-roomy-1024x768', false);
  const roomy = await fullyVisible();
  await compact.click();
  expect(roomy).toBeLessThan(6);

  await tablet.goto('/dashboard/kitchen/expo');
  const first = tablet.getByTestId('expo-order').first();
  await expect(first.getByTestId('expo-waiting')).toContainText('1×Minestrone');
  await expect(first.getByTestId('expo-waiting')).toContainText('1×Panzanella');
  await shoot(tablet, 'expo-waiting-1024');
  await tablet.setViewportSize(PHONE);
  await shoot(tablet, 'expo-waiting-390');
  await setup.api.dispose();
  expect(errors).toEqual([]);
  await context.close();
});

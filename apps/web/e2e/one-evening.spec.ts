import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newOwner, watchConsole } from './helpers';

// One whole service on one server, every role at once (issue 42): a waiter's phone, a kitchen
// tablet, two guests' phones and the owner's desktop, on a restaurant of its own so that the day's
// figures are exactly this evening's. Seated with covers, guests order by QR and the waiter adds a
// round, the mains held and fired, bumps, a void the cook sees struck through, a move and a merge, a
// split by seat paid in cash and online, receipts, the day closed. Then the floor's due, the bill,
// the receipts and the X report agree to the cent, and the covers are counted once.

const shots = process.env.EVENING_SHOTS_DIR ?? path.join(tmpdir(), 'shots-evening');
mkdirSync(shots, { recursive: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PASSWORD = 'evening password 1';
const MANAGER_PIN = '615243';

type Table = { id: string; number: number; qrToken: string };
type Evening = { owner: ReturnType<typeof newOwner>; api: APIRequestContext; tables: Table[] };
type Money = { dueMinor: number; totalMinor: number };

/** A trattoria with a bar, courses, three tables, a 10 % service charge and its staff. */
async function openTheRestaurant(
  playwright: { request: { newContext: (o: Record<string, unknown>) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<Evening> {
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
  const send = async <T>(method: 'post' | 'put', url: string, data: unknown, status = 201): Promise<T> => {
    const response = await api[method](url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBe(status);
    return (status === 204 ? undefined : await response.json()) as T;
  };
  await send('put', `/api/restaurants/${restaurantId}`, { serviceChargePercent: 10 }, 200);
  const bar = await send<{ id: string }>('post', '/api/stations', { name: 'Bar' });
  const drinks = await send<{ id: string }>('post', '/api/categories', {
    name: 'Drinks',
    course: 0,
    stationId: bar.id,
  });
  const starters = await send<{ id: string }>('post', '/api/categories', { name: 'Antipasti', course: 1 });
  // No course given: a new category's is Mains.
  const mains = await send<{ id: string; course: number }>('post', '/api/categories', { name: 'Secondi' });
  expect(mains.course).toBe(2);
  const dish = (categoryId: string, name: string, priceMinor: number) =>
    send('post', '/api/menu', { categoryId, name, priceMinor });
  await dish(drinks.id, 'Spritz', 700);
  await dish(starters.id, 'Bruschetta', 650);
  await dish(mains.id, 'Tagliata', 2400);
  await dish(mains.id, 'Branzino', 2200);
  const tables: Table[] = [];
  for (const number of [1, 2, 3]) tables.push(await send<Table>('post', '/api/tables', { number }));
  const { items: roles } = (await (await api.get('/api/roles')).json()) as {
    items: { id: string; name: string }[];
  };
  for (const role of ['Waiter', 'Kitchen', 'Manager']) {
    const member = await send<{ id: string }>('post', '/api/staff', {
      name: `${role} Evening`,
      email: `${role.toLowerCase()}-${owner.email}`,
      password: PASSWORD,
      roleId: roles.find((one) => one.name === role)!.id,
    });
    if (role === 'Manager') await send('put', `/api/staff/${member.id}/pin`, { pin: MANAGER_PIN }, 204);
  }
  return { owner, api, tables };
}

async function signIn(
  page: Page,
  email: string,
  { staff, password = PASSWORD }: { staff: boolean; password?: string },
) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  if (staff) await page.getByLabel('Sign in as staff').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

async function guestOrders(guest: Page, qrToken: string, dishes: string[]) {
  await guest.goto(`/t/${qrToken}`);
  for (const dish of dishes) {
    await guest.getByTestId('guest-category').getByRole('button', { name: dish, exact: true }).click();
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
  await expect(guest).toHaveURL(new RegExp(`/t/${qrToken}/orders/[0-9a-f-]{36}$`));
}

/** "€1,234.56" → 123456. */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test('one evening, every role: the floor, the kitchen and the bill agree to the cent', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(240_000);
  const { owner, api, tables } = await openTheRestaurant(playwright, baseURL!);
  const [one, , three] = tables as [Table, Table, Table];
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  };
  const waiter = await open(PHONE);
  const kitchen = await open(TABLET);
  const anna = await open(PHONE);
  const ben = await open(PHONE);
  const desk = await open(DESKTOP);
  const errors = [kitchen, anna, ben, desk].map((page) => watchConsole(page));

  await test.step('each role lands on its own screen', async () => {
    await signIn(desk, owner.email, { staff: false, password: owner.password });
    await signIn(waiter, `waiter-${owner.email}`, { staff: true });
    await expect(waiter).toHaveURL(/\/dashboard\/floor$/);
    await signIn(kitchen, `kitchen-${owner.email}`, { staff: true });
    await expect(kitchen).toHaveURL(/\/dashboard\/kitchen$/);
    await expect(kitchen.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
  });

  await test.step('the waiter seats table 1 for three and table 3 for two', async () => {
    await waiter.goto(`/dashboard/floor/table/${one.id}`);
    const form = waiter.getByTestId('visit-form');
    const guests = form.getByRole('group', { name: 'Guests' });
    while (Number(await guests.locator('output').textContent()) < 3)
      await guests.getByRole('button', { name: /^One more/ }).click();
    await form.getByRole('button', { name: 'Seat guests' }).click();
    await expect(waiter.getByTestId('visit-summary')).toContainText('3 guests');
    const seated = await waiter.request.post(`/api/tables/${three.id}/open`, { data: { covers: 2 } });
    expect(seated.ok(), await seated.text()).toBe(true);
  });

  await test.step('guests order by QR: two spritzes at table 1, one at table 3', async () => {
    await guestOrders(anna, one.qrToken, ['Spritz', 'Spritz']);
    await guestOrders(ben, three.qrToken, ['Spritz']);
  });

  await test.step('the waiter adds a round: a starter for seat 1, two mains for seat 2, held', async () => {
    await waiter.getByTestId('add-items').click();
    const picker = waiter.getByTestId('dish-picker');
    for (const [dish, seat] of [
      ['Bruschetta', '1'],
      ['Tagliata', '2'],
      ['Branzino', '2'],
    ] as const) {
      await picker.getByTestId('picker-search').fill(dish);
      await picker.getByTestId('picker-dish').filter({ hasText: dish }).first().click();
      const sheet = waiter.getByTestId('dish-sheet');
      await sheet.getByTestId('seat-chips').getByText(seat, { exact: true }).click();
      await sheet.getByTestId('dish-sheet-submit').click();
    }
    await picker.getByRole('button', { name: /^Done/ }).click();
    await waiter.getByTestId('order-draft').getByTestId('send-draft').click();
    await expect(waiter.getByText(/^Order #\d+ sent for table 1: 3 items\.$/)).toBeVisible();
    await expect(waiter.getByTestId('held-courses')).toBeVisible();
  });

  const ticketLine = (dish: string) =>
    kitchen.getByTestId('kitchen-ticket').locator('[data-line-index]').filter({ hasText: dish });
  await test.step('the kitchen starts and finishes the starter; the mains wait for the waiter', async () => {
    await expect(ticketLine('Bruschetta')).toHaveAttribute('data-kitchen-status', 'queued');
    await expect(ticketLine('Tagliata')).toHaveCount(0);
    await expect(kitchen.getByTestId('kitchen-ticket').filter({ hasText: 'Bruschetta' })).toContainText(
      'Starters',
    );
    await ticketLine('Bruschetta').click();
    await expect(ticketLine('Bruschetta')).toHaveAttribute('data-kitchen-status', 'preparing');
    await ticketLine('Bruschetta').click();
    await expect(ticketLine('Bruschetta')).toHaveCount(0);
  });

  await test.step('the waiter fires the mains; the cook starts them', async () => {
    await waiter.getByTestId('fire-course').click();
    await expect(waiter.getByTestId('held-courses')).toHaveCount(0);
    await expect(ticketLine('Tagliata')).toHaveAttribute('data-kitchen-status', 'queued');
    await ticketLine('Tagliata').click();
    await ticketLine('Branzino').click();
    await expect(ticketLine('Branzino')).toHaveAttribute('data-kitchen-status', 'preparing');
  });

  await test.step('the waiter voids the started sea bass with the manager’s PIN; the cook sees it struck through', async () => {
    const line = waiter.getByTestId('visit-line').filter({ hasText: 'Branzino' });
    await line.getByTestId('line-actions').click();
    await waiter.getByTestId('choose-void').click();
    const sheet = waiter.getByTestId('void-sheet');
    await sheet.getByText('Guest changed their mind').click();
    await sheet.getByTestId('void-submit').click();
    await waiter
      .getByRole('dialog', { name: /^Void 1 × Branzino\?/ })
      .getByRole('button', { name: 'Void' })
      .click();
    const pin = waiter.getByTestId('pin-sheet');
    for (const digit of MANAGER_PIN)
      await pin.getByTestId('pin-keypad').getByRole('button', { name: digit, exact: true }).click();
    await pin.getByTestId('pin-submit').click();
    await expect(waiter.getByText(/1 × Branzino voided on order #\d+\./)).toBeVisible();

    await expect(ticketLine('Branzino')).toHaveAttribute('data-notice', 'voided');
    await expect(ticketLine('Branzino').getByTestId('line-notice')).toHaveText('VOID');
    await expect(ticketLine('Branzino').locator('del').filter({ hasText: 'Branzino' })).toBeVisible();
    await shoot(kitchen, 'evening-station-void-1024');
    // Seen: the mark and the sound go; the line stays struck through while its ticket is on.
    await ticketLine('Branzino').click();
    await expect(ticketLine('Branzino')).not.toHaveAttribute('data-notice', 'voided');
    await expect(ticketLine('Branzino').locator('del').filter({ hasText: 'Branzino' })).toBeVisible();
    await expect(ticketLine('Tagliata')).toHaveAttribute('data-kitchen-status', 'preparing');
    await ticketLine('Tagliata').click();
    await expect(kitchen.getByTestId('kitchen-ticket').filter({ hasText: 'Table 1' })).toHaveCount(0);
  });

  await test.step('the party at table 3 moves to table 2, then joins table 1', async () => {
    await waiter.goto(`/dashboard/floor/table/${three.id}`);
    const order = waiter.getByTestId('visit-order').first();
    await order.getByTestId('move-order').click();
    await waiter
      .getByTestId('move-order-sheet')
      .locator('[data-testid="pick-table"][data-table-number="2"]')
      .click();
    await waiter.getByRole('button', { name: 'Move to table 2' }).click();
    await expect(waiter.getByText(/^Order #\d+ moved to table 2\.$/)).toBeVisible();

    await waiter.goto(`/dashboard/floor/table/${one.id}`);
    await waiter.getByTestId('merge-table').click();
    await waiter.locator('[data-testid="pick-table"][data-table-number="2"]').click();
    await waiter.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(waiter.getByText('Table 2 merged into table 1.')).toBeVisible();
    await expect(waiter.getByTestId('visit-summary')).toContainText('5 guests');
  });

  // The bill before anyone pays, read by the waiter, by the staff's bill and by a guest.
  let bill: Money = { dueMinor: 0, totalMinor: 0 };
  await test.step('the floor, the staff bill and the guest bill say the same amount due', async () => {
    bill = (await (await api.get(`/api/tables/${one.id}/bill`)).json()) as Money;
    // 2 spritz + bruschetta + tagliata + spritz = 1400 + 650 + 2400 + 700 = 5150; +10 % service.
    expect(bill).toMatchObject({ totalMinor: 5665, dueMinor: 5665 });
    const floor = (await (await api.get('/api/floor')).json()) as {
      tables: (Money & { id: string; covers: number | null })[];
    };
    const entry = floor.tables.find((table) => table.id === one.id)!;
    expect(entry).toMatchObject({ dueMinor: 5665, totalMinor: 5665, covers: 5 });
    expect(floor.tables.filter((table) => table.id !== one.id).map((table) => table.covers ?? 0)).toEqual([
      0, 0,
    ]);
    await anna.goto(`/t/${one.qrToken}/bill`);
    await expect(anna.getByTestId('bill-due')).toHaveText('€56.65');
  });

  let cashMinor = 0;
  await test.step('seat 1 pays in cash at the table, with change', async () => {
    await waiter.getByTestId('settle-bill').click();
    const settle = waiter.getByTestId('settle-sheet');
    await settle.getByText('By seat', { exact: true }).click();
    await settle.getByTestId('settle-seat').filter({ hasText: 'Seat 1' }).click();
    // A seat pays its share of the service charge with its lines, and the sheet says so.
    await expect(settle.getByTestId('settle-seat-service')).toHaveText(
      "Each seat's amount includes its share of the service charge.",
    );
    const take = settle.getByTestId('take-payment');
    await expect(take).toHaveText(/^Take €\d+\.\d\d in cash$/);
    cashMinor = cents((await take.textContent())?.match(/€[\d.]+/)?.[0] ?? '');
    // Bruschetta with its tenth of service: 650 + 65.
    expect(cashMinor).toBe(715);
    await settle.getByTestId('quick-tender').last().click();
    await expect(settle.getByTestId('change-due')).toBeVisible();
    await shoot(waiter, 'evening-settle-390');
    await take.click();
    await expect(settle.getByTestId('receipt-offer')).toBeVisible();
    await settle.getByTestId('no-receipt').click();
    await waiter.keyboard.press('Escape');
  });

  let tipMinor = 0;
  await test.step('a guest pays the rest online with a tip', async () => {
    await anna.reload();
    await expect(anna.getByTestId('bill-due')).toHaveText('€49.50');
    await anna.getByRole('radio', { name: /Pay the whole bill/ }).check();
    await anna.getByRole('button', { name: /^10%/ }).click();
    tipMinor = cents(await anna.getByTestId('bill-pay-tip').textContent());
    expect(tipMinor).toBe(495);
    await anna.getByTestId('bill-pay-button').click();
    await expect(anna).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await anna.getByRole('button', { name: 'Pay €54.45' }).click();
    await expect(anna.getByRole('heading', { name: 'Paid — thank you!' })).toBeVisible();
  });

  await test.step('receipts and the X report tell the bill’s story to the cent; the covers once', async () => {
    type Receipt = {
      kind: string;
      totalMinor: number;
      tipMinor: number;
      businessDate: string;
      method: string;
    };
    await expect
      .poll(
        async () => ((await (await api.get('/api/receipts')).json()) as { items: Receipt[] }).items.length,
      )
      .toBe(2);
    const { items: receipts } = (await (await api.get('/api/receipts')).json()) as { items: Receipt[] };
    expect(receipts.reduce((sum, r) => sum + r.totalMinor - r.tipMinor, 0)).toBe(bill.totalMinor);
    expect(receipts.reduce((sum, r) => sum + r.tipMinor, 0)).toBe(tipMinor);
    const date = receipts[0]!.businessDate;
    const report = (await (await api.get(`/api/days/${date}`)).json()) as {
      orders: number;
      covers: number;
      grossMinor: number;
      serviceChargeMinor: number;
      tipsMinor: number;
      cashExpectedMinor: number;
      voids: { count: number; amountMinor: number };
      receipts: { count: number };
    };
    expect(report).toMatchObject({
      orders: 3,
      covers: 5,
      grossMinor: bill.totalMinor,
      serviceChargeMinor: 515,
      tipsMinor: tipMinor,
      cashExpectedMinor: cashMinor,
      voids: { count: 1, amountMinor: 2200 },
      receipts: { count: 2 },
    });
    const floor = (await (await api.get('/api/floor')).json()) as { tables: (Money & { id: string })[] };
    expect(floor.tables.find((table) => table.id === one.id)?.dueMinor).toBe(0);
  });

  await test.step('the owner closes the day with the cash counted', async () => {
    await desk.goto('/dashboard/payments/close-day');
    const report = desk.getByTestId('day-report');
    await expect(report.getByRole('heading', { name: 'X report' })).toBeVisible();
    await expect(desk.getByTestId('report-gross')).toContainText('€56.65');
    await expect(desk.getByTestId('open-at-close')).toHaveCount(0);
    await desk.getByLabel('Cash counted (EUR)').fill((cashMinor / 100).toFixed(2));
    await expect(desk.getByTestId('cash-difference')).toHaveText('Matches the cash expected');
    await desk.getByRole('button', { name: 'Close the day' }).click();
    await desk
      .getByRole('dialog', { name: /^Close the business day of / })
      .getByRole('button', { name: 'Close the day' })
      .click();
    await expect(report.getByRole('heading', { name: 'Z report' })).toBeVisible();
    await shoot(desk, 'evening-z-report-1280');
  });

  await api.dispose();
  for (const list of errors) expect(list).toEqual([]);
  for (const context of contexts) await context.close();
});

import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, listSmallTargets, watchConsole } from './helpers';

// The floor with three browsers on the demo restaurant (built before the server starts): a waiter's
// phone takes an order at table 4 with options and a note; the owner's tablet board shows it at
// once; the waiter voids a line, which a manager approves by typing their PIN on the waiter's phone;
// the board shows the line struck through; the waiter moves the order to table 6, and a guest's phone
// at table 6 finds the waiter's items on the table's bill and pays it.

// Outside the repository: these pictures are for looking at, not for keeping.
const shots = process.env.FLOOR_SHOTS_DIR ?? path.join(tmpdir(), 'shots-floor');
mkdirSync(shots, { recursive: true });
/**
 * A screen from the top (scrolled down, its sticky bars would land in the middle of a full-page
 * picture), or what the viewport shows while a sheet is open.
 */
async function shoot(page: Page, name: string, { sheet = false } = {}) {
  if (!sheet) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: !sheet, animations: 'disabled' });
}

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const DEMO_PASSWORD = 'tavolo-demo';
const MANAGER_PIN = '482916';

/** A screenshot at the phone's width and one at the tablet's, then back to the phone. */
async function shootBoth(page: Page, name: string, options: { sheet?: boolean } = {}) {
  await shoot(page, `${name}-390`, options);
  await page.setViewportSize(TABLET);
  await shoot(page, `${name}-1024`, options);
  await page.setViewportSize(PHONE);
}

async function signIn(page: Page, email: string, { staff }: { staff: boolean }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  if (staff) await page.getByLabel('Sign in as staff').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** Sets a stepper to `value` by its − and + buttons. */
async function stepTo(stepper: Locator, value: number) {
  const output = stepper.locator('output');
  for (let i = 0; i < 60; i += 1) {
    const current = Number(await output.textContent());
    if (current === value) return;
    await stepper.getByRole('button', { name: current < value ? /^One more/ : /^One less/ }).click();
  }
  throw new Error(`the stepper did not reach ${value}`);
}

test('a waiter takes an order on a phone, a manager approves a void with their PIN, the order moves and a guest pays it', async ({
  browser,
  baseURL,
}) => {
  // Three browsers through a whole visit: 33 s on a quiet machine, so a busy one has room.
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  };
  const waiter = await open({ viewport: PHONE, isMobile: true, hasTouch: true });
  const board = await open({ viewport: TABLET, hasTouch: true });
  const guest = await open({ viewport: PHONE, isMobile: true, hasTouch: true });
  const errors = [waiter, board, guest].map((page) => watchConsole(page));

  // The owner's board, and through its session the restaurant's tables and the manager's PIN.
  await signIn(board, 'demo@tavolo.test', { staff: false });
  const me = (await (await board.request.get('/auth/me')).json()) as { restaurantId: string };
  const { items: tables } = (await (
    await board.request.get(`/api/tables/restaurant/${me.restaurantId}`)
  ).json()) as { items: { id: string; number: number; qrToken: string }[] };
  const tableOf = (number: number) => {
    const found = tables.find((table) => table.number === number);
    if (!found) throw new Error(`the demo has no table ${number}`);
    return found;
  };
  const { items: managers } = (await (
    await board.request.get(`/api/staff/${me.restaurantId}`, { params: { q: 'demo.manager' } })
  ).json()) as { items: { id: string }[] };
  const pinSet = await board.request.put(`/api/staff/${managers[0]?.id}/pin`, { data: { pin: MANAGER_PIN } });
  expect(pinSet.status(), await pinSet.text()).toBe(204);
  await board.goto('/dashboard/orders');
  await expect(board.getByTestId('order-board')).toBeVisible();

  let orderNumber = 0;
  await test.step('the waiter opens the floor on a phone, their tables first', async () => {
    await signIn(waiter, 'demo.waiter@tavolo.test', { staff: true });
    await waiter.goto('/dashboard/floor');
    await expect(waiter.getByRole('heading', { name: 'Floor', level: 1 })).toBeVisible();
    await expect(waiter.getByTestId('table-tile').first()).toBeVisible();
    await expectNoSeriousA11yViolations(waiter);
    expect(await listSmallTargets(waiter)).toEqual([]);
    await shootBoth(waiter, 'floor');
  });

  await test.step('seats table 4 for 3 guests', async () => {
    await waiter.locator('[data-testid="table-tile"][data-table-number="4"] a').click();
    await expect(waiter.getByRole('heading', { name: 'Table 4', level: 1 })).toBeVisible();
    // The demo may already have guests there: then the visit is changed rather than opened.
    const edit = waiter.getByTestId('edit-visit');
    if (await edit.isVisible()) await edit.click();
    const form = waiter.getByTestId('visit-form');
    await stepTo(form.getByRole('group', { name: 'Guests' }), 3);
    await form.getByLabel('Waiter').selectOption({ label: 'Marco Bianchi (me)' });
    await form.getByRole('button', { name: /Seat guests|Save/ }).click();
    await expect(waiter.getByTestId('visit-summary')).toContainText('3 guests');
    await expect(waiter.getByTestId('visit-summary')).toContainText('Marco Bianchi');
  });

  await test.step('orders two dishes with options and a note from the picker, and sends them', async () => {
    await waiter.getByTestId('add-items').click();
    const picker = waiter.getByTestId('dish-picker');
    await expect(picker.getByTestId('picker-dish').first()).toBeVisible();
    await shootBoth(waiter, 'floor-picker', { sheet: true });

    await picker.getByTestId('picker-search').fill('margherita');
    await picker.getByTestId('picker-dish').filter({ hasText: 'Margherita' }).first().click();
    let sheet = waiter.getByTestId('dish-sheet');
    await sheet.getByRole('radio', { name: /Integrale/ }).check();
    await sheet.getByTestId('seat-chips').getByText('1', { exact: true }).click();
    await sheet.getByTestId('dish-sheet-submit').click();

    await picker.getByTestId('picker-search').fill('tagliata');
    await picker.getByTestId('picker-dish').filter({ hasText: 'Tagliata' }).first().click();
    sheet = waiter.getByTestId('dish-sheet');
    await sheet.getByRole('radio', { name: 'Media' }).check();
    await sheet.getByTestId('seat-chips').getByText('2', { exact: true }).click();
    await sheet.getByLabel('Note for the kitchen').fill('No rocket, please');
    await shootBoth(waiter, 'floor-dish-sheet', { sheet: true });
    await sheet.getByTestId('dish-sheet-submit').click();
    await picker.getByRole('button', { name: /^Done/ }).click();

    const draft = waiter.getByTestId('order-draft');
    await expect(draft.getByTestId('draft-line')).toHaveCount(2);
    await expect(draft.getByTestId('send-draft')).toHaveText('Send 2 items · €34.00');
    await shootBoth(waiter, 'floor-table-draft');
    await draft.getByTestId('send-draft').click();
    const sent = waiter.getByText(/^Order #\d+ sent for table 4: 2 items\.$/);
    await expect(sent).toBeVisible();
    orderNumber = Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);
    await expect(waiter.getByTestId('order-draft')).toHaveCount(0);
    await expect(
      waiter.locator(`[data-testid="visit-line"][data-order-number="${orderNumber}"]`),
    ).toHaveCount(2);
  });

  const card = () => board.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
  await test.step('the board on the tablet shows it at once, with its options and note', async () => {
    await expect(card()).toBeVisible();
    await expect(card()).toContainText('Table 4');
    await expect(card()).toContainText('Integrale');
    await expect(card()).toContainText('No rocket, please');
  });

  await test.step("the waiter voids the pizza; a manager types their PIN on the waiter's phone", async () => {
    const pizza = waiter
      .locator(`[data-testid="visit-line"][data-order-number="${orderNumber}"]`)
      .filter({ hasText: 'Margherita' });
    await pizza.getByTestId('line-actions').click();
    await waiter.getByTestId('choose-void').click();
    const sheet = waiter.getByTestId('void-sheet');
    await sheet.getByText('Guest changed their mind').click();
    await sheet.getByTestId('void-submit').click();
    await waiter
      .getByRole('dialog', { name: /^Void 1 × Margherita\?/ })
      .getByRole('button', { name: 'Void' })
      .click();

    const pin = waiter.getByTestId('pin-sheet');
    await expect(pin).toContainText('Ask a manager to type their PIN to approve: Void 1 × Margherita.');
    for (const digit of MANAGER_PIN)
      await pin.getByTestId('pin-keypad').getByRole('button', { name: digit, exact: true }).click();
    await expectNoSeriousA11yViolations(waiter);
    await shootBoth(waiter, 'floor-pin-sheet', { sheet: true });
    await pin.getByTestId('pin-submit').click();
    await expect(waiter.getByText(`1 × Margherita voided on order #${orderNumber}.`)).toBeVisible();
    await expect(pizza.getByTestId('voided-units')).toHaveText('1 voided');
    await expectNoSeriousA11yViolations(waiter);
    expect(await listSmallTargets(waiter)).toEqual([]);
    await shootBoth(waiter, 'floor-table');
  });

  await test.step('the board shows the line struck through', async () => {
    const voided = card().getByTestId('voided-units');
    await expect(voided).toHaveText('1 voided');
    await expect(card().getByTestId('order-line').filter({ hasText: 'Margherita' })).toHaveAttribute(
      'data-voided',
      '1',
    );
    await shoot(board, 'floor-board-voided-1024');
  });

  await test.step('the waiter moves the order to table 6', async () => {
    await waiter
      .locator(`[data-testid="visit-order"][data-order-number="${orderNumber}"]`)
      .getByTestId('move-order')
      .click();
    await waiter
      .getByTestId('move-order-sheet')
      .locator('[data-testid="pick-table"][data-table-number="6"]')
      .click();
    await waiter.getByRole('button', { name: 'Move to table 6' }).click();
    await expect(waiter.getByText(`Order #${orderNumber} moved to table 6.`)).toBeVisible();
    await expect(
      waiter.locator(`[data-testid="visit-line"][data-order-number="${orderNumber}"]`),
    ).toHaveCount(0);
    await expect(card()).toContainText('Table 6');
  });

  await test.step("a guest at table 6 finds the waiter's items on the bill and pays", async () => {
    const six = tableOf(6);
    await guest.goto(`/t/${six.qrToken}/bill`);
    const steak = guest.getByTestId('bill-line').filter({ hasText: 'Sliced beef steak' });
    await expect(steak).toBeVisible();
    // The voided pizza left the bill.
    await expect(guest.getByTestId('bill-line').filter({ hasText: 'Margherita' })).toHaveCount(0);
    await guest.getByRole('radio', { name: /Pay the whole bill/ }).check();
    await guest.getByRole('button', { name: /^0%/ }).click();
    const total = (await guest.getByTestId('bill-pay-total').textContent()) ?? '';
    await guest.getByTestId('bill-pay-button').click();
    await expect(guest).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await guest.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(guest).toHaveURL(new RegExp(`/t/${six.qrToken}/bill/receipts/[0-9a-f-]{36}$`));
    await expect(guest.getByRole('heading', { name: 'Paid — thank you!' })).toBeVisible();
  });

  await test.step('the floor on the tablet', async () => {
    await board.goto('/dashboard/floor');
    await expect(board.getByTestId('table-tile').first()).toBeVisible();
    await expectNoSeriousA11yViolations(board);
    await shoot(board, 'floor-owner-1024');
  });

  // The void's first attempt is refused with 403 APPROVAL_REQUIRED, which asks for the PIN: the
  // browser logs that answer, and nothing else may fail.
  const [waiterErrors = [], ...others] = errors;
  expect(waiterErrors).toEqual([
    'Failed to load resource: the server responded with a status of 403 (Forbidden)',
  ]);
  for (const list of others) expect(list).toEqual([]);
  for (const context of contexts) await context.close();
});

// Finishing a table (PRODUCT.md §9): a waiter (the Waiter role, which holds payments.take) splits
// the bill by seat: seat 1 pays cash with change due, seat 2 by card, and each time the receipt is
// offered. A cook, who may not take payments, is told whom to ask.
test('a waiter settles a table by seat: one seat in cash with change due, one by card, the receipt offered', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const waiter = await context.newPage();
  const errors = watchConsole(waiter);
  await signIn(waiter, 'demo.waiter2@tavolo.test', { staff: true });
  type FloorEntry = { id: string; number: number; state: string; dueMinor: number };
  const floor = (await (await waiter.request.get('/api/floor')).json()) as { tables: FloorEntry[] };
  const table = floor.tables.filter((entry) => entry.state === 'free').sort((x, y) => y.number - x.number)[0];
  if (!table) throw new Error('the demo has no free table');

  await test.step('seats two guests and sends a dish for each seat', async () => {
    await waiter.goto(`/dashboard/floor/table/${table.id}`);
    const form = waiter.getByTestId('visit-form');
    await stepTo(form.getByRole('group', { name: 'Guests' }), 2);
    await form.getByRole('button', { name: 'Seat guests' }).click();
    await expect(waiter.getByTestId('visit-summary')).toContainText('2 guests');

    await waiter.getByTestId('add-items').click();
    const picker = waiter.getByTestId('dish-picker');
    await picker.getByTestId('picker-search').fill('margherita');
    await picker.getByTestId('picker-dish').filter({ hasText: 'Margherita' }).first().click();
    let sheet = waiter.getByTestId('dish-sheet');
    await sheet.getByRole('radio', { name: /Integrale/ }).check();
    await sheet.getByTestId('seat-chips').getByText('1', { exact: true }).click();
    await sheet.getByTestId('dish-sheet-submit').click();
    await picker.getByTestId('picker-search').fill('tagliata');
    await picker.getByTestId('picker-dish').filter({ hasText: 'Tagliata' }).first().click();
    sheet = waiter.getByTestId('dish-sheet');
    await sheet.getByRole('radio', { name: 'Media' }).check();
    await sheet.getByTestId('seat-chips').getByText('2', { exact: true }).click();
    await sheet.getByTestId('dish-sheet-submit').click();
    await picker.getByRole('button', { name: /^Done/ }).click();
    await waiter.getByTestId('order-draft').getByTestId('send-draft').click();
    await expect(
      waiter.getByText(new RegExp(`^Order #\\d+ sent for table ${table.number}: 2 items\\.$`)),
    ).toBeVisible();
  });

  const settle = waiter.getByTestId('settle-sheet');
  await test.step('seat 1 pays in cash: the change due shows before and after', async () => {
    await waiter.getByTestId('settle-bill').click();
    await settle.getByText('By seat', { exact: true }).click();
    await expect(settle.getByTestId('settle-seat')).toHaveCount(2);
    await settle.getByTestId('settle-seat').filter({ hasText: 'Seat 1' }).click();
    const take = settle.getByTestId('take-payment');
    await expect(take).toHaveText(/^Take €\d+\.\d\d in cash$/);
    const amount = Number((await take.textContent())?.match(/€(\d+\.\d\d)/)?.[1]);
    // A round sum a guest hands over, above the amount: the change is what it leaves.
    const tender = settle.getByTestId('quick-tender').nth(1);
    const tendered = Number((await tender.textContent())?.match(/€(\d+\.\d\d)/)?.[1]);
    await tender.click();
    const change = (tendered - amount).toFixed(2);
    await expect(settle.getByTestId('change-due')).toContainText(`€${change}`);
    await expectNoSeriousA11yViolations(waiter);
    await shoot(waiter, 'settle-change-due-390', { sheet: true });
    await waiter.setViewportSize(TABLET);
    await shoot(waiter, 'settle-change-due-1024', { sheet: true });
    await waiter.setViewportSize({ width: 1440, height: 900 });
    await shoot(waiter, 'settle-change-due-1440', { sheet: true });
    await waiter.setViewportSize(PHONE);
    await take.click();
    await expect(settle.getByTestId('change-to-give')).toContainText(`€${change}`);
    const offer = settle.getByTestId('receipt-offer');
    await expect(offer.getByTestId('print-receipt')).toBeEnabled();
    await expect(offer.getByTestId('email-receipt')).toBeVisible();
    await shoot(waiter, 'settle-receipt-offered-390', { sheet: true });
    await offer.getByTestId('no-receipt').click();
  });

  await test.step('seat 2 pays by card, and the receipt goes by e-mail; the table is settled', async () => {
    await settle.getByText('By seat', { exact: true }).click();
    await expect(settle.getByTestId('settle-seat').filter({ hasText: 'Seat 1' })).toBeDisabled();
    await settle.getByTestId('settle-seat').filter({ hasText: 'Seat 2' }).click();
    await settle.getByText('Card', { exact: true }).click();
    await settle.getByTestId('take-payment').click();
    await expect(settle.getByTestId('settle-paid')).toContainText('The table is settled.');
    await settle.getByTestId('email-receipt').click();
    await settle.getByLabel('E-mail').fill('guest@example.test');
    await settle.getByRole('button', { name: 'Send' }).click();
    await expect(settle.getByTestId('email-receipt-sent')).toContainText('guest@example.test');
    await settle.getByTestId('settle-done').click();
    await expect(settle).toHaveCount(0);
    await expect(waiter.getByRole('heading', { name: `Table ${table.number}`, level: 1 })).toBeVisible();
    const entry = (await (await waiter.request.get(`/api/floor/tables/${table.id}`)).json()) as {
      table: FloorEntry;
    };
    expect(entry.table).toMatchObject({ state: 'free', dueMinor: 0 });
  });

  await test.step('a cook who may not take payments is told whom to ask', async () => {
    const cook = await context
      .browser()!
      .newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await cook.newPage();
    await signIn(page, 'demo.kitchen@tavolo.test', { staff: true });
    const owing = (
      (await (await page.request.get('/api/floor')).json()) as { tables: FloorEntry[] }
    ).tables.find((one) => one.dueMinor > 0);
    if (!owing) throw new Error('the demo has no table with money due');
    await page.goto(`/dashboard/floor/table/${owing.id}`);
    await page.getByTestId('settle-bill').click();
    await expect(page.getByTestId('settle-no-permission')).toContainText(
      'Ask a cashier or manager to take payment.',
    );
    await shoot(page, 'settle-no-permission-390', { sheet: true });
    await cook.close();
  });
  expect(errors).toEqual([]);
  await context.close();
});

/** "€1,234.56" or "-€1.00" or "−€2.00" → minor units. */
const cents = (text: string | null) => {
  const digits = (text ?? '').replace(/[^\d.,−-]/g, '');
  const negative = /^[−-]/.test(digits);
  return (negative ? -1 : 1) * Math.round(Number(digits.replace(/[−-]/g, '').replace(/,/g, '')) * 100);
};

/** A bill's rows by kind: the amount of each (the first of a kind). */
async function billRows(summary: Locator): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const row of await summary.locator('[data-kind]').all()) {
    const kind = (await row.getAttribute('data-kind')) ?? '';
    if (!(kind in rows)) rows[kind] = cents(await row.locator('dd').textContent());
  }
  return rows;
}

test('money reads one way: the send button, the floor bill, the guest bill and a share receipt agree to the cent', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const waiter = await context.newPage();
  const guestContext = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const guest = await guestContext.newPage();
  await signIn(waiter, 'demo.waiter@tavolo.test', { staff: true });
  const me = (await (await waiter.request.get('/auth/me')).json()) as { restaurantId: string };
  const { items: tables } = (await (
    await waiter.request.get(`/api/tables/restaurant/${me.restaurantId}`)
  ).json()) as { items: { id: string; number: number; qrToken: string }[] };
  const two = tables.find((table) => table.number === 2)!;

  await waiter.goto(`/dashboard/floor/table/${two.id}`);
  await expect(waiter.getByRole('heading', { name: 'Table 2', level: 1 })).toBeVisible();
  const floorBill = waiter.getByTestId('table-bill-figures').getByTestId('bill-summary');
  const before = (await floorBill.count()) > 0 ? await billRows(floorBill) : {};

  let sentMinor = 0;
  let serviceMinor = 0;
  await test.step('the send button says the round, the line under it the service charge the bill adds', async () => {
    await waiter.getByTestId('add-items').click();
    const picker = waiter.getByTestId('dish-picker');
    await picker.getByTestId('picker-search').fill('tagliata');
    await picker.getByTestId('picker-dish').filter({ hasText: 'Tagliata' }).first().click();
    const sheet = waiter.getByTestId('dish-sheet');
    await sheet.getByRole('radio', { name: 'Media' }).check();
    await sheet.getByTestId('dish-sheet-submit').click();
    await picker.getByRole('button', { name: /^Done/ }).click();
    const draft = waiter.getByTestId('order-draft');
    sentMinor = cents((await draft.getByTestId('send-draft').textContent())?.split('·')[1] ?? '');
    const hint = (await draft.getByTestId('draft-service-charge').textContent()) ?? '';
    serviceMinor = cents(hint.match(/of (\S+)/)?.[1] ?? '');
    expect(sentMinor).toBeGreaterThan(0);
    expect(serviceMinor).toBeGreaterThan(0);
    await shoot(waiter, 'money-send-390');
    await draft.getByTestId('send-draft').click();
    await expect(waiter.getByText(/^Order #\d+ sent for table 2/)).toBeVisible();
  });

  let floor: Record<string, number> = {};
  await test.step('the floor bill: the subtotal grows by the send amount, the service charge by what it said', async () => {
    await expect(floorBill.locator('[data-kind="serviceCharge"]')).toBeVisible();
    await expect
      .poll(async () => (await billRows(floorBill)).items ?? 0)
      .toBe((before.items ?? 0) + sentMinor);
    floor = await billRows(floorBill);
    expect(floor.serviceCharge).toBe((before.serviceCharge ?? 0) + serviceMinor);
    expect(floor.total).toBe((before.total ?? 0) + sentMinor + serviceMinor);
    expect(floor.items! - (floor.discount ?? 0) * -1 + floor.serviceCharge!).toBe(floor.total);
    await shoot(waiter, 'money-floor-bill-390');
  });

  await test.step('the guest bill reads the same rows, to the cent', async () => {
    await guest.goto(`/t/${two.qrToken}/bill`);
    const summary = guest.getByTestId('bill-summary');
    await expect(summary.locator('[data-kind="serviceCharge"]')).toBeVisible();
    const rows = await billRows(summary);
    expect(rows.items).toBe(floor.items);
    expect(rows.serviceCharge).toBe(floor.serviceCharge);
    expect(rows.total).toBe(floor.total);
    expect(rows.due).toBe(floor.due);
    // The steak's line is at its menu price: no service charge inside it.
    await expect(
      guest
        .getByTestId('bill-line')
        .filter({ hasText: /steak|Tagliata/i })
        .last(),
    ).toBeVisible();
    await shoot(guest, 'money-guest-bill-390');
  });

  await test.step('a guest pays one share of two with a tip: the receipt names the share with its amount, the tip after the total', async () => {
    await guest.getByRole('radio', { name: /Split equally/ }).check();
    await guest.getByRole('button', { name: /^10%/ }).click();
    const total = (await guest.getByTestId('bill-pay-total').textContent()) ?? '';
    const share = cents(await guest.getByTestId('bill-pay-amount').textContent());
    const tip = cents(await guest.getByTestId('bill-pay-tip').textContent());
    expect(tip).toBeGreaterThan(0);
    await guest.getByTestId('bill-pay-button').click();
    await expect(guest).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await guest.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(guest.getByRole('heading', { name: 'Paid — thank you!' })).toBeVisible();
    await guest.getByRole('button', { name: 'View the receipt' }).click();
    const receipt = guest.getByTestId('guest-receipt-document').getByTestId('receipt-view');
    await expect(receipt.getByTestId('receipt-view-share')).toBeVisible();
    const shareLine = cents(await receipt.getByTestId('receipt-view-share').textContent());
    const service = cents(await receipt.getByTestId('receipt-view-service').locator('dd').textContent());
    expect(shareLine + service).toBe(share);
    await expect(receipt.getByTestId('receipt-view-total').locator('dd')).toHaveText(
      `€${(share / 100).toFixed(2)}`,
    );
    await expect(receipt.getByTestId('receipt-view-tip').locator('dd')).toHaveText(
      `€${(tip / 100).toFixed(2)}`,
    );
    await guest.getByTestId('guest-receipt-document').scrollIntoViewIfNeeded();
    await guest
      .getByTestId('guest-receipt-document')
      .screenshot({ path: path.join(shots, 'money-share-receipt-390.png') });

    // The guest bill and the floor now agree on what is left, to the cent.
    await guest.goto(`/t/${two.qrToken}/bill`);
    await expect(guest.getByTestId('bill-summary').locator('[data-kind="tip"]')).toBeVisible();
    const after = await billRows(guest.getByTestId('bill-summary'));
    expect(after.tip).toBeGreaterThanOrEqual(tip);
    await waiter.reload();
    await expect.poll(async () => (await billRows(floorBill)).due).toBe(after.due);
    await shoot(guest, 'money-guest-bill-paid-390');
  });

  await test.step('in Italian, the same rows in Italian words', async () => {
    await guest.getByRole('combobox', { name: 'Language' }).selectOption('it');
    await expect(guest.getByTestId('bill-summary')).toContainText('Servizio');
    await shoot(guest, 'money-guest-bill-it-390');
  });

  await context.close();
  await guestContext.close();
});

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// Receipts and the day's close through the real server and database: a guest pays the whole bill
// at the table through the sandbox provider and gets the receipt (two VAT rates, prices including
// VAT, the restaurant's legal name and VAT number), opens it and e-mails it; the owner finds it in
// Payments → Receipts, prints it on 80 mm paper, reads the X report, counts the cash and closes
// the day, and gets the Z report. Screenshots go to test-results, in English, German and French.

const PHONE = { width: 390, height: 844 };
const phone = { viewport: PHONE, isMobile: true, hasTouch: true };
const MM_IN_POINTS = 72 / 25.4;

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });
/** Screens of issue 42's close, kept beside the run's for review. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const keep = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
};

/** The page's width beyond the viewport: 0 when nothing overflows sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The paper a page prints on, in millimetres, from the PDF Chromium makes of it. */
async function printedPageSizes(page: Page): Promise<{ width: number; height: number }[]> {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: false })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((box) => ({
    width: Number(box[1]) / MM_IN_POINTS,
    height: Number(box[2]) / MM_IN_POINTS,
  }));
}

/** The receipt's 80 mm slip, as printing shows it (print media), then back to the screen. */
async function shootPrinted(page: Page, testId: string, name: string) {
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByTestId(testId);
  await expect(slip).toBeVisible();
  // Nothing else of the app prints.
  await expect(page.locator('#root')).toBeHidden();
  const box = await slip.boundingBox();
  expect(Math.round(((box?.width ?? 0) * 25.4) / 96)).toBe(80);
  await slip.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
  // No emulation at all afterwards: an emulated screen would also be what page.pdf() prints.
  await page.emulateMedia({ media: null });
}

async function addDish(guest: Page, qrToken: string, dish: string) {
  if (!guest.url().endsWith(`/t/${qrToken}`)) await guest.goto(`/t/${qrToken}`);
  await guest.getByTestId('guest-category').getByRole('button', { name: dish, exact: true }).click();
  await guest
    .getByRole('dialog', { name: dish })
    .getByRole('button', { name: /Add to order/ })
    .click();
}

test('a guest pays at the table and gets the receipt; the owner finds it, prints it and closes the day', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  };
  const owner = await open({ viewport: { width: 1280, height: 900 } });
  const guest = await open(phone);
  const errors = [owner, guest].map((page) => watchConsole(page));
  let qrToken = '';
  let openTableId = '';
  let tagliatelleId = '';

  await test.step('set up through the API: two VAT rates, prices including VAT, the legal details', async () => {
    await registerThroughApi(owner, newOwner());
    const send = async <T>(
      method: 'post' | 'put',
      url: string,
      data: unknown,
      status: number,
    ): Promise<T> => {
      const response = await owner.request[method](url, { data });
      expect(response.status(), `${url} ${await response.text()}`).toBe(status);
      return (await response.json()) as T;
    };
    const me = (await (await owner.request.get('/auth/me')).json()) as { restaurantId: string };
    await send(
      'put',
      `/api/restaurants/${me.restaurantId}`,
      {
        legalName: 'Trattoria del Ponte S.r.l.',
        taxId: 'IT01234567890',
        address: 'Via del Ponte 3\n40121 Bologna',
        pricesIncludeTax: true,
      },
      200,
    );
    await send(
      'post',
      '/api/tax-rates',
      { name: 'IVA ridotta', rateBasisPoints: 1000, isDefault: true },
      201,
    );
    const drinksRate = await send<{ id: string }>(
      'post',
      '/api/tax-rates',
      { name: 'IVA ordinaria', rateBasisPoints: 2200 },
      201,
    );
    const mains = await send<{ id: string }>('post', '/api/categories', { name: 'Mains' }, 201);
    const drinks = await send<{ id: string }>(
      'post',
      '/api/categories',
      { name: 'Drinks', taxRateId: drinksRate.id },
      201,
    );
    const tagliatelle = await send<{ id: string }>(
      'post',
      '/api/menu',
      { categoryId: mains.id, name: 'Tagliatelle al ragù', priceMinor: 1400 },
      201,
    );
    tagliatelleId = tagliatelle.id;
    await send('post', '/api/menu', { categoryId: drinks.id, name: 'Spritz', priceMinor: 700 }, 201);
    const table = await send<{ qrToken: string }>('post', '/api/tables', { number: 5, seats: 2 }, 201);
    qrToken = table.qrToken;
    openTableId = (await send<{ id: string }>('post', '/api/tables', { number: 6, seats: 4 }, 201)).id;
  });

  let receiptNumber = '';
  let receiptPage = '';
  await test.step('a guest orders a dish and a drink, pays the whole bill with a tip, and gets the receipt', async () => {
    await addDish(guest, qrToken, 'Tagliatelle al ragù');
    await addDish(guest, qrToken, 'Spritz');
    await guest.getByTestId('cart-bar').click();
    await guest
      .getByRole('dialog', { name: 'Your order' })
      .getByRole('button', { name: /Place order/ })
      .click();
    await expect(guest).toHaveURL(new RegExp(`/t/${qrToken}/orders/[0-9a-f-]{36}$`));

    await guest.goto(`/t/${qrToken}/bill`);
    await expect(guest.getByTestId('bill-due')).toHaveText('€21.00');
    await guest.getByRole('radio', { name: /Pay the whole bill/ }).check();
    await guest.getByRole('button', { name: /^10%/ }).click();
    await expect(guest.getByTestId('bill-pay-total')).toHaveText('€23.10');
    await guest.getByTestId('bill-pay-button').click();
    await expect(guest).toHaveURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await guest.getByRole('button', { name: 'Pay €23.10' }).click();
    await expect(guest).toHaveURL(new RegExp(`/t/${qrToken}/bill/receipts/[0-9a-f-]{36}$`));
    receiptPage = new URL(guest.url()).pathname;

    const card = guest.getByTestId('your-receipt');
    await expect(card.getByRole('heading', { name: 'Your receipt' })).toBeVisible();
    await card.getByRole('button', { name: 'View the receipt' }).click();
    const document = card.getByTestId('guest-receipt-document');
    await expect(document.getByTestId('receipt-view-tax-id')).toHaveText('VAT No. IT01234567890');
    await expect(document).toContainText('Trattoria del Ponte S.r.l.');
    await expect(document.getByTestId('receipt-view-line')).toHaveText([
      /1 × Tagliatelle al ragù.*€14\.00.*10%/,
      /1 × Spritz.*€7\.00.*22%/,
    ]);
    // Prices include VAT: each rate's part of €14.00 and €7.00.
    await expect(document.getByTestId('receipt-view-tax-row')).toHaveText([
      /10%.*€12\.73.*€1\.27/,
      /22%.*€5\.74.*€1\.26/,
    ]);
    await expect(document.getByTestId('receipt-view-total')).toContainText('€21.00');
    await expect(document.getByTestId('receipt-view-tip')).toContainText('€2.10');
    await expect(document.getByTestId('receipt-view-paid')).toContainText('€23.10');
    receiptNumber = ((await document.getByTestId('receipt-view-number').textContent()) ?? '').replace(
      'No. ',
      '',
    );
    expect(receiptNumber).toMatch(/^\d{4}-\d{6}$/);
    await expect(card.getByTestId('your-receipt-pdf')).toHaveAttribute(
      'href',
      /\/api\/receipts\/[0-9a-f-]{36}\.pdf\?token=/,
    );
    expect(await overflow(guest)).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'E-mail it to me' }).click();
    await card.getByLabel('E-mail address').fill('guest@example.com');
    const [sent] = await Promise.all([
      guest.waitForResponse((response) => /\/api\/receipts\/[0-9a-f-]{36}\/email$/.test(response.url())),
      card.getByRole('button', { name: 'Send the receipt' }).click(),
    ]);
    expect(sent.status()).toBe(202);
    await expect(card.getByTestId('email-receipt-sent')).toHaveText(
      'The receipt is on its way to guest@example.com.',
    );
    await expectNoSeriousA11yViolations(guest);
    await card.screenshot({
      path: test.info().outputPath('guest-receipt-card-en-390.png'),
      animations: 'disabled',
    });
    await shoot(guest, 'guest-receipt-page-en-390');
    await shootPrinted(guest, 'receipt-print', 'guest-receipt-80mm-print-en');
  });

  let ownerReceiptPath = '';
  await test.step('the owner finds the receipt in Payments → Receipts and opens it', async () => {
    await owner.goto('/dashboard/payments');
    await owner
      .getByRole('navigation', { name: 'Payments area' })
      .getByRole('link', { name: 'Receipts' })
      .click();
    await expect(owner.getByRole('heading', { name: 'Receipts', level: 1 })).toBeVisible();
    await owner.getByRole('searchbox', { name: 'Search' }).fill(receiptNumber.slice(-6));
    const row = owner.getByTestId('receipt-row').filter({ hasText: receiptNumber });
    await expect(row).toHaveCount(1);
    await expect(owner.getByTestId('receipt-row')).toHaveCount(1);
    // The search's answer is in: the list no longer shows the last one, dimmed.
    await expect(owner).toHaveURL(/[?&]q=/);
    await expect(owner.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(row).toContainText('Table 5');
    await expect(row).toContainText('Online');
    await expect(row).toContainText('€23.10');
    await expect(owner.getByTestId('receipts-csv')).toHaveAttribute(
      'href',
      /\/api\/receipts\/export\.csv\?from=\d{4}-\d{2}-\d{2}&to=/,
    );
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'receipts-list-en-1280');

    await row.getByRole('link', { name: `Open receipt ${receiptNumber}` }).click();
    await expect(owner.getByRole('heading', { name: `Receipt ${receiptNumber}`, level: 1 })).toBeVisible();
    ownerReceiptPath = new URL(owner.url()).pathname;
    const paper = owner.getByTestId('receipt-paper');
    await expect(paper.getByTestId('receipt-view-tax-id')).toHaveText('VAT No. IT01234567890');
    await expect(paper.getByTestId('receipt-view-tax-row')).toHaveCount(2);
    const pdf = await owner.request.get((await owner.getByTestId('receipt-pdf').getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'receipt-en-1280');

    // Printing gives the receipt alone, on paper 80 mm wide and as long as the receipt.
    const pages = await printedPageSizes(owner);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(80, 0);
    expect(pages[0]!.height).toBeGreaterThan(80);
    expect(pages[0]!.height).toBeLessThan(297);
    await shootPrinted(owner, 'receipt-print', 'receipt-80mm-print-en');

    await owner.getByRole('button', { name: 'E-mail' }).click();
    const dialog = owner.getByTestId('email-receipt-dialog');
    await dialog.getByLabel('E-mail address').fill('accounts@example.com');
    const [sent] = await Promise.all([
      owner.waitForResponse((response) => /\/email$/.test(response.url())),
      dialog.getByRole('button', { name: 'Send the receipt' }).click(),
    ]);
    expect(sent.status()).toBe(202);
    await expect(owner.getByText('The receipt is on its way to accounts@example.com.')).toBeVisible();
  });

  await test.step('the owner reads the X report with both rates, counts the cash and closes the day', async () => {
    // Table 6 orders and has not paid yet: the close warns of its bill.
    const placed = await owner.request.post('/api/orders', {
      data: { tableId: openTableId, items: [{ menuItemId: tagliatelleId, quantity: 1 }] },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await owner
      .getByRole('navigation', { name: 'Payments area' })
      .getByRole('link', { name: 'Close the day' })
      .click();
    const report = owner.getByTestId('day-report');
    await expect(report.getByRole('heading', { name: 'X report' })).toBeVisible();
    await expect(report.getByTestId('report-tax-row')).toHaveText([
      /10%.*IVA ridotta.*€12\.73.*€1\.27.*€14\.00/,
      /22%.*IVA ordinaria.*€5\.74.*€1\.26.*€7\.00/,
    ]);
    await expect(owner.getByTestId('report-gross')).toContainText('€21.00');
    await expect(report.getByTestId('report-methods')).toContainText('Online (1)');
    const warning = owner.getByTestId('open-at-close');
    await expect(warning.getByRole('heading')).toHaveText('1 bill is still open: €14.00 due');
    await expect(warning.getByTestId('open-bill')).toHaveText(['Table 6€14.00 due of €14.00']);

    // Paid online: no cash expected. A fiver found in the drawer is over.
    await owner.getByLabel('Cash counted (EUR)').fill('5');
    await expect(owner.getByTestId('cash-difference')).toHaveText('Over by €5.00');
    await owner.getByLabel('Cash counted (EUR)').fill('0,00');
    await expect(owner.getByTestId('cash-difference')).toHaveText('Matches the cash expected');
    await owner.getByLabel('Note (optional)').fill('Quiet evening');
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'x-report-en-1280');
    await owner.setViewportSize(PHONE);
    expect(await overflow(owner)).toBeLessThanOrEqual(0);
    await shoot(owner, 'x-report-en-390');
    await owner.setViewportSize({ width: 1280, height: 900 });

    await keep(owner, 'close-day-warning-1280');
    await owner.setViewportSize(PHONE);
    await keep(owner, 'close-day-warning-390');
    await owner.setViewportSize({ width: 1024, height: 768 });
    await keep(owner, 'close-day-warning-1024');
    await owner.setViewportSize({ width: 1280, height: 900 });

    await owner.getByRole('button', { name: 'Close the day' }).click();
    const confirm = owner.getByRole('dialog', { name: /^Close the business day of / });
    await expect(confirm).toContainText('Closing is final');
    // The open bill again, and no plain "Close the day": closing over it is said out loud.
    await expect(confirm.getByTestId('close-open-warning')).toHaveText(
      '1 bill is still open with €14.00 due.',
    );
    await expect(confirm.getByRole('button', { name: 'Close the day' })).toHaveCount(0);
    await keep(owner, 'close-day-confirm-1280');
    await confirm.getByRole('button', { name: 'Close anyway' }).click();
    await expect(owner.getByText(/^The business day of .* is closed\.$/)).toBeVisible();
    await expect(report).toHaveAttribute('data-closed', 'true');
    await expect(report.getByRole('heading', { name: 'Z report' })).toBeVisible();
    await expect(report.getByTestId('report-difference')).toHaveText('Matches the cash expected');
    await expect(report.getByTestId('report-closed-by')).toContainText('Closed by Giulia Rossi');
    // The Z report keeps what was open at the close.
    await expect(owner.getByTestId('open-at-close').getByRole('heading')).toHaveText(
      'Closed with 1 bill open: €14.00 due',
    );
    await expect(owner.getByTestId('closed-day-row')).toHaveCount(1);
    await expect(owner.getByTestId('close-day-form')).toHaveCount(0);
    await expectNoSeriousA11yViolations(owner);
    await shoot(owner, 'z-report-en-1280');
    const pages = await printedPageSizes(owner);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(80, 0);
    await shootPrinted(owner, 'z-report-print', 'z-report-80mm-print-en');
  });

  await test.step('in German and French on a phone: the receipt, its print, the Z report, the guest’s card', async () => {
    const staff = await open({ ...phone, storageState: await owner.context().storageState() });
    errors.push(watchConsole(staff));
    for (const [language, locale, receiptTitle, zTitle, yours, view] of [
      ['de', 'de-DE', 'Beleg', 'Z-Bericht', 'Ihr Beleg', 'Beleg ansehen'],
      ['fr', 'fr-FR', 'Reçu', 'Rapport Z', 'Votre reçu', 'Voir le reçu'],
    ] as const) {
      const changed = await staff.request.put('/auth/me/preferences', { data: { language } });
      expect(changed.status(), await changed.text()).toBe(200);
      await staff.goto(ownerReceiptPath);
      await expect(
        staff.getByRole('heading', { name: `${receiptTitle} ${receiptNumber}`, level: 1 }),
      ).toBeVisible();
      expect(await overflow(staff)).toBeLessThanOrEqual(0);
      await shoot(staff, `receipt-${language}-390`);
      await shootPrinted(staff, 'receipt-print', `receipt-80mm-print-${language}`);

      await staff.goto('/dashboard/payments/receipts');
      await expect(staff.getByTestId('receipt-card')).toHaveCount(1);
      expect(await overflow(staff)).toBeLessThanOrEqual(0);
      await shoot(staff, `receipts-list-${language}-390`);

      await staff.goto('/dashboard/payments/close-day');
      await expect(staff.getByTestId('day-report').getByRole('heading', { name: zTitle })).toBeVisible();
      expect(await overflow(staff)).toBeLessThanOrEqual(0);
      await shoot(staff, `z-report-${language}-390`);
      await shootPrinted(staff, 'z-report-print', `z-report-80mm-print-${language}`);

      const visitor = await open({ ...phone, locale });
      errors.push(watchConsole(visitor));
      await visitor.goto(receiptPage);
      const card = visitor.getByTestId('your-receipt');
      await expect(card.getByRole('heading', { name: yours })).toBeVisible();
      await card.getByRole('button', { name: view }).click();
      await expect(card.getByTestId('guest-receipt-document')).toBeVisible();
      expect(await overflow(visitor)).toBeLessThanOrEqual(0);
      await card.screenshot({
        path: test.info().outputPath(`guest-receipt-card-${language}-390.png`),
        animations: 'disabled',
      });
      await shootPrinted(visitor, 'receipt-print', `guest-receipt-80mm-print-${language}`);
    }
  });

  for (const list of errors) expect(list).toEqual([]);
  for (const context of contexts) await context.close();
});

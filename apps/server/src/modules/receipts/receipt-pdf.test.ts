import type { TReceipt } from '@tavolo/contract/receipts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { makeCreditNote, makeReceipt } from '../../../test/receipts';
import { RECEIPT_PAGE_WIDTH, receiptPdfFilename, renderReceiptPdf } from './receipt-pdf';

/** What a PDF reader finds on the receipt's one page, spaces of every kind as plain ones. */
async function readPdf(receipt: TReceipt) {
  const pdf = await renderReceiptPdf(receipt, { timeZone: 'Europe/Rome' });
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const page = await document.getPage(1);
  const [, , width = 0, height = 0] = page.view;
  const { text } = await extractText(document, { mergePages: true });
  return { pdf, pages: document.numPages, width, height, text: text.replace(/\s+/g, ' ') };
}

/** Intl's amounts with plain spaces, as readPdf gives the page's text. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('a receipt PDF', () => {
  it('is one page 80 mm wide, as tall as the receipt, and starts like a PDF', async () => {
    const short = await readPdf(makeCreditNote());
    const long = await readPdf(makeReceipt());
    expect(short.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(long.pages).toBe(1);
    expect(long.width).toBeCloseTo(226.77, 1);
    expect(RECEIPT_PAGE_WIDTH).toBeCloseTo(226.77, 1);
    expect(short.height).toBeLessThan(long.height);
    expect(long.height).toBeGreaterThan(200);
  });

  it('carries the legal block, number, time, table and orders, lines, service, each rate, total and tip', async () => {
    const { text } = await readPdf(makeReceipt());
    for (const expected of [
      'Trattoria Uno',
      'Uno Ristorazione S.r.l.',
      'Via Roma 1',
      '00184 Roma',
      'VAT No. IT01234567890',
      'Receipt',
      'No. 2026-000123',
      // 18:42 UTC is 19:42 in Rome in November.
      '27/11/2026, 19:42',
      'Table 12 · Orders 1042, 1043',
      '2 x Pizza Margherita €22.00 10%',
      'Impasto: integrale',
      'Extra: bufala',
      '1 x Crème brûlée €7.00 10%',
      '1 x Vino rosso €16.00 22%',
      'Service charge €3.00',
      'Rate Net VAT',
      '10% €29.09 €2.91',
      '22% €12.73 €3.27',
      'Total €41.82 €6.18',
      'Total €48.00',
      'Tip €3.00',
      'Total paid €51.00',
      'Payment: Card',
      'Prices include VAT',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('For receipt');
  });

  it('says it is a credit note, which receipt it credits, and shows its figures negative', async () => {
    const { text } = await readPdf(makeCreditNote());
    expect(text).toContain('Credit note');
    expect(text).toContain('No. 2026-000124');
    expect(text).toContain('For receipt No. 2026-000123');
    expect(text).toContain('-1 x Vino rosso -€16.00 22%');
    expect(text).toContain('22% -€12.73 -€3.27');
    expect(text).toContain('Total -€16.00');
    expect(text).not.toContain('Tip');
  });

  it('speaks Italian for an Italian restaurant, with Italian amounts and dates', async () => {
    const receipt = await readPdf(makeReceipt({ language: 'it', method: 'cash' }));
    for (const expected of [
      'Scontrino',
      'N. 2026-000123',
      '27/11/2026, 19:42',
      'P. IVA IT01234567890',
      'Tavolo 12 · Comande 1042, 1043',
      '2 x Pizza Margherita 22,00 € 10%',
      'Servizio 3,00 €',
      'Aliquota Imponibile IVA',
      '10% 29,09 € 2,91 €',
      '22% 12,73 € 3,27 €',
      'Totale 48,00 €',
      'Mancia 3,00 €',
      'Totale pagato 51,00 €',
      'Pagamento: Contanti',
      'Prezzi IVA inclusa',
    ])
      expect(receipt.text).toContain(expected);
    expect(receipt.text).not.toMatch(/Receipt|Total paid|Tip/);

    const credit = await readPdf(makeCreditNote({ language: 'it' }));
    expect(credit.text).toContain('Nota di credito');
    expect(credit.text).toContain('Relativa allo scontrino n. 2026-000123');
  });

  it('writes French, German and Spanish amounts as they do, narrow spaces and all', async () => {
    const french = await readPdf(makeReceipt({ language: 'fr' }));
    expect(french.text).toContain(plain('Reçu'));
    expect(french.text).toContain(plain('10 % 29,09 € 2,91 €'));
    expect(french.text).toContain(plain('Total TTC 48,00 €'));
    const big = makeReceipt({
      language: 'de',
      totalMinor: 123_456_78,
      tipMinor: 0,
      netMinor: 103_745_19,
      taxMinor: 19_711_59,
      taxes: [{ name: 'MwSt.', rateBasisPoints: 1900, netMinor: 103_745_19, taxMinor: 19_711_59 }],
    });
    const german = await readPdf(big);
    expect(german.text).toContain('Beleg');
    expect(german.text).toContain('USt-IdNr. IT01234567890');
    expect(german.text).toContain(plain('19 % 103.745,19 € 19.711,59 €'));
    expect(german.text).toContain(plain('Summe 123.456,78 €'));
    const spanish = await readPdf(makeReceipt({ language: 'es', method: 'online' }));
    expect(spanish.text).toContain('Recibo');
    expect(spanish.text).toContain('Pago: En línea');
  });

  it('lists a share of the bill as one line, its rates in the table', async () => {
    const { text } = await readPdf(makeReceipt({ coverage: 'part', lines: [], serviceChargeMinor: 0 }));
    expect(text).toContain('Share of the bill');
    expect(text).not.toContain('Pizza');
    expect(text).toContain('10% €29.09 €2.91');
  });

  it('reads a share with its amount, then the service charge, the total and the tip apart (issue 42)', async () => {
    const share = makeReceipt({ coverage: 'part', lines: [], shareMinor: 4500 });
    const { text } = await readPdf(share);
    const order = [
      'Share of the bill €45.00',
      'Subtotal €45.00',
      'Service charge €3.00',
      'Total €48.00',
      'Tip €3.00',
      'Total paid €51.00',
    ];
    for (const expected of order) expect(text).toContain(expected);
    const at = order.map((expected) => text.indexOf(expected));
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('shows a line at its menu price and its discount on a row of its own', async () => {
    const [pizza, ...rest] = makeReceipt().lines;
    const { text } = await readPdf(
      makeReceipt({ lines: [{ ...pizza!, totalMinor: 1980, discountMinor: 220 }, ...rest] }),
    );
    expect(text).toContain('2 x Pizza Margherita €22.00 10%');
    expect(text).toContain('Subtotal €45.00 Discounts -€2.20 Service charge €3.00');
  });

  it('wraps a long name within the page and leaves out what is not known', async () => {
    const { text } = await readPdf(
      makeReceipt({
        tableNumber: null,
        orderNumbers: [],
        seller: { name: 'Bar', legalName: null, taxId: null, address: null, phone: null, email: null },
        lines: [
          {
            name: 'Spaghetti alla carbonara con guanciale croccante e pecorino romano DOP stagionato',
            options: [],
            quantity: 1,
            unitPriceMinor: 4800,
            totalMinor: 4800,
            discountMinor: 0,
            rateBasisPoints: 1000,
          },
        ],
      }),
    );
    expect(text).toContain('1 x Spaghetti alla carbonara');
    expect(text).toContain('pecorino romano DOP stagionato');
    expect(text).not.toContain('Table');
    expect(text).not.toContain('VAT No.');
  });

  it('writes what Helvetica cannot show the way the printer does, and the same receipt as the same bytes', async () => {
    const receipt = makeReceipt({
      lines: [
        {
          name: 'Żurek 🍲',
          options: [],
          quantity: 1,
          unitPriceMinor: 500,
          totalMinor: 500,
          discountMinor: 0,
          rateBasisPoints: 1000,
        },
      ],
    });
    const { text } = await readPdf(receipt);
    expect(text).toContain('1 x Zurek ? €5.00 10%');
    const [first, second] = await Promise.all([renderReceiptPdf(receipt), renderReceiptPdf(receipt)]);
    expect(first.equals(second)).toBe(true);
  });

  it('says when a time is in UTC because the zone is not known', async () => {
    const pdf = await renderReceiptPdf(makeReceipt(), { timeZone: 'Nowhere/Atlantis' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('27/11/2026, 18:42 UTC');
  });
});

describe('the PDF file name', () => {
  it('is the title in the receipt’s language, in plain ASCII, and the number', () => {
    expect(receiptPdfFilename(makeReceipt())).toBe('receipt-2026-000123.pdf');
    expect(receiptPdfFilename(makeCreditNote({ language: 'it' }))).toBe('nota-di-credito-2026-000124.pdf');
    expect(receiptPdfFilename(makeReceipt({ language: 'fr' }))).toBe('recu-2026-000123.pdf');
  });
});

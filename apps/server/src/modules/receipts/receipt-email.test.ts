import type { FastifyBaseLogger } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { makeCreditNote, makeReceipt } from '../../../test/receipts';
import { startSmtpServer } from '../../../test/smtp';
import type { MailMessage } from '../../core/mailer';
import { createSmtpMailer } from '../mailer/mailer';
import { receiptEmail } from './receipt-email';
import { receiptPdfFilename, renderReceiptPdf } from './receipt-pdf';

/** Intl's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const silent = {
  info: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

/** A MIME message's parts: each one's headers (names lower-cased, folded lines joined) and body. */
function partsOf(raw: string): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const at = part.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of part
        .slice(0, at)
        .replace(/\r\n[ \t]+/g, ' ')
        .trim()
        .split('\r\n')) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { headers, body: part.slice(at + 4) };
    });
}

/** Quoted-printable text as it was written (UTF-8). */
function fromQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the receipt e-mail', () => {
  it('names the receipt and the restaurant, says what is attached and signs with the seller', () => {
    const { subject, text } = receiptEmail(makeReceipt(), { timeZone: 'Europe/Rome' });
    expect(subject).toBe('Your receipt 2026-000123 from Trattoria Uno');
    expect(text).toBe(
      [
        'Thank you for your visit. Your receipt 2026-000123 of 27/11/2026 for €51.00 is attached as a PDF.',
        '',
        '2 x Pizza Margherita: €22.00',
        '  Impasto: integrale',
        '  Extra: bufala',
        '  2 x €11.00',
        '1 x Crème brûlée: €7.00',
        '1 x Vino rosso: €16.00',
        'Subtotal: €45.00',
        'Service charge: €3.00',
        'Total: €48.00',
        'Tip: €3.00',
        'Total paid: €51.00',
        '',
        'Trattoria Uno',
        'Uno Ristorazione S.r.l.',
        'Via Roma 1',
        '00184 Roma',
        'VAT No. IT01234567890',
        'Tel. +39 06 1234567',
        'ciao@trattoria-uno.test',
        '',
      ].join('\n'),
    );
  });

  it('says what a share paid, the service charge on its own row and the tip after the total', () => {
    const { text } = receiptEmail(
      makeReceipt({ coverage: 'part', lines: [], shareMinor: 4500, language: 'it' }),
    );
    expect(plain(text)).toContain(
      [
        'Quota del conto: 45,00 €',
        'Subtotale: 45,00 €',
        'Servizio: 3,00 €',
        'Totale: 48,00 €',
        'Mancia: 3,00 €',
        'Totale pagato: 51,00 €',
      ].join('\n'),
    );
  });

  it('is written in the receipt’s language, a credit note naming its receipt', () => {
    const italian = receiptEmail(makeReceipt({ language: 'it' }), { timeZone: 'Europe/Rome' });
    expect(italian.subject).toBe('Il tuo scontrino 2026-000123 di Trattoria Uno');
    expect(italian.text).toMatch(
      /^Grazie per la visita\. In allegato .* scontrino 2026-000123 del 27\/11\/2026/,
    );
    expect(plain(italian.text)).toContain('dell’importo di 51,00 €.');
    expect(italian.text).toContain('P. IVA IT01234567890');

    const german = receiptEmail(makeCreditNote({ language: 'de' }), { timeZone: 'Europe/Rome' });
    expect(german.subject).toBe('Ihre Gutschrift 2026-000124 von Trattoria Uno');
    expect(plain(german.text)).toContain(
      'Gutschrift 2026-000124 vom 27.11.2026 über -16,00 € zu Beleg 2026-000123',
    );

    const french = receiptEmail(makeCreditNote({ language: 'fr' }));
    expect(french.subject).toBe('Votre avoir 2026-000124 de Trattoria Uno');
    expect(french.text).toContain('relatif au reçu 2026-000123');
    const spanish = receiptEmail(makeReceipt({ language: 'es' }));
    expect(spanish.subject).toBe('Tu recibo 2026-000123 de Trattoria Uno');
  });

  it('reaches an SMTP server with the PDF attached', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createSmtpMailer(
        `smtp://tavolo:${encodeURIComponent('mail secret')}@127.0.0.1:${smtp.port}`,
        'Trattoria Uno <hello@tavolo.test>',
        silent,
        { send: () => Promise.reject(new Error('SMTP should have taken it')) },
      );
      const receipt = makeReceipt({ language: 'it' });
      const pdf = await renderReceiptPdf(receipt, { timeZone: 'Europe/Rome' });
      const message: MailMessage = {
        to: 'guest@tavolo.test',
        ...receiptEmail(receipt, { timeZone: 'Europe/Rome' }),
        attachments: [
          { filename: receiptPdfFilename(receipt), content: pdf, contentType: 'application/pdf' },
        ],
      };
      const arrived = smtp.next();
      await mailer.send(message);
      const { raw, to } = await arrived;

      expect(to).toEqual(['guest@tavolo.test']);
      expect(raw).toMatch(/^Subject: Il tuo scontrino 2026-000123 di Trattoria Uno\r$/m);
      expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
      const [text, attachment, ...more] = partsOf(raw);
      expect(more).toEqual([]);
      expect(text!.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
      expect(fromQuotedPrintable(text!.body)).toContain('scontrino 2026-000123 del 27/11/2026');

      expect(attachment!.headers).toMatchObject({
        'content-type': 'application/pdf; name=scontrino-2026-000123.pdf',
        'content-transfer-encoding': 'base64',
        'content-disposition': 'attachment; filename=scontrino-2026-000123.pdf',
      });
      const base64 = attachment!.body.replace(/\s+/g, '');
      expect(base64.startsWith('JVBERi0')).toBe(true); // "%PDF-"
      const sent = Buffer.from(base64, 'base64');
      expect(sent.equals(pdf)).toBe(true);
      const { text: read } = await extractText(await getDocumentProxy(new Uint8Array(sent)), {
        mergePages: true,
      });
      expect(read).toContain('Scontrino');
      expect(read).toContain('Totale pagato 51,00');
    } finally {
      await smtp.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { decodeEscPos, findLine, type PrintedReceipt, styleOf } from '../../../test/escpos';
import { makeCreditNote, makeReceipt } from '../../../test/receipts';
import { encodeReceipt } from './receipt-escpos';

/** The printed lines, no-break spaces as plain ones and trailing spaces gone. */
const linesOf = (printed: PrintedReceipt) =>
  printed.lines.map((line) => line.text.replace(/\u00a0/g, ' ').trimEnd());

/** The line holding `text`, or an error showing what was printed. */
function lineWith(printed: PrintedReceipt, text: string): string {
  const line = linesOf(printed).find((candidate) => candidate.includes(text));
  if (line === undefined) throw new Error(`"${text}" was not printed; the receipt read:\n${printed.text}`);
  return line;
}

describe('a printed receipt', () => {
  const printed = decodeEscPos(encodeReceipt(makeReceipt(), { timeZone: 'Europe/Rome' }));

  it('starts with the seller’s legal block, then the title, number and time', () => {
    expect(styleOf(printed, 'Trattoria Uno')).toMatchObject({ bold: true, width: 2, height: 2 });
    for (const line of ['Uno Ristorazione S.r.l.', 'Via Roma 1', '00184 Roma', 'VAT No. IT01234567890'])
      expect(lineWith(printed, line).trim()).toBe(line);
    expect(styleOf(printed, 'Receipt')).toMatchObject({ bold: true, width: 2 });
    expect(lineWith(printed, 'No. 2026-000123')).toMatch(/^No\. 2026-000123 +27\/11\/2026, 19:42$/);
    expect(lineWith(printed, 'Table 12')).toBe('Table 12 - Orders 1042, 1043');
  });

  it('lists each line with its amount and rate in columns, options beneath', () => {
    const lines = linesOf(printed);
    const at = lines.indexOf(lineWith(printed, '2 x Pizza Margherita'));
    expect(lines[at]).toMatch(/^2 x Pizza Margherita +€22\.00 +10%$/);
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '    Impasto: integrale',
      '    Extra: bufala',
      '    2 x €11.00',
    ]);
    expect(lineWith(printed, 'Crème brûlée')).toMatch(/^1 x Crème brûlée +€7\.00 +10%$/);
    expect(lineWith(printed, 'Vino rosso')).toMatch(/^1 x Vino rosso +€16\.00 +22%$/);
    expect(lineWith(printed, 'Service charge')).toMatch(/^Service charge +€3\.00$/);
    // The amounts line up.
    const ends = ['€22.00', '€7.00', '€16.00'].map((amount) => {
      const line = lineWith(printed, amount);
      return line.indexOf(amount) + amount.length;
    });
    expect(new Set(ends).size).toBe(1);
  });

  it('shows each rate’s net and tax, then the total large, the tip and the total paid', () => {
    expect(lineWith(printed, 'Rate')).toMatch(/^Rate +Net +VAT$/);
    expect(lineWith(printed, '10% ')).toMatch(/^10% +€29\.09 +€2\.91$/);
    expect(lineWith(printed, '22% ')).toMatch(/^22% +€12\.73 +€3\.27$/);
    expect(lineWith(printed, '€41.82')).toMatch(/^Total +€41\.82 +€6\.18$/);
    expect(lineWith(printed, '€48.00')).toMatch(/^Total +€48\.00$/);
    expect(styleOf(printed, '€48.00')).toMatchObject({ bold: true, height: 2, width: 1 });
    expect(lineWith(printed, 'Tip')).toMatch(/^Tip +€3\.00$/);
    expect(lineWith(printed, 'Total paid')).toMatch(/^Total paid +€51\.00$/);
    expect(styleOf(printed, 'Total paid')).toMatchObject({ bold: true });
    expect(lineWith(printed, 'Payment')).toBe('Payment: Card');
  });

  it('ends with one cut, in Windows-1252, every line within the paper on 80 and 58 mm', () => {
    expect(printed.cuts).toBe(1);
    expect(new Set(printed.codepages)).toEqual(new Set([16]));
    for (const columns of [48, 32]) {
      const narrow = decodeEscPos(
        encodeReceipt(makeReceipt({ language: 'de', seller: { ...makeReceipt().seller, name: 'Café' } }), {
          columns,
        }),
      );
      for (const line of narrow.lines) {
        const width = line.runs.reduce((sum, run) => sum + run.text.length * run.width, 0);
        expect(width, line.text).toBeLessThanOrEqual(columns);
      }
      // Summe is the tax table's last row too; the total's line is the one with the gross.
      expect(lineWith(narrow, '48,00')).toMatch(/^Summe +48,00 €$/);
    }
  });

  it('says it is a credit note and which receipt it credits, figures negative', () => {
    const credit = decodeEscPos(encodeReceipt(makeCreditNote(), { timeZone: 'Europe/Rome' }));
    expect(styleOf(credit, 'Credit note')).toMatchObject({ bold: true, width: 2 });
    expect(lineWith(credit, 'No. 2026-000124')).toMatch(/20:05$/);
    expect(lineWith(credit, 'For receipt')).toBe('For receipt No. 2026-000123');
    expect(lineWith(credit, 'Vino rosso')).toMatch(/^-1 x Vino rosso +-€16\.00 +22%$/);
    expect(lineWith(credit, '22% ')).toMatch(/^22% +-€12\.73 +-€3\.27$/);
    expect(lineWith(credit, 'Total')).toMatch(/^Total +-€16\.00$/);
    expect(credit.text).not.toContain('Tip');
  });

  it('speaks the receipt’s language', () => {
    const italian = decodeEscPos(
      encodeReceipt(makeReceipt({ language: 'it', method: 'cash' }), { timeZone: 'Europe/Rome' }),
    );
    expect(findLine(italian, 'Scontrino')).toBeDefined();
    expect(lineWith(italian, 'N. 2026-000123')).toMatch(/27\/11\/2026, 19:42$/);
    expect(lineWith(italian, 'P. IVA')).toContain('P. IVA IT01234567890');
    expect(lineWith(italian, 'Aliquota')).toMatch(/^Aliquota +Imponibile +IVA$/);
    expect(lineWith(italian, '10% ')).toMatch(/^10% +29,09 € +2,91 €$/);
    expect(lineWith(italian, 'Servizio')).toMatch(/^Servizio +3,00 €$/);
    expect(lineWith(italian, 'Mancia')).toMatch(/^Mancia +3,00 €$/);
    expect(lineWith(italian, 'Totale pagato')).toMatch(/^Totale pagato +51,00 €$/);
    expect(lineWith(italian, 'Pagamento')).toBe('Pagamento: Contanti');
    const french = decodeEscPos(encodeReceipt(makeReceipt({ language: 'fr' })));
    expect(lineWith(french, '29,09')).toMatch(/^10 % +29,09 € +2,91 €$/);
    expect(lineWith(french, 'Total TTC')).toMatch(/^Total TTC +48,00 €$/);
  });

  it('lists a share of the bill as one line and wraps a long name', () => {
    const share = decodeEscPos(
      encodeReceipt(makeReceipt({ coverage: 'part', lines: [], serviceChargeMinor: 0, shareMinor: 4800 })),
    );
    expect(lineWith(share, 'Share of the bill')).toMatch(/^Share of the bill +€48\.00/);
    const name = 'Spaghetti alla carbonara con guanciale croccante e pecorino romano DOP stagionato';
    const long = decodeEscPos(
      encodeReceipt(
        makeReceipt({
          lines: [
            {
              name,
              options: [],
              quantity: 1,
              unitPriceMinor: 4800,
              totalMinor: 4800,
              discountMinor: 0,
              rateBasisPoints: 1000,
            },
          ],
        }),
      ),
    );
    const first = linesOf(long).indexOf(lineWith(long, '1 x Spaghetti'));
    expect(linesOf(long)[first]).toMatch(/€48\.00 +10%$/);
    expect(
      linesOf(long)
        .slice(first, linesOf(long).indexOf(lineWith(long, 'Service charge')))
        .map((line) => line.replace(/ +€48\.00 +10%$/, '').trim())
        .join(' '),
    ).toContain(`1 x ${name}`);
  });
});

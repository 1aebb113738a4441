import { describe, expect, it } from 'vitest';
import { decodeEscPos, findLine, styleOf } from '../../../test/escpos';
import { makeTicket } from '../../../test/kitchen-tickets';
import { TICKET_LABELS } from '../kitchen/ticket-labels';
import {
  courseLabel,
  DEFAULT_TICKET_LABELS,
  encodeKitchenTicket,
  formatFiredTime,
  toPrintableText,
} from './ticket-encoding';

describe('a kitchen ticket', () => {
  const printed = decodeEscPos(encodeKitchenTicket(makeTicket()));

  it('says where, which table, which order and course, when and who, the table largest', () => {
    expect(styleOf(printed, 'Pâtisserie')).toMatchObject({ bold: true, width: 2, height: 2 });
    expect(styleOf(printed, 'Table 12')).toMatchObject({ bold: true, width: 3, height: 3 });
    expect(findLine(printed, 'Order #1042').text).toMatch(/^Order #1042 +Starters$/);
    expect(styleOf(printed, 'Starters')).toMatchObject({ height: 2 });
    // 18:42 UTC is 19:42 in Rome in November.
    expect(findLine(printed, 'Fired 19:42').text).toMatch(/^Fired 19:42 +Waiter: Zoë$/);
    expect(printed.text).not.toContain('REPRINT');
  });

  it('lists each line large, with its options, seat and note indented beneath', () => {
    const lines = printed.lines.map((line) => line.text);
    const at = lines.indexOf('2 x Crème brûlée');
    expect(at).toBeGreaterThan(0);
    expect(styleOf(printed, '2 x Crème brûlée')).toMatchObject({ bold: true, width: 2, height: 2 });
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '    Topping: Frutti di bosco',
      '    Seat 3',
      '    Note: senza glutine',
    ]);
    expect(lines).toContain('1 x Ñoquis');
    expect(lines).toContain('    Salsa: Pequeña');
  });

  it('marks voided units VOID in reverse, and leaves out a line with nothing left to make', () => {
    expect(printed.lines.map((line) => line.text)).toContain('1 x Würstel');
    expect(styleOf(printed, 'VOID 1 x Würstel')).toMatchObject({ invert: true, width: 2 });
    expect(styleOf(printed, 'VOID 2 x Bœuf')).toMatchObject({ invert: true });
    expect(printed.text).not.toMatch(/^0 x/m);
    expect(styleOf(printed, '1 x Würstel')).toMatchObject({ invert: false });
  });

  it('ends with the order note and one cut, all in Windows-1252', () => {
    expect(styleOf(printed, 'Order note: Allergia: noci — grazie')).toMatchObject({ bold: true });
    expect(printed.cuts).toBe(1);
    expect(new Set(printed.codepages)).toEqual(new Set([16]));
  });

  it('says REPRINT in reverse under the station when it is one', () => {
    const reprinted = decodeEscPos(encodeKitchenTicket(makeTicket({ reprint: true })));
    const lines = reprinted.lines.map((line) => line.text.trim());
    expect(lines.indexOf('REPRINT')).toBe(lines.indexOf('Pâtisserie') + 1);
    expect(styleOf(reprinted, 'REPRINT')).toMatchObject({ invert: true, bold: true, width: 2 });
  });

  it('speaks the labels it is given, and calls course 0 at once', () => {
    const italian = decodeEscPos(
      encodeKitchenTicket(
        makeTicket({ course: 0, takenBy: null, note: null, reprint: true, tableNumber: 7 }),
        {
          labels: {
            table: 'Tavolo {n}',
            order: 'Comanda {n}',
            atOnce: 'Subito',
            fired: 'Ore {time}',
            seat: 'Posto {n}',
            lineNote: 'Nota: {note}',
            reprint: 'RISTAMPA',
            void: 'ANNULLATO',
          },
        },
      ),
    );
    expect(findLine(italian, 'Tavolo 7')).toBeDefined();
    expect(findLine(italian, 'Comanda 1042').text).toMatch(/Subito$/);
    expect(findLine(italian, 'Ore 19:42').text).toBe('Ore 19:42');
    expect(findLine(italian, 'Posto 3')).toBeDefined();
    expect(findLine(italian, 'RISTAMPA')).toBeDefined();
    expect(findLine(italian, 'ANNULLATO 1 x Würstel')).toBeDefined();
    expect(italian.text).not.toContain('Order note');
    expect(italian.text).not.toContain('Waiter');
  });

  it('wraps a long dish at the line’s end without losing a word, on narrow paper too', () => {
    const name = 'Spaghetti alla carbonara con guanciale croccante e pecorino romano';
    for (const columns of [48, 32]) {
      const narrow = decodeEscPos(
        encodeKitchenTicket(
          makeTicket({
            lines: [{ name, quantity: 1, options: [], note: null, seat: null, voidedQuantity: 0 }],
          }),
          { columns },
        ),
      );
      const dish = narrow.lines.filter((line) => line.runs.some((run) => run.width === 2 && run.bold));
      expect(dish.map((line) => line.text.trim()).join(' ')).toContain(`1 x ${name}`);
      for (const line of narrow.lines) {
        const width = line.runs.reduce((sum, run) => sum + run.text.length * run.width, 0);
        expect(width, line.text).toBeLessThanOrEqual(columns);
      }
      expect(narrow.lines.map((line) => line.text)).toContain('-'.repeat(columns));
    }
  });

  it('never lets a note’s control characters through as printer commands', () => {
    const hostile = decodeEscPos(
      encodeKitchenTicket(makeTicket({ note: 'cut\x1dV\x00 here\x1b@', stationName: 'Bar\nBar' })),
    );
    expect(hostile.cuts).toBe(1);
    expect(findLine(hostile, 'Order note: cut V  here @')).toBeDefined();
    expect(findLine(hostile, 'Bar Bar')).toBeDefined();
  });
});

describe('printable text', () => {
  it('keeps what Windows-1252 has, drops accents it lacks, and marks the rest', () => {
    expect(toPrintableText('Crème brûlée, Würstel, œuf, € 5, ¿Qué?')).toBe(
      'Crème brûlée, Würstel, œuf, € 5, ¿Qué?',
    );
    expect(toPrintableText('e\u0301')).toBe('é');
    expect(toPrintableText('Łódź Gdańsk')).toBe('?ódz Gdansk');
    expect(toPrintableText('pizza 🍕')).toBe('pizza ?');
    expect(toPrintableText('a\tb\r\nc\u2028d\u0085')).toBe('a b  c d ');
    expect(toPrintableText('1\u202f234,50\u00a0€ 10\u2009%')).toBe('1 234,50\u00a0€ 10 %');
  });
});

describe('the fired time', () => {
  it('is in the restaurant’s zone, or in UTC, said so, when the zone is unknown', () => {
    expect(formatFiredTime('2026-07-01T10:05:00Z', 'America/New_York')).toBe('06:05');
    expect(formatFiredTime('2026-07-01T10:05:00Z', 'Europe/Berlin')).toBe('12:05');
    expect(formatFiredTime('2026-07-01T10:05:00Z', 'Nowhere/Atlantis')).toBe('10:05 UTC');
  });
});

describe('a course on a ticket', () => {
  it('is named as on every screen: At once, Starters, Mains, Desserts, then by number', () => {
    expect([0, 1, 2, 3, 4, 5].map((course) => courseLabel(course, DEFAULT_TICKET_LABELS))).toEqual([
      'At once',
      'Starters',
      'Mains',
      'Desserts',
      'Course 4',
      'Course 5',
    ]);
    expect([0, 2, 5].map((course) => courseLabel(course, TICKET_LABELS.it))).toEqual([
      'Subito',
      'Secondi',
      'Portata 5',
    ]);
    expect(courseLabel(2, TICKET_LABELS.de)).toBe('Hauptgerichte');
    expect(courseLabel(0, TICKET_LABELS.fr)).toBe('Tout de suite');
    expect(courseLabel(1, TICKET_LABELS.es)).toBe('Entrantes');
  });
});

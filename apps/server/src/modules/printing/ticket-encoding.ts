import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { KitchenTicketLine, KitchenTicketPrint } from './kitchen-ticket';

/**
 * The words a ticket prints, in the restaurant's working language. `{n}`, `{time}`, `{name}` and
 * `{note}` are filled in; the caller passes its translations, English otherwise.
 */
export type TicketLabels = {
  reprint: string;
  table: string;
  order: string;
  /** Course 0: drinks and anything served as it comes. */
  atOnce: string;
  starters: string;
  mains: string;
  desserts: string;
  /** Courses 4 and 5, by number. */
  course: string;
  fired: string;
  takenBy: string;
  seat: string;
  lineNote: string;
  orderNote: string;
  void: string;
};

export const DEFAULT_TICKET_LABELS: TicketLabels = {
  reprint: 'REPRINT',
  table: 'Table {n}',
  order: 'Order #{n}',
  atOnce: 'At once',
  starters: 'Starters',
  mains: 'Mains',
  desserts: 'Desserts',
  course: 'Course {n}',
  fired: 'Fired {time}',
  takenBy: 'Waiter: {name}',
  seat: 'Seat {n}',
  lineNote: 'Note: {note}',
  orderNote: 'Order note: {note}',
  void: 'VOID',
};

export type TicketLayout = {
  labels?: Partial<TicketLabels>;
  /** Characters per line in the printer's normal font: 48 on 80 mm paper (the default), 32 on 58 mm. */
  columns?: number;
  /** How the fired time is written (BCP 47); 24-hour "en-GB" by default. */
  locale?: string;
};

/**
 * Windows-1252 (ESC t 16 on Epson and the printers that copy its table): every letter of Italian,
 * German, French and Spanish, œ and € included, which the DOS pages (437, 858) lack in part.
 */
const CODEPAGE = 'windows1252';
/** Windows-1252 beyond Latin-1's printable range (its 0x80–0x9F). */
const WINDOWS_1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Blank lines before the cut: the cutter sits above the print head. */
const FEED_BEFORE_CUT = 4;

function isPrintable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WINDOWS_1252_EXTRA.includes(char);
}

/**
 * Text as the printer can take it. Control characters become spaces (an ESC in a guest's note would
 * otherwise be a printer command), and so do the spaces the code page lacks (the narrow no-break
 * space French amounts are written with); a letter the code page lacks is written without its
 * accent when that leaves a plain letter (ő → o), else as "?"; composed forms first, so "e + ◌́"
 * prints é.
 */
export function toPrintableText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isPrintable(char)) out += char;
    else if (/[\p{Cc}\p{Z}]/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(isPrintable) ? base : '?';
    }
  }
  return out;
}

/** A label's template with its `{name}`s filled in; an unknown one is left as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** The fired time, hours and minutes in the restaurant's zone (UTC, said so, if the zone is unknown). */
export function formatFiredTime(firedAt: string, timezone: string, locale = 'en-GB'): string {
  const at = new Date(firedAt);
  const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone }).format(at);
  } catch {
    return `${new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(at)} UTC`;
  }
}

/** A course as every screen names it (PRODUCT.md §10): At once, Starters, Mains, Desserts, Course 4. */
export function courseLabel(course: number, labels: TicketLabels): string {
  const named = [labels.atOnce, labels.starters, labels.mains, labels.desserts][course];
  return named ?? fill(labels.course, { n: course });
}

/** `left` and `right` on one line of `columns`, or on two when they do not fit. */
function spread(left: string, right: string, columns: number): string[] {
  if (!right) return [left];
  if (!left) return [right.padStart(columns)];
  if (left.length + 1 + right.length > columns) return [left, right.padStart(columns)];
  return [left + ' '.repeat(columns - left.length - right.length) + right];
}

/**
 * A kitchen ticket as ESC/POS bytes: large and plain, for reading from a step away. Station and
 * REPRINT on top, the table in the largest type, order, course, time and waiter, then each line
 * ("2 x Margherita") with its options, seat and note indented beneath, voided units in reverse
 * ("VOID 1 x Margherita"), the order's note, and a cut.
 */
export function encodeKitchenTicket(ticket: KitchenTicketPrint, layout: TicketLayout = {}): Uint8Array {
  const labels = { ...DEFAULT_TICKET_LABELS, ...layout.labels };
  const columns = layout.columns ?? 48;
  const text = toPrintableText;
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    newline: '\n',
    feedBeforeCut: FEED_BEFORE_CUT,
    errors: 'relaxed',
  });
  const rule = () => encoder.size(1, 1).bold(false).line('-'.repeat(columns));

  encoder
    .initialize()
    .codepage(CODEPAGE)
    .align('center')
    .bold(true)
    .size(2, 2)
    .line(text(ticket.stationName));
  if (ticket.voidSlip || ticket.reprint)
    encoder
      .invert(true)
      .line(` ${text(ticket.voidSlip ? labels.void : labels.reprint)} `)
      .invert(false);
  encoder
    .align('left')
    .size(3, 3)
    .line(text(fill(labels.table, { n: ticket.tableNumber })))
    .size(1, 2);
  for (const row of spread(
    text(fill(labels.order, { n: ticket.orderNumber })),
    text(courseLabel(ticket.course, labels)),
    columns,
  ))
    encoder.line(row);
  encoder.bold(false).size(1, 1);
  const fired = fill(labels.fired, { time: formatFiredTime(ticket.firedAt, ticket.timezone, layout.locale) });
  const waiter = ticket.takenBy ? fill(labels.takenBy, { name: ticket.takenBy }) : '';
  for (const row of spread(text(fired), text(waiter), columns)) encoder.line(row);
  rule();

  for (const line of ticket.lines) encodeLine(encoder, line, labels);

  if (ticket.note) {
    rule();
    encoder
      .bold(true)
      .size(1, 2)
      .line(text(fill(labels.orderNote, { note: ticket.note })));
    encoder.bold(false).size(1, 1);
  }
  return encoder.cut().encode();
}

function encodeLine(encoder: ReceiptPrinterEncoder, line: KitchenTicketLine, labels: TicketLabels): void {
  const name = toPrintableText(line.name);
  encoder.bold(true).size(2, 2);
  if (line.quantity > 0) encoder.line(`${line.quantity} x ${name}`);
  if (line.voidedQuantity > 0)
    encoder
      .invert(true)
      .line(`${toPrintableText(labels.void)} ${line.voidedQuantity} x ${name}`)
      .invert(false);
  encoder.bold(false).size(1, 2);
  // Details under the dish, indented; a long one wraps at the line's end.
  const details = [
    ...line.options.map((option) => `${option.group}: ${option.choice}`),
    ...(line.seat === null ? [] : [fill(labels.seat, { n: line.seat })]),
    ...(line.note ? [fill(labels.lineNote, { note: line.note })] : []),
  ];
  for (const detail of details) encoder.line(`    ${toPrintableText(detail)}`);
  encoder.size(1, 1);
}

import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { TReceipt } from '@tavolo/contract/receipts';
import { type ReceiptFormatOptions, receiptTextOf } from './receipt-format';
import { toPrintableText } from './ticket-encoding';

export type ReceiptLayout = ReceiptFormatOptions & {
  /** Characters per line in the printer's normal font: 48 on 80 mm paper (the default), 32 on 58 mm. */
  columns?: number;
};

/** As the kitchen ticket (decision 034): Windows-1252 has every letter of our languages and €. */
const CODEPAGE = 'windows1252';
const FEED_BEFORE_CUT = 4;

/** Words onto lines of at most `width` characters; a longer word is cut. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (let word of text.split(/ +/)) {
    while (word.length > width) {
      if (current) lines.push(current);
      current = '';
      lines.push(word.slice(0, width));
      word = word.slice(width);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= width) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** `left` wrapped in what `right` leaves, `right` on its first line, flush with the margin. */
function columns(left: string, right: string, width: number): string[] {
  const room = Math.max(1, width - right.length - 1);
  const lines = wrap(left, room);
  lines[0] = lines[0]!.padEnd(width - right.length) + right;
  return lines;
}

/** `left` and `right` on one line, or on two (`right` flush right) when they do not fit. */
function spread(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left.padEnd(width - right.length) + right];
  return [...wrap(left, width), ...wrap(right, width).map((line) => line.padStart(width))];
}

/** The widest of `values`: a column as wide as what it holds. */
const widest = (values: string[]) => Math.max(0, ...values.map((value) => value.length));

/**
 * A receipt as ESC/POS bytes for a station's printer, in the receipt's language: the seller's
 * block and the title centred, number and time, table and orders, each line with its amount and
 * rate (options beneath), the service charge, each rate's net and tax, the total large, tip and
 * total paid, the payment, and a cut. What it says comes from receiptTextOf, as the PDF's does.
 */
export function encodeReceipt(receipt: TReceipt, layout: ReceiptLayout = {}): Uint8Array {
  const width = layout.columns ?? 48;
  const said = receiptTextOf(receipt, layout);
  const { labels } = said;
  const text = (value: string) => toPrintableText(value).trim();
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: width,
    newline: '\n',
    feedBeforeCut: FEED_BEFORE_CUT,
    errors: 'relaxed',
  });
  const lines = (rows: string[]) => {
    for (const row of rows) encoder.line(row);
  };
  const rule = () => encoder.bold(false).size(1, 1).line('-'.repeat(width));
  // Columns as wide as their widest entry, so 32 columns of 58 mm paper still leave the names room.
  const amountWidth = widest(said.lines.map((line) => text(line.amount)));
  const rateWidth = widest(said.lines.map((line) => text(line.rate)));
  const amountAndRate = (amount: string, rate: string) =>
    `${text(amount).padStart(amountWidth)}${rateWidth > 0 ? ` ${text(rate).padStart(rateWidth)}` : ''}`;

  const [name = '', ...seller] = said.seller;
  encoder.initialize().codepage(CODEPAGE).align('center').bold(true).size(2, 2).line(text(name));
  encoder.bold(false).size(1, 1);
  for (const line of seller) lines(wrap(text(line), width));
  rule();
  encoder.bold(true).size(2, 2).line(text(said.title)).size(1, 1).align('left');
  lines(spread(text(said.number), text(said.issuedAt), width));
  if (said.creditFor) lines(wrap(text(said.creditFor), width));
  encoder.bold(false);
  if (said.where.length > 0) lines(wrap(text(said.where.join(' - ')), width));
  rule();

  for (const line of said.lines) {
    lines(columns(text(line.text), line.amount ? amountAndRate(line.amount, line.rate) : '', width));
    for (const detail of line.details) lines(wrap(text(detail), width - 4).map((row) => `    ${row}`));
  }
  rule();

  const netWidth = widest([labels.net, ...said.taxes.map((row) => row.net)].map(text));
  const taxWidth = widest([labels.tax, ...said.taxes.map((row) => row.tax)].map(text));
  // The rate first (six characters kept for "10,5 %"); net and tax to the right, about half of
  // what is left between them.
  const gap = Math.max(1, Math.floor((width - netWidth - taxWidth - 6) / 2) - 2);
  const taxRow = (rate: string, net: string, tax: string) =>
    columns(
      text(rate),
      `${text(net).padStart(netWidth)}${' '.repeat(gap)}${text(tax).padStart(taxWidth)}`,
      width,
    );
  encoder.bold(true);
  lines(taxRow(labels.rate, labels.net, labels.tax));
  encoder.bold(false);
  said.taxes.forEach((row, at) => {
    encoder.bold(said.taxes.length > 1 && at === said.taxes.length - 1);
    lines(taxRow(row.rate, row.net, row.tax));
  });
  rule();

  for (const total of said.totals) {
    encoder
      .bold(total.kind === 'total' || total.kind === 'totalWithTip')
      .size(1, total.kind === 'total' ? 2 : 1);
    lines(columns(text(total.label), text(total.amount), width));
  }
  encoder.bold(false).size(1, 1).newline();
  lines(wrap(text(said.payment), width));
  lines(wrap(text(said.pricesTax), width));
  encoder.newline().align('center').bold(true).line(text(labels.thanks)).bold(false).align('left');
  return encoder.cut().encode();
}

import type { TReceipt } from '@tavolo/contract/receipts';
import PDFDocument from 'pdfkit';
import { type ReceiptFormatOptions, receiptTextOf } from '../printing/receipt-format';
import { toPrintableText } from '../printing/ticket-encoding';

/*
 * A receipt as a PDF on 80 mm paper, as long as it needs (docs/decisions/037). The built-in
 * Helvetica is written in WinAnsi (Windows-1252), the page the receipt printer uses too, so both
 * carry every letter of our five languages and €; the rest goes through toPrintableText. Text is
 * laid out first (our own wrapping, measured with the font's widths), then the page is made as tall
 * as that and drawn: pdfkit fixes a page's size when it adds it.
 */

const POINTS_PER_MM = 72 / 25.4;
/** 80 mm paper. */
export const RECEIPT_PAGE_WIDTH = 80 * POINTS_PER_MM;
/** 4 mm each side: what an 80 mm printer's 72 mm print width leaves. */
const MARGIN = 4 * POINTS_PER_MM;
const CONTENT_WIDTH = RECEIPT_PAGE_WIDTH - 2 * MARGIN;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY = 8;
const SMALL = 7;

type Font = typeof REGULAR | typeof BOLD;
type Cell = { text: string; x: number; width: number; align?: 'left' | 'right' | 'center' };
type Block =
  | { kind: 'row'; cells: Cell[]; font?: Font; size?: number; indent?: number }
  | { kind: 'rule' }
  | { kind: 'space'; height: number };
/** One line of text where the page draws it. */
type Placed = { text: string; x: number; y: number; font: Font; size: number };

const full = (text: string, align: Cell['align'] = 'left'): Cell[] => [
  { text, x: 0, width: CONTENT_WIDTH, align },
];

/** `left` and `right` on one row; the left wraps before the right. */
const spread = (left: string, right: string, rightWidth = 70): Cell[] => [
  { text: left, x: 0, width: CONTENT_WIDTH - rightWidth - 4 },
  { text: right, x: CONTENT_WIDTH - rightWidth, width: rightWidth, align: 'right' },
];

const AMOUNT_WIDTH = 58;
const RATE_WIDTH = 26;
/** A line: what, then its amount and rate in columns. */
const itemRow = (text: string, amount: string, rate: string): Cell[] => [
  { text, x: 0, width: CONTENT_WIDTH - AMOUNT_WIDTH - RATE_WIDTH - 4 },
  { text: amount, x: CONTENT_WIDTH - AMOUNT_WIDTH - RATE_WIDTH, width: AMOUNT_WIDTH, align: 'right' },
  { text: rate, x: CONTENT_WIDTH - RATE_WIDTH, width: RATE_WIDTH, align: 'right' },
];

/** The tax table: the rate, then net and tax in two columns. */
const TAX_COLUMN = 68;
const taxRow = (rate: string, net: string, tax: string): Cell[] => [
  { text: rate, x: 0, width: CONTENT_WIDTH - 2 * TAX_COLUMN - 4 },
  { text: net, x: CONTENT_WIDTH - 2 * TAX_COLUMN, width: TAX_COLUMN, align: 'right' },
  { text: tax, x: CONTENT_WIDTH - TAX_COLUMN, width: TAX_COLUMN, align: 'right' },
];

function receiptBlocks(receipt: TReceipt, options: ReceiptFormatOptions): Block[] {
  const said = receiptTextOf(receipt, options);
  const { labels } = said;
  const [name = '', ...sellerRest] = said.seller;
  const blocks: Block[] = [
    { kind: 'row', cells: full(name, 'center'), font: BOLD, size: 11 },
    ...sellerRest.map((line): Block => ({ kind: 'row', cells: full(line, 'center'), size: SMALL })),
    { kind: 'rule' },
    { kind: 'row', cells: full(said.title, 'center'), font: BOLD, size: 11 },
    { kind: 'row', cells: spread(said.number, said.issuedAt, 110), font: BOLD },
  ];
  if (said.creditFor) blocks.push({ kind: 'row', cells: full(said.creditFor), font: BOLD });
  if (said.where.length > 0) blocks.push({ kind: 'row', cells: full(said.where.join('  ·  ')) });
  blocks.push({ kind: 'rule' });

  for (const line of said.lines) {
    blocks.push({ kind: 'row', cells: itemRow(line.text, line.amount, line.rate) });
    for (const detail of line.details)
      blocks.push({ kind: 'row', cells: itemRow(detail, '', ''), size: SMALL, indent: 8 });
  }
  blocks.push({ kind: 'rule' });

  blocks.push({ kind: 'row', cells: taxRow(labels.rate, labels.net, labels.tax), font: BOLD, size: SMALL });
  said.taxes.forEach((row, at) => {
    const sum = said.taxes.length > 1 && at === said.taxes.length - 1;
    blocks.push({
      kind: 'row',
      cells: taxRow(row.rate, row.net, row.tax),
      size: SMALL,
      font: sum ? BOLD : REGULAR,
    });
  });
  blocks.push({ kind: 'rule' });

  for (const total of said.totals) {
    blocks.push({
      kind: 'row',
      cells: spread(total.label, total.amount, 90),
      font: total.kind === 'total' || total.kind === 'totalWithTip' ? BOLD : REGULAR,
      size: total.kind === 'total' ? 11 : BODY,
    });
  }
  blocks.push(
    { kind: 'space', height: 4 },
    { kind: 'row', cells: full(said.payment) },
    { kind: 'row', cells: full(said.pricesTax), size: SMALL },
    { kind: 'space', height: 6 },
    { kind: 'row', cells: full(labels.thanks, 'center'), font: BOLD },
  );
  return blocks;
}

/** Words onto lines no wider than `width`; a word wider than a line is cut where it must be. */
function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    let rest = word;
    while (measure(rest) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** Every line of text where it goes, and the height they take, from the top margin down. */
function layOut(
  doc: PDFKit.PDFDocument,
  blocks: Block[],
): { placed: Placed[]; rules: number[]; height: number } {
  const placed: Placed[] = [];
  const rules: number[] = [];
  let y = 0;
  for (const block of blocks) {
    if (block.kind === 'space') {
      y += block.height;
      continue;
    }
    if (block.kind === 'rule') {
      rules.push(y + 4);
      y += 9;
      continue;
    }
    const font = block.font ?? REGULAR;
    const size = block.size ?? BODY;
    doc.font(font).fontSize(size);
    const measure = (text: string) => doc.widthOfString(text);
    const lineHeight = doc.currentLineHeight(true) + 1;
    let rows = 1;
    for (const cell of block.cells) {
      const text = toPrintableText(cell.text).trim();
      if (!text) continue;
      const indent = cell.x === 0 ? (block.indent ?? 0) : 0;
      const lines = wrap(text, cell.width - indent, measure);
      lines.forEach((line, at) => {
        const width = measure(line);
        const free = cell.width - indent - width;
        const offset = cell.align === 'right' ? free : cell.align === 'center' ? free / 2 : 0;
        placed.push({ text: line, x: cell.x + indent + offset, y: y + at * lineHeight, font, size });
      });
      rows = Math.max(rows, lines.length);
    }
    y += rows * lineHeight;
  }
  return { placed, rules, height: y };
}

/**
 * The receipt as a PDF, 80 mm wide and as tall as its content, in its language. The same receipt
 * gives the same bytes: the document's date is the receipt's.
 */
export function renderReceiptPdf(receipt: TReceipt, options: ReceiptFormatOptions = {}): Promise<Buffer> {
  const said = receiptTextOf(receipt, options);
  const issuedAt = new Date(receipt.issuedAt);
  const doc = new PDFDocument({
    autoFirstPage: false,
    lang: said.locale,
    info: {
      Title: toPrintableText(`${said.title} ${receipt.number}`),
      Author: toPrintableText(receipt.seller.legalName ?? receipt.seller.name),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { placed, rules, height } = layOut(doc, receiptBlocks(receipt, options));
  doc.addPage({ size: [RECEIPT_PAGE_WIDTH, height + 2 * MARGIN], margin: MARGIN });
  for (const line of placed)
    doc
      .font(line.font)
      .fontSize(line.size)
      .text(line.text, MARGIN + line.x, MARGIN + line.y, { lineBreak: false });
  doc.lineWidth(0.5).dash(1.5, { space: 1.5 });
  for (const y of rules)
    doc
      .moveTo(MARGIN, MARGIN + y)
      .lineTo(MARGIN + CONTENT_WIDTH, MARGIN + y)
      .stroke();
  doc.end();
  return done;
}

/** The PDF's file name in the receipt's language, plain ASCII: "scontrino-2026-000123.pdf". */
export function receiptPdfFilename(receipt: TReceipt): string {
  const said = receiptTextOf(receipt);
  const title = said.title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${title}-${receipt.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

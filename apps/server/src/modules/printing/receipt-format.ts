import { type Language, languageOfTag } from '@tavolo/contract/languages';
import { currencyMinorDigits } from '@tavolo/contract/money';
import type { TReceipt } from '@tavolo/contract/receipts';
import { type BillMoney, type BillRowKind, billRowsOf } from '@tavolo/contract/values/bill-rows';
import { RECEIPT_LABELS, RECEIPT_LOCALES, type ReceiptLabels } from './receipt-labels';
import { fill } from './ticket-encoding';

export type ReceiptFormatOptions = {
  /** The restaurant's time zone (IANA); without one, or with one Intl does not know, times are UTC and say so. */
  timeZone?: string;
};

/**
 * What a receipt says, in its language, before any layout: the paper receipt, the PDF and the
 * e-mail all read it from here, so they say the same thing in the same words.
 */
export type ReceiptText = {
  language: Language;
  locale: string;
  labels: ReceiptLabels;
  /** "Receipt" or "Credit note". */
  title: string;
  /** "No. 2026-000123". */
  number: string;
  /** Date and time issued: "27/11/2026, 19:42". */
  issuedAt: string;
  /** The date alone: "27/11/2026". */
  issuedOn: string;
  /** A credit note's "For receipt No. 2026-000120"; null on a receipt. */
  creditFor: string | null;
  /** The seller's block: name, legal name, address lines, VAT number, phone, e-mail; empty ones left out. */
  seller: string[];
  /** "Table 12", "Orders 1042, 1043": what is known. */
  where: string[];
  /** "Payment: Card". */
  payment: string;
  /** The lines paid for, or one saying it paid a share of the bill, with the share's amount. */
  lines: ReceiptTextLine[];
  /** Each rate's net and tax, and their sums (labels.sum) when there are several rates. */
  taxes: { rate: string; net: string; tax: string }[];
  /**
   * The rows under the lines, in the order of every bill (contract values/bill-rows): subtotal,
   * discounts, service charge, tax added, total; with a tip, the tip and the total paid after it.
   */
  totals: { kind: BillRowKind; label: string; amount: string }[];
  pricesTax: string;
  money: (minor: number) => string;
  rate: (basisPoints: number) => string;
};

export type ReceiptTextLine = {
  /** "2 x Margherita". */
  text: string;
  /** The options chosen, and the unit price when there are several units. */
  details: string[];
  /** At the menu price with options (the discount apart); the share's amount on a share's line. */
  amount: string;
  rate: string;
};

/** The receipt's language: its own when Tavolo speaks it, else English. */
export function receiptLanguageOf(receipt: Pick<TReceipt, 'language'>): Language {
  return languageOfTag(receipt.language) ?? 'en';
}

/** Minor units in the receipt's currency as its language writes them: 1250 EUR → "12,50 €" in Italian. */
export function formatReceiptMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyMinorDigits(currency);
  const amount = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/** A tax rate in basis points as a percentage: 1000 → "10%", 550 → "5,5 %" in French. */
export function formatRate(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

function formatInstant(iso: string, locale: string, timeZone: string | undefined, withTime: boolean): string {
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  };
  const at = new Date(iso);
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at);
    } catch {
      // An unknown zone: UTC below, said so.
    }
  }
  const utc = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  return withTime ? `${utc} UTC` : utc;
}

/** The seller's address as printed: one line per line it was written on. */
function addressLines(address: string | null): string[] {
  return (address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * A receipt's figures as a bill's rows read them: its lines at their menu price (or its share), the
 * discounts, the service charge, the tax added when prices exclude it, the total and the tip.
 */
export function receiptMoneyOf(receipt: TReceipt): BillMoney<{ amountMinor: number }> {
  const discountMinor = receipt.lines.reduce((s, line) => s + line.discountMinor, 0);
  const linesMinor = receipt.lines.reduce((s, line) => s + line.totalMinor + line.discountMinor, 0);
  return {
    itemsMinor: (receipt.shareMinor ?? 0) + linesMinor,
    discountMinor,
    serviceChargeMinor: receipt.serviceChargeMinor,
    addedTaxes: receipt.pricesIncludeTax || receipt.taxMinor === 0 ? [] : [{ amountMinor: receipt.taxMinor }],
    totalMinor: receipt.netMinor + receipt.taxMinor,
    tipMinor: receipt.tipMinor,
  };
}

function receiptRowLabel(kind: BillRowKind, labels: ReceiptLabels): string {
  switch (kind) {
    case 'items':
      return labels.items;
    case 'discount':
      return labels.discounts;
    case 'serviceCharge':
      return labels.serviceCharge;
    case 'addedTax':
      return labels.tax;
    case 'total':
    case 'paid':
    case 'due':
      return labels.total;
    case 'includedTax':
      return labels.tax;
    case 'tip':
      return labels.tip;
    case 'totalWithTip':
      return labels.totalPaid;
  }
}

export function receiptTextOf(receipt: TReceipt, options: ReceiptFormatOptions = {}): ReceiptText {
  const language = receiptLanguageOf(receipt);
  const locale = RECEIPT_LOCALES[language];
  const labels = RECEIPT_LABELS[language];
  const { seller } = receipt;
  const where: string[] = [];
  if (receipt.tableNumber !== null) where.push(fill(labels.table, { n: receipt.tableNumber }));
  if (receipt.orderNumbers.length > 0)
    where.push(
      fill(receipt.orderNumbers.length === 1 ? labels.order : labels.orders, {
        list: receipt.orderNumbers.join(', '),
      }),
    );
  const money = (minor: number) => formatReceiptMoney(minor, receipt.currency, locale);
  const rate = (basisPoints: number) => formatRate(basisPoints, locale);
  // Each line at its menu price with options; its discount on the Discounts row (issue 42).
  const lines: ReceiptTextLine[] = receipt.lines.map((line) => ({
    text: `${line.quantity} x ${line.name}`,
    details: [
      ...line.options,
      ...(Math.abs(line.quantity) > 1 ? [`${line.quantity} x ${money(line.unitPriceMinor)}`] : []),
    ],
    amount: money(line.totalMinor + line.discountMinor),
    rate: rate(line.rateBasisPoints),
  }));
  if (receipt.coverage === 'part' && lines.length === 0) {
    const only = receipt.taxes.length === 1 ? receipt.taxes[0]! : null;
    lines.push({
      text: labels.partOfBill,
      details: [],
      amount: money(receipt.shareMinor ?? 0),
      rate: only ? rate(only.rateBasisPoints) : '',
    });
  }
  const taxes = receipt.taxes.map((part) => ({
    rate: rate(part.rateBasisPoints),
    net: money(part.netMinor),
    tax: money(part.taxMinor),
  }));
  if (taxes.length > 1)
    taxes.push({ rate: labels.sum, net: money(receipt.netMinor), tax: money(receipt.taxMinor) });
  const totals = billRowsOf(receiptMoneyOf(receipt)).map((row) => ({
    kind: row.kind,
    label: receiptRowLabel(row.kind, labels),
    amount: money('tax' in row ? row.tax.amountMinor : row.amountMinor),
  }));
  return {
    language,
    locale,
    labels,
    title: receipt.kind === 'credit_note' ? labels.creditNote : labels.receipt,
    number: fill(labels.number, { number: receipt.number }),
    issuedAt: formatInstant(receipt.issuedAt, locale, options.timeZone, true),
    issuedOn: formatInstant(receipt.issuedAt, locale, options.timeZone, false),
    creditFor: receipt.creditFor ? fill(labels.creditFor, { receipt: receipt.creditFor.number }) : null,
    seller: [
      seller.name,
      ...(seller.legalName && seller.legalName !== seller.name ? [seller.legalName] : []),
      ...addressLines(seller.address),
      ...(seller.taxId ? [fill(labels.taxId, { taxId: seller.taxId })] : []),
      ...(seller.phone ? [fill(labels.phone, { phone: seller.phone })] : []),
      ...(seller.email ? [seller.email] : []),
    ],
    where,
    payment: fill(labels.payment, { method: labels.methods[receipt.method] }),
    lines,
    taxes,
    totals,
    pricesTax: receipt.pricesIncludeTax ? labels.pricesIncludeTax : labels.pricesExcludeTax,
    money,
    rate,
  };
}

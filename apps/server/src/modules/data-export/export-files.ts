import { defuseFormula, formatMajorUnits } from '../../lib/export-values';
import type {
  findAuditBatch,
  findClosedDaysForExport,
  findOrderBatch,
  findPaymentBatch,
  findReceiptBatch,
  findRefundBatch,
  findReviewBatch,
  findStaffForExport,
  findTablesForExport,
  findWalletBatch,
} from './data-export.repository';

/*
 * The export's CSV files (decision 044, the README lists them): a header and how each row of the
 * database becomes a row of the file. Money in major units with a point (12.50), as the other
 * exports write it; instants in UTC, ISO 8601, to the millisecond; text a spreadsheet would run as
 * a formula defused with an apostrophe; nested data (an order's history, an audit entry's details)
 * as JSON in its cell.
 */

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

const text = (value: string | null | undefined) => (value ? defuseFormula(value) : '');
/** Instants come from the database already in UTC, ISO 8601. */
const instant = (value: string | null | undefined) => value ?? '';
const whole = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const percent = (basisPoints: number) => (basisPoints / 100).toFixed(2);
const json = (value: unknown) => defuseFormula(JSON.stringify(value));

/** A file: its header, and each database row's rows in it. */
export type CsvFile<R> = { header: readonly string[]; rowsOf: (row: R) => string[][] };

export const TABLES_CSV: CsvFile<Row<typeof findTablesForExport>> = {
  header: ['id', 'number', 'label', 'area', 'seats', 'active', 'created_at'],
  rowsOf: (t) => [
    [
      t.id,
      String(t.number),
      text(t.label),
      text(t.area),
      whole(t.seats),
      yesNo(t.active),
      instant(t.createdAt),
    ],
  ],
};

export const ORDERS_CSV: CsvFile<Row<typeof findOrderBatch>> = {
  header: [
    'id',
    'number',
    'created_at',
    'updated_at',
    'table',
    'source',
    'taken_by',
    'status',
    'customer',
    'note',
    'subtotal',
    'discount',
    'service_charge',
    'net',
    'tax',
    'tip',
    'total',
    'paid',
    'refunded',
    'payment_status',
    'prices_include_tax',
    'currency',
    'history',
  ],
  rowsOf: (o) => {
    const money = (minor: number) => formatMajorUnits(minor, o.currency);
    return [
      [
        o.id,
        String(o.number),
        instant(o.createdAt),
        instant(o.updatedAt),
        String(o.tableNumber),
        o.source,
        text(o.takenByName),
        o.status,
        text(o.customerName),
        text(o.note),
        money(o.subtotalMinor),
        money(o.discountMinor),
        money(o.serviceChargeMinor),
        // Orders placed before taxes have no net: all of it but the tip, untaxed.
        money(o.netMinor ?? o.totalMinor - o.tipMinor),
        money(o.taxMinor),
        money(o.tipMinor),
        money(o.totalMinor),
        money(o.paidMinor),
        money(o.refundedMinor),
        o.paymentStatus,
        yesNo(o.pricesIncludeTax),
        o.currency,
        text(o.statusHistory),
      ],
    ];
  },
};

/** Written in the same read as orders.csv, from each order's lines. */
export const ORDER_LINES_CSV: CsvFile<Row<typeof findOrderBatch>> = {
  header: [
    'order_id',
    'order_number',
    'line',
    'menu_item_id',
    'dish',
    'options',
    'note',
    'quantity',
    'voided_quantity',
    'unit_price',
    'discount',
    'line_total',
    'tax_name',
    'tax_rate_percent',
    'net',
    'tax',
    'seat',
    'course',
    'kitchen_status',
    'fired_at',
    'ready_at',
  ],
  rowsOf: (o) => {
    const money = (minor: number) => formatMajorUnits(minor, o.currency);
    return o.items.map((line, index) => [
      o.id,
      String(o.number),
      String(index),
      line.menuItemId,
      text(line.name),
      text(line.options.map((option) => `${option.group}: ${option.choice}`).join('; ')),
      text(line.note),
      String(line.quantity),
      String(line.voidedQuantity ?? 0),
      money(line.unitPriceMinor),
      money(line.discountMinor ?? 0),
      money(line.lineTotalMinor),
      text(line.tax?.name),
      line.tax ? percent(line.tax.rateBasisPoints) : '',
      line.tax ? money(line.tax.netMinor) : '',
      line.tax ? money(line.tax.taxMinor) : '',
      whole(line.seat),
      whole(line.course),
      line.kitchenStatus ?? '',
      instant(line.firedAt),
      instant(line.readyAt),
    ]);
  },
};

export const PAYMENTS_CSV: CsvFile<Row<typeof findPaymentBatch>> = {
  header: [
    'id',
    'order_id',
    'order_number',
    'created_at',
    'succeeded_at',
    'method',
    'status',
    'amount',
    'fee',
    'refunded',
    'provider',
    'reference',
    'recorded_by',
    'currency',
  ],
  rowsOf: (p) => {
    const money = (minor: number) => formatMajorUnits(minor, p.currency);
    return [
      [
        p.id,
        p.orderId,
        String(p.orderNumber),
        instant(p.createdAt),
        instant(p.succeededAt),
        p.method,
        p.status,
        money(p.amountMinor),
        money(p.feeMinor),
        money(p.refundedMinor),
        text(p.provider),
        text(p.reference),
        text(p.recordedByName),
        p.currency,
      ],
    ];
  },
};

export const REFUNDS_CSV: CsvFile<Row<typeof findRefundBatch>> = {
  header: ['id', 'payment_id', 'order_number', 'created_at', 'amount', 'reason', 'recorded_by', 'currency'],
  rowsOf: (r) => [
    [
      r.id,
      r.paymentId,
      String(r.orderNumber),
      instant(r.createdAt),
      formatMajorUnits(r.amountMinor, r.currency),
      text(r.reason),
      text(r.recordedByName),
      r.currency,
    ],
  ],
};

/** One row per receipt and tax rate, as the accountant's CSV (a receipt without tax: one row). */
export const RECEIPTS_CSV: CsvFile<Row<typeof findReceiptBatch>> = {
  header: [
    'number',
    'kind',
    'credit_for',
    'issued_at',
    'business_date',
    'table',
    'orders',
    'method',
    'tax_name',
    'tax_rate_percent',
    'net',
    'tax',
    'gross',
    'service_charge',
    'tip',
    'total',
    'currency',
  ],
  rowsOf: (r) => {
    const money = (minor: number) => formatMajorUnits(minor, r.currency);
    const rates = r.taxes.length > 0 ? r.taxes : [null];
    return rates.map((rate, i) => [
      r.number,
      r.kind,
      r.creditForNumber ?? '',
      instant(r.issuedAt),
      r.businessDate,
      whole(r.tableNumber),
      r.orderNumbers.join(' '),
      r.method,
      rate ? text(rate.name) : '',
      rate ? percent(rate.rateBasisPoints) : '',
      money(rate ? rate.netMinor : r.netMinor),
      money(rate ? rate.taxMinor : r.taxMinor),
      money(rate ? rate.netMinor + rate.taxMinor : r.netMinor + r.taxMinor),
      i === 0 ? money(r.serviceChargeMinor) : '',
      i === 0 ? money(r.tipMinor) : '',
      i === 0 ? money(r.totalMinor) : '',
      r.currency,
    ]);
  },
};

export const REVIEWS_CSV: CsvFile<Row<typeof findReviewBatch>> = {
  header: ['id', 'order_number', 'created_at', 'rating', 'comment', 'guest_name'],
  rowsOf: (r) => [
    [r.id, String(r.orderNumber), instant(r.createdAt), String(r.rating), text(r.comment), text(r.guestName)],
  ],
};

export const STAFF_CSV: CsvFile<Row<typeof findStaffForExport>> = {
  header: [
    'id',
    'name',
    'email',
    'phone',
    'role',
    'active',
    'has_pin',
    'language',
    'last_login_at',
    'created_at',
  ],
  rowsOf: (s) => [
    [
      s.id,
      text(s.name),
      text(s.email),
      text(s.phone),
      text(s.roleName),
      yesNo(s.active),
      yesNo(s.hasPin),
      s.language ?? '',
      instant(s.lastLoginAt),
      instant(s.createdAt),
    ],
  ],
};

/** The audit log's amounts are in the restaurant's currency. */
export const auditCsv = (currency: string): CsvFile<Row<typeof findAuditBatch>> => ({
  header: [
    'id',
    'at',
    'kind',
    'actor',
    'approved_by',
    'order_number',
    'table',
    'amount',
    'reason',
    'details',
  ],
  rowsOf: (a) => [
    [
      a.id,
      instant(a.at),
      a.kind,
      text(a.actorName),
      text(a.approvedByName),
      whole(a.orderNumber),
      whole(a.tableNumber),
      a.amountMinor === null ? '' : formatMajorUnits(a.amountMinor, currency),
      text(a.reason),
      json(a.details),
    ],
  ],
});

export const walletCsv = (currency: string): CsvFile<Row<typeof findWalletBatch>> => ({
  header: ['id', 'created_at', 'type', 'kind', 'amount', 'balance_after', 'reference', 'description'],
  rowsOf: (w) => [
    [
      w.id,
      instant(w.createdAt),
      w.type,
      w.kind,
      formatMajorUnits(w.amountMinor, currency),
      formatMajorUnits(w.balanceAfterMinor, currency),
      text(w.reference),
      text(w.description),
    ],
  ],
});

export const daysCsv = (currency: string): CsvFile<Row<typeof findClosedDaysForExport>> => ({
  header: [
    'date',
    'closed_at',
    'closed_by',
    'closed_by_id',
    'orders',
    'gross',
    'net',
    'tax',
    'tips',
    'cash_expected',
    'cash_counted',
    'cash_difference',
    'note',
  ],
  rowsOf: (d) => {
    const money = (minor: number) => formatMajorUnits(minor, currency);
    return [
      [
        d.date,
        instant(d.closedAt),
        text(d.closedByName),
        d.closedById ?? '',
        String(d.report.orders),
        money(d.report.grossMinor),
        money(d.report.netMinor),
        money(d.report.taxMinor),
        money(d.report.tipsMinor),
        money(d.report.cashExpectedMinor),
        money(d.cashCountedMinor),
        money(d.cashDifferenceMinor),
        text(d.note),
      ],
    ];
  },
});

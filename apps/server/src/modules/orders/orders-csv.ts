import { currencyMinorDigits } from '@tavolo/contract/money';
import type { OrderRow } from '../../db/rows';
import { zonedParts } from '../../lib/zoned-time';

const HEADER = [
  'number',
  'created_at',
  'table',
  'source',
  'status',
  'customer',
  'items',
  'subtotal',
  'service_charge',
  'net',
  'tax',
  'tip',
  'total',
  'paid',
  'payment_status',
  'currency',
  'note',
];

/**
 * Orders as CSV: money in major units, times in the restaurant's zone, one row per order. net + tax
 * + tip is the total, whether the prices included the tax or had it added.
 */
export function ordersToCsv(rows: readonly OrderRow[], timezone: string): string {
  const lines = rows.map((row) => {
    const money = (minor: number) => formatMajor(minor, row.currency);
    return [
      row.number,
      formatLocal(row.createdAt, timezone),
      row.tableNumber,
      row.source,
      row.status,
      row.customerName ?? '',
      row.items.map((line) => `${line.quantity}× ${line.name}`).join('; '),
      money(row.subtotalMinor),
      money(row.serviceChargeMinor),
      // Orders placed before taxes have no net: all of it but the tip, untaxed.
      money(row.netMinor ?? row.totalMinor - row.tipMinor),
      money(row.taxMinor),
      money(row.tipMinor),
      money(row.totalMinor),
      money(row.paidMinor),
      row.paymentStatus,
      row.currency,
      row.note ?? '',
    ].map(csvCell);
  });
  return `${[HEADER, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** Quotes a CSV cell, and defuses text a spreadsheet would run as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function formatMajor(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

function formatLocal(instant: Date, timezone: string): string {
  const p = zonedParts(instant, timezone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

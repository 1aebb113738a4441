import type { OrderRow } from '../../db/rows';
import { defuseFormula, formatLocalMinute, formatMajorUnits } from '../../lib/export-values';

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
    const money = (minor: number) => formatMajorUnits(minor, row.currency);
    return [
      row.number,
      formatLocalMinute(row.createdAt, timezone),
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
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

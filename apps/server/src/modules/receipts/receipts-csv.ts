import { Readable } from 'node:stream';
import type { TReceiptExportQuery } from '@tavolo/contract/receipts';
import { stringify } from 'csv-stringify/sync';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import { defuseFormula, formatLocalMinute, formatMajorUnits } from '../../lib/export-values';
import { addDays, localDateOf, zonedDate } from '../../lib/zoned-time';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { type ExportedReceipt, findReceiptBatch, findReceiptNumbers } from './receipts.repository';

/*
 * The accountant's export (PRODUCT.md §11): one row per receipt and tax rate, oldest first, streamed
 * in batches so a month of receipts never sits in memory. Amounts are in major units with a point
 * (12.50); a credit note's are negative; the tip and the total are on each receipt's first row.
 */

const HEADER = [
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
  'tip',
  'total',
  'currency',
];

const BATCH = 2_000;
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/** A receipt's rows: one per rate (one without a rate when it carries no tax). */
function rowsOf(receipt: ExportedReceipt, creditFor: string, timezone: string): string[][] {
  const money = (minor: number) => formatMajorUnits(minor, receipt.currency);
  const rates = receipt.taxes.length > 0 ? receipt.taxes : [null];
  return rates.map((rate, i) => [
    receipt.number,
    receipt.kind,
    creditFor,
    formatLocalMinute(receipt.issuedAt, timezone),
    receipt.businessDate,
    receipt.tableNumber === null ? '' : String(receipt.tableNumber),
    receipt.orderNumbers.join(' '),
    receipt.method,
    rate ? defuseFormula(rate.name) : '',
    rate ? (rate.rateBasisPoints / 100).toFixed(2) : '',
    money(rate ? rate.netMinor : receipt.netMinor),
    money(rate ? rate.taxMinor : receipt.taxMinor),
    money(rate ? rate.netMinor + rate.taxMinor : receipt.netMinor + receipt.taxMinor),
    i === 0 ? money(receipt.tipMinor) : '',
    i === 0 ? money(receipt.totalMinor) : '',
    receipt.currency,
  ]);
}

/** The CSV's text, a batch of receipts at a time (a stream of many small rows costs more than their bytes). */
async function* receiptCsvChunks(
  db: Db,
  restaurantId: string,
  range: { fromDate: string; toDate: string },
  timezone: string,
) {
  yield stringify([HEADER], CSV_OPTIONS);
  let after: { year: number; seq: number } | null = null;
  for (;;) {
    const batch = await findReceiptBatch(db, restaurantId, range, after, BATCH);
    if (batch.length === 0) return;
    const credited = [...new Set(batch.flatMap((r) => (r.creditForId ? [r.creditForId] : [])))];
    const numbers = await findReceiptNumbers(db, restaurantId, credited);
    yield stringify(
      batch.flatMap((receipt) =>
        rowsOf(receipt, receipt.creditForId ? (numbers.get(receipt.creditForId) ?? '') : '', timezone),
      ),
      CSV_OPTIONS,
    );
    const last = batch[batch.length - 1]!;
    after = { year: last.year, seq: last.seq };
    if (batch.length < BATCH) return;
  }
}

/** The receipts of business days from–to (this month so far by default) as a CSV stream. */
export async function streamReceiptsCsv(
  ctx: StaffContext,
  query: TReceiptExportQuery,
): Promise<{ filename: string; stream: Readable }> {
  const restaurant = await findSessionRestaurant(ctx);
  const zone = restaurant.timezone;
  const today = zonedDate(new Date(), zone);
  const fromDate = query.from ? localDateOf(query.from, zone) : `${today.slice(0, 8)}01`;
  const toDate = query.to ? localDateOf(query.to, zone) : addDays(today, 1);
  return {
    filename: `receipts-${fromDate}-${toDate}.csv`,
    stream: Readable.from(receiptCsvChunks(ctx.db, restaurant.id, { fromDate, toDate }, zone)),
  };
}

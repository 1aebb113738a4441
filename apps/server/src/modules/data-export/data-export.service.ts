import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { StaffContext } from '../../core/context';
import { listCategories } from '../menu/categories.service';
import { listMenuItems } from '../menu/menu.service';
import { getMenuCsv } from '../menu/menu-import.service';
import { findSessionRestaurant, getRestaurant } from '../restaurants/restaurants.service';
import { listStations } from '../stations/stations.service';
import { listTaxRates } from '../taxes/taxes.service';
import {
  type Cursor,
  findAuditBatch,
  findClosedDaysForExport,
  findOrderBatch,
  findOrderLineBatch,
  findPaymentBatch,
  findReceiptBatch,
  findRefundBatch,
  findReviewBatch,
  findRolesForExport,
  findSettlementAccountsForExport,
  findStaffForExport,
  findTablesForExport,
  findWalletBatch,
} from './data-export.repository';
import {
  auditCsv,
  type CsvFile,
  daysCsv,
  ORDER_LINES_CSV,
  ORDERS_CSV,
  PAYMENTS_CSV,
  RECEIPTS_CSV,
  REFUNDS_CSV,
  REVIEWS_CSV,
  STAFF_CSV,
  TABLES_CSV,
  walletCsv,
} from './export-files';

/*
 * A restaurant's data to take away (PRODUCT.md §14, decision 044): a zip of CSV and JSON streamed
 * as it is read. Each file is read in batches along an index when its turn comes (yazl pumps the
 * entries one after the other, and only as fast as the download takes them), so the server holds
 * one batch at a time whatever the restaurant's history; node's zlib deflates off the main thread.
 */

const BATCH = 2_000;
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;
/** Bumped when a file or a column changes meaning, so a reader can tell exports apart. */
export const EXPORT_FORMAT = 1;

/** Reads a file's rows batch after batch: `next` reads the batch after `cursor` (null: the first). */
type Batches<R, C> = { first: C; next: (cursor: C) => Promise<R[]>; cursorOf: (row: R) => C };

/** A CSV's text, a batch at a time, counting its rows into `counts[name]`. */
async function* csvChunks<R, C>(
  file: CsvFile<R>,
  batches: Batches<R, C>,
  count: (rows: number) => void,
): AsyncGenerator<string> {
  yield stringify([file.header], CSV_OPTIONS);
  let cursor = batches.first;
  for (;;) {
    const rows = await batches.next(cursor);
    if (rows.length === 0) return;
    const lines = rows.flatMap(file.rowsOf);
    count(lines.length);
    yield stringify(lines, CSV_OPTIONS);
    if (rows.length < BATCH) return;
    cursor = batches.cursorOf(rows[rows.length - 1]!);
  }
}

/** A list read whole (a restaurant has tens of tables and staff): one batch. */
const whole = <R>(read: () => Promise<R[]>): Batches<R, null> => ({
  first: null,
  next: async (cursor) => (cursor === null ? read() : []),
  cursorOf: () => undefined as never,
});

const byInstant = <R extends { cursorAt: string; id: string }>(
  read: (cursor: Cursor) => Promise<R[]>,
): Batches<R, Cursor> => ({ first: null, next: read, cursorOf: (row) => ({ at: row.cursorAt, id: row.id }) });

const bySeq = <R extends { cursorAt: string; seq: number }>(
  read: (cursor: Cursor) => Promise<R[]>,
): Batches<R, Cursor> => ({
  first: null,
  next: read,
  cursorOf: (row) => ({ at: row.cursorAt, id: String(row.seq) }),
});

/** The zip's name: the restaurant's in plain ASCII and the day, "tavolo-trattoria-uno-2026-11-27.zip". */
function exportFilename(name: string, now: Date): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `tavolo-${slug || 'restaurant'}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The zip of the session's restaurant, as a stream: restaurant.json, menu.csv and menu.json,
 * tables, orders and their lines, payments, refunds, receipts, reviews, staff, the audit log, the
 * wallet, closed days, and manifest.json last with each file's row count. A read that fails midway
 * ends the download broken (its headers were sent), and is logged.
 */
export async function streamRestaurantExport(
  ctx: StaffContext,
  onError: (error: unknown) => void,
): Promise<{ filename: string; stream: Readable }> {
  const { db } = ctx;
  const row = await findSessionRestaurant(ctx);
  const restaurantId = row.id;
  const now = new Date();
  const zip = new ZipFile();
  const output = new PassThrough();
  const counts: Record<string, number> = {};
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);

  const add = (name: string, chunks: () => AsyncIterable<string>) => {
    counts[name] = 0;
    zip.addReadStreamLazy(name, { mtime: now }, (callback) => {
      const stream = Readable.from(chunks());
      // yazl pipes the stream without listening for its errors: a failed read ends the download.
      stream.on('error', fail);
      callback(null, stream);
    });
  };
  const addJson = (name: string, read: () => Promise<unknown>) =>
    add(name, async function* () {
      yield `${JSON.stringify(await read(), null, 2)}\n`;
    });
  const addCsv = <R, C>(name: string, file: CsvFile<R>, batches: Batches<R, C>) =>
    add(name, () =>
      csvChunks(file, batches, (rows) => {
        counts[name]! += rows;
      }),
    );

  addJson('restaurant.json', async () => ({
    restaurant: await getRestaurant(ctx, { id: restaurantId }),
    taxRates: await listTaxRates(db, restaurantId),
    stations: await listStations(db, restaurantId),
    roles: await findRolesForExport(db, restaurantId),
    settlementAccounts: await findSettlementAccountsForExport(db, restaurantId),
  }));
  add('menu.csv', async function* () {
    const { csv, rows } = await getMenuCsv(ctx);
    counts['menu.csv'] = rows;
    yield csv;
  });
  addJson('menu.json', async () => ({
    categories: await listCategories(ctx),
    items: await listMenuItems(ctx),
  }));
  addCsv(
    'tables.csv',
    TABLES_CSV,
    whole(() => findTablesForExport(db, restaurantId)),
  );
  addCsv('orders.csv', ORDERS_CSV, {
    first: 0,
    next: (after: number) => findOrderBatch(db, restaurantId, after, BATCH),
    cursorOf: (order) => order.number,
  });
  addCsv('order-lines.csv', ORDER_LINES_CSV, {
    first: 0,
    next: (after: number) => findOrderLineBatch(db, restaurantId, after, BATCH),
    cursorOf: (order) => order.number,
  });
  addCsv(
    'payments.csv',
    PAYMENTS_CSV,
    byInstant((c) => findPaymentBatch(db, restaurantId, c, BATCH)),
  );
  addCsv(
    'refunds.csv',
    REFUNDS_CSV,
    byInstant((c) => findRefundBatch(db, restaurantId, c, BATCH)),
  );
  addCsv('receipts.csv', RECEIPTS_CSV, {
    first: null as { year: number; seq: number } | null,
    next: (after) => findReceiptBatch(db, restaurantId, after, BATCH),
    cursorOf: (receipt) => ({ year: receipt.year, seq: receipt.seq }),
  });
  addCsv(
    'reviews.csv',
    REVIEWS_CSV,
    byInstant((c) => findReviewBatch(db, restaurantId, c, BATCH)),
  );
  addCsv(
    'staff.csv',
    STAFF_CSV,
    whole(() => findStaffForExport(db, restaurantId)),
  );
  addCsv(
    'audit.csv',
    auditCsv(row.currency),
    bySeq((c) => findAuditBatch(db, restaurantId, c, BATCH)),
  );
  addCsv(
    'wallet.csv',
    walletCsv(row.currency),
    bySeq((c) => findWalletBatch(db, restaurantId, c, BATCH)),
  );
  addCsv(
    'days.csv',
    daysCsv(row.currency),
    whole(() => findClosedDaysForExport(db, restaurantId)),
  );
  // Last: by its turn every other file is written, so their counts are final.
  addJson('manifest.json', async () => ({
    format: EXPORT_FORMAT,
    restaurantId,
    restaurantName: row.name,
    exportedAt: now.toISOString(),
    currency: row.currency,
    timezone: row.timezone,
    files: Object.entries(counts)
      .filter(([name]) => name !== 'manifest.json')
      .map(([name, rows]) => ({ name, rows: name.endsWith('.csv') ? rows : null })),
  }));
  zip.end();
  return { filename: exportFilename(row.name, now), stream: output };
}

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { RestaurantRow } from '../../db/rows';
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

/** Reads a file's rows batch after batch: `next` reads the batch after `cursor` (`first`: the first). */
type Batches<R, C> = { first: C; next: (cursor: C) => Promise<R[]>; cursorOf: (row: R) => C };

/** A CSV file of the export: its name, and its text a batch at a time, counting its rows. */
export type CsvSource = { name: string; chunks: (count: (rows: number) => void) => AsyncGenerator<string> };

/**
 * Where a file written alongside another waits for its turn in the zip (order-lines.csv, written
 * in the same read as orders.csv, goes into the zip after it): a temporary file, so memory stays
 * flat; read once, then deleted.
 */
export type Spool = {
  write: (text: string) => Promise<void>;
  close: () => Promise<void>;
  read: () => AsyncIterable<string>;
  discard: () => Promise<void>;
};

export function createFileSpool(directory = os.tmpdir()): Spool {
  const file = path.join(directory, `tavolo-export-${randomUUID()}.csv`);
  let out: fs.WriteStream | undefined;
  const discard = () => fs.promises.rm(file, { force: true });
  return {
    async write(text) {
      out ??= fs.createWriteStream(file);
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      if (!out) return;
      out.end();
      await finished(out);
    },
    async *read() {
      if (!out) return;
      try {
        yield* fs.createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>;
      } finally {
        await discard();
      }
    },
    discard,
  };
}

/**
 * A read whose failure is seen only by whoever awaits it: a download cut short leaves the batch
 * read ahead unawaited, and its failure (the database closing, say) is then nobody's to report.
 */
function readAhead<R>(read: Promise<R[]>): Promise<R[]> {
  read.catch(() => undefined);
  return read;
}

/**
 * A file read `batchSize` rows at a time; with `alongside`, each batch also gives that file's rows,
 * spooled until its turn (see Spool) and counted then.
 */
function csvSource<R, C>(
  name: string,
  file: CsvFile<R>,
  batches: Batches<R, C>,
  batchSize: number,
  alongside?: { name: string; file: CsvFile<R>; spool: Spool },
): CsvSource[] {
  let spooledRows = 0;
  const main: CsvSource = {
    name,
    async *chunks(count) {
      yield stringify([file.header], CSV_OPTIONS);
      let reading = readAhead(batches.next(batches.first));
      try {
        for (;;) {
          const rows = await reading;
          if (rows.length === 0) return;
          // The next batch is read while this one is written: on the embedded database the query
          // runs on the database's thread while this one turns rows into CSV.
          const more = rows.length === batchSize;
          if (more) reading = readAhead(batches.next(batches.cursorOf(rows[rows.length - 1]!)));
          const lines = rows.flatMap(file.rowsOf);
          count(lines.length);
          yield stringify(lines, CSV_OPTIONS);
          if (alongside) {
            const other = rows.flatMap(alongside.file.rowsOf);
            spooledRows += other.length;
            if (other.length > 0) await alongside.spool.write(stringify(other, CSV_OPTIONS));
          }
          if (!more) return;
        }
      } finally {
        await alongside?.spool.close();
      }
    },
  };
  if (!alongside) return [main];
  const spooled: CsvSource = {
    name: alongside.name,
    async *chunks(count) {
      yield stringify([alongside.file.header], CSV_OPTIONS);
      count(spooledRows);
      yield* alongside.spool.read();
    },
  };
  return [main, spooled];
}

/** A list read whole (a restaurant has tens of tables and staff, a few hundred closed days): one batch. */
const whole = <R>(read: () => Promise<R[]>): Batches<R, boolean> => ({
  first: true,
  next: async (first) => (first ? read() : []),
  cursorOf: () => false,
});

const byNumber = <R extends { number: number }>(
  read: (after: number) => Promise<R[]>,
): Batches<R, number> => ({
  first: 0,
  next: read,
  cursorOf: (row) => row.number,
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

/**
 * The export's CSV files in the zip's order, each read `batchSize` rows at a time along an index
 * (an order's number; a payment's instant and id; an audit entry's instant and sequence; a
 * receipt's year and number). The batch size changes nothing of what they hold: a test reads them
 * one row at a time.
 */
export function csvSources(
  db: Db,
  restaurant: Pick<RestaurantRow, 'id' | 'currency'>,
  batchSize: number,
  spool: Spool,
): CsvSource[] {
  const { id, currency } = restaurant;
  return [
    csvSource(
      'tables.csv',
      TABLES_CSV,
      whole(() => findTablesForExport(db, id)),
      batchSize,
    ),
    // Orders are read once: their lines are written alongside, into order-lines.csv.
    csvSource(
      'orders.csv',
      ORDERS_CSV,
      byNumber((after) => findOrderBatch(db, id, after, batchSize)),
      batchSize,
      { name: 'order-lines.csv', file: ORDER_LINES_CSV, spool },
    ),
    csvSource(
      'payments.csv',
      PAYMENTS_CSV,
      byInstant((c) => findPaymentBatch(db, id, c, batchSize)),
      batchSize,
    ),
    csvSource(
      'refunds.csv',
      REFUNDS_CSV,
      byInstant((c) => findRefundBatch(db, id, c, batchSize)),
      batchSize,
    ),
    csvSource(
      'receipts.csv',
      RECEIPTS_CSV,
      {
        first: null as { year: number; seq: number } | null,
        next: (after) => findReceiptBatch(db, id, after, batchSize),
        cursorOf: (receipt) => ({ year: receipt.year, seq: receipt.seq }),
      },
      batchSize,
    ),
    csvSource(
      'reviews.csv',
      REVIEWS_CSV,
      byInstant((c) => findReviewBatch(db, id, c, batchSize)),
      batchSize,
    ),
    csvSource(
      'staff.csv',
      STAFF_CSV,
      whole(() => findStaffForExport(db, id)),
      batchSize,
    ),
    csvSource(
      'audit.csv',
      auditCsv(currency),
      bySeq((c) => findAuditBatch(db, id, c, batchSize)),
      batchSize,
    ),
    csvSource(
      'wallet.csv',
      walletCsv(currency),
      bySeq((c) => findWalletBatch(db, id, c, batchSize)),
      batchSize,
    ),
    csvSource(
      'days.csv',
      daysCsv(currency),
      whole(() => findClosedDaysForExport(db, id)),
      batchSize,
    ),
  ].flat();
}

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
  const addCsv = (source: CsvSource) =>
    add(source.name, () =>
      source.chunks((rows) => {
        counts[source.name]! += rows;
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
  const spool = createFileSpool();
  // A download cut short leaves no temporary file behind.
  output.on('close', () => void spool.discard());
  for (const source of csvSources(db, row, BATCH, spool)) addCsv(source);
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

import type { TCreateTableRequest, TTable, TUpdateTableRequest } from '@tavolo/contract/tables';
import QRCode from 'qrcode';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import type { TableRow } from '../../db/rows';
import { isUniqueViolation } from '../../lib/pg-errors';
import { generateToken } from '../../security/tokens';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import {
  type ActiveTableLookup,
  countOpenOrdersAtTable,
  deleteTable,
  findActiveTableWithRestaurant,
  findTable,
  findTables,
  insertTable,
  toTable,
  updateTable,
} from './tables.repository';

/** 144 random bits: a printed code cannot be guessed from another table's. */
const newQrToken = () => generateToken(18);

const duplicateNumber = (number: number | undefined) =>
  new AppError('DUPLICATE', `Table ${number ?? ''} already exists`.replace('  ', ' '), {
    number: 'is already used',
  });

export async function listTables({ db, principal, config }: StaffContext): Promise<TTable[]> {
  return (await findTables(db, principal.restaurantId)).map((row) => toTable(row, config.publicUrl));
}

export async function getTable(
  { db, principal, config }: StaffContext,
  input: { id: string },
): Promise<TTable> {
  const row = await findTable(db, principal.restaurantId, input.id);
  if (!row) throw notFound('Table');
  return toTable(row, config.publicUrl);
}

export async function createTable(
  { db, events, principal, config }: StaffContext,
  input: TCreateTableRequest,
): Promise<TTable> {
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertTable(tx, {
        ...input,
        restaurantId: principal.restaurantId,
        qrToken: newQrToken(),
      });
      // Its number opens a guest link, and the floors of every instance take it in.
      await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'table.changed' });
      return inserted;
    });
    return toTable(row, config.publicUrl);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber(input.number);
    throw error;
  }
}

async function changeTableRow(
  ctx: StaffContext,
  id: string,
  values: Parameters<typeof updateTable>[3],
): Promise<TableRow> {
  const { db, events, principal } = ctx;
  try {
    return await db.transaction(async (tx) => {
      const row = await updateTable(tx, principal.restaurantId, id, values);
      if (!row) throw notFound('Table');
      // Number and label show on the guest menu.
      await recordGuestMenuChange(tx, events, principal.restaurantId, { reason: 'table.changed' });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber(values.number as number | undefined);
    throw error;
  }
}

export async function changeTable(
  ctx: StaffContext,
  input: { id: string; changes: TUpdateTableRequest },
): Promise<TTable> {
  return toTable(await changeTableRow(ctx, input.id, input.changes), ctx.config.publicUrl);
}

/** A new code for the table: the printed one stops working at once. */
export async function rotateTableQr(ctx: StaffContext, input: { id: string }): Promise<TTable> {
  return toTable(await changeTableRow(ctx, input.id, { qrToken: newQrToken() }), ctx.config.publicUrl);
}

/** Tables with orders still open are kept: deactivate them instead, or finish the orders first. */
export async function removeTable(
  { db, events, principal }: StaffContext,
  input: { id: string },
): Promise<void> {
  const { restaurantId } = principal;
  await db.transaction(async (tx) => {
    if (!(await findTable(tx, restaurantId, input.id))) throw notFound('Table');
    const open = await countOpenOrdersAtTable(tx, restaurantId, input.id);
    if (open > 0) {
      throw new AppError(
        'CONFLICT',
        `This table has ${open} open order${open === 1 ? '' : 's'}; complete or cancel ${open === 1 ? 'it' : 'them'} first, or deactivate the table`,
      );
    }
    await deleteTable(tx, restaurantId, input.id);
    // Its code stops working: caches of it (and orders priced against it) must know.
    await recordGuestMenuChange(tx, events, restaurantId, { reason: 'table.changed' });
  });
}

/** The table's QR code, pointing at its guest URL. */
export async function renderTableQr(
  ctx: StaffContext,
  input: { id: string; format: 'svg' | 'png' },
): Promise<{ table: TTable; image: string | Buffer }> {
  const table = await getTable(ctx, input);
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const image =
    input.format === 'svg'
      ? await QRCode.toString(table.guestUrl, { ...options, type: 'svg' })
      : await QRCode.toBuffer(table.guestUrl, { ...options, type: 'png', width: 768 });
  return { table, image };
}

// ---- what other modules read of a table -------------------------------------------------------------

export type { ActiveTableLookup };

/** An active table with its restaurant: by its printed code (a guest), by id or number (staff). */
export function findActiveTable(db: Db, lookup: ActiveTableLookup) {
  return findActiveTableWithRestaurant(db, lookup);
}

/** One table of the restaurant as its row, or undefined. */
export function findTableRow(db: Db, restaurantId: string, id: string): Promise<TableRow | undefined> {
  return findTable(db, restaurantId, id);
}

import type { TCreateTableRequest, TTable, TUpdateTableRequest } from '@tavolo/contract/tables';
import QRCode from 'qrcode';
import { AppError, notFound } from '../../http/app-error';
import type { RequestContext } from '../../http/route-context';
import { isUniqueViolation } from '../../lib/pg-errors';
import { generateToken } from '../../security/tokens';
import {
  bumpGuestMenuVersion,
  countOpenOrdersAtTable,
  deleteTable,
  findTable,
  findTables,
  insertTable,
  type TableRow,
  toTable,
  updateTable,
} from './tables.repository';

type Context = RequestContext & { publicUrl: string };

/** 144 random bits: a printed code cannot be guessed from another table's. */
const newQrToken = () => generateToken(18);

const duplicateNumber = (number: number | undefined) =>
  new AppError('DUPLICATE', 409, `Table ${number ?? ''} already exists`.replace('  ', ' '), {
    number: 'is already used',
  });

export async function listTables({ db, principal, publicUrl }: Context): Promise<TTable[]> {
  return (await findTables(db, principal.restaurantId)).map((row) => toTable(row, publicUrl));
}

export async function getTable({ db, principal, publicUrl }: Context, id: string): Promise<TTable> {
  const row = await findTable(db, principal.restaurantId, id);
  if (!row) throw notFound('Table');
  return toTable(row, publicUrl);
}

export async function createTable(
  { db, principal, publicUrl }: Context,
  input: TCreateTableRequest,
): Promise<TTable> {
  try {
    const row = await insertTable(db, {
      ...input,
      restaurantId: principal.restaurantId,
      qrToken: newQrToken(),
    });
    return toTable(row, publicUrl);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber(input.number);
    throw error;
  }
}

async function changeTableRow(
  ctx: Context,
  id: string,
  values: Parameters<typeof updateTable>[3],
): Promise<TableRow> {
  const { db, principal } = ctx;
  try {
    return await db.transaction(async (tx) => {
      const row = await updateTable(tx, principal.restaurantId, id, values);
      if (!row) throw notFound('Table');
      await bumpGuestMenuVersion(tx, principal.restaurantId);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber(values.number as number | undefined);
    throw error;
  }
}

export async function changeTable(ctx: Context, id: string, input: TUpdateTableRequest): Promise<TTable> {
  return toTable(await changeTableRow(ctx, id, input), ctx.publicUrl);
}

/** A new code for the table: the printed one stops working at once. */
export async function rotateTableQr(ctx: Context, id: string): Promise<TTable> {
  return toTable(await changeTableRow(ctx, id, { qrToken: newQrToken() }), ctx.publicUrl);
}

/** Tables with orders still open are kept: deactivate them instead, or finish the orders first. */
export async function removeTable({ db, principal }: Context, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findTable(tx, principal.restaurantId, id))) throw notFound('Table');
    const open = await countOpenOrdersAtTable(tx, id);
    if (open > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `This table has ${open} open order${open === 1 ? '' : 's'}; complete or cancel ${open === 1 ? 'it' : 'them'} first, or deactivate the table`,
      );
    }
    await deleteTable(tx, principal.restaurantId, id);
  });
}

/** The table's QR code, pointing at its guest URL. */
export async function renderTableQr(
  ctx: Context,
  id: string,
  format: 'svg' | 'png',
): Promise<{ table: TTable; image: string | Buffer }> {
  const table = await getTable(ctx, id);
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const image =
    format === 'svg'
      ? await QRCode.toString(table.guestUrl, { ...options, type: 'svg' })
      : await QRCode.toBuffer(table.guestUrl, { ...options, type: 'png', width: 768 });
  return { table, image };
}

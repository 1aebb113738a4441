import type { TCreateTableRequest, TTable } from '@tavolo/contract/tables';
import { AppError } from '../../http/app-error';
import type { RequestContext } from '../../http/route-context';
import { isUniqueViolation } from '../../lib/pg-errors';
import { generateToken } from '../../security/tokens';
import { findTables, insertTable, toTable } from './tables.repository';

type Context = RequestContext & { publicUrl: string };

export async function listTables({ db, principal, publicUrl }: Context): Promise<TTable[]> {
  return (await findTables(db, principal.restaurantId)).map((row) => toTable(row, publicUrl));
}

export async function createTable(
  { db, principal, publicUrl }: Context,
  input: TCreateTableRequest,
): Promise<TTable> {
  try {
    // 144 random bits: a printed code cannot be guessed from another table's.
    const row = await insertTable(db, {
      ...input,
      restaurantId: principal.restaurantId,
      qrToken: generateToken(18),
    });
    return toTable(row, publicUrl);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('DUPLICATE', 409, `Table ${input.number} already exists`, {
        number: 'is already used',
      });
    }
    throw error;
  }
}

import type { TErrorResponse } from '../errors';
import { ERROR_CODES } from '../values/errors';

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

const isIndex = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/** An entry of OUT_OF_STOCK's `outOfStock`, as `ZStockShortfall` has it. */
function isShortfall(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { menuItemId, name, remaining, lines } = value as Record<string, unknown>;
  return (
    typeof menuItemId === 'string' &&
    typeof name === 'string' &&
    isIndex(remaining) &&
    Array.isArray(lines) &&
    lines.every(isIndex)
  );
}

/**
 * The API's error as `readApiError` checks it. A table bill's `itemsTaken` is left out: the guest's
 * bill screen alone reads it, and checks it itself, so that the first pages carry no code for it.
 */
export type TApiError = Omit<TErrorResponse['error'], 'itemsTaken'>;

/**
 * The API's error in a body, when it has the documented shape (`ZErrorResponse`), checked by hand
 * so that the web's first pages need no zod; undefined otherwise.
 */
export function readApiError(data: unknown): TApiError | undefined {
  const error = (data as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields, outOfStock } = error as Record<string, unknown>;
  if (typeof code !== 'string' || !CODES.has(code) || typeof message !== 'string') return undefined;
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
    if (!Object.values(fields).every((value) => typeof value === 'string')) return undefined;
  }
  if (outOfStock !== undefined && !(Array.isArray(outOfStock) && outOfStock.every(isShortfall)))
    return undefined;
  return error as TApiError;
}

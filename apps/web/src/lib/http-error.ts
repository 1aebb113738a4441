import { readApiError, type TApiError } from '@tavolo/contract/client/errors';
import type { TErrorCode } from '@tavolo/contract/errors';

/*
 * What every sender of the API's requests shares, the page's API client and the guest's service
 * worker alike (which carries no more of the client than `AnswerError` and `dropEmptyStrings`: its
 * bytes count on the guest's first load).
 */

/**
 * The server answered with a non-2xx status. `data` is its body (the API's error shape, or whatever
 * came), not read: the service worker throws these.
 */
export class AnswerError extends Error {
  override readonly name: string = 'AnswerError';
  constructor(
    readonly status: number,
    readonly data: unknown,
    message = `Request failed with status ${status}`,
  ) {
    super(message);
  }
}

/** A non-2xx answer as the page's API client gives it: with the API's error read from its body. */
export class HttpError extends AnswerError {
  override readonly name = 'HttpError';
  constructor(status: number, data: unknown) {
    super(status, data, readApiError(data)?.message);
  }

  /** The API's error, when the body has the documented shape. */
  get apiError(): TApiError | undefined {
    return readApiError(this.data);
  }

  get code(): TErrorCode | undefined {
    return this.apiError?.code;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Removes fields whose value is the empty string, at any depth of plain objects:
 * an emptied optional form field means "unset", never "".
 */
export function dropEmptyStrings<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => dropEmptyStrings(item)) as T;
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === '') continue;
    result[key] = dropEmptyStrings(field);
  }
  return result as T;
}

import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { isUniqueViolation, pgErrorCode } from './pg-errors';

/** An error as PostgreSQL's protocol has it (both drivers copy these fields onto theirs). */
const refusal = (code: string) => ({ code, severity: 'ERROR', message: 'refused' });

describe('pgErrorCode', () => {
  it("reads PostgreSQL's SQLSTATE on the error or on the driver's error drizzle wrapped", () => {
    expect(pgErrorCode(refusal('23505'))).toBe('23505');
    expect(pgErrorCode(new Error('wrapped', { cause: refusal('40P01') }))).toBe('40P01');
    expect(isUniqueViolation(new Error('wrapped', { cause: refusal('23505') }))).toBe(true);
  });

  it('has none for errors that are not the database answering: Node, Fastify, or nothing at all', () => {
    expect(pgErrorCode({ code: 'ECONNREFUSED' })).toBeUndefined();
    expect(pgErrorCode(new Error('lost', { cause: { code: 'ECONNRESET' } }))).toBeUndefined();
    expect(pgErrorCode({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })).toBeUndefined();
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(undefined)).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });

  it('has none for a broken pipe, though EPIPE has the shape of an SQLSTATE (five capitals)', () => {
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' });
    expect(pgErrorCode(epipe)).toBeUndefined();
    expect(pgErrorCode(new Error('Failed query', { cause: epipe }))).toBeUndefined();
  });

  it('reads the refusals of the database the suite runs on, through drizzle', async () => {
    const database = await createTestDatabase();
    try {
      const failure = await database.db.execute('SELECT 1 / 0' as never).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(pgErrorCode(failure)).toBe('22012');
    } finally {
      await database.close();
    }
  });
});

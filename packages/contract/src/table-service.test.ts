import { describe, expect, it } from 'vitest';
import { ZBillCheckoutRequest } from './table-service';

/** What the server's 400 says of a body: each field's first complaint (`_` for the whole body). */
function fieldsOf(body: unknown): Record<string, string> | 'valid' {
  const result = ZBillCheckoutRequest.safeParse(body);
  if (result.success) return 'valid';
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

const qrToken = 'a'.repeat(24);
const items = [{ orderId: '6f1c1a3e-8b0b-4c1e-9a3e-1b2c3d4e5f60', lineIndex: 0, quantity: 1 }];
const PARTS = 'send parts with mode "equal", and only then';
const ITEMS = 'send items with mode "items", and only then';
const NEW_SPLIT = 'send newSplit with mode "equal" only';

describe('a bill checkout body, one shape per mode', () => {
  it('takes each mode with its own fields', () => {
    expect(fieldsOf({ qrToken, mode: 'full', tipMinor: 100 })).toBe('valid');
    expect(fieldsOf({ qrToken, mode: 'equal', parts: 3, newSplit: true })).toBe('valid');
    expect(fieldsOf({ qrToken, mode: 'items', items })).toBe('valid');
  });

  it('says which mode a field belongs to, on that field', () => {
    expect(fieldsOf({ qrToken, mode: 'full', parts: 2 })).toEqual({ parts: PARTS });
    expect(fieldsOf({ qrToken, mode: 'items', items, parts: 2 })).toEqual({ parts: PARTS });
    expect(fieldsOf({ qrToken, mode: 'full', items })).toEqual({ items: ITEMS });
    expect(fieldsOf({ qrToken, mode: 'equal', parts: 3, items })).toEqual({ items: ITEMS });
    expect(fieldsOf({ qrToken, mode: 'full', newSplit: true })).toEqual({ newSplit: NEW_SPLIT });
    expect(fieldsOf({ qrToken, mode: 'items', items, newSplit: false })).toEqual({ newSplit: NEW_SPLIT });
  });

  it('says what a mode is missing as the same rule', () => {
    expect(fieldsOf({ qrToken, mode: 'equal' })).toEqual({ parts: PARTS });
    expect(fieldsOf({ qrToken, mode: 'items' })).toEqual({ items: ITEMS });
  });

  it("keeps each field's own checks, and names the modes when the mode is none of them", () => {
    expect(fieldsOf({ qrToken, mode: 'equal', parts: 1 })).toEqual({ parts: 'must be at least 2' });
    expect(fieldsOf({ qrToken, mode: 'items', items: [] })).toEqual({ items: 'choose at least one item' });
    expect(fieldsOf({ qrToken, mode: 'full', tipMinor: -1 })).toEqual({ tipMinor: 'must not be negative' });
    const modes = 'Invalid option: expected one of "full"|"equal"|"items"';
    expect(fieldsOf({ qrToken, mode: 'half' })).toEqual({ mode: modes });
    expect(fieldsOf({ qrToken })).toEqual({ mode: modes });
    expect(fieldsOf({ qrToken: 'short', mode: 'equal' })).toEqual({
      qrToken: 'is not a table code',
      parts: PARTS,
    });
    expect(fieldsOf({ qrToken, mode: 'full', extra: 1 })).toEqual({ _: 'Unrecognized key: "extra"' });
  });
});

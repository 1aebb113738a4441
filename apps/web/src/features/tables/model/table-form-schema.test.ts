import type { TTable } from '@tavolo/contract/tables';
import { describe, expect, it } from 'vitest';
import {
  newTableFormValues,
  toCreateTableRequest,
  toTableFormValues,
  toUpdateTableRequest,
  ZTableFormValues,
} from './table-form-schema';

const errorsOf = (values: unknown) => {
  const result = ZTableFormValues.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the table form', () => {
  it('numbers a new table after the highest one', () => {
    expect(newTableFormValues([])).toEqual({ number: '1', label: '', area: '', seats: '', active: true });
    expect(newTableFormValues([{ number: 3 }, { number: 12 }, { number: 5 }]).number).toBe('13');
  });

  it("checks what was typed against the contract's limits", () => {
    const valid = { number: '4', label: 'Window', area: 'Terrace', seats: '', active: true };
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, number: '' })).toEqual({ number: 'is required' });
    expect(errorsOf({ ...valid, number: '4.5' })).toEqual({ number: 'must be a whole number' });
    expect(errorsOf({ ...valid, number: '0' })).toEqual({ number: 'must be from 1 to 100000' });
    expect(errorsOf({ ...valid, number: '100001' })).toEqual({ number: 'must be from 1 to 100000' });
    expect(errorsOf({ ...valid, seats: '0' })).toEqual({ seats: 'must be a whole number from 1 to 500' });
    expect(errorsOf({ ...valid, seats: 'six' })).toEqual({ seats: 'must be a whole number from 1 to 500' });
    expect(errorsOf({ ...valid, label: 'x'.repeat(61) })).toEqual({ label: 'must be at most 60 characters' });
    expect(errorsOf({ ...valid, area: 'x'.repeat(41) })).toEqual({ area: 'must be at most 40 characters' });
    expect(errorsOf({ ...valid, area: ` ${'x'.repeat(40)} ` })).toEqual({});
  });

  it('leaves empty fields out of a new table and clears them on an edit', () => {
    const values = { number: ' 7 ', label: '  ', area: ' ', seats: '', active: false };
    expect(toCreateTableRequest(values)).toEqual({ number: 7, active: false });
    expect(toUpdateTableRequest(values)).toEqual({
      number: 7,
      label: null,
      area: null,
      seats: null,
      active: false,
    });
    expect(toCreateTableRequest({ ...values, label: 'Bar', area: ' Terrace ', seats: '2' })).toEqual({
      number: 7,
      label: 'Bar',
      area: 'Terrace',
      seats: 2,
      active: false,
    });
  });

  it('starts an edit from the table as saved', () => {
    const table = { number: 2, label: null, area: 'Bar', seats: 6, active: true } as TTable;
    expect(toTableFormValues(table)).toEqual({
      number: '2',
      label: '',
      area: 'Bar',
      seats: '6',
      active: true,
    });
  });
});

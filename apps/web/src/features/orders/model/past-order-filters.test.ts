import { describe, expect, it } from 'vitest';
import {
  dateRangeError,
  hasPastOrderFilters,
  readPastOrderFilters,
  toListFilters,
  writePastOrderFilters,
} from './past-order-filters';

const read = (search: string) => readPastOrderFilters(new URLSearchParams(search));

describe('past order filters in the URL', () => {
  it('defaults to past orders, page 1', () => {
    const filters = read('');
    expect(filters).toEqual({ status: 'past', from: '', to: '', table: '', q: '', page: 1 });
    expect(hasPastOrderFilters(filters)).toBe(false);
    expect(toListFilters(filters)).toEqual({
      status: 'past',
      from: undefined,
      to: undefined,
      table: undefined,
      q: undefined,
      page: 1,
      pageSize: 20,
    });
  });

  it('reads every filter, and ignores what makes no sense', () => {
    expect(read('status=cancelled&from=2025-03-01&to=2025-03-14&table=4&q=anna&page=3')).toEqual({
      status: 'cancelled',
      from: '2025-03-01',
      to: '2025-03-14',
      table: '4',
      q: 'anna',
      page: 3,
    });
    expect(read('status=eaten&from=yesterday&table=x7&page=-2')).toEqual({
      status: 'past',
      from: '',
      to: '',
      table: '7',
      q: '',
      page: 1,
    });
  });

  it('sends no status for "any status", and numbers for the table', () => {
    const list = toListFilters(read('status=all&table=12&q=%2042%20&page=2'));
    expect(list).toMatchObject({ status: undefined, table: 12, q: '42', page: 2 });
  });

  it('writes a clean URL and goes back to page 1 when a filter changes', () => {
    const current = new URLSearchParams('status=completed&page=4&q=anna');
    expect(writePastOrderFilters(current, { table: '3' }).toString()).toBe('status=completed&q=anna&table=3');
    expect(writePastOrderFilters(current, { status: 'past' }).toString()).toBe('q=anna');
    expect(writePastOrderFilters(current, { page: 5 }).toString()).toBe('status=completed&page=5&q=anna');
    expect(writePastOrderFilters(current, { page: 1 }).toString()).toBe('status=completed&q=anna');
    expect(writePastOrderFilters(current, { q: '' }).toString()).toBe('status=completed');
  });

  it('explains a date range that ends before it starts', () => {
    expect(dateRangeError({ from: '2025-03-10', to: '2025-03-01' })).toMatch(/before/);
    expect(dateRangeError({ from: '2025-03-01', to: '2025-03-01' })).toBeUndefined();
    expect(dateRangeError({ from: '', to: '2025-03-01' })).toBeUndefined();
  });
});

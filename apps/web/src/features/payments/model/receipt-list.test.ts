import { describe, expect, it } from 'vitest';
import { readReceiptListFilters, writeReceiptListFilters } from './receipt-list';

describe('the receipts list in the URL', () => {
  it('reads the search and the page, page one by default', () => {
    expect(readReceiptListFilters(new URLSearchParams('q=000123&page=3'))).toEqual({ q: '000123', page: 3 });
    expect(readReceiptListFilters(new URLSearchParams('page=0'))).toEqual({ q: '', page: 1 });
    expect(readReceiptListFilters(new URLSearchParams('page=abc'))).toEqual({ q: '', page: 1 });
  });

  it('goes back to page one on a new search, and leaves out what is the default', () => {
    const current = new URLSearchParams('period=today&q=12&page=4');
    expect(writeReceiptListFilters(current, { q: ' 2026-0001 ' }).toString()).toBe(
      'period=today&q=2026-0001',
    );
    expect(writeReceiptListFilters(current, { q: '' }).toString()).toBe('period=today');
    expect(writeReceiptListFilters(current, { page: 2 }).toString()).toBe('period=today&q=12&page=2');
    expect(writeReceiptListFilters(current, { page: 1 }).toString()).toBe('period=today&q=12');
  });
});

import { describe, expect, it } from 'vitest';
import { pageWindowOf } from './page-window';

const page = (count: number, page: number, pageSize: number, total: number) => ({
  items: Array.from({ length: count }),
  page,
  pageSize,
  total,
});

describe('pageWindowOf', () => {
  it('places a page in its list', () => {
    expect(pageWindowOf(page(20, 2, 20, 95))).toEqual({ pageCount: 5, first: 21, last: 40 });
    expect(pageWindowOf(page(15, 5, 20, 95))).toEqual({ pageCount: 5, first: 81, last: 95 });
  });

  it('has one page and no items when the list is empty or not loaded, or the page is past the end', () => {
    expect(pageWindowOf(undefined)).toEqual({ pageCount: 1, first: 0, last: 0 });
    expect(pageWindowOf(page(0, 1, 20, 0))).toEqual({ pageCount: 1, first: 0, last: 0 });
    expect(pageWindowOf(page(0, 9, 20, 95))).toEqual({ pageCount: 5, first: 0, last: 0 });
  });
});

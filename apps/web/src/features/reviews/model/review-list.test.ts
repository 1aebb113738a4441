import { describe, expect, it } from 'vitest';
import {
  countLabel,
  distributionBars,
  formatAverage,
  readReviewFilters,
  reviewerOf,
  writeReviewFilters,
} from './review-list';

describe('review list filters in the URL', () => {
  it('reads a rating 1–5 and a page, anything else as "all" and page one', () => {
    expect(readReviewFilters(new URLSearchParams('rating=4&page=3'))).toEqual({ rating: 4, page: 3 });
    for (const query of ['', 'rating=0', 'rating=6', 'rating=2.5', 'rating=x&page=-1', 'page=1.5'])
      expect(readReviewFilters(new URLSearchParams(query))).toEqual({ rating: null, page: 1 });
  });

  it('writes a change, back to page one on a new filter, leaving defaults out', () => {
    const current = new URLSearchParams('rating=4&page=3&other=kept');
    expect(writeReviewFilters(current, { page: 2 }).toString()).toBe('rating=4&page=2&other=kept');
    expect(writeReviewFilters(current, { rating: 1 }).toString()).toBe('rating=1&other=kept');
    expect(writeReviewFilters(current, { rating: null }).toString()).toBe('other=kept');
  });
});

describe('distributionBars', () => {
  it('gives five stars first with whole shares of the total', () => {
    expect(distributionBars({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 3 })).toEqual([
      { stars: 5, count: 3, percent: 43 },
      { stars: 4, count: 2, percent: 29 },
      { stars: 3, count: 1, percent: 14 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 14 },
    ]);
  });

  it('is all zeros without reviews', () => {
    expect(distributionBars({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }).map((bar) => bar.percent)).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });
});

describe('words', () => {
  it('names the reviewer or "A guest"', () => {
    expect(reviewerOf({ guestName: 'Bea' })).toBe('Bea');
    expect(reviewerOf({ guestName: null })).toBe('A guest');
    expect(reviewerOf({ guestName: '  ' })).toBe('A guest');
  });

  it('writes the average with one decimal and counts reviews', () => {
    expect(formatAverage(4, 'en')).toBe('4.0');
    expect(formatAverage(4.3, 'en')).toBe('4.3');
    expect(countLabel(1)).toBe('1 review');
    expect(countLabel(27)).toBe('27 reviews');
  });
});

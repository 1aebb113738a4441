import { afterEach, describe, expect, it } from 'vitest';
import {
  commentCounter,
  findRememberedReview,
  isReviewable,
  REVIEWED_STORAGE_KEY,
  rememberReview,
  reviewRequestOf,
} from './order-review';

afterEach(() => localStorage.clear());

const order = { orderId: 'order-1', guestToken: 'secret' };

describe('isReviewable', () => {
  it('asks for a review once the order is served or completed, never before or when cancelled', () => {
    expect(isReviewable('served')).toBe(true);
    expect(isReviewable('completed')).toBe(true);
    for (const status of ['pending', 'accepted', 'preparing', 'ready', 'cancelled'] as const)
      expect(isReviewable(status)).toBe(false);
  });
});

describe('commentCounter', () => {
  it('counts characters against 1,000', () => {
    expect(commentCounter('', 'en')).toBe('0 / 1,000');
    expect(commentCounter('x'.repeat(1000), 'en')).toBe('1,000 / 1,000');
  });
});

describe('reviewRequestOf', () => {
  it('needs a rating', () => {
    expect(reviewRequestOf({ rating: null, comment: 'nice', guestName: '' }, order)).toEqual({
      ok: false,
      message: 'Choose from 1 to 5 stars',
    });
  });

  it('trims the text and leaves blank fields out', () => {
    expect(reviewRequestOf({ rating: 4, comment: '  ', guestName: '' }, order)).toEqual({
      ok: true,
      body: { orderId: 'order-1', guestToken: 'secret', rating: 4 },
    });
    expect(reviewRequestOf({ rating: 5, comment: ' Great\nfood ', guestName: ' Bea ' }, order)).toEqual({
      ok: true,
      body: { orderId: 'order-1', guestToken: 'secret', rating: 5, comment: 'Great\nfood', guestName: 'Bea' },
    });
  });
});

describe('remembered reviews', () => {
  it('remembers which orders this phone reviewed, with the stars when known', () => {
    expect(findRememberedReview('order-1')).toBeUndefined();
    rememberReview({ orderId: 'order-1', rating: 4 });
    expect(findRememberedReview('order-1')).toEqual({ orderId: 'order-1', rating: 4 });
    expect(JSON.parse(localStorage.getItem(REVIEWED_STORAGE_KEY)!)).toEqual([
      { orderId: 'order-1', rating: 4 },
    ]);
  });

  it('keeps a known rating when the server later only says "already reviewed"', () => {
    rememberReview({ orderId: 'order-2', rating: 2 });
    rememberReview({ orderId: 'order-2', rating: null });
    expect(findRememberedReview('order-2')?.rating).toBe(2);
    rememberReview({ orderId: 'order-3', rating: null });
    rememberReview({ orderId: 'order-3', rating: 5 });
    expect(findRememberedReview('order-3')?.rating).toBe(5);
  });

  it('ignores unreadable storage', () => {
    localStorage.setItem(REVIEWED_STORAGE_KEY, '{not json');
    expect(findRememberedReview('nothing')).toBeUndefined();
    localStorage.setItem(
      REVIEWED_STORAGE_KEY,
      JSON.stringify([
        { orderId: 'x', rating: 9 },
        { orderId: 'y', rating: 1 },
      ]),
    );
    expect(findRememberedReview('x')).toBeUndefined();
    expect(findRememberedReview('y')?.rating).toBe(1);
  });
});

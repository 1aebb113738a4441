import type { TMeResponse } from '@tavolo/contract/auth';
import type { TRatingDistribution, TReview } from '@tavolo/contract/reviews';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';

const RID = ME.restaurantId;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

let nextId = 0;
function fakeReview(overrides: Partial<TReview> = {}): TReview {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    orderId: `10000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    orderNumber: 40 + nextId,
    tableNumber: 3,
    rating: 5,
    comment: null,
    guestName: null,
    // 21:30 UTC is 22:30 in Rome.
    createdAt: '2025-03-14T21:30:00.000Z',
    ...overrides,
  };
}

const distributionOf = (reviews: TReview[]): TRatingDistribution => {
  const counts: TRatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const review of reviews) counts[review.rating as 1 | 2 | 3 | 4 | 5] += 1;
  return counts;
};

/** The API: the session, and the reviews list answered from `reviews` as the server would. */
function stubReviewsApi({ me = ME as TMeResponse, reviews = [] as TReview[], fail = false } = {}) {
  const queries: Record<string, string>[] = [];
  stubFetch(({ url }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`)
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    if (url.pathname === `/reviews/restaurant/${RID}`) {
      queries.push(Object.fromEntries(url.searchParams));
      if (fail) return errorResponse(500, 'INTERNAL', 'Something went wrong on our side; please try again');
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const rating = url.searchParams.get('rating');
      const kept = rating ? reviews.filter((r) => r.rating === Number(rating)) : reviews;
      const sum = reviews.reduce((total, r) => total + r.rating, 0);
      return jsonResponse(200, {
        averageRating: reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : null,
        count: reviews.length,
        distribution: distributionOf(reviews),
        items: kept.slice((page - 1) * pageSize, page * pageSize),
        total: kept.length,
        page,
        pageSize,
      });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { queries };
}

describe('ReviewsScreen', () => {
  it('shows the average with stars, the count, the spread and the reviews, comments as text', async () => {
    const reviews = [
      fakeReview({
        rating: 4,
        comment: '<script>alert("x")</script>\nSecond line',
        guestName: 'Bea',
        orderNumber: 12,
        tableNumber: 7,
      }),
      fakeReview({ rating: 5 }),
      fakeReview({ rating: 4 }),
      fakeReview({ rating: 1 }),
    ];
    stubReviewsApi({ reviews });
    renderApp('/dashboard/reviews');

    expect(
      await screen.findByRole('heading', { name: 'Reviews', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    const summary = await screen.findByTestId('review-summary');
    expect(within(summary).getByTestId('average-rating').textContent).toBe('3.5');
    expect(within(summary).getByRole('img', { name: '3.5 out of 5 stars' })).toBeTruthy();
    expect(within(summary).getByTestId('review-count').textContent).toBe('4 reviews');
    const bars = within(summary).getAllByTestId('distribution-bar');
    expect(bars.map((bar) => bar.querySelector('.sr-only')?.textContent)).toEqual([
      '5 stars: 1 review (25%)',
      '4 stars: 2 reviews (50%)',
      '3 stars: 0 reviews (0%)',
      '2 stars: 0 reviews (0%)',
      '1 star: 1 review (25%)',
    ]);

    const items = screen.getAllByTestId('review');
    expect(items).toHaveLength(4);
    const first = items[0]!;
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(first).getByText('Bea')).toBeTruthy();
    // The comment is text: the markup shows as written, nothing runs, the line break stays.
    const comment = within(first).getByTestId('review-comment');
    expect(comment.textContent).toBe('<script>alert("x")</script>\nSecond line');
    expect(comment.querySelector('script')).toBeNull();
    expect(comment.className).toContain('whitespace-pre-line');
    expect(first.textContent).toContain('Order #12 · Table 7');
    // In the restaurant's time zone (Rome), not UTC.
    expect(within(first).getByText(/10:30/).tagName).toBe('TIME');
    expect(within(items[1]!).getByText('A guest')).toBeTruthy();
    expect(within(items[1]!).getByText('No comment')).toBeTruthy();
  });

  it('filters by rating and pages through, keeping both in the URL', async () => {
    const reviews = [
      ...Array.from({ length: 22 }, () => fakeReview({ rating: 5 })),
      fakeReview({ rating: 2, comment: 'Cold soup' }),
    ];
    const { queries } = stubReviewsApi({ reviews });
    const { router } = renderApp('/dashboard/reviews');
    await screen.findByTestId('review-summary', {}, { timeout: 5_000 });
    expect(queries[0]).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByTestId('reviews-count').textContent).toBe('23 reviews');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));

    fireEvent.click(screen.getByRole('radio', { name: '2 ★' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(1));
    expect(router.state.location.search).toBe('?rating=2');
    expect(queries.at(-1)).toEqual({ rating: '2', page: '1', pageSize: '20' });
    expect(screen.getByText('Cold soup')).toBeTruthy();
    expect(screen.getByTestId('reviews-count').textContent).toBe('1 review with 2 stars');

    fireEvent.click(screen.getByRole('radio', { name: '3 ★' }));
    expect(await screen.findByRole('heading', { name: 'No 3-star reviews' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all reviews' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when there are no reviews yet', async () => {
    stubReviewsApi();
    renderApp('/dashboard/reviews');
    expect(await screen.findByRole('heading', { name: 'No reviews yet' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('review-count').textContent).toBe('0 reviews');
  });

  it('offers to try again when the reviews do not load', async () => {
    stubReviewsApi({ fail: true });
    renderApp('/dashboard/reviews');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(within(alert).getByText('Could not load the reviews')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is in the navigation for reviews.view only, and answers without it', async () => {
    stubReviewsApi({ me: staffSession(['orders.view', 'reviews.view']) });
    renderApp('/dashboard/reviews');
    await screen.findByTestId('review-summary', {}, { timeout: 5_000 });
    expect(screen.getAllByRole('link', { name: 'Reviews' }).length).toBeGreaterThan(0);
    cleanup();

    stubReviewsApi({ me: staffSession(['orders.view']) });
    renderApp('/dashboard/reviews');
    expect(await screen.findByTestId('no-access', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reviews' })).toBeNull();
  });
});

import type { QueryOf } from '@tavolo/contract/endpoint';
import {
  GUEST_TOKEN_HEADER,
  ordersEndpoints,
  type TCreatedOrder,
  type TOrderStatus,
} from '@tavolo/contract/orders';
import {
  reviewsEndpoints,
  type TOrderReview,
  type TReview,
  type TReviewPage,
} from '@tavolo/contract/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { reviews } from '../../db/schema';
import { averageRatingOf } from './average-rating';

let t: TestApp;
let a: SeededRestaurant;
let b: SeededRestaurant;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  a = await seedRestaurant(t.app, { tables: [4] });
  b = await seedRestaurant(t.app, { register: { restaurantName: 'Osteria Due' }, tables: [9] });
});
afterAll(() => t.close());

// ---- helpers ----------------------------------------------------------------------------------------

function placeGuestOrder(where: SeededRestaurant): Promise<TCreatedOrder> {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: where.tables[0]!.qrToken, items: [{ menuItemId: where.items[0]!.id, quantity: 1 }] },
  });
}

const PATH: TOrderStatus[] = ['accepted', 'preparing', 'ready', 'served'];

/** Moves the order along its lifecycle, as staff would, up to `status`. */
async function moveTo(where: SeededRestaurant, order: TCreatedOrder, status: TOrderStatus) {
  const token = where.owner.token;
  if (status === 'cancelled') {
    await callApi(t.app, token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status, reason: 'Test' },
    });
    return;
  }
  for (const step of PATH) {
    await callApi(t.app, token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: step },
    });
    if (step === status) return;
  }
  if (status === 'completed') {
    await callApi(t.app, token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: order.totalMinor },
    });
    await callApi(t.app, token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: 'completed' },
    });
  }
}

async function servedOrder(where: SeededRestaurant = a, status: TOrderStatus = 'served') {
  const order = await placeGuestOrder(where);
  await moveTo(where, order, status);
  return order;
}

function postReview(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return injectApi(t.app, reviewsEndpoints.createReview, { headers, body: payload });
}

const reviewOf = (order: TCreatedOrder, rest: Record<string, unknown> = {}) => ({
  orderId: order.id,
  guestToken: order.guestToken!,
  rating: 5,
  ...rest,
});

async function list(where: SeededRestaurant, query: QueryOf<typeof reviewsEndpoints.listReviews> = {}) {
  const response = await injectApi(t.app, reviewsEndpoints.listReviews, {
    token: where.owner.token,
    params: { restaurantId: where.owner.restaurantId },
    query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TReviewPage>();
}

// ---- POST /reviews ----------------------------------------------------------------------------------

describe('POST /reviews', () => {
  it('refuses an order that is not served yet with 422 and a clear message', async () => {
    for (const status of ['pending', 'accepted', 'preparing', 'ready', 'cancelled'] as const) {
      const order = await placeGuestOrder(a);
      if (status !== 'pending') await moveTo(a, order, status);
      const response = await postReview(reviewOf(order));
      expect(response.statusCode, status).toBe(422);
      expect(errorOf(response)).toMatchObject({ code: 'UNPROCESSABLE' });
      expect(errorOf(response).message).toMatch(/once it has been served/);
    }
  });

  it('accepts a served order: 201 with the review, trimmed text and the order’s number and table', async () => {
    const order = await servedOrder();
    const response = await postReview(
      reviewOf(order, { rating: 4, comment: '  Lovely pasta.\nSlow dessert.  ', guestName: ' Bea ' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const review = response.json<TReview>();
    expect(review).toEqual({
      id: expect.any(String),
      orderId: order.id,
      orderNumber: order.number,
      tableNumber: 4,
      rating: 4,
      comment: 'Lovely pasta.\nSlow dessert.',
      guestName: 'Bea',
      createdAt: expect.any(String),
    });
  });

  it('accepts a completed order, and "" for the comment and the name means none', async () => {
    const order = await servedOrder(a, 'completed');
    const response = await postReview(reviewOf(order, { rating: 3, comment: '   ', guestName: '' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TReview>()).toMatchObject({ rating: 3, comment: null, guestName: null });
  });

  it('keeps a comment that looks like HTML exactly as written (it is text, never markup)', async () => {
    const order = await servedOrder();
    const comment = '<script>alert("x")</script> & <b>bold</b>';
    const response = await postReview(reviewOf(order, { comment }));
    expect(response.statusCode).toBe(201);
    expect(response.json<TReview>().comment).toBe(comment);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const page = await list(a);
    expect(page.items.find((r) => r.orderId === order.id)?.comment).toBe(comment);
  });

  it('takes one review per order: the second answers 409 DUPLICATE and changes nothing', async () => {
    const order = await servedOrder();
    expect((await postReview(reviewOf(order, { rating: 2 }))).statusCode).toBe(201);
    const again = await postReview(reviewOf(order, { rating: 5, comment: 'changed my mind' }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'DUPLICATE',
      message: 'This order has already been reviewed',
    });
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(rows.map((r) => r.rating)).toEqual([2]);
  });

  // One after the other, the second review of an order is refused (tested above).
  itRaces('two racing posts for one order: one 201, one 409, one row', async () => {
    const order = await servedOrder();
    const answers = await Promise.all([
      postReview(reviewOf(order, { rating: 1 })),
      postReview(reviewOf(order, { rating: 5 })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a wrong token, an unknown order, or another order’s (another restaurant’s) id', async () => {
    const order = await servedOrder();
    const theirs = await servedOrder(b);
    const wrongToken = await postReview(reviewOf(order, { guestToken: theirs.guestToken }));
    expect(wrongToken.statusCode).toBe(404);
    expect(errorOf(wrongToken).code).toBe('NOT_FOUND');
    // This guest's token with another restaurant's order id.
    expect((await postReview(reviewOf(order, { orderId: theirs.id }))).statusCode).toBe(404);
    expect(
      (await postReview(reviewOf(order, { orderId: '00000000-0000-4000-8000-000000000000' }))).statusCode,
    ).toBe(404);
    expect((await list(b)).count).toBe(0);
  });

  it('refuses bad input with 400: ratings 0, 6 and 2.5, a comment of 1001 characters, a long name, extra fields', async () => {
    const order = await servedOrder();
    for (const [bad, field] of [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ comment: 'x'.repeat(1001) }, 'comment'],
      [{ guestName: 'n'.repeat(81) }, 'guestName'],
    ] as const) {
      const response = await postReview(reviewOf(order, bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(response).fields).toHaveProperty(field);
    }
    expect((await postReview({ ...reviewOf(order), approved: true })).statusCode).toBe(400);
    const { guestToken: _, ...withoutToken } = reviewOf(order);
    expect((await postReview(withoutToken)).statusCode).toBe(400);
    // 1000 characters are fine.
    expect((await postReview(reviewOf(order, { comment: 'y'.repeat(1000) }))).statusCode).toBe(201);
  });

  it('is the guest’s alone: a staff session without the token cannot review', async () => {
    const order = await servedOrder();
    const { guestToken: _, ...withoutToken } = reviewOf(order);
    const response = await postReview(withoutToken, bearer(a.owner.token));
    expect(response.statusCode).toBe(400);
    expect((await list(a)).items.some((r) => r.orderId === order.id)).toBe(false);
  });
});

// ---- GET /reviews/order/:orderId -------------------------------------------------------------------

describe('GET /reviews/order/:orderId', () => {
  const lookUp = (orderId: string, headers: Record<string, string>) =>
    injectApi(t.app, reviewsEndpoints.getOrderReview, { headers, params: { orderId } });

  it('tells the guest whether their order was reviewed', async () => {
    const order = await servedOrder();
    const before = await lookUp(order.id, { [GUEST_TOKEN_HEADER]: order.guestToken! });
    expect(before.statusCode).toBe(200);
    expect(before.json<TOrderReview>()).toEqual({ review: null });
    const created = (await postReview(reviewOf(order, { rating: 4 }))).json<TReview>();
    const after = await lookUp(order.id, { [GUEST_TOKEN_HEADER]: order.guestToken! });
    expect(after.json<TOrderReview>()).toEqual({ review: created });
  });

  it('answers 401 with neither token nor session, 404 with another order’s token or to another restaurant', async () => {
    const order = await servedOrder();
    const other = await servedOrder(b);
    expect((await lookUp(order.id, {})).statusCode).toBe(401);
    expect((await lookUp(order.id, { [GUEST_TOKEN_HEADER]: other.guestToken! })).statusCode).toBe(404);
    expect((await lookUp(order.id, bearer(b.owner.token))).statusCode).toBe(404);
  });

  it('lets staff of the order’s restaurant read it without the guest’s token', async () => {
    const order = await servedOrder();
    expect((await lookUp(order.id, bearer(a.owner.token))).json()).toEqual({ review: null });
    await postReview(reviewOf(order, { rating: 4 }));
    expect((await lookUp(order.id, bearer(a.owner.token))).json().review).toMatchObject({ rating: 4 });
  });
});

// ---- GET /reviews/restaurant/:restaurantId ----------------------------------------------------------

describe('GET /reviews/restaurant/:restaurantId', () => {
  it('answers the average (one decimal), count, distribution, newest first, paginated and filtered', async () => {
    const fresh = await seedRestaurant(t.app, { tables: [7] });
    expect(await list(fresh)).toEqual({
      averageRating: null,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    const created: TReview[] = [];
    for (const rating of [5, 4, 4, 2, 5, 5, 1]) {
      const order = await servedOrder(fresh);
      const response = await postReview(reviewOf(order, { rating, comment: `rated ${rating}` }));
      created.push(response.json<TReview>());
    }
    // (5+4+4+2+5+5+1) / 7 = 26 / 7 = 3.714… → 3.7
    const all = await list(fresh);
    expect(all).toMatchObject({
      averageRating: 3.7,
      count: 7,
      distribution: { 1: 1, 2: 1, 3: 0, 4: 2, 5: 3 },
      total: 7,
      page: 1,
      pageSize: 20,
    });
    expect(all.items.map((r) => r.id)).toEqual(created.map((r) => r.id).reverse());
    expect(all.items[0]).toMatchObject({ tableNumber: 7, comment: 'rated 1' });

    const second = await list(fresh, { page: 2, pageSize: 3 });
    expect(second.items.map((r) => r.id)).toEqual(
      created
        .map((r) => r.id)
        .reverse()
        .slice(3, 6),
    );
    expect(second).toMatchObject({ total: 7, page: 2, pageSize: 3, count: 7 });

    const fives = await list(fresh, { rating: 5 });
    expect(fives.items.map((r) => r.rating)).toEqual([5, 5, 5]);
    // The summary covers every review; total is what the filter keeps.
    expect(fives).toMatchObject({ total: 3, count: 7, averageRating: 3.7 });
    expect((await list(fresh, { rating: 3 })).items).toEqual([]);
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { page: 0 }, { pageSize: 101 }]) {
      const response = await injectApi(t.app, reviewsEndpoints.listReviews, {
        token: a.owner.token,
        params: { restaurantId: a.owner.restaurantId },
        query,
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('needs reviews.view: 401 without a session, 403 for a kitchen member, 200 for a waiter', async () => {
    const reviewsAs = async (token?: string) =>
      (
        await injectApi(t.app, reviewsEndpoints.listReviews, {
          token,
          params: { restaurantId: a.owner.restaurantId },
        })
      ).statusCode;
    expect(await reviewsAs()).toBe(401);
    const kitchen = await createStaffMember(t, a.owner, 'Kitchen');
    expect(await reviewsAs(kitchen.token)).toBe(403);
    const waiter = await createStaffMember(t, a.owner, 'Waiter');
    expect(await reviewsAs(waiter.token)).toBe(200);
  });

  it('answers 404 for another restaurant', async () => {
    const response = await injectApi(t.app, reviewsEndpoints.listReviews, {
      token: a.owner.token,
      params: { restaurantId: b.owner.restaurantId },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('averageRatingOf', () => {
  it('rounds to one decimal, half up, without floating error; null without reviews', () => {
    expect(averageRatingOf(0, 0)).toBeNull();
    expect(averageRatingOf(17, 4)).toBe(4.3); // 4.25
    expect(averageRatingOf(9, 2)).toBe(4.5);
    expect(averageRatingOf(26, 7)).toBe(3.7);
    expect(averageRatingOf(5, 1)).toBe(5);
    expect(averageRatingOf(129, 30)).toBe(4.3); // 4.3
  });
});

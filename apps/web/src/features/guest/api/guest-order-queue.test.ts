import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../../lib/offline-queue';
import { EMPTY_CART } from '../model/cart';
import { entriesOfTable, type GuestOrderMeta, readPlacedOrder } from './guest-order-queue';

const entry = (id: string, meta: unknown): QueueEntry<GuestOrderMeta> =>
  ({
    id,
    seq: 1,
    request: { method: 'POST', path: '/api/orders', body: {} },
    idempotencyKey: `key-${id}`,
    queuedAt: 0,
    attempts: 0,
    meta,
    state: 'waiting',
    lastFailure: null,
  }) as QueueEntry<GuestOrderMeta>;

const line = {
  id: 'l1',
  menuItemId: 'dish',
  name: 'Carbonara',
  unitPriceMinor: 1200,
  quantity: 1,
  options: [],
  note: '',
};

describe("a table's waiting orders", () => {
  it('are those of its code whose cart reads back; an entry of another shape is not shown as one', () => {
    const mine = entry('a', { qrToken: 'T1', cart: { ...EMPTY_CART, lines: [line] }, totalMinor: 1200 });
    const other = entry('b', { qrToken: 'T2', cart: { ...EMPTY_CART, lines: [line] }, totalMinor: 1200 });
    const odd = entry('c', { qrToken: 'T1', cart: { lines: 'not lines' }, totalMinor: 1 });
    const none = entry('d', undefined);
    expect(entriesOfTable([mine, other, odd, none], 'T1')).toEqual([mine]);
  });
});

describe('what came back', () => {
  it('reads the order a sent entry carries, and nothing from an answer that is not one', () => {
    const order = { id: 'o1', number: 4, createdAt: '2026-01-01T20:00:00.000Z', guestToken: 't' };
    expect(readPlacedOrder(order)).toBe(order);
    for (const answer of [null, 'ok', { id: 'o1' }, { id: 'o1', number: '4', createdAt: 'x' }]) {
      expect(readPlacedOrder(answer), JSON.stringify(answer)).toBeNull();
    }
  });
});

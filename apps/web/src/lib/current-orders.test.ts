import { describe, expect, it } from 'vitest';
import { fakeOrder, movedOrder } from '../testing/order-fixtures';
import { compareNewestFirst, keepNewerCopies } from './current-orders';

const at = (minute: number) => `2025-03-14T18:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the current orders list', () => {
  const older = fakeOrder({ number: 1, createdAt: at(0) });
  const newer = fakeOrder({ number: 2, createdAt: at(5) });

  it('sorts newest first, the higher number first at the same instant', () => {
    const twin = fakeOrder({ number: 3, createdAt: at(5) });
    expect([older, newer, twin].sort(compareNewestFirst).map((order) => order.number)).toEqual([3, 2, 1]);
  });

  it('keeps a newer copy over the one a list read earlier, and drops what the list no longer has', () => {
    const accepted = movedOrder(older, 'accepted', at(6));
    const preparing = movedOrder(accepted, 'preparing', at(7));
    const loaded = [newer, accepted];
    expect(keepNewerCopies([preparing], loaded)).toEqual([newer, preparing]);
    expect(keepNewerCopies([older], loaded)).toBe(loaded);
    expect(keepNewerCopies([preparing], [newer])).toEqual([newer]);
    expect(keepNewerCopies(undefined, loaded)).toBe(loaded);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../testing/order-fixtures';
import { isAtLeastAsRecent, newerOrder } from './order-version';

describe('order versions', () => {
  const v2 = fakeOrder({ version: 2, status: 'accepted' });
  const v3 = { ...v2, version: 3, status: 'preparing' as const };

  it('takes the same or a later version, whatever the clocks say', () => {
    expect(isAtLeastAsRecent(v3, v2)).toBe(true);
    expect(isAtLeastAsRecent(v2, v2)).toBe(true);
    // Stamped later, but an older change: still older.
    const stampedLater = { ...v2, updatedAt: '2030-01-01T00:00:00.000Z' };
    expect(isAtLeastAsRecent(stampedLater, v3)).toBe(false);
  });

  it('keeps the newer copy', () => {
    expect(newerOrder(undefined, v2)).toBe(v2);
    expect(newerOrder(v2, v3)).toBe(v3);
    expect(newerOrder(v3, v2)).toBe(v3);
  });
});

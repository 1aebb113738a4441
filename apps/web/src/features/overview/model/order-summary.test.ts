import { describe, expect, it } from 'vitest';
import { formatDayRange, toStatusShares } from './order-summary';

const none = { pending: 0, accepted: 0, preparing: 0, ready: 0, served: 0, completed: 0, cancelled: 0 };

describe('toStatusShares', () => {
  it('lists the statuses that have orders, in the lifecycle’s order, with their share', () => {
    const shares = toStatusShares({
      total: 8,
      byStatus: { ...none, cancelled: 2, pending: 1, completed: 5 },
    });
    expect(shares).toEqual([
      { status: 'pending', label: 'Pending', count: 1, share: 0.125 },
      { status: 'completed', label: 'Completed', count: 5, share: 0.625 },
      { status: 'cancelled', label: 'Cancelled', count: 2, share: 0.25 },
    ]);
  });

  it('has nothing to split without orders', () => {
    expect(toStatusShares({ total: 0, byStatus: none })).toEqual([]);
  });
});

describe('formatDayRange', () => {
  it('writes one day, or the first and last', () => {
    expect(formatDayRange('2025-03-14', '2025-03-14', 'en-GB')).toBe('14 Mar');
    expect(formatDayRange('2025-03-10', '2025-03-16', 'en-GB')).toMatch(/^10\s?–\s?16 Mar$/);
    expect(formatDayRange('2025-01-01', '2025-03-16', 'en-GB')).toMatch(/^1 Jan\s?–\s?16 Mar$/);
  });
});

import type { TServiceRequest } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import {
  currentServiceRequest,
  describeServiceRequest,
  latestServiceRequest,
  mergeServiceRequest,
  messageCounter,
} from './service-requests';

function request(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    tableId: '00000000-0000-4000-8000-0000000000aa',
    tableNumber: 4,
    kind: 'waiter',
    message: null,
    status: 'open',
    createdAt: '2025-03-14T18:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

describe('service requests', () => {
  it('replaces a known request and adds a new one', () => {
    const first = request();
    const second = request({ id: '00000000-0000-4000-8000-000000000002', kind: 'bill' });
    const acknowledged = { ...first, status: 'acknowledged' as const };
    expect(mergeServiceRequest([first], acknowledged)).toEqual([acknowledged]);
    expect(mergeServiceRequest([first], second)).toEqual([first, second]);
  });

  it('shows the latest request, and an acknowledged one only for a while', () => {
    const old = request({ createdAt: '2025-03-14T17:00:00.000Z' });
    const recent = request({ id: '00000000-0000-4000-8000-000000000002', kind: 'bill' });
    expect(latestServiceRequest([recent, old])?.kind).toBe('bill');
    expect(latestServiceRequest([])).toBeNull();
    const now = Date.parse('2025-03-14T18:30:00.000Z');
    expect(currentServiceRequest([recent], now)?.id).toBe(recent.id);
    const done = { ...recent, status: 'acknowledged' as const, acknowledgedAt: '2025-03-14T18:25:00.000Z' };
    expect(currentServiceRequest([done], now)?.id).toBe(recent.id);
    expect(currentServiceRequest([done], now + 60 * 60_000)).toBeNull();
  });

  it('says sent, then on the way', () => {
    expect(describeServiceRequest(request())).toEqual({
      state: 'sent',
      subject: 'You called a waiter',
      status: 'Sent — staff have been told',
    });
    expect(
      describeServiceRequest(request({ kind: 'bill', status: 'acknowledged', acknowledgedBy: 'Marco' })),
    ).toEqual({
      state: 'on-the-way',
      subject: 'You asked for the bill',
      status: 'On the way — Marco is coming',
    });
  });

  it('counts the message against its limit', () => {
    expect(messageCounter('Hello')).toBe('5 / 200');
  });
});

import type { TServiceRequest } from '@tavolo/contract/table-service';
import { describe, expect, it } from 'vitest';
import {
  applyServiceRequest,
  compareOldestFirst,
  describeServiceRequest,
  restoreRequest,
  withoutRequest,
} from './service-requests';

let n = 0;
function request(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
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

describe('service requests on the board', () => {
  const early = request({ createdAt: '2025-03-14T18:00:00.000Z' });
  const late = request({ createdAt: '2025-03-14T18:05:00.000Z', kind: 'bill' });

  it('sorts the one waiting longest first', () => {
    expect([late, early].sort(compareOldestFirst)).toEqual([early, late]);
  });

  it('adds a new open request in its place, once', () => {
    const list = applyServiceRequest([late], early);
    expect(list).toEqual([early, late]);
    const again = applyServiceRequest(list, early);
    expect(again).toEqual([early, late]);
  });

  it('drops an acknowledged request, and ignores one it never held', () => {
    const acknowledged = { ...early, status: 'acknowledged' as const, acknowledgedBy: 'Marco' };
    expect(applyServiceRequest([early, late], acknowledged)).toEqual([late]);
    const list = [late];
    expect(applyServiceRequest(list, acknowledged)).toBe(list);
  });

  it('takes a request out and puts it back where it was', () => {
    const list = withoutRequest([early, late], early.id);
    expect(list).toEqual([late]);
    expect(restoreRequest(list, early)).toEqual([early, late]);
    expect(restoreRequest([early, late], early)).toEqual([early, late]);
  });

  it('says what the table wants in one sentence, the message as the guest wrote it', () => {
    expect(describeServiceRequest(request({ tableNumber: 7 }))).toBe('Table 7 calls a waiter');
    expect(describeServiceRequest(request({ kind: 'bill' }))).toBe('Table 4 asks for the bill');
    expect(describeServiceRequest(request({ kind: 'message', message: '<b>More bread</b>' }))).toBe(
      'Table 4 writes: <b>More bread</b>',
    );
  });
});

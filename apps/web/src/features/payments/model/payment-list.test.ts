import { describe, expect, it } from 'vitest';
import {
  describePaymentStatus,
  describeRecorder,
  readPaymentListFilters,
  writePaymentListFilters,
} from './payment-list';

const params = (search: string) => new URLSearchParams(search);

describe('payment list filters', () => {
  it('reads known methods and statuses only, and a page from 1', () => {
    expect(readPaymentListFilters(params('method=card&status=refunded&page=3'))).toEqual({
      method: 'card',
      status: 'refunded',
      page: 3,
    });
    expect(readPaymentListFilters(params('method=cheque&status=lost&page=-2'))).toEqual({
      method: '',
      status: '',
      page: 1,
    });
  });

  it('writes "any" as nothing and goes back to page one on a new filter', () => {
    const write = (search: string, change: Parameters<typeof writePaymentListFilters>[1]) =>
      writePaymentListFilters(params(search), change).toString();
    expect(write('period=today&page=4', { method: 'cash' })).toBe('period=today&method=cash');
    expect(write('method=cash&status=failed', { method: '' })).toBe('status=failed');
    expect(write('method=cash', { page: 2 })).toBe('method=cash&page=2');
    expect(write('method=cash&page=2', { page: 1 })).toBe('method=cash');
  });
});

describe('payment labels', () => {
  it('says a partly refunded payment is one', () => {
    expect(describePaymentStatus({ status: 'succeeded', refundedMinor: 0 })).toEqual({
      label: 'Succeeded',
      tone: 'success',
    });
    expect(describePaymentStatus({ status: 'succeeded', refundedMinor: 100 })).toEqual({
      label: 'Partly refunded',
      tone: 'neutral',
    });
    expect(describePaymentStatus({ status: 'refunded', refundedMinor: 100 }).label).toBe('Refunded');
    expect(describePaymentStatus({ status: 'failed', refundedMinor: 0 }).tone).toBe('danger');
  });

  it('names who took a payment', () => {
    expect(describeRecorder({ recordedBy: 'Marco', method: 'cash', provider: null })).toBe('Marco');
    expect(describeRecorder({ recordedBy: null, method: 'online', provider: 'sandbox' })).toBe(
      'Online (sandbox)',
    );
    expect(describeRecorder({ recordedBy: null, method: 'card', provider: null })).toBe('—');
  });
});

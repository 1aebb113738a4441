import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../../../testing/order-fixtures';
import { describeOrderPayment } from './order-labels';

const order = fakeOrder({ totalMinor: 2350 });

describe('describeOrderPayment', () => {
  it('says unpaid, with what is due when asked', () => {
    expect(describeOrderPayment(order)).toEqual({ text: 'Unpaid', tone: 'warning' });
    expect(describeOrderPayment(order, { withDue: true })).toEqual({
      text: 'Unpaid · €23.50 due',
      tone: 'warning',
    });
  });

  it('says partly paid and what is still due once part of it was paid', () => {
    const partly = { ...order, paidMinor: 1050 };
    expect(describeOrderPayment(partly)).toEqual({ text: 'Partly paid · €13.00 due', tone: 'warning' });
    expect(describeOrderPayment(partly, { withDue: true }).text).toBe('Partly paid · €13.00 due');
    expect(
      describeOrderPayment({ ...partly, currency: 'JPY', totalMinor: 3000, paidMinor: 1000 }).text,
    ).toMatch(/^Partly paid · \D*2,000 due$/);
  });

  it('says paid when nothing is due', () => {
    expect(describeOrderPayment({ ...order, paidMinor: 2350, paymentStatus: 'paid' })).toEqual({
      text: 'Paid',
      tone: 'success',
    });
    // An order of nothing (all dishes free) owes nothing either.
    expect(describeOrderPayment({ ...order, totalMinor: 0 }).text).toBe('Paid');
  });

  it('says refunded or partly refunded before anything else', () => {
    expect(describeOrderPayment({ ...order, paidMinor: 0, paymentStatus: 'refunded' })).toEqual({
      text: 'Refunded',
      tone: 'neutral',
    });
    expect(describeOrderPayment({ ...order, paidMinor: 1350, paymentStatus: 'partially_refunded' })).toEqual({
      text: 'Partly refunded',
      tone: 'neutral',
    });
  });

  it('does not warn about a cancelled order', () => {
    expect(describeOrderPayment({ ...order, status: 'cancelled' })).toEqual({
      text: 'Not paid',
      tone: 'neutral',
    });
    expect(describeOrderPayment({ ...order, status: 'cancelled', paidMinor: 500 })).toEqual({
      text: 'Partly paid',
      tone: 'neutral',
    });
  });
});

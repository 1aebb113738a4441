import { describe, expect, it } from 'vitest';
import { describeDetails } from './entry-details';

describe('entry details', () => {
  it('says what an entry carries in a few words', () => {
    expect(describeDetails('payment.recorded', { method: 'card', paymentId: 'x' }, 'EUR')).toEqual(['Card']);
    expect(
      describeDetails('payment.recorded', { method: 'online', tipMinor: 150, orders: [{}, {}, {}] }, 'EUR'),
    ).toEqual(['Online', '3 orders', '€1.50 tip']);
    expect(describeDetails('visit.closed', { method: null, unpaidMinor: 1200 }, 'EUR')).toEqual([
      '€12.00 left unpaid',
    ]);
    expect(describeDetails('visit.closed', { method: 'cash', unpaidMinor: 0 }, 'EUR')).toEqual(['Cash']);
    expect(
      describeDetails('order.line_voided', { itemName: 'Lasagne', quantity: 2, note: 'Burnt' }, 'EUR'),
    ).toEqual(['2 × Lasagne', 'Note: “Burnt”']);
    expect(describeDetails('order.line_voided', { quantity: 1 }, 'EUR')).toEqual(['1 item']);
    expect(describeDetails('order.moved', { fromTableNumber: 3, toTableNumber: 7 }, 'EUR')).toEqual([
      'Table 3 → table 7',
    ]);
  });

  it('says nothing of what is missing or of another type', () => {
    expect(describeDetails('payment.recorded', {}, 'EUR')).toEqual([]);
    expect(
      describeDetails(
        'order.line_voided',
        { itemName: 4, quantity: '2', method: 'cheque', note: ' ' },
        'EUR',
      ),
    ).toEqual([]);
  });
});

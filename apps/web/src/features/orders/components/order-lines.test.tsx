import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { OrderLines } from './order-lines';

afterEach(cleanup);

describe('OrderLines', () => {
  const lines = [
    fakeOrderLine({ name: 'Margherita', quantity: 1, voidedQuantity: 1, lineTotalMinor: 950 }),
    fakeOrderLine({ name: 'Wine', quantity: 0, voidedQuantity: 2, lineTotalMinor: 0 }),
    fakeOrderLine({ name: 'Tiramisu', quantity: 1, discountMinor: 200, lineTotalMinor: 450 }),
  ];

  it.each(['board', 'details'] as const)(
    'on the %s, shows voided units struck through and discounts',
    (tone) => {
      render(<OrderLines items={lines} tone={tone} currency="EUR" />);
      const [margherita, wine, tiramisu] = screen.getAllByTestId('order-line');
      // As ordered, with the voided units struck through under it.
      expect(within(margherita!).getByText('2×')).toBeTruthy();
      const voided = within(margherita!).getByTestId('voided-units');
      expect(voided.tagName).toBe('S');
      expect(voided.textContent).toBe('1 voided');
      // Every unit voided: the whole line struck through.
      expect(within(wine!).getByText('2×').closest('p')?.className).toContain('line-through');
      expect(within(tiramisu!).getByText('−€2.00 discount')).toBeTruthy();
      expect(within(tiramisu!).queryByTestId('voided-units')).toBeNull();
    },
  );
});

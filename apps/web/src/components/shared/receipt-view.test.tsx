import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeReceipt } from '../../testing/receipt-fixtures';
import { ReceiptView } from './receipt-view';

afterEach(cleanup);

const ROME = 'Europe/Rome';
/** An element's words, one space between those of separate nodes (cells, lines). */
function text(element: Element): string {
  const words: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.textContent?.trim();
    if (value) words.push(value);
  }
  return words.join(' ').replace(/\s+/g, ' ');
}

describe('ReceiptView', () => {
  it('prints the legal block, the lines with options and rates, the taxes by rate and the total', () => {
    render(<ReceiptView receipt={fakeReceipt()} timeZone={ROME} />);
    const view = screen.getByTestId('receipt-view');
    expect(view.textContent).toContain('Trattoria Giulia');
    expect(view.textContent).toContain('Giulia Ristorazione S.r.l.');
    expect(view.textContent).toContain('40121 Bologna');
    expect(text(screen.getByTestId('receipt-view-tax-id'))).toBe('VAT No. IT01234567890');
    expect(screen.getByRole('heading', { name: 'Receipt' })).toBeTruthy();
    expect(text(screen.getByTestId('receipt-view-number'))).toBe('No. 2025-000012');
    // 19:30 UTC is 20:30 in Rome.
    expect(view.textContent).toMatch(/8:30\s?PM|20:30/);
    expect(view.textContent).toContain('Table 7 · Order 41');

    const [pizza, spritz] = screen.getAllByTestId('receipt-view-line');
    expect(text(pizza!)).toBe('2 × Margherita Crust: Thin 2 × €12.00 €24.00 10%');
    expect(text(spritz!)).toBe('1 × Spritz €8.00 22%');

    const taxes = within(screen.getByTestId('receipt-view-taxes'));
    expect(taxes.getAllByTestId('receipt-view-tax-row').map(text)).toEqual([
      '10% €21.82 €2.18',
      '22% €6.56 €1.44',
    ]);
    expect(text(taxes.getByRole('rowheader', { name: 'Total' }).parentElement!)).toBe('Total €28.38 €3.62');
    expect(text(screen.getByTestId('receipt-view-total'))).toBe('Total €32.00');
    // Prices include VAT: no net subtotal, no tip rows without a tip.
    expect(screen.queryByText('Total before VAT')).toBeNull();
    expect(screen.queryByTestId('receipt-view-tip')).toBeNull();
    expect(view.textContent).toContain('Payment: Card');
    expect(view.textContent).toContain('Prices include VAT');
  });

  it('adds VAT to net prices on a receipt of prices excluding tax, with the tip and what was paid', () => {
    const receipt = fakeReceipt({
      pricesIncludeTax: false,
      method: 'cash',
      // Two lines of net prices and a service charge, all at 10 %.
      lines: [
        {
          name: 'Lasagne',
          options: [],
          quantity: 1,
          unitPriceMinor: 1400,
          totalMinor: 1400,
          discountMinor: 0,
          rateBasisPoints: 1000,
        },
        {
          name: 'Water',
          options: [],
          quantity: 2,
          unitPriceMinor: 300,
          totalMinor: 600,
          discountMinor: 0,
          rateBasisPoints: 1000,
        },
      ],
      serviceChargeMinor: 200,
      taxes: [{ name: 'IVA 10%', rateBasisPoints: 1000, netMinor: 2200, taxMinor: 220 }],
      netMinor: 2200,
      taxMinor: 220,
      tipMinor: 280,
      totalMinor: 2700,
    });
    render(<ReceiptView receipt={receipt} timeZone={ROME} />);
    // The service charge on its own row after the lines, the tax added, then the total (issue 42).
    expect(text(screen.getByTestId('receipt-view-service'))).toBe('Service charge €2.00');
    const totals = screen.getAllByTestId('bill-summary')[0]!;
    expect(text(totals)).toBe('Subtotal €20.00 Service charge €2.00 VAT €2.20 Total €24.20');
    expect(text(screen.getByTestId('receipt-view-tip'))).toBe('Tip €2.80');
    expect(text(screen.getByTestId('receipt-view-paid'))).toBe('Total paid €27.00');
    expect(screen.getByTestId('receipt-view').textContent).toContain('Payment: Cash');
    expect(screen.getByTestId('receipt-view').textContent).toContain('Prices exclude VAT');
    // One rate: no sum row under it.
    expect(
      within(screen.getByTestId('receipt-view-taxes')).queryByRole('rowheader', { name: 'Total' }),
    ).toBeNull();
  });

  it('shows a credit note with its receipt and negative figures', () => {
    const receipt = fakeReceipt({
      kind: 'credit_note',
      number: '2025-000015',
      creditFor: { id: 'r', number: '2025-000012' },
      coverage: 'part',
      lines: [],
      shareMinor: -1000,
      taxes: [{ name: 'IVA 10%', rateBasisPoints: 1000, netMinor: -909, taxMinor: -91 }],
      netMinor: -909,
      taxMinor: -91,
      tipMinor: -100,
      totalMinor: -1100,
    });
    render(<ReceiptView receipt={receipt} timeZone={ROME} />);
    const view = screen.getByTestId('receipt-view');
    expect(view.getAttribute('data-kind')).toBe('credit_note');
    expect(screen.getByRole('heading', { name: 'Credit note' })).toBeTruthy();
    expect(view.textContent).toContain('For receipt No. 2025-000012');
    // A part of the bill: one line with its amount (issue 42), the rates say what it was.
    expect(screen.getAllByTestId('receipt-view-line').map(text)).toEqual(['Share of the bill -€10.00 10%']);
    expect(text(screen.getByTestId('receipt-view-total'))).toBe('Total -€10.00');
    expect(screen.getAllByTestId('receipt-view-tax-row').map(text)).toEqual(['10% -€9.09 -€0.91']);
    expect(text(screen.getByTestId('receipt-view-tip'))).toBe('Tip -€1.00');
    expect(text(screen.getByTestId('receipt-view-paid'))).toBe('Total refunded -€11.00');
  });
});

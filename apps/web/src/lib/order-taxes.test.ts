import type { TTaxPart } from '@tavolo/contract/taxes';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogues, speakEnglishAgain } from '../testing/languages';
import { activateLanguage } from './i18n/i18n';
import { type TaxedOrder, taxRowsOf } from './order-taxes';

afterEach(speakEnglishAgain);

const part = (name: string, rateBasisPoints: number, netMinor: number, taxMinor: number): TTaxPart => ({
  name,
  rateBasisPoints,
  netMinor,
  taxMinor,
});

const included = (taxes: TTaxPart[]): TaxedOrder => ({
  pricesIncludeTax: true,
  netMinor: taxes.reduce((sum, one) => sum + one.netMinor, 0),
  taxes,
});
const excluded = (taxes: TTaxPart[]): TaxedOrder => ({ ...included(taxes), pricesIncludeTax: false });

describe('taxRowsOf', () => {
  it('says nothing of an order without taxes, nor of what a restaurant without rates sold', () => {
    expect(taxRowsOf([included([])])).toEqual({ beforeTotal: [], afterTotal: [] });
    expect(taxRowsOf([excluded([part('', 0, 2500, 0)])])).toEqual({ beforeTotal: [], afterTotal: [] });
    expect(taxRowsOf([])).toEqual({ beforeTotal: [], afterTotal: [] });
  });

  it('puts the tax of each rate under the total when prices include it, lowest rate first', () => {
    const rows = taxRowsOf([included([part('Drinks', 2200, 820, 180), part('Food', 1000, 2273, 227)])]);
    expect(rows.beforeTotal).toEqual([]);
    expect(rows.afterTotal.map(({ label, amountMinor }) => [label, amountMinor])).toEqual([
      ['of which VAT 10%', 227],
      ['of which VAT 22%', 180],
    ]);
  });

  it('shows the net and each rate before the total when tax is added to the prices', () => {
    const rows = taxRowsOf([excluded([part('Food', 1000, 2500, 250), part('', 0, 300, 0)])]);
    expect(rows.afterTotal).toEqual([]);
    expect(rows.beforeTotal.map(({ label, amountMinor }) => [label, amountMinor])).toEqual([
      // The untaxed part is net too: net + tax + tip is the total.
      ['Net', 2800],
      ['VAT 10%', 250],
    ]);
  });

  it('sums a visit’s orders by rate, and names rates that share a percent', () => {
    const rows = taxRowsOf([
      included([part('Food', 1000, 1000, 100), part('Takeaway', 1000, 500, 50)]),
      included([part('Food', 1000, 2000, 200), part('Reduced', 550, 1000, 55)]),
    ]);
    expect(rows.afterTotal.map(({ label, amountMinor }) => [label, amountMinor])).toEqual([
      ['of which VAT 5.5%', 55],
      ['of which VAT 10% (Food)', 300],
      ['of which VAT 10% (Takeaway)', 50],
    ]);
    expect(new Set(rows.afterTotal.map((row) => row.key)).size).toBe(3);
  });

  it('says what each total holds when a visit mixes prices with and without tax', () => {
    const rows = taxRowsOf([
      included([part('Food', 1000, 1000, 100)]),
      excluded([part('Food', 1000, 1000, 100)]),
    ]);
    expect(rows.beforeTotal).toEqual([]);
    expect(rows.afterTotal).toEqual([{ key: '1000:Food', label: 'of which VAT 10%', amountMinor: 200 }]);
  });

  it('speaks the person’s language, with their way of writing a percent', async () => {
    loadCatalogues('de');
    await activateLanguage('de');
    expect(taxRowsOf([included([part('Speisen', 700, 1000, 70)])]).afterTotal[0]?.label).toBe(
      'davon MwSt. 7\u00a0%',
    );
    expect(
      taxRowsOf([excluded([part('Speisen', 550, 1000, 55)])]).beforeTotal.map((row) => row.label),
    ).toEqual(['Netto', 'MwSt. 5,5\u00a0%']);
  });
});

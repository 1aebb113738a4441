import { taxesByRate } from '@tavolo/contract/money';
import type { TOrder } from '@tavolo/contract/orders';
import type { TTaxPart } from '@tavolo/contract/taxes';
import { formatRate } from './format';
import { t } from './i18n/i18n';

/*
 * The taxes in an order's money (PRODUCT.md §11), as the order's figures show them: with prices
 * including tax, "of which VAT 10 %" per rate under the total; excluding it, the net and each rate's
 * tax before the total they add up to. Pure, so every screen that shows an order's money (the
 * board's details, the floor's bill, the guest's order) says it the same way, each in its own rows.
 */

export type TaxedOrder = Pick<TOrder, 'pricesIncludeTax' | 'netMinor' | 'taxes'>;

export type TaxRow = { key: string; label: string; amountMinor: number };

export type TaxRows = {
  /** Prices excluding tax: the net, then each rate's tax, shown before the total. */
  beforeTotal: TaxRow[];
  /** Prices including tax: each rate's tax in the total, shown under it. */
  afterTotal: TaxRow[];
};

const NONE: TaxRows = { beforeTotal: [], afterTotal: [] };

/**
 * What a restaurant without tax rates sells at: no rate (no name, 0 %). An order's taxes name it
 * for what was sold untaxed; it is no tax to show.
 */
const isUntaxed = (part: TTaxPart) => part.name === '' && part.rateBasisPoints === 0;

/**
 * The tax rows of one order or of several (a table's visit): their taxes summed by rate, nothing
 * when none was taxed. Orders of one visit placed on both sides of a switch between including and
 * excluding tax show what each total holds ("of which"), which is true of both.
 */
export function taxRowsOf(orders: readonly TaxedOrder[]): TaxRows {
  const rates = taxesByRate(orders.flatMap((order) => order.taxes).filter((part) => !isUntaxed(part)));
  if (rates.length === 0) return NONE;
  // Two rates at the same percent (a "Food" and a "Takeaway" at 10 %) say their names too.
  const shared = (part: TTaxPart) =>
    rates.filter((other) => other.rateBasisPoints === part.rateBasisPoints).length > 1;
  const rows = (named: (rate: string, name: string) => string, plain: (rate: string) => string) =>
    rates.map((part) => {
      const rate = formatRate(part.rateBasisPoints);
      return {
        key: `${part.rateBasisPoints}:${part.name}`,
        label: shared(part) ? named(rate, part.name) : plain(rate),
        amountMinor: part.taxMinor,
      };
    });
  if (orders.every((order) => !order.pricesIncludeTax)) {
    return {
      beforeTotal: [
        {
          key: 'net',
          label: t('lib.tax.net'),
          amountMinor: orders.reduce((sum, order) => sum + order.netMinor, 0),
        },
        ...rows(
          (rate, name) => t('lib.tax.rateNamed', { rate, name }),
          (rate) => t('lib.tax.rate', { rate }),
        ),
      ],
      afterTotal: [],
    };
  }
  return {
    beforeTotal: [],
    afterTotal: rows(
      (rate, name) => t('lib.tax.includedNamed', { rate, name }),
      (rate) => t('lib.tax.included', { rate }),
    ),
  };
}

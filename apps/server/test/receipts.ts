import { randomUUID } from 'node:crypto';
import type { TReceipt } from '@tavolo/contract/receipts';

/**
 * A receipt with a bit of everything: two rates, options, several units, a service charge and a
 * tip, accents in names. Prices include tax; the figures add up (gross = net + tax per rate, total =
 * net + tax + tip).
 */
export function makeReceipt(overrides: Partial<TReceipt> = {}): TReceipt {
  return {
    id: randomUUID(),
    number: '2026-000123',
    kind: 'receipt',
    issuedAt: '2026-11-27T18:42:00.000Z',
    businessDate: '2026-11-27',
    tableNumber: 12,
    orderNumbers: [1042, 1043],
    method: 'card',
    netMinor: 4182,
    taxMinor: 618,
    tipMinor: 300,
    totalMinor: 5100,
    currency: 'EUR',
    creditFor: null,
    seller: {
      name: 'Trattoria Uno',
      legalName: 'Uno Ristorazione S.r.l.',
      taxId: 'IT01234567890',
      address: 'Via Roma 1\n00184 Roma',
      phone: '+39 06 1234567',
      email: 'ciao@trattoria-uno.test',
    },
    pricesIncludeTax: true,
    coverage: 'whole',
    lines: [
      {
        name: 'Pizza Margherita',
        options: ['Impasto: integrale', 'Extra: bufala'],
        quantity: 2,
        unitPriceMinor: 1100,
        totalMinor: 2200,
        discountMinor: 0,
        rateBasisPoints: 1000,
      },
      {
        name: 'Crème brûlée',
        options: [],
        quantity: 1,
        unitPriceMinor: 700,
        totalMinor: 700,
        discountMinor: 0,
        rateBasisPoints: 1000,
      },
      {
        name: 'Vino rosso',
        options: [],
        quantity: 1,
        unitPriceMinor: 1600,
        totalMinor: 1600,
        discountMinor: 0,
        rateBasisPoints: 2200,
      },
    ],
    serviceChargeMinor: 300,
    shareMinor: null,
    // 10 %: 2200 + 700 + 300 service = 3200 gross → 2909 net, 291 tax; 22 %: 1600 → 1273 net, 327 tax.
    taxes: [
      { name: 'IVA ridotta', rateBasisPoints: 1000, netMinor: 2909, taxMinor: 291 },
      { name: 'IVA ordinaria', rateBasisPoints: 2200, netMinor: 1273, taxMinor: 327 },
    ],
    language: 'en',
    timezone: 'UTC',
    ...overrides,
  };
}

/** The credit note that gives back the wine of makeReceipt(). */
export function makeCreditNote(overrides: Partial<TReceipt> = {}): TReceipt {
  return makeReceipt({
    number: '2026-000124',
    kind: 'credit_note',
    issuedAt: '2026-11-27T19:05:00.000Z',
    creditFor: { id: randomUUID(), number: '2026-000123' },
    coverage: 'items',
    lines: [
      {
        name: 'Vino rosso',
        options: [],
        quantity: -1,
        unitPriceMinor: 1600,
        totalMinor: -1600,
        discountMinor: 0,
        rateBasisPoints: 2200,
      },
    ],
    serviceChargeMinor: 0,
    taxes: [{ name: 'IVA ordinaria', rateBasisPoints: 2200, netMinor: -1273, taxMinor: -327 }],
    netMinor: -1273,
    taxMinor: -327,
    tipMinor: 0,
    totalMinor: -1600,
    ...overrides,
  });
}

import type { TClosedDay, TDayReport, TReceipt, TReceiptSummary } from '@tavolo/contract/receipts';
import { fakeId } from './menu-fixtures';

/** Receipt 2025-000012 of table 7, order #41, paid by card on 14 March 2025 at 20:30 in Rome, prices including VAT. */
export function fakeReceipt(overrides: Partial<TReceipt> = {}): TReceipt {
  return {
    id: fakeId(),
    number: '2025-000012',
    kind: 'receipt',
    issuedAt: '2025-03-14T19:30:00.000Z',
    businessDate: '2025-03-14',
    tableNumber: 7,
    orderNumbers: [41],
    method: 'card',
    // Margherita 2 × €12.00 at 10 %, Spritz €8.00 at 22 %.
    netMinor: 2182 + 656,
    taxMinor: 218 + 144,
    tipMinor: 0,
    totalMinor: 3200,
    currency: 'EUR',
    creditFor: null,
    seller: {
      name: 'Trattoria Giulia',
      legalName: 'Giulia Ristorazione S.r.l.',
      taxId: 'IT01234567890',
      address: 'Via Roma 1\n40121 Bologna',
      phone: '+39 051 000000',
      email: null,
    },
    pricesIncludeTax: true,
    coverage: 'whole',
    lines: [
      {
        name: 'Margherita',
        options: ['Crust: Thin'],
        quantity: 2,
        unitPriceMinor: 1200,
        totalMinor: 2400,
        discountMinor: 0,
        rateBasisPoints: 1000,
      },
      {
        name: 'Spritz',
        options: [],
        quantity: 1,
        unitPriceMinor: 800,
        totalMinor: 800,
        discountMinor: 0,
        rateBasisPoints: 2200,
      },
    ],
    serviceChargeMinor: 0,
    shareMinor: null,
    taxes: [
      { name: 'IVA 10%', rateBasisPoints: 1000, netMinor: 2182, taxMinor: 218 },
      { name: 'IVA 22%', rateBasisPoints: 2200, netMinor: 656, taxMinor: 144 },
    ],
    language: 'it',
    timezone: 'Europe/Rome',
    ...overrides,
  };
}

export function fakeReceiptSummary(overrides: Partial<TReceiptSummary> = {}): TReceiptSummary {
  const {
    seller: _s,
    pricesIncludeTax: _p,
    coverage: _c,
    lines: _l,
    serviceChargeMinor: _sc,
    shareMinor: _sh,
    taxes: _t,
    language: _g,
    timezone: _z,
    ...summary
  } = fakeReceipt();
  return { ...summary, ...overrides };
}

/** The X report of 14 March 2025 in Rome: €32.00 sold at two rates, €20.00 of it in cash. */
export function fakeDayReport(overrides: Partial<TDayReport> = {}): TDayReport {
  return {
    date: '2025-03-14',
    from: '2025-03-14T03:00:00.000Z',
    to: '2025-03-15T03:00:00.000Z',
    orders: 3,
    covers: 7,
    grossMinor: 3200,
    netMinor: 2838,
    taxMinor: 362,
    taxes: [
      { name: 'IVA 22%', rateBasisPoints: 2200, netMinor: 656, taxMinor: 144 },
      { name: 'IVA 10%', rateBasisPoints: 1000, netMinor: 2182, taxMinor: 218 },
    ],
    serviceChargeMinor: 0,
    byMethod: [
      { method: 'cash', count: 1, amountMinor: 2000 },
      { method: 'card', count: 1, amountMinor: 1200 },
    ],
    refundsMinor: 0,
    voids: { count: 1, amountMinor: 600 },
    discountsMinor: 150,
    tipsMinor: 300,
    cashExpectedMinor: 2000,
    receipts: { first: '2025-000011', last: '2025-000012', count: 2 },
    creditNotes: 0,
    currency: 'EUR',
    open: {
      bills: { count: 0, dueMinor: 0, cashMinor: 0, items: [] },
      checkouts: { count: 0, amountMinor: 0 },
    },
    closed: false,
    cashCountedMinor: null,
    cashDifferenceMinor: null,
    closedAt: null,
    closedBy: null,
    note: null,
    ...overrides,
  };
}

/** The same day once closed with €19.50 counted: €0.50 short. */
export function fakeZReport(overrides: Partial<TDayReport> = {}): TDayReport {
  return fakeDayReport({
    closed: true,
    cashCountedMinor: 1950,
    cashDifferenceMinor: -50,
    closedAt: '2025-03-15T00:10:00.000Z',
    closedBy: { id: fakeId(), name: 'Giulia Rossi' },
    note: 'Gave change from the tips jar',
    ...overrides,
  });
}

export function fakeClosedDay(overrides: Partial<TClosedDay> = {}): TClosedDay {
  return {
    date: '2025-03-13',
    currency: 'EUR',
    grossMinor: 15_000,
    taxMinor: 1_400,
    cashExpectedMinor: 6_000,
    cashCountedMinor: 6_050,
    cashDifferenceMinor: 50,
    closedAt: '2025-03-14T00:05:00.000Z',
    closedBy: { id: fakeId(), name: 'Giulia Rossi' },
    ...overrides,
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogues, speakEnglishAgain } from '../testing/languages';
import { activateLanguage } from './i18n/i18n';
import type { Refusal } from './offline-queue';
import {
  describeRefusal,
  describeStaffTap,
  type StaffTap,
  type StaffTapEntry,
  type StaffTapMeta,
  unsentTaps,
} from './staff-taps';

const by = { userId: 'waiter', restaurantId: 'r' };

const order: StaffTap = {
  kind: 'order.place',
  tableId: 't4',
  tableNumber: 4,
  dishes: [
    { name: 'Margherita', quantity: 2 },
    { name: 'Tiramisù', quantity: 1 },
  ],
};

function entry(meta: StaffTapMeta, state: 'waiting' | 'sent' | 'refused', refusal?: Refusal): StaffTapEntry {
  const common = {
    id: `${meta.kind}-${state}`,
    seq: 1,
    request: { method: 'POST' as const, path: '/api/orders' },
    idempotencyKey: 'key',
    queuedAt: 1_000,
    attempts: 1,
    meta,
  };
  if (state === 'refused') return { ...common, state, refusedAt: 2_000, refusal: refusal! };
  if (state === 'sent') return { ...common, state, sentAt: 2_000, answer: {} };
  return { ...common, state, lastFailure: null };
}

const soldOutRefusal: Refusal = {
  status: 422,
  body: {
    error: {
      code: 'UNPROCESSABLE',
      message: 'Some items cannot be ordered as they are',
      fields: { 'items.1.menuItemId': 'Tiramisù is sold out' },
    },
  },
};

afterEach(() => speakEnglishAgain());

describe('staff taps in words', () => {
  it('say what each tap does', () => {
    expect(describeStaffTap(order)).toBe('Order for table 4: 2× Margherita, 1× Tiramisù');
    expect(
      describeStaffTap({
        kind: 'order.status',
        orderId: 'o',
        orderNumber: 12,
        tableNumber: 4,
        status: 'accepted',
      }),
    ).toBe('Order #12 (table 4) to accepted');
    expect(
      describeStaffTap({ kind: 'menu.soldOut', menuItemId: 'd', name: 'Tiramisù', soldOut: false }),
    ).toBe('Tiramisù back on the menu');
  });

  it('name the dish a refused order could not have, in the person’s language', async () => {
    const refused = entry({ ...order, by }, 'refused', soldOutRefusal);
    expect(describeRefusal(refused)).toBe('Tiramisù is sold out.');
    loadCatalogues('de');
    await activateLanguage('de');
    expect(describeStaffTap(order)).toBe('Bestellung für Tisch 4: 2× Margherita, 1× Tiramisù');
    expect(describeRefusal(refused)).toBe('Tiramisù ist ausverkauft.');
  });

  it('fall back on what the error means when it names no dish', () => {
    const refused = entry({ ...order, by }, 'refused', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Table not found' } },
    });
    expect(describeRefusal(refused)).toBe('Table not found');
  });
});

describe('unsent taps', () => {
  it('are the waiting and just-sent ones of the kinds asked for, in order', () => {
    const soldOut: StaffTapMeta = {
      kind: 'menu.soldOut',
      menuItemId: 'd',
      name: 'Tiramisù',
      soldOut: true,
      by,
    };
    const taps = unsentTaps(
      [
        entry({ ...order, by }, 'waiting'),
        entry(soldOut, 'sent'),
        entry(soldOut, 'refused', soldOutRefusal),
        entry(soldOut, 'waiting'),
      ],
      ['menu.soldOut'],
    );
    expect(taps.map((tap) => [tap.id, tap.waiting, tap.at])).toEqual([
      ['menu.soldOut-sent', false, 1_000],
      ['menu.soldOut-waiting', true, 1_000],
    ]);
  });
});

import { MAX_LINE_QUANTITY } from '@tavolo/contract/values/orders';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
import {
  type Cart,
  type CartLine,
  cartProblems,
  cartReducer,
  cartStorageKey,
  cartTotals,
  checkoutFor,
  EMPTY_CART,
  fileOrderErrors,
  loadCart,
  priceLines,
  saveCart,
  serviceChargeMinor,
  toOrderRequest,
} from './cart';

afterEach(() => localStorage.clear());

const QR = 'table-four-code-0123456789';
const pizza = fakeCategory({ name: 'Pizza' });
const margherita = fakeMenuItem({
  name: 'Margherita',
  priceMinor: 950,
  categoryId: pizza.id,
  options: [
    {
      name: 'Size',
      required: true,
      min: 1,
      max: 1,
      choices: [
        { name: 'Regular', priceMinor: 0 },
        { name: 'Large', priceMinor: 300 },
      ],
    },
    {
      name: 'Extras',
      required: false,
      min: 0,
      max: 2,
      choices: [
        { name: 'Burrata', priceMinor: 250 },
        { name: 'Rocket', priceMinor: 0 },
      ],
    },
  ],
});
const tiramisu = fakeMenuItem({ name: 'Tiramisù', priceMinor: 700, categoryId: pizza.id });

function line(overrides: Partial<Omit<CartLine, 'id'>> = {}): Omit<CartLine, 'id'> {
  return {
    menuItemId: margherita.id,
    name: 'Margherita',
    unitPriceMinor: 1250,
    quantity: 1,
    options: [{ group: 'Size', choice: 'Large' }],
    note: '',
    ...overrides,
  };
}

const add = (cart: Cart, id: string, overrides: Partial<Omit<CartLine, 'id'>> = {}) =>
  cartReducer(cart, { type: 'add', id, line: line(overrides) });

describe('cartReducer', () => {
  it('merges the same dish with the same options and note, whatever the order of the options', () => {
    let cart = add(EMPTY_CART, 'a', {
      options: [
        { group: 'Size', choice: 'Large' },
        { group: 'Extras', choice: 'Burrata' },
      ],
    });
    cart = add(cart, 'b', {
      quantity: 2,
      options: [
        { group: 'Extras', choice: 'Burrata' },
        { group: 'Size', choice: 'Large' },
      ],
    });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ id: 'a', quantity: 3 });
  });

  it('keeps lines apart when the options or the note differ', () => {
    let cart = add(EMPTY_CART, 'a');
    cart = add(cart, 'b', { options: [{ group: 'Size', choice: 'Regular' }] });
    cart = add(cart, 'c', { note: 'well done' });
    cart = add(cart, 'd', { note: '  well done ' });
    cart = add(cart, 'e', { menuItemId: tiramisu.id, name: 'Tiramisù', options: [] });
    expect(cart.lines.map((entry) => [entry.id, entry.quantity, entry.note])).toEqual([
      ['a', 1, ''],
      ['b', 1, ''],
      ['c', 2, 'well done'],
      ['e', 1, ''],
    ]);
  });

  it('keeps quantities between 1 and the order limit', () => {
    let cart = add(EMPTY_CART, 'a', { quantity: 49 });
    cart = add(cart, 'b', { quantity: 5 });
    expect(cart.lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    cart = cartReducer(cart, { type: 'setQuantity', id: 'a', quantity: 0 });
    expect(cart.lines[0]?.quantity).toBe(1);
    cart = cartReducer(cart, { type: 'setQuantity', id: 'a', quantity: 7 });
    expect(cart.lines[0]?.quantity).toBe(7);
  });

  it('removes a line, and clears the lines but keeps the name after an order', () => {
    let cart = add(add(EMPTY_CART, 'a'), 'b', { menuItemId: tiramisu.id, options: [] });
    cart = cartReducer(cart, { type: 'remove', id: 'a' });
    expect(cart.lines.map((entry) => entry.id)).toEqual(['b']);
    cart = cartReducer(cart, { type: 'setCustomerName', customerName: 'Anna' });
    cart = cartReducer(cart, { type: 'setNote', note: 'Birthday' });
    cart = cartReducer(cart, { type: 'startCheckout', checkout: { key: 'k', fingerprint: 'f' } });
    expect(cartReducer(cart, { type: 'clear' })).toEqual({ ...EMPTY_CART, customerName: 'Anna' });
  });
});

describe('prices and totals', () => {
  const menu = fakeTodayMenu([{ category: pizza, items: [margherita, tiramisu] }]);

  it("prices lines at today's menu prices, options included", () => {
    let cart = add(EMPTY_CART, 'a', {
      quantity: 2,
      unitPriceMinor: 1,
      options: [
        { group: 'Size', choice: 'Large' },
        { group: 'Extras', choice: 'Burrata' },
      ],
    });
    cart = add(cart, 'b', { menuItemId: tiramisu.id, name: 'Tiramisù', options: [], unitPriceMinor: 700 });
    const priced = priceLines(cart.lines, menu);
    expect(priced.map((entry) => [entry.unitPriceMinor, entry.lineTotalMinor, entry.problem])).toEqual([
      [1500, 3000, null],
      [700, 700, null],
    ]);
    expect(cartTotals(priced, 10)).toEqual({
      count: 3,
      subtotalMinor: 3700,
      serviceChargeMinor: 370,
      totalMinor: 4070,
    });
  });

  it('flags what cannot be ordered any more and leaves it out of the total', () => {
    const soldOut = fakeTodayMenu([{ category: pizza, items: [margherita, { ...tiramisu, soldOut: true }] }]);
    let cart = add(EMPTY_CART, 'a');
    cart = add(cart, 'b', { menuItemId: tiramisu.id, options: [] });
    cart = add(cart, 'c', { menuItemId: '00000000-0000-4000-8000-999999999999', options: [] });
    cart = add(cart, 'd', { options: [{ group: 'Size', choice: 'Family size' }] });
    const priced = priceLines(cart.lines, soldOut);
    expect(priced.map((entry) => entry.problem)).toEqual([
      null,
      'Sold out — remove it to continue.',
      'No longer on the menu — remove it to continue.',
      'Its options changed — remove it and add it again.',
    ]);
    expect(cartTotals(priced, 0)).toMatchObject({ count: 4, subtotalMinor: 1250, totalMinor: 1250 });
  });

  it('names each problem of the cart against the live menu: sold out, switched off, gone, options changed', () => {
    const live = fakeTodayMenu([
      {
        category: pizza,
        items: [
          { ...margherita, active: false },
          { ...tiramisu, soldOut: true },
        ],
      },
    ]);
    let cart = add(EMPTY_CART, 'a', { options: [{ group: 'Size', choice: 'Large' }] });
    cart = add(cart, 'b', { menuItemId: tiramisu.id, options: [] });
    cart = add(cart, 'c', { menuItemId: '00000000-0000-4000-8000-999999999999', options: [] });
    expect(cartProblems(cart, live)).toEqual([
      { lineId: 'a', kind: 'unavailable', message: 'Not available right now — remove it to continue.' },
      { lineId: 'b', kind: 'sold-out', message: 'Sold out — remove it to continue.' },
      { lineId: 'c', kind: 'gone', message: 'No longer on the menu — remove it to continue.' },
    ]);
    expect(cartProblems(cart, undefined)).toEqual([]);
    expect(cartProblems(add(EMPTY_CART, 'a'), menu)).toEqual([]);
  });

  it('uses the prices seen when adding while the menu is not there', () => {
    const priced = priceLines(add(EMPTY_CART, 'a', { quantity: 3, unitPriceMinor: 1250 }).lines, undefined);
    expect(priced[0]).toMatchObject({ unitPriceMinor: 1250, lineTotalMinor: 3750, problem: null });
  });

  it('rounds the service charge half up, as the server does', () => {
    expect(serviceChargeMinor(1005, 10)).toBe(101);
    expect(serviceChargeMinor(1004, 10)).toBe(100);
    expect(serviceChargeMinor(999, 12.5)).toBe(125);
    expect(serviceChargeMinor(1000, 0)).toBe(0);
    // The same sums the server's test places as orders (orders.test.ts, "the service charge").
    expect(serviceChargeMinor(900, 12.5)).toBe(113);
    expect(serviceChargeMinor(1004, 12.5)).toBe(126);
    expect(serviceChargeMinor(1003, 12.5)).toBe(125);
    expect(serviceChargeMinor(4, 12.5)).toBe(1);
    // 1.15 % is 114.99999999999999 basis points in floating point: still 1.15 % of 10.00 = 0.115 → 0.12.
    expect(serviceChargeMinor(1000, 1.15)).toBe(12);
  });

  it('adds a half-cent service charge to the total rounded up', () => {
    const priced = priceLines(add(EMPTY_CART, 'a', { quantity: 1, unitPriceMinor: 900 }).lines, undefined);
    expect(cartTotals(priced, 12.5)).toMatchObject({
      subtotalMinor: 900,
      serviceChargeMinor: 113,
      totalMinor: 1013,
    });
  });
});

describe('the order request', () => {
  it('sends dishes, options and notes, and never a price', () => {
    let cart = add(EMPTY_CART, 'a', { quantity: 2, note: ' well done ' });
    cart = add(cart, 'b', { menuItemId: tiramisu.id, options: [] });
    cart = cartReducer(cart, { type: 'setNote', note: '  ' });
    cart = cartReducer(cart, { type: 'setCustomerName', customerName: ' Anna ' });
    const body = toOrderRequest(QR, cart);
    expect(body).toEqual({
      qrToken: QR,
      items: [
        {
          menuItemId: margherita.id,
          quantity: 2,
          options: [{ group: 'Size', choice: 'Large' }],
          note: 'well done',
        },
        { menuItemId: tiramisu.id, quantity: 1 },
      ],
      customerName: 'Anna',
    });
    expect(JSON.stringify(body)).not.toMatch(/price/i);
  });

  it('reuses the Idempotency-Key for the same cart and makes a new one when it changes', () => {
    let count = 0;
    const makeKey = () => `key-${++count}`;
    let cart = add(EMPTY_CART, 'a');
    const first = checkoutFor(cart, toOrderRequest(QR, cart), makeKey);
    expect(first.key).toBe('key-1');
    cart = cartReducer(cart, { type: 'startCheckout', checkout: first });
    // A retry of the very same cart (a network error, or a reload in between).
    expect(checkoutFor(cart, toOrderRequest(QR, cart), makeKey)).toBe(first);
    expect(checkoutFor(loadCartAfterSave(cart), toOrderRequest(QR, cart), makeKey).key).toBe('key-1');
    // Anything changed: a new order, a new key.
    const changed = cartReducer(cart, { type: 'setQuantity', id: 'a', quantity: 2 });
    expect(checkoutFor(changed, toOrderRequest(QR, changed), makeKey).key).toBe('key-2');
    const named = cartReducer(cart, { type: 'setCustomerName', customerName: 'Anna' });
    expect(checkoutFor(named, toOrderRequest(QR, named), makeKey).key).toBe('key-3');
  });
});

function loadCartAfterSave(cart: Cart): Cart {
  saveCart(QR, cart);
  return loadCart(QR);
}

describe('fileOrderErrors', () => {
  it("files the server's fields under the lines that were sent", () => {
    const sent = [{ id: 'a' }, { id: 'b' }];
    expect(
      fileOrderErrors(
        {
          'items.0.menuItemId': 'Tiramisù is sold out',
          'items.1.options': '"Size": choose 1',
          'items.1.quantity': 'must be at most 50',
          note: 'must be at most 500 characters',
          'items.7.note': 'too long',
        },
        sent,
      ),
    ).toEqual({
      byLine: {
        a: 'Sold out — remove it to continue.',
        b: 'Options: "Size": choose 1. Quantity must be at most 50.',
      },
      other: { note: 'must be at most 500 characters', 'items.7.note': 'too long' },
    });
    expect(fileOrderErrors(undefined, sent)).toEqual({ byLine: {}, other: {} });
  });

  it('says a dish sold out or not served today in the guest’s words, whatever the server wrote', async () => {
    try {
      loadCatalogues('de');
      i18n.activate('de');
      expect(
        fileOrderErrors(
          {
            'items.0.menuItemId': 'Tiramisù is sold out',
            'items.1.menuItemId': 'Tiramisù is not served today',
          },
          [{ id: 'a' }, { id: 'b' }],
        ).byLine,
      ).toEqual({
        a: 'Ausverkauft — entfernen Sie es, um fortzufahren.',
        b: 'Gerade nicht verfügbar — entfernen Sie es, um fortzufahren.',
      });
    } finally {
      await speakEnglishAgain();
    }
  });

  it('says what is left of a dish out of stock on each line that asked for it, in the guest’s language', async () => {
    const sent = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const fields = {
      'items.0.quantity': 'only 2 left',
      'items.2.quantity': 'only 2 left',
      'items.1.quantity': 'none left',
    };
    const outOfStock = [
      { menuItemId: 'm1', name: 'Tiramisù', remaining: 2, lines: [0, 2] },
      { menuItemId: 'm2', name: 'Panna cotta', remaining: 0, lines: [1] },
    ];
    expect(fileOrderErrors(fields, sent, outOfStock)).toEqual({
      byLine: {
        a: 'Only 2 left — lower the quantity to continue.',
        b: 'Sold out — remove it to continue.',
        c: 'Only 2 left — lower the quantity to continue.',
      },
      other: {},
    });
    try {
      loadCatalogues('it');
      i18n.activate('it');
      expect(fileOrderErrors(fields, sent, outOfStock).byLine).toEqual({
        a: 'Ne restano solo 2 — riduci la quantità per continuare.',
        b: 'Esaurito — rimuovilo per continuare.',
        c: 'Ne restano solo 2 — riduci la quantità per continuare.',
      });
    } finally {
      await speakEnglishAgain();
    }
  });
});

describe('storage', () => {
  it('keeps the cart per table and forgets an empty one', () => {
    const cart = add(EMPTY_CART, 'a', { quantity: 2 });
    saveCart(QR, cart);
    expect(localStorage.getItem(cartStorageKey(QR))).not.toBeNull();
    expect(loadCart(QR)).toEqual(cart);
    expect(loadCart('another-table-code-0123')).toEqual(EMPTY_CART);
    saveCart(QR, EMPTY_CART);
    expect(localStorage.getItem(cartStorageKey(QR))).toBeNull();
  });

  it('starts empty when what is stored cannot be read', () => {
    localStorage.setItem(cartStorageKey(QR), '{not json');
    expect(loadCart(QR)).toEqual(EMPTY_CART);
    localStorage.setItem(cartStorageKey(QR), JSON.stringify({ lines: [{ quantity: 'lots' }] }));
    expect(loadCart(QR)).toEqual(EMPTY_CART);
  });
});

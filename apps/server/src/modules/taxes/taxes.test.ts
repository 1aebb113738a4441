import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { type TTaxRate, taxRatesEndpoints } from '@tavolo/contract/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A restaurant with Food 10 % (the default) and Drinks 22 %, a Drinks category at 22 %, and dishes. */
async function taxedRestaurant(options: { serviceChargePercent?: number; pricesIncludeTax?: boolean } = {}) {
  const r = await seedRestaurant(t.app, {
    dishes: [
      { name: 'Pasta', priceMinor: 1100 },
      { name: 'Water', priceMinor: 300 },
    ],
  });
  const token = r.owner.token;
  const food = await callApi(t.app, token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'IVA 10 %', rateBasisPoints: 1000 },
  });
  const drinks = await callApi(t.app, token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'IVA 22 %', rateBasisPoints: 2200 },
  });
  const bar = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Drinks', taxRateId: drinks.id },
  });
  const wine = await callApi(t.app, token, menuEndpoints.createMenuItem, {
    body: { categoryId: bar.id, name: 'Wine', priceMinor: 610 },
  });
  // Water is sold at the drinks rate though its category (Mains) is at the default.
  await callApi(t.app, token, menuEndpoints.updateMenuItem, {
    params: { id: r.items[1]!.id },
    body: { taxRateId: drinks.id },
  });
  await callApi(t.app, token, restaurantsEndpoints.updateRestaurant, {
    params: { id: r.owner.restaurantId },
    body: {
      serviceChargePercent: options.serviceChargePercent ?? 0,
      pricesIncludeTax: options.pricesIncludeTax ?? true,
      legalName: 'Trattoria Giulia S.r.l.',
      taxId: 'IT01234567890',
    },
  });
  return { r, token, food, drinks, bar, wine };
}

function order(
  r: SeededRestaurant,
  token: string,
  items: { menuItemId: string; quantity: number }[],
  tipMinor = 0,
) {
  return callApi(t.app, token, ordersEndpoints.placeOrder, {
    body: { tableId: r.tables[0]!.id, items, ...(tipMinor ? { tipMinor } : {}) },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

const ratesOf = (o: TOrder) => o.taxes.map((x) => [x.rateBasisPoints, x.netMinor, x.taxMinor]);

describe('tax rates', () => {
  it('make the first rate the default, move the default on request, and refuse to drop it or one in use', async () => {
    const { token, food, drinks } = await taxedRestaurant();
    expect(food.isDefault).toBe(true);
    expect(drinks.isDefault).toBe(false);
    const list = await callApi(t.app, token, taxRatesEndpoints.listTaxRates);
    expect(list.items.map((x: TTaxRate) => x.name)).toEqual(['IVA 10 %', 'IVA 22 %']);

    const inUse = await injectApi(t.app, taxRatesEndpoints.deleteTaxRate, {
      token,
      params: { id: drinks.id },
    });
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).message).toContain('IVA 22 %');
    const theDefault = await injectApi(t.app, taxRatesEndpoints.deleteTaxRate, {
      token,
      params: { id: food.id },
    });
    expect(theDefault.statusCode).toBe(409);
    const undefault = await injectApi(t.app, taxRatesEndpoints.updateTaxRate, {
      token,
      params: { id: food.id },
      body: { name: 'IVA 10 %', rateBasisPoints: 1000, isDefault: false },
    });
    expect(undefault.statusCode).toBe(409);

    const reduced = await callApi(t.app, token, taxRatesEndpoints.createTaxRate, {
      body: { name: 'IVA 4 %', rateBasisPoints: 400, isDefault: true },
    });
    expect(reduced.isDefault).toBe(true);
    const after = await callApi(t.app, token, taxRatesEndpoints.listTaxRates);
    expect(after.items.filter((x: TTaxRate) => x.isDefault).map((x: TTaxRate) => x.id)).toEqual([reduced.id]);
    await callApi(t.app, token, taxRatesEndpoints.deleteTaxRate, { params: { id: food.id } }, 204);

    const duplicate = await injectApi(t.app, taxRatesEndpoints.createTaxRate, {
      token,
      body: { name: 'iva 22 %', rateBasisPoints: 2200 },
    });
    expect(duplicate.statusCode).toBe(409);
    const tooHigh = await injectApi(t.app, taxRatesEndpoints.createTaxRate, {
      token,
      body: { name: 'Wrong', rateBasisPoints: 10_001 },
    });
    expect(tooHigh.statusCode).toBe(400);
  });

  it("are the restaurant's own: another restaurant's rate is 404 to change and 422 to name", async () => {
    const mine = await taxedRestaurant();
    const other = await taxedRestaurant();
    const change = await injectApi(t.app, taxRatesEndpoints.updateTaxRate, {
      token: other.token,
      params: { id: mine.drinks.id },
      body: { name: 'Stolen', rateBasisPoints: 0 },
    });
    expect(change.statusCode).toBe(404);
    const remove = await injectApi(t.app, taxRatesEndpoints.deleteTaxRate, {
      token: other.token,
      params: { id: mine.food.id },
    });
    expect(remove.statusCode).toBe(404);
    const named = await injectApi(t.app, categoriesEndpoints.createCategory, {
      token: other.token,
      body: { name: 'Borrowed', taxRateId: mine.drinks.id },
    });
    expect(named.statusCode).toBe(422);
    expect(errorOf(named).fields?.taxRateId).toBeDefined();
    const list = await callApi(t.app, other.token, taxRatesEndpoints.listTaxRates);
    expect(list.items.map((x: TTaxRate) => x.id)).not.toContain(mine.drinks.id);
  });
});

describe('taxes on orders', () => {
  it('tax each line at its dish’s, else its category’s, else the default rate, prices including tax', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const placed = await order(r, token, [
      { menuItemId: r.items[0]!.id, quantity: 2 }, // Pasta 11.00 at 10 %
      { menuItemId: wine.id, quantity: 1 }, // Wine 6.10 at 22 % (its category)
      { menuItemId: r.items[1]!.id, quantity: 1 }, // Water 3.00 at 22 % (its own)
    ]);
    expect(placed.items.map((l) => [l.tax.rateBasisPoints, l.tax.netMinor, l.tax.taxMinor])).toEqual([
      [1000, 2000, 200],
      [2200, 500, 110],
      [2200, 246, 54], // 300 × 22 / 122 = 54.098…
    ]);
    expect(ratesOf(placed)).toEqual([
      [1000, 2000, 200],
      [2200, 746, 164],
    ]);
    expect(placed).toMatchObject({ pricesIncludeTax: true, totalMinor: 3110, netMinor: 2746, taxMinor: 364 });
  });

  it('add tax on top when prices exclude it; the service charge is taxed at the default rate, the tip never', async () => {
    const { r, token, wine } = await taxedRestaurant({ serviceChargePercent: 10, pricesIncludeTax: false });
    const placed = await order(
      r,
      token,
      [
        { menuItemId: r.items[0]!.id, quantity: 1 }, // 11.00 net + 1.10
        { menuItemId: wine.id, quantity: 1 }, // 6.10 net + 1.342 → 1.34
      ],
      200,
    );
    // Service charge: 10 % of 17.10 = 1.71, taxed at 10 %: 0.171 → 0.17.
    expect(placed.serviceChargeMinor).toBe(171);
    expect(placed.serviceChargeTax).toMatchObject({ rateBasisPoints: 1000, netMinor: 171, taxMinor: 17 });
    expect(ratesOf(placed)).toEqual([
      [1000, 1100 + 171, 110 + 17],
      [2200, 610, 134],
    ]);
    expect(placed.taxMinor).toBe(261);
    expect(placed.totalMinor).toBe(1710 + 171 + 261 + 200);
    expect(placed.netMinor + placed.taxMinor + placed.tipMinor).toBe(placed.totalMinor);
  });

  it('keep the rate an order was placed at; a void takes its tax away and a discount lowers it', async () => {
    const { r, token, food, wine } = await taxedRestaurant();
    const placed = await order(r, token, [
      { menuItemId: r.items[0]!.id, quantity: 2 },
      { menuItemId: wine.id, quantity: 1 },
    ]);
    await callApi(t.app, token, taxRatesEndpoints.updateTaxRate, {
      params: { id: food.id },
      body: { name: 'IVA 5 %', rateBasisPoints: 500 },
    });
    const voided = await callApi(t.app, token, orderChangesEndpoints.voidOrderLine, {
      params: { id: placed.id, lineIndex: 1 },
      body: { quantity: 1, reason: 'wrong_item' },
    });
    expect(voided.items[1]!.tax).toMatchObject({ rateBasisPoints: 2200, netMinor: 0, taxMinor: 0 });
    expect(ratesOf(voided)).toEqual([[1000, 2000, 200]]);
    const discounted = await callApi(t.app, token, orderChangesEndpoints.discountOrder, {
      params: { id: placed.id },
      body: { lineIndex: 0, amountMinor: 1100, reason: 'complaint' },
    });
    // 11.00 left at the 10 % it was sold at.
    expect(discounted.items[0]!.tax).toMatchObject({ rateBasisPoints: 1000, netMinor: 1000, taxMinor: 100 });
    expect(discounted).toMatchObject({ totalMinor: 1100, netMinor: 1000, taxMinor: 100 });

    const next = await order(r, token, [{ menuItemId: r.items[0]!.id, quantity: 1 }]);
    expect(next.items[0]!.tax).toMatchObject({ name: 'IVA 5 %', rateBasisPoints: 500, taxMinor: 52 });
  });
});

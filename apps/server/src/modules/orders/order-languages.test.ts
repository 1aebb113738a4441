import { menuEndpoints, type TGuestMenu } from '@tavolo/contract/menu';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, injectApi, seedRestaurant, type TestApp } from '../../../test/helpers';

// Orders keep names in the working language (PRODUCT.md §12): a guest reading the menu in German
// orders by ids and by the option keys the menu gives, and the kitchen, the board, the bill and the
// export read the working language's names, whatever the guest read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an order from a guest reading another language', () => {
  it('keeps the working language’s names on its lines, the board, the bill and the export', async () => {
    const r = await seedRestaurant(t.app, {
      dishes: [
        {
          name: 'Tiramisù',
          priceMinor: 650,
          options: [
            {
              name: 'Porzione',
              required: true,
              min: 1,
              max: 1,
              choices: [
                { name: 'Piccola', priceMinor: 0 },
                { name: 'Grande', priceMinor: 200 },
              ],
            },
          ],
          translations: {
            de: {
              name: 'Tiramisu (Löffelbiskuit, Mascarpone)',
              options: { Porzione: { name: 'Portion', choices: { Grande: 'Groß' } } },
            },
          },
        },
      ],
    });
    await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: r.owner.restaurantId },
      body: { languages: ['it', 'de'] },
    });
    const { qrToken } = r.tables[0]!;
    const menu = await callApi(t.app, null, menuEndpoints.guestMenu, { query: { qrToken, lang: 'de' } });
    const dish = menu.menu.categories[0]!.items[0]! as TGuestMenu['menu']['categories'][0]['items'][0];
    const group = dish.options[0]!;
    const choice = group.choices.find((c) => c.name === 'Groß')!;
    expect([dish.name, group.name, choice.name]).toEqual([
      'Tiramisu (Löffelbiskuit, Mascarpone)',
      'Portion',
      'Groß',
    ]);

    // The guest orders what they read, by the keys the menu gives.
    const placed = await callApi(t.app, null, ordersEndpoints.placeOrder, {
      body: {
        qrToken,
        items: [{ menuItemId: dish.id, quantity: 2, options: [{ group: group.key, choice: choice.key }] }],
      },
    });
    const line = { name: 'Tiramisù', options: [{ group: 'Porzione', choice: 'Grande', priceMinor: 200 }] };
    expect(placed.items[0]).toMatchObject(line);
    expect(placed.subtotalMinor).toBe(1700);

    // The guest's own order page, the board, the table's bill and the export.
    const own = await callApi(t.app, null, ordersEndpoints.getOrder, {
      params: { id: placed.id },
      headers: { 'x-guest-token': placed.guestToken! },
    });
    expect(own.items[0]).toMatchObject(line);
    const board = await callApi(t.app, r.owner.token, ordersEndpoints.listOrders, {
      params: { restaurantId: r.owner.restaurantId },
      query: { status: 'current' },
    });
    expect(board.items.find((o) => o.id === placed.id)!.items[0]).toMatchObject(line);
    const bill = await callApi(t.app, r.owner.token, tableServiceEndpoints.getStaffTableBill, {
      params: { id: r.tables[0]!.id },
    });
    expect(bill.lines.map((l) => l.name)).toEqual(['Tiramisù']);
    const csv = await injectApi(t.app, ordersEndpoints.exportOrdersCsv, {
      token: r.owner.token,
      params: { restaurantId: r.owner.restaurantId },
    });
    expect(csv.body).toContain('Tiramisù');
    expect(csv.body).not.toContain('Löffelbiskuit');
    expect(csv.body).not.toContain('Groß');

    // The names the guest read are not order names: sending them is refused, as any unknown name.
    const translated = await injectApi(t.app, ordersEndpoints.placeOrder, {
      body: {
        qrToken,
        items: [{ menuItemId: dish.id, quantity: 1, options: [{ group: 'Portion', choice: 'Groß' }] }],
      },
    });
    expect(translated.statusCode).toBe(422);
  });
});

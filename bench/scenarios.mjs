// Each scenario prepares what it needs through the real API and returns an autocannon request.
// Later features add theirs here.
import http from 'node:http';

/** One API call that must succeed. */
export async function api(url, token, method, path, body) {
  const response = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A fresh owner and restaurant; answers the bearer token and restaurant id. */
export async function registerBenchOwner(url) {
  return api(url, null, 'POST', '/auth/register', {
    name: 'Bench Owner',
    email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
    password: 'bench password',
    restaurantName: 'Bench Bistro',
    currency: 'EUR',
    timezone: 'Europe/Rome',
  });
}

/** German for every text of the menu below, options by their (English) names. */
const GERMAN_OPTIONS = {
  Size: { name: 'Größe', choices: { Regular: 'Normal', Large: 'Groß' } },
  Extras: { name: 'Extras', choices: { Cheese: 'Käse', Chili: 'Chili', Bacon: 'Speck' } },
};

/**
 * A realistic 120-item menu: 10 categories of 12 items, half of them with two option groups; with
 * `german`, every category, dish, group and choice also has a German translation.
 */
export async function seedMenu(url, token, { german = false } = {}) {
  for (let c = 0; c < 10; c++) {
    const category = await api(url, token, 'POST', '/api/categories', {
      name: `Category ${c + 1}`,
      description: 'Seasonal dishes',
      ...(german
        ? { translations: { de: { name: `Kategorie ${c + 1}`, description: 'Gerichte der Saison' } } }
        : {}),
    });
    for (let i = 0; i < 12; i++) {
      const options = i % 2 === 0;
      await api(url, token, 'POST', '/api/menu', {
        ...(german
          ? {
              translations: {
                de: {
                  name: `Gericht ${c + 1}.${i + 1}`,
                  description:
                    'Frische Pasta, langsam geschmortes Ragù, Parmesan und Basilikum aus dem Garten.',
                  ...(options ? { options: GERMAN_OPTIONS } : {}),
                },
              },
            }
          : {}),
        categoryId: category.id,
        name: `Dish ${c + 1}.${i + 1}`,
        description: 'Fresh pasta, slow-cooked ragù, parmesan and basil from the garden.',
        priceMinor: 900 + i * 150,
        imageUrl: `/uploads/example/dish-${c}-${i}.webp`,
        tags: i % 3 === 0 ? ['vegetarian', 'popular'] : ['spicy'],
        allergens: ['gluten', 'milk'],
        options: options
          ? [
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
                max: 3,
                choices: [
                  { name: 'Cheese', priceMinor: 100 },
                  { name: 'Chili', priceMinor: 50 },
                  { name: 'Bacon', priceMinor: 200 },
                ],
              },
            ]
          : [],
      });
    }
  }
}

/** A five-line order with options, as a table of four would send it. */
async function seedOrderable(url) {
  const { token } = await registerBenchOwner(url);
  await seedMenu(url, token);
  const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
  const menu = await api(url, null, 'GET', `/api/menu/qr?qrToken=${table.qrToken}`);
  const items = menu.menu.categories.flatMap((c) => c.items).slice(0, 5);
  return {
    qrToken: table.qrToken,
    items: items.map((item, i) => ({
      menuItemId: item.id,
      quantity: 1 + (i % 2),
      options: item.options.length
        ? [
            { group: 'Size', choice: 'Large' },
            { group: 'Extras', choice: 'Cheese' },
          ]
        : [],
    })),
  };
}

/**
 * A restaurant with a small menu and a table, and a staff order of two lines for it. `taxed`: the
 * two dishes are sold at two rates (22 % the bar's, 10 % the bread's own) and a service charge
 * taxed at the default rate is added (issue 31's intake row).
 */
async function seedStaffOrder(url, { taxed = false } = {}) {
  const { token } = await registerBenchOwner(url);
  let rates = {};
  if (taxed) {
    const food = await api(url, token, 'POST', '/api/tax-rates', { name: 'IVA 10 %', rateBasisPoints: 1000 });
    const drinks = await api(url, token, 'POST', '/api/tax-rates', {
      name: 'IVA 22 %',
      rateBasisPoints: 2200,
    });
    rates = { bar: { taxRateId: drinks.id }, bread: { taxRateId: food.id } };
    const me = await api(url, token, 'GET', '/auth/me');
    await api(url, token, 'PUT', `/api/restaurants/${me.restaurantId}`, { serviceChargePercent: 10 });
  }
  const category = await api(url, token, 'POST', '/api/categories', { name: 'Bar', ...rates.bar });
  const wine = await api(url, token, 'POST', '/api/menu', {
    categoryId: category.id,
    name: 'Wine',
    priceMinor: 700,
  });
  const bread = await api(url, token, 'POST', '/api/menu', {
    categoryId: category.id,
    name: 'Bread',
    priceMinor: 300,
    ...rates.bread,
  });
  const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      tableId: table.id,
      items: [
        { menuItemId: wine.id, quantity: 2 },
        { menuItemId: bread.id, quantity: 1 },
      ],
    }),
  };
}

/** A staff stream read and thrown away, as a board on a tablet holds it; `close()` ends it. */
function openBoard(url, authorization) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/orders/stream`,
      { agent: false, headers: { authorization, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`the stream answered ${response.statusCode}`));
        response.on('data', () => {});
        response.on('error', () => {});
        resolve({ close: () => request.destroy() });
      },
    );
    request.on('error', () => {});
  });
}

/** The guest menu of issue 16's table: 120 items, asked for as a phone does (compressed). */
export const guestMenuScenario = {
  name: 'GET /api/menu/qr (guest menu, 120 items)',
  prepare: async (url) => {
    const { token, restaurantId } = await registerBenchOwner(url);
    await seedMenu(url, token);
    await api(url, token, 'POST', '/api/tables', { number: 1 });
    return {
      path: `/api/menu/qr?restaurantId=${restaurantId}&tableNumber=1`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    };
  },
};

/**
 * The same guest menu read in a restaurant's second language (`lang=de`: every text translated), to
 * hold beside the row above: translating happens when the cached body is built, so the two should
 * be within 10 % of each other.
 */
export const translatedGuestMenuScenario = {
  name: 'GET /api/menu/qr (guest menu in a second language, 120 items)',
  prepare: async (url) => {
    const { token, restaurantId } = await registerBenchOwner(url);
    await api(url, token, 'PUT', `/api/restaurants/${restaurantId}`, { languages: ['en', 'de'] });
    await seedMenu(url, token, { german: true });
    await api(url, token, 'POST', '/api/tables', { number: 1 });
    return {
      path: `/api/menu/qr?restaurantId=${restaurantId}&tableNumber=1&lang=de`,
      headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    };
  },
};

/**
 * The floor of a busy evening: 60 tables in three areas, two thirds seated, most of those with an
 * order (some served, some calling for the bill), read by a host's tablet as a browser asks for it.
 * Answered from the instance's memory (decision 029): goal p99 ≤ 10 ms at 50 connections.
 */
export const floorScenario = {
  name: 'GET /api/floor (60 tables)',
  prepare: async (url) => {
    const { token } = await registerBenchOwner(url);
    const category = await api(url, token, 'POST', '/api/categories', { name: 'Mains' });
    const dish = await api(url, token, 'POST', '/api/menu', {
      categoryId: category.id,
      name: 'Risotto',
      priceMinor: 1600,
    });
    const areas = ['Terrace', 'Dining room', 'Bar'];
    for (let number = 1; number <= 60; number++) {
      const table = await api(url, token, 'POST', '/api/tables', {
        number,
        area: areas[number % 3],
        seats: 2 + (number % 5),
      });
      if (number % 3 === 0) continue;
      await api(url, token, 'POST', `/api/tables/${table.id}/open`, { covers: 1 + (number % 6) });
      if (number % 5 === 0) continue;
      const order = await api(url, token, 'POST', '/api/orders', {
        tableId: table.id,
        items: [{ menuItemId: dish.id, quantity: 1 + (number % 3) }],
      });
      if (number % 4 === 0) {
        for (const status of ['accepted', 'preparing', 'ready', 'served']) {
          await api(url, token, 'PUT', `/api/orders/${order.id}/status`, { status });
        }
      }
      if (number % 7 === 0) {
        await api(url, null, 'POST', '/api/service-requests', { qrToken: table.qrToken, kind: 'bill' });
      }
    }
    return {
      path: '/api/floor',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    };
  },
};

export const scenarios = [
  {
    name: 'GET /api/health',
    prepare: async () => ({ path: '/api/health' }),
  },
  {
    name: 'GET /auth/me (Bearer)',
    prepare: async (url) => {
      const { token } = await registerBenchOwner(url);
      return { path: '/auth/me', headers: { authorization: `Bearer ${token}` } };
    },
  },
  guestMenuScenario,
  translatedGuestMenuScenario,
  floorScenario,
  {
    name: 'POST /api/orders (staff, 2 lines, one restaurant)',
    connections: 20,
    prepare: async (url) => ({ path: '/api/orders', method: 'POST', ...(await seedStaffOrder(url)) }),
  },
  {
    // The same with taxes: two rates and a service charge at the default one (issue 31).
    name: 'POST /api/orders (staff, 2 lines at two tax rates, one restaurant)',
    connections: 20,
    prepare: async (url) => ({
      path: '/api/orders',
      method: 'POST',
      ...(await seedStaffOrder(url, { taxed: true })),
    }),
  },
  {
    // The same while a member's board is open (the staff stream): the server reads each batch's
    // events back from the log for it, and keeps the restaurant's floor (decision 029).
    name: 'POST /api/orders (staff, 2 lines, one restaurant, a board open)',
    connections: 20,
    prepare: async (url) => {
      const request = await seedStaffOrder(url);
      const board = await openBoard(url, request.headers.authorization);
      return { path: '/api/orders', method: 'POST', ...request, stop: board.close };
    },
  },
  {
    name: 'POST /api/orders (staff, 2 lines, 20 restaurants)',
    connections: 20,
    prepare: async (url) => {
      const orders = [];
      for (let i = 0; i < 20; i++) orders.push(await seedStaffOrder(url));
      let next = 0;
      return {
        path: '/api/orders',
        method: 'POST',
        // Each request goes to the next restaurant, as twenty busy dining rooms would send them.
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...orders[next++ % orders.length] }),
          },
        ],
      };
    },
  },
  {
    name: 'POST /api/orders (guest, 5 lines with options)',
    prepare: async (url) => ({
      path: '/api/orders',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await seedOrderable(url)),
    }),
  },
];

// The kitchen's rows (issue 30): a station's screen with 40 open tickets read under load, order
// intake with stations, courses and a counted dish, and how long a bump takes to reach 20 open
// screens of its restaurant (station, expo, board and floor streams, and the guest's order page).
import { summarizeLatencies } from './live-latency.mjs';
import { api, registerBenchOwner } from './scenarios.mjs';

const BUMPS = Number(process.env.BENCH_KITCHEN_BUMPS ?? 100);

/** A restaurant with a Grill (starters course 1, mains course 2) and a Bar (drinks, course 0). */
async function seedKitchen(url) {
  const { token } = await registerBenchOwner(url);
  const grill = await api(url, token, 'POST', '/api/stations', { name: 'Grill' });
  const bar = await api(url, token, 'POST', '/api/stations', { name: 'Bar' });
  const drinks = await api(url, token, 'POST', '/api/categories', { name: 'Drinks', stationId: bar.id });
  const starters = await api(url, token, 'POST', '/api/categories', {
    name: 'Starters',
    stationId: grill.id,
    course: 1,
  });
  const mains = await api(url, token, 'POST', '/api/categories', {
    name: 'Mains',
    stationId: grill.id,
    course: 2,
  });
  const dish = (categoryId, name, priceMinor, extra = {}) =>
    api(url, token, 'POST', '/api/menu', { categoryId, name, priceMinor, ...extra });
  const dishes = {
    wine: await dish(drinks.id, 'Wine', 700),
    provola: await dish(starters.id, 'Grilled provola', 800),
    steak: await dish(mains.id, 'Tagliata', 2200, {
      options: [
        {
          name: 'Cooking',
          required: true,
          min: 1,
          max: 1,
          choices: [
            { name: 'Rare', priceMinor: 0 },
            { name: 'Medium', priceMinor: 0 },
          ],
        },
      ],
    }),
  };
  return { token, grill, bar, dishes };
}

const authorized = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/**
 * The grill's screen on a busy evening: 40 orders with a starter and a main fired at it (a third of
 * them started), read as its tablet asks for it. Answered from the instance's memory (decision 033):
 * goal p99 ≤ 10 ms at 50 connections.
 */
export const kitchenScenario = {
  name: 'GET /api/kitchen (a station with 40 open tickets)',
  prepare: async (url) => {
    const { token, grill, dishes } = await seedKitchen(url);
    for (let n = 1; n <= 40; n++) {
      const table = await api(url, token, 'POST', '/api/tables', { number: n });
      const order = await api(url, token, 'POST', '/api/orders', {
        tableId: table.id,
        items: [
          { menuItemId: dishes.provola.id, quantity: 1 + (n % 3), course: 1 },
          {
            menuItemId: dishes.steak.id,
            quantity: 1,
            course: 1,
            options: [{ group: 'Cooking', choice: n % 2 ? 'Rare' : 'Medium' }],
          },
          { menuItemId: dishes.wine.id, quantity: 2 },
        ],
      });
      if (n % 3 === 0) {
        await api(url, token, 'POST', '/api/kitchen/bump', {
          orderId: order.id,
          lineIndexes: [0],
          status: 'preparing',
        });
      }
    }
    return {
      path: `/api/kitchen?stationId=${grill.id}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    };
  },
};

/** Staff orders of two lines where categories route to stations, one course held (issue 30's intake row). */
export const stationedIntakeScenario = {
  name: 'POST /api/orders (staff, 2 lines, stations and a held course)',
  connections: 20,
  prepare: async (url) => {
    const { token, dishes } = await seedKitchen(url);
    const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
    return {
      path: '/api/orders',
      method: 'POST',
      headers: authorized(token),
      body: JSON.stringify({
        tableId: table.id,
        items: [
          { menuItemId: dishes.provola.id, quantity: 2 },
          { menuItemId: dishes.steak.id, quantity: 1, options: [{ group: 'Cooking', choice: 'Rare' }] },
        ],
      }),
    };
  },
};

/** The same with a dish whose units are counted: those orders take them in a transaction of their own. */
export const countedIntakeScenario = {
  name: 'POST /api/orders (staff, 2 lines, one dish counted)',
  connections: 20,
  prepare: async (url) => {
    const { token, dishes } = await seedKitchen(url);
    await api(url, token, 'PUT', `/api/menu/${dishes.provola.id}/stock`, { count: 100_000 });
    const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
    return {
      path: '/api/orders',
      method: 'POST',
      headers: authorized(token),
      body: JSON.stringify({
        tableId: table.id,
        items: [
          { menuItemId: dishes.provola.id, quantity: 1 },
          { menuItemId: dishes.wine.id, quantity: 1 },
        ],
      }),
    };
  },
};

/** An event stream whose events are handed to `onEvent(type, data)`; resolves once it is ready. */
async function openStream(url, path, headers, onEvent) {
  const controller = new AbortController();
  const response = await fetch(url + path, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  let ready;
  const isReady = new Promise((resolve) => {
    ready = resolve;
  });
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const type = block
            .split('\n')
            .find((line) => line.startsWith('event: '))
            ?.slice(7);
          const data = block
            .split('\n')
            .find((line) => line.startsWith('data: '))
            ?.slice(6);
          if (type === 'ready') ready();
          else if (type && data) onEvent(type, data);
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await isReady;
  return {
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/**
 * A bump on the grill reaching every screen of its restaurant: 19 staff streams (the other station
 * tablets, the pass, boards, floors) wait for the ticket's kitchen.updated and the guest's order page
 * for its order.updated. The line goes ready and is recalled, one bump at a time; each latency is
 * from the bump sent to the last of the 20 screens having it. Goal: p95 ≤ 50 ms.
 */
export async function measureBumpReach(url) {
  const { token, grill, dishes } = await seedKitchen(url);
  const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
  const order = await api(url, null, 'POST', '/api/orders', {
    qrToken: table.qrToken,
    items: [{ menuItemId: dishes.provola.id, quantity: 1 }],
  });
  // The station screen opens the kitchen on this instance, as a tablet would.
  await api(url, token, 'GET', `/api/kitchen?stationId=${grill.id}`);
  await api(url, token, 'POST', '/api/kitchen/bump', {
    orderId: order.id,
    lineIndexes: [0],
    status: 'preparing',
  });

  let expected = null;
  let seen = 0;
  let done = () => {};
  const screens = 20;
  const hear = (status) => {
    if (status === expected) {
      seen += 1;
      if (seen === screens) done();
    }
  };
  const streams = [];
  for (let i = 0; i < screens - 1; i++) {
    streams.push(
      await openStream(url, '/api/orders/stream', { authorization: `Bearer ${token}` }, (type, data) => {
        if (type !== 'kitchen.updated') return;
        const { ticket } = JSON.parse(data);
        if (ticket.orderId === order.id) hear(ticket.lines[0].kitchenStatus);
      }),
    );
  }
  streams.push(
    await openStream(
      url,
      `/api/orders/${order.id}/stream?guestToken=${order.guestToken}`,
      {},
      (type, data) => {
        if (type !== 'order.updated') return;
        hear(JSON.parse(data).order.items[0].kitchenStatus);
      },
    ),
  );

  const latencies = [];
  for (let i = 0; i < BUMPS; i++) {
    const ready = i % 2 === 0;
    expected = ready ? 'ready' : 'preparing';
    seen = 0;
    const arrived = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bump ${i}: ${seen} of ${screens} screens heard it`)),
        10_000,
      );
      done = () => {
        clearTimeout(timer);
        resolve(performance.now());
      };
    });
    const sent = performance.now();
    await api(
      url,
      token,
      'POST',
      ready ? '/api/kitchen/bump' : '/api/kitchen/recall',
      ready
        ? { orderId: order.id, lineIndexes: [0], status: 'ready' }
        : { orderId: order.id, lineIndexes: [0] },
    );
    latencies.push((await arrived) - sent);
  }
  for (const stream of streams) await stream.close();
  return { bumps: BUMPS, screens, ...summarizeLatencies(latencies) };
}

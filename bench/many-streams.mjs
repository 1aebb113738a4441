// Many open screens: STREAMS_PER_RESTAURANT staff boards on each of RESTAURANTS restaurants hold a
// live stream (5,000 by default, as a busy evening's guests and boards would). Measures what they
// add to the server's memory, and how long a new order takes to reach every screen of its
// restaurant (from the POST being sent, and from its answer).
import http from 'node:http';
import { summarizeLatencies } from './live-latency.mjs';
import { api, registerBenchOwner } from './scenarios.mjs';

const RESTAURANTS = Number(process.env.BENCH_STREAM_RESTAURANTS ?? 50);
const PER_RESTAURANT = Number(process.env.BENCH_STREAMS_PER_RESTAURANT ?? 100);
const ROUNDS = 3;

/** Opens one staff stream; `onOrder(id)` is called for every order.created it carries. */
function openStream(url, token, onOrder) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/orders/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        response.on('data', (chunk) => {
          buffer += chunk;
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            if (!ready && block.includes('event: ready')) {
              ready = true;
              resolve(() => request.destroy());
            } else if (block.includes('event: order.created')) {
              const at = performance.now();
              const id = /"order":\{"id":"([^"]+)"/.exec(block)?.[1];
              if (id) onOrder(id, at);
            }
            split = buffer.indexOf('\n\n');
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', reject);
  });
}

export async function measureManyStreams(url, probe) {
  const restaurants = [];
  for (let r = 0; r < RESTAURANTS; r++) {
    const { token } = await registerBenchOwner(url);
    const category = await api(url, token, 'POST', '/api/categories', { name: 'Live' });
    const item = await api(url, token, 'POST', '/api/menu', {
      categoryId: category.id,
      name: 'Tea',
      priceMinor: 300,
    });
    const table = await api(url, token, 'POST', '/api/tables', { number: 1 });
    restaurants.push({ token, item, table });
  }

  // When each screen received each order (events may beat the POST's answer).
  const arrivals = new Map();
  const arrived = (id, at) => {
    const list = arrivals.get(id);
    if (list) list.push(at);
    else arrivals.set(id, [at]);
  };
  await new Promise((r) => setTimeout(r, 1000));
  await probe.collect();
  const before = await probe.read();
  const closers = [];
  for (const restaurant of restaurants) {
    const opened = await Promise.all(
      Array.from({ length: PER_RESTAURANT }, () => openStream(url, restaurant.token, arrived)),
    );
    closers.push(...opened);
  }
  // Let the opening settle before reading what the streams hold.
  await new Promise((r) => setTimeout(r, 2000));
  await probe.collect();
  const after = await probe.read();

  await probe.reset();
  const fromSend = [];
  const fromAnswer = [];
  let missing = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const { table, item } of restaurants) {
      const sentAt = performance.now();
      const order = await api(url, null, 'POST', '/api/orders', {
        qrToken: table.qrToken,
        items: [{ menuItemId: item.id, quantity: 1 }],
      });
      const answeredAt = performance.now();
      const deadline = Date.now() + 10_000;
      while ((arrivals.get(order.id)?.length ?? 0) < PER_RESTAURANT && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1));
      }
      const received = arrivals.get(order.id) ?? [];
      arrivals.delete(order.id);
      missing += PER_RESTAURANT - received.length;
      for (const at of received) {
        fromSend.push(at - sentAt);
        fromAnswer.push(Math.max(0, at - answeredAt));
      }
    }
  }
  const eventLoop = (await probe.read()).eventLoop;
  for (const close of closers) close();
  return {
    streams: RESTAURANTS * PER_RESTAURANT,
    addedMB: (after.rssBytes - before.rssBytes) / 1024 / 1024,
    addedMainThreadMB: (after.mainThreadBytes - before.mainThreadBytes) / 1024 / 1024,
    deliveries: fromSend.length,
    missing,
    fromSend: summarizeLatencies(fromSend),
    fromAnswer: summarizeLatencies(fromAnswer),
    eventLoop,
  };
}

// How long after POST /api/orders answers does the order.created event reach an open staff stream?
// Orders are placed one at a time so each latency is measured alone.
import { api, registerBenchOwner } from './scenarios.mjs';

const ORDERS = Number(process.env.BENCH_LIVE_ORDERS ?? 200);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50, p95 and the worst of a set of latencies (ms). */
export function summarizeLatencies(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

export async function measureLiveLatency(url) {
  const { token } = await registerBenchOwner(url);
  const category = await api(url, token, 'POST', '/api/categories', { name: 'Live' });
  const item = await api(url, token, 'POST', '/api/menu', {
    categoryId: category.id,
    name: 'Espresso',
    priceMinor: 150,
  });
  const table = await api(url, token, 'POST', '/api/tables', { number: 1 });

  const controller = new AbortController();
  const stream = await fetch(`${url}/api/orders/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const arrivals = new Map();
  const waiting = new Map();
  let ready;
  const readyPromise = new Promise((resolve) => {
    ready = resolve;
  });
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of stream.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (block.includes('event: ready')) ready();
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: order.created') && data) {
            const id = JSON.parse(data.slice(6)).order.id;
            const at = performance.now();
            arrivals.set(id, at);
            waiting.get(id)?.(at);
          }
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await readyPromise;

  const afterAnswer = [];
  const afterSend = [];
  let beforeAnswer = 0;
  for (let i = 0; i < ORDERS; i++) {
    const sent = performance.now();
    const order = await api(url, null, 'POST', '/api/orders', {
      qrToken: table.qrToken,
      items: [{ menuItemId: item.id, quantity: 1 }],
    });
    const answered = performance.now();
    const arrived =
      arrivals.get(order.id) ??
      (await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event for order ${order.id}`)), 10_000);
        waiting.set(order.id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }));
    if (arrived < answered) beforeAnswer += 1;
    afterAnswer.push(Math.max(0, arrived - answered));
    afterSend.push(arrived - sent);
  }
  controller.abort();
  await pump;
  return {
    count: ORDERS,
    afterAnswer: summarizeLatencies(afterAnswer),
    afterSend: summarizeLatencies(afterSend),
    beforeAnswer,
  };
}

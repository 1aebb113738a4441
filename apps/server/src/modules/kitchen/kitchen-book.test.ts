import { allDayOf, type TStation } from '@tavolo/contract/kitchen';
import type { TOrder, TOrderLine } from '@tavolo/contract/orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bumpLines, fireCourse, placedKitchenFields } from '../orders/kitchen-lines';
import { createKitchenBook } from './kitchen-book';

const STATIONS: TStation[] = [
  { id: '00000000-0000-4000-8000-00000000000a', name: 'Kitchen', printer: null, isDefault: true },
  { id: '00000000-0000-4000-8000-00000000000b', name: 'Grill', printer: null, isDefault: false },
  { id: '00000000-0000-4000-8000-00000000000c', name: 'Bar', printer: null, isDefault: false },
];
const GONE_STATION = '00000000-0000-4000-8000-00000000000d';
const DISHES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

type LineSpec = {
  dish: number;
  station: string | null;
  course: number;
  quantity: number;
  option: string | null;
};
type Step =
  | { kind: 'bump'; line: number; ready: boolean }
  | { kind: 'fire'; course: number }
  | { kind: 'void'; line: number }
  | { kind: 'cancel' };

const arbLine: fc.Arbitrary<LineSpec> = fc.record({
  dish: fc.integer({ min: 0, max: 1 }),
  station: fc.constantFrom(...STATIONS.map((s) => s.id), GONE_STATION, null),
  course: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  option: fc.constantFrom(null, 'Media', 'Al sangue'),
});

/** What one order goes through: bumps, a course fired, a void, a cancellation, by line. */
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('bump' as const), line: fc.nat(5), ready: fc.boolean() }),
  fc.record({ kind: fc.constant('fire' as const), course: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('void' as const), line: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
);

function orderOf(id: number, lines: LineSpec[], now: Date): TOrder {
  const items: TOrderLine[] = lines.map((l) => ({
    menuItemId: DISHES[l.dish]!,
    name: `Dish ${l.dish}`,
    unitPriceMinor: 100,
    quantity: l.quantity,
    options: l.option ? [{ group: 'Cottura', choice: l.option, priceMinor: 0 }] : [],
    note: null,
    seat: null,
    course: l.course,
    voidedQuantity: 0,
    discountMinor: 0,
    lineTotalMinor: 100 * l.quantity,
    stationId: l.station,
    kitchenStatus: 'queued',
    firedAt: null,
    startedAt: null,
    readyAt: null,
    voidedAt: null,
    kitchenNotice: null,
    tax: { name: '', rateBasisPoints: 0, netMinor: 100 * l.quantity, taxMinor: 0 },
  }));
  const kitchen = placedKitchenFields(items, now);
  return {
    id: `00000000-0000-4000-9000-${String(id).padStart(12, '0')}`,
    number: id,
    tableId: null,
    tableNumber: id,
    source: 'staff',
    takenBy: null,
    status: 'pending',
    items: items.map((line, i) => ({ ...line, ...kitchen[i]! })),
    subtotalMinor: 0,
    discountMinor: 0,
    serviceChargeMinor: 0,
    tipMinor: 0,
    pricesIncludeTax: true,
    netMinor: 0,
    taxMinor: 0,
    taxes: [],
    serviceChargeTax: { name: '', rateBasisPoints: 0, netMinor: 0, taxMinor: 0 },
    totalMinor: 0,
    paidMinor: 0,
    paymentStatus: 'unpaid',
    currency: 'EUR',
    note: null,
    customerName: null,
    statusHistory: [],
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

function stepped(order: TOrder, step: Step, now: Date): TOrder {
  const next = { ...order, version: order.version + 1 };
  try {
    switch (step.kind) {
      case 'bump': {
        const line = step.line % order.items.length;
        return { ...next, items: bumpLines(order.items, [line], step.ready ? 'ready' : 'preparing', now) };
      }
      case 'fire':
        return { ...next, items: fireCourse(order.items, step.course, now) };
      case 'void': {
        const index = step.line % order.items.length;
        return {
          ...next,
          items: order.items.map((l, i) =>
            i === index ? { ...l, quantity: 0, voidedQuantity: l.quantity, kitchenStatus: 'voided' } : l,
          ),
        };
      }
      default:
        return { ...next, status: 'cancelled' };
    }
  } catch {
    // A step the line's state refuses (409) leaves the order as it was.
    return order;
  }
}

/** The all-day sums counted straight from every order's lines, apart from the book. */
function countedAllDay(orders: readonly TOrder[], stationId: string) {
  const sums = new Map<string, number>();
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const line of order.items) {
      const station =
        line.stationId && STATIONS.some((s) => s.id === line.stationId) ? line.stationId : STATIONS[0]!.id;
      if (
        station !== stationId ||
        !['queued', 'preparing'].includes(line.kitchenStatus) ||
        line.quantity === 0
      )
        continue;
      const key = `${line.menuItemId}|${line.options.map((o) => o.choice).join(',')}`;
      sums.set(key, (sums.get(key) ?? 0) + line.quantity);
    }
  }
  return sums;
}

describe('the kitchen book', () => {
  it('keeps every station’s all-day sums equal to its open lines, whatever happens to the orders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(arbLine, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), arbStep), { maxLength: 30 }),
        (orderLines, steps) => {
          const book = createKitchenBook(STATIONS);
          const now = new Date('2026-11-27T19:00:00Z');
          const orders = orderLines.map((lines, i) => orderOf(i + 1, lines, now));
          for (const order of orders) book.apply(order);
          for (const [which, step] of steps) {
            const i = which % orders.length;
            const next = stepped(orders[i]!, step, now);
            orders[i] = next;
            book.apply(next);
            // An older copy arriving late changes nothing.
            book.apply({ ...next, version: next.version - 1, status: 'pending' });
          }
          for (const station of STATIONS) {
            const kept = book.allDayOf(station.id);
            expect(kept).toEqual(allDayOf(book.ticketsOf(station.id)));
            const counted = countedAllDay(orders, station.id);
            expect(
              new Map(
                kept.map((e) => [`${e.menuItemId}|${e.options.map((o) => o.choice).join(',')}`, e.quantity]),
              ),
            ).toEqual(counted);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows a station its tickets oldest first and tells which changed', () => {
    const book = createKitchenBook(STATIONS);
    const early = orderOf(
      1,
      [{ dish: 0, station: null, course: 0, quantity: 1, option: null }],
      new Date('2026-11-27T19:00:00Z'),
    );
    const late = orderOf(
      2,
      [{ dish: 1, station: null, course: 0, quantity: 2, option: null }],
      new Date('2026-11-27T19:05:00Z'),
    );
    book.apply(late);
    const changes = book.apply(early);
    expect(changes).toEqual([
      { stationId: STATIONS[0]!.id, ticket: expect.objectContaining({ orderNumber: 1 }), done: false },
    ]);
    const view = book.stationView(STATIONS[0]!.id, Date.parse('2026-11-27T19:06:00Z'));
    expect(view.tickets.map((t) => t.orderNumber)).toEqual([1, 2]);
    const ready = {
      ...early,
      version: 2,
      items: bumpLines(early.items, [0], 'ready', new Date('2026-11-27T19:06:00Z')),
    };
    expect(book.apply(ready)).toEqual([
      { stationId: STATIONS[0]!.id, ticket: expect.objectContaining({ orderNumber: 1 }), done: true },
    ]);
    const after = book.stationView(STATIONS[0]!.id, Date.parse('2026-11-27T19:07:00Z'));
    expect([after.tickets.map((t) => t.orderNumber), after.recent.map((t) => t.orderNumber)]).toEqual([
      [2],
      [1],
    ]);
    // Ten minutes after it was ready, it can no longer be recalled.
    expect(book.stationView(STATIONS[0]!.id, Date.parse('2026-11-27T19:16:01Z')).recent).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeOrderLine } from '../../../testing/floor-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { courseStates, expoOrders, nextHeldCourse, stationProgress } from './expo';

const GRILL = '00000000-0000-4000-8000-00000000aaa1';
const BAR = '00000000-0000-4000-8000-00000000aaa2';
const KITCHEN = '00000000-0000-4000-8000-00000000aaa3';

describe('the pass', () => {
  const order = fakeOrder({
    items: [
      fakeOrderLine({ stationId: BAR, course: 0, kitchenStatus: 'served' }),
      fakeOrderLine({ stationId: GRILL, course: 1, kitchenStatus: 'ready' }),
      fakeOrderLine({ stationId: GRILL, course: 1, kitchenStatus: 'preparing' }),
      fakeOrderLine({ stationId: GRILL, course: 1, kitchenStatus: 'voided' }),
      fakeOrderLine({ stationId: null, course: 1, kitchenStatus: 'queued' }),
      fakeOrderLine({ stationId: GRILL, course: 2, kitchenStatus: 'held' }),
    ],
  });

  it("counts each station's fired lines and the ready ones, in the stations' order, naming those it waits for", () => {
    const progress = stationProgress(order, KITCHEN, [KITCHEN, GRILL, BAR]);
    expect(progress.map(({ stationId, ready, total }) => ({ stationId, ready, total }))).toEqual([
      { stationId: KITCHEN, ready: 0, total: 1 },
      { stationId: GRILL, ready: 1, total: 2 },
      { stationId: BAR, ready: 1, total: 1 },
    ]);
    // Neither the ready line, the voided one nor the held one is waited for.
    expect(progress.map((station) => station.waiting.map((line) => [line.lineIndex, line.started]))).toEqual([
      [[4, false]],
      [[2, true]],
      [],
    ]);
  });

  it('names a waited-for line with its units and its choices', () => {
    const withChoices = fakeOrder({
      items: [
        fakeOrderLine({
          name: 'Tagliata',
          quantity: 2,
          stationId: GRILL,
          options: [
            { group: 'Cottura', choice: 'Media', priceMinor: 0 },
            { group: 'Side', choice: 'Rocket', priceMinor: 0 },
          ],
        }),
      ],
    });
    expect(stationProgress(withChoices, KITCHEN)[0]!.waiting).toEqual([
      { lineIndex: 0, name: 'Tagliata', quantity: 2, choices: 'Media, Rocket', started: false },
    ]);
  });

  it('tells held courses from fired ones, and which fires next', () => {
    expect(courseStates(order)).toEqual([
      { course: 0, held: false, ready: 1, total: 1 },
      { course: 1, held: false, ready: 1, total: 3 },
      { course: 2, held: true, ready: 0, total: 1 },
    ]);
    expect(nextHeldCourse(order)).toBe(2);
  });

  it('lists open orders oldest first, leaving out served ones with nothing left to fire', () => {
    const newer = fakeOrder({ createdAt: '2025-03-14T18:30:00.000Z', items: order.items });
    const older = fakeOrder({ createdAt: '2025-03-14T18:05:00.000Z', items: order.items });
    const served = fakeOrder({ status: 'served', createdAt: '2025-03-14T18:00:00.000Z' });
    const servedWithHeld = {
      ...older,
      id: 'held',
      status: 'served' as const,
      createdAt: '2025-03-14T18:01:00.000Z',
    };
    expect(expoOrders([newer, served, older, servedWithHeld]).map((one) => one.id)).toEqual([
      'held',
      older.id,
      newer.id,
    ]);
  });
});

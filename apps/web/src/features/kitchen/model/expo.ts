import type { TOrder, TOrderLine } from '@tavolo/contract/orders';

/*
 * The pass (expo): whole orders, how far each station is with them, which courses wait to be
 * fired, and when the order can go out.
 */

/** Sent to a station and not voided: what the pass waits for. */
function isFiredLine(line: TOrderLine): boolean {
  return line.kitchenStatus !== 'held' && line.kitchenStatus !== 'voided';
}

const isMade = (line: TOrderLine) => line.kitchenStatus === 'ready' || line.kitchenStatus === 'served';

/** A line the pass still waits for: named, so the expo can call for it. */
export interface AwaitedLine {
  lineIndex: number;
  name: string;
  quantity: number;
  /** The chosen options, as the station reads them ("Media, no onion"); empty without any. */
  choices: string;
  /** The station has started it. */
  started: boolean;
}

export interface StationProgress {
  stationId: string;
  ready: number;
  total: number;
  /** Its fired lines not yet ready, in the order's order. */
  waiting: AwaitedLine[];
}

/**
 * Each station's fired lines of the order and how many are ready, in the stations' order (lines of
 * an unknown station last). A line without a station is Kitchen's (`defaultStationId`).
 */
export function stationProgress(
  order: TOrder,
  defaultStationId: string | null,
  stationOrder: readonly string[] = [],
): StationProgress[] {
  const byStation = new Map<string, StationProgress>();
  order.items.forEach((line, lineIndex) => {
    if (!isFiredLine(line)) return;
    const stationId = line.stationId ?? defaultStationId ?? '';
    const progress = byStation.get(stationId) ?? { stationId, ready: 0, total: 0, waiting: [] };
    progress.total += 1;
    if (isMade(line)) progress.ready += 1;
    else
      progress.waiting.push({
        lineIndex,
        name: line.name,
        quantity: line.quantity,
        choices: line.options.map((option) => option.choice).join(', '),
        started: line.kitchenStatus === 'preparing',
      });
    byStation.set(stationId, progress);
  });
  const rank = (id: string) => {
    const index = stationOrder.indexOf(id);
    return index === -1 ? stationOrder.length : index;
  };
  return [...byStation.values()].sort((a, b) => rank(a.stationId) - rank(b.stationId));
}

export interface CourseState {
  course: number;
  /** Some of its lines wait for staff to fire it. */
  held: boolean;
  ready: number;
  /** Its lines that are not voided. */
  total: number;
}

/** The order's courses, lowest first, each held or how far it is; lines without a course are left out. */
export function courseStates(order: TOrder): CourseState[] {
  const byCourse = new Map<number, CourseState>();
  for (const line of order.items) {
    if (line.course === null || line.kitchenStatus === 'voided') continue;
    const state = byCourse.get(line.course) ?? { course: line.course, held: false, ready: 0, total: 0 };
    state.total += 1;
    if (line.kitchenStatus === 'held') state.held = true;
    if (isMade(line)) state.ready += 1;
    byCourse.set(line.course, state);
  }
  return [...byCourse.values()].sort((a, b) => a.course - b.course);
}

/** The next course to fire: the lowest one still held. */
export function nextHeldCourse(order: TOrder): number | null {
  return courseStates(order).find((state) => state.held)?.course ?? null;
}

/**
 * What the pass works on, oldest first: the open orders with something for the kitchen, except
 * those already served with no course left to fire.
 */
export function expoOrders(orders: readonly TOrder[]): TOrder[] {
  return orders
    .filter((order) => order.items.some((line) => line.kitchenStatus !== 'voided'))
    .filter((order) => order.status !== 'served' || order.items.some((line) => line.kitchenStatus === 'held'))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.number - b.number);
}

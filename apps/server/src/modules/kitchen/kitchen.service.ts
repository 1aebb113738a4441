import type {
  TAcknowledgeRequest,
  TBumpRequest,
  TFireRequest,
  TKitchenQuery,
  TKitchenStats,
  TKitchenStatsQuery,
  TKitchenTicket,
  TPrinterStatus,
  TRecallRequest,
  TReprintRequest,
  TStation,
} from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { type ReadyBody, readyBody } from '../../lib/ready-body';
import { localDateOf, lowerBoundOf, upperBoundOf, zonedDate } from '../../lib/zoned-time';
import { acknowledgeLines, bumpLines, fireCourse, recallLines } from '../orders/kitchen-lines';
import { changeKitchenLines, findOrderRow, orderOf } from '../orders/orders.service';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { findPreparedLines, type PreparedLine } from './kitchen.repository';
import { stationRouter, ticketsOfOrder } from './kitchen-tickets';

/*
 * The kitchen's work (PRODUCT.md §10): a station's screen from the kitchen keeper, its bumps and
 * recalls, courses fired, and prep times. Each change locks its order, moves its lines, lets the
 * order's status follow them (orders/kitchen-lines.ts), and is taken by this instance's kitchen at
 * once; the other instances take it from the order's event.
 */

/**
 * GET /api/kitchen's answer, ready to send: the keeper's body of the station with its printer's
 * status, made again only when either changed.
 */
export async function getKitchenBody(ctx: StaffContext, query: TKitchenQuery): Promise<ReadyBody> {
  const { restaurantId } = ctx.principal;
  const view = await ctx.kitchens.view(restaurantId, query.stationId);
  if (!view) throw notFound('Station');
  const printer = JSON.stringify(await ctx.kitchenPrints.status(restaurantId, view.station));
  const { body } = view;
  if (body.answer?.printer !== printer) {
    body.answer = { printer, body: readyBody(`{"printer":${printer},${body.json.slice(1)}`) };
  }
  return body.answer.body;
}

async function keep(ctx: StaffContext, order: Promise<TOrder>): Promise<TOrder> {
  const changed = await order;
  ctx.kitchens.noteOrder(ctx.principal.restaurantId, changed);
  return changed;
}

export function bump(ctx: StaffContext, request: TBumpRequest): Promise<TOrder> {
  return keep(
    ctx,
    changeKitchenLines(ctx, request.orderId, (lines, now) =>
      bumpLines(lines, request.lineIndexes, request.status, now),
    ),
  );
}

export function recall(ctx: StaffContext, request: TRecallRequest): Promise<TOrder> {
  return keep(
    ctx,
    changeKitchenLines(ctx, request.orderId, (lines, now) => recallLines(lines, request.lineIndexes, now)),
  );
}

/**
 * The station has seen the lines' voids, changes or recalls: their marks go. A cancelled order's
 * too (its cancellation marked its lines VOID); a completed order's answer 409.
 */
export function acknowledge(ctx: StaffContext, request: TAcknowledgeRequest): Promise<TOrder> {
  return keep(
    ctx,
    changeKitchenLines(ctx, request.orderId, (lines) => acknowledgeLines(lines, request.lineIndexes), {
      cancelledToo: true,
    }),
  );
}

export async function fire(ctx: StaffContext, input: { id: string; request: TFireRequest }): Promise<TOrder> {
  const { course } = input.request;
  const order = await keep(
    ctx,
    changeKitchenLines(ctx, input.id, (lines, now) => fireCourse(lines, course, now)),
  );
  void ctx.kitchenPrints.fired(order, ctx.principal.restaurantId, (ticket) => ticket.course === course);
  return order;
}

/** Prints a fired ticket again on its station's printer; answers the printer's status. */
export async function reprint(ctx: StaffContext, request: TReprintRequest): Promise<TPrinterStatus> {
  const { station, ticket, order } = await ticketToReprint(ctx, request);
  return ctx.kitchenPrints.reprint(ctx.principal.restaurantId, station, order, ticket);
}

/**
 * The fired ticket a reprint names, with its station: 404 for a station or an order the restaurant
 * does not have, 409 for a station without a printer, a cancelled order or a ticket not fired there.
 */
export async function ticketToReprint(
  ctx: StaffContext,
  request: TReprintRequest,
): Promise<{ station: TStation; ticket: TKitchenTicket; order: TOrder }> {
  const { restaurantId } = ctx.principal;
  const stations = await ctx.kitchens.stations(restaurantId);
  const station = stations.find((s) => s.id === request.stationId);
  if (!station) throw notFound('Station');
  const row = await findOrderRow(ctx.db, restaurantId, request.orderId);
  if (!row) throw notFound('Order');
  if (!station.printer) throw new AppError('CONFLICT', `${station.name} has no printer`);
  const order = orderOf(row);
  // Its ticket stays on the screen only to say VOID: a paper copy would say to make it.
  if (order.status === 'cancelled') {
    throw new AppError('CONFLICT', `Order #${order.number} is cancelled: nothing to reprint`);
  }
  const ticket = ticketsOfOrder(order, stationRouter(stations)).find(
    (t) => t.stationId === station.id && t.ticket.course === request.course,
  );
  if (!ticket) {
    throw new AppError(
      'CONFLICT',
      `Order #${order.number} has no course ${request.course} fired at ${station.name}: nothing to reprint`,
    );
  }
  return { station, ticket: ticket.ticket, order };
}

/** Average (rounded) and 90th percentile (nearest rank) of some durations, in whole seconds. */
export function prepFigures(seconds: readonly number[]): {
  lines: number;
  avgSeconds: number;
  p90Seconds: number;
} {
  if (seconds.length === 0) return { lines: 0, avgSeconds: 0, p90Seconds: 0 };
  const sorted = [...seconds].sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    lines: sorted.length,
    avgSeconds: Math.round(sum / sorted.length),
    p90Seconds: Math.round(sorted[Math.ceil(0.9 * sorted.length) - 1]!),
  };
}

/** Prep times of a period (today in the restaurant's zone unless given), per station and per dish. */
export async function kitchenStats(ctx: StaffContext, query: TKitchenStatsQuery): Promise<TKitchenStats> {
  const { timezone } = await findSessionRestaurant(ctx);
  const today = zonedDate(new Date(), timezone);
  const start = lowerBoundOf(query.from ?? (query.to ? localDateOf(query.to, timezone) : today), timezone);
  const end = upperBoundOf(query.to ?? today, timezone);
  if (end <= start) {
    throw new AppError('UNPROCESSABLE', 'The period ends before it starts', {
      to: 'must be on or after from',
    });
  }
  const restaurantId = ctx.principal.restaurantId;
  const [lines, stations] = await Promise.all([
    findPreparedLines(ctx.db, restaurantId, { start, end }),
    ctx.kitchens.stations(restaurantId),
  ]);
  const stationOf = stationRouter(stations);
  const byStation = groupSeconds(lines, (line) => stationOf(line.stationId));
  const byDish = groupSeconds(lines, (line) => line.menuItemId);
  const names = new Map(lines.map((line) => [line.menuItemId, line.name]));
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    stations: stations.map((station) => ({
      stationId: station.id,
      name: station.name,
      ...prepFigures(byStation.get(station.id) ?? []),
    })),
    dishes: [...byDish]
      .map(([menuItemId, seconds]) => ({ menuItemId, name: names.get(menuItemId)!, ...prepFigures(seconds) }))
      .sort((a, b) => b.avgSeconds - a.avgSeconds || a.name.localeCompare(b.name)),
  };
}

function groupSeconds(
  lines: readonly PreparedLine[],
  keyOf: (line: PreparedLine) => string,
): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const line of lines) {
    const key = keyOf(line);
    const group = groups.get(key);
    if (group) group.push(line.seconds);
    else groups.set(key, [line.seconds]);
  }
  return groups;
}

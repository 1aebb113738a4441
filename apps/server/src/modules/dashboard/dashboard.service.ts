import type {
  TDashboardOverview,
  TDashboardPeriod,
  TMenuItemStats,
  TOrderSummary,
  TRevenueChart,
} from '@tavolo/contract/dashboard';
import { ORDER_STATUSES } from '@tavolo/contract/orders';
import type { StaffContext } from '../../core/context';
import { zonedDate, zonedParts } from '../../lib/zoned-time';
import { taxOfDays } from '../receipts/receipts.service';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { averageRatingOf } from '../reviews/average-rating';
import { sumRestaurantRatings } from '../reviews/reviews.service';
import {
  countOpenOrders,
  countOrdersByStatus,
  findWalletBalances,
  type MenuItemFigureRow,
  sumMenuItemSales,
  summarizeOrders,
  sumRevenue,
} from './dashboard.repository';
import { addDays, localDaysRange, monthRanges, periodRange } from './dashboard-periods';

/**
 * The Overview's figures for the session's restaurant, in its time zone and currency. `now` is
 * the caller's clock (the route passes the real one), so every figure is about one instant.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Total over count, rounded half up; 0 without orders. Integers only: no float rounding. */
function averageOf(totalMinor: number, count: number): number {
  return count === 0 ? 0 : Math.floor((2 * totalMinor + count) / (2 * count));
}

export async function getOverview(ctx: StaffContext, input: { now: Date }): Promise<TDashboardOverview> {
  const { db, principal } = ctx;
  const { now } = input;
  const restaurant = await findSessionRestaurant(ctx);
  const { timezone: timeZone, id: restaurantId } = restaurant;
  const date = zonedDate(now, timeZone);
  const compareDate = addDays(date, -7);
  const days = [localDaysRange(date, date, timeZone), localDaysRange(compareDate, compareDate, timeZone)];

  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[revenueToday, revenueThen], [ordersToday, ordersThen], open, wallet, ratings, [taxToday, taxThen]] =
    await Promise.all([
      sumRevenue(db, restaurantId, days),
      summarizeOrders(db, restaurantId, days),
      countOpenOrders(db, restaurantId),
      principal.permissions.has('wallet.view')
        ? findWalletBalances(db, restaurantId, weekAgo)
        : Promise.resolve(null),
      sumRestaurantRatings(db, restaurantId, weekAgo),
      taxOfDays(db, restaurantId, [date, compareDate]),
    ]);

  return {
    currency: restaurant.currency,
    timezone: timeZone,
    date,
    compareDate,
    revenueMinor: { value: revenueToday!, previous: revenueThen! },
    taxMinor: { value: taxToday!, previous: taxThen! },
    orders: { value: ordersToday!.count, previous: ordersThen!.count },
    averageOrderMinor: {
      value: averageOf(ordersToday!.totalMinor, ordersToday!.count),
      previous: averageOf(ordersThen!.totalMinor, ordersThen!.count),
    },
    // There is no history of which orders were open at a past moment: the compare day's figure is
    // the orders placed that day (cancelled excluded, as for every order count here).
    activeOrders: { value: open.active, previous: ordersThen!.count },
    pendingOrders: { value: open.pending, previous: null },
    // Every review so far, against the reviews written before this instant a week ago.
    averageRating: {
      value: averageRatingOf(ratings.sum, ratings.count),
      previous: averageRatingOf(ratings.sumBefore, ratings.countBefore),
      count: ratings.count,
    },
    walletBalanceMinor: wallet && { value: wallet.nowMinor, previous: wallet.thenMinor },
  };
}

export async function getRevenueChart(
  ctx: StaffContext,
  input: { year: number | undefined; now: Date },
): Promise<TRevenueChart> {
  const restaurant = await findSessionRestaurant(ctx);
  const year = input.year ?? zonedParts(input.now, restaurant.timezone).year;
  const months = monthRanges(year, restaurant.timezone);
  const [revenue, orders] = await Promise.all([
    sumRevenue(ctx.db, restaurant.id, months),
    summarizeOrders(ctx.db, restaurant.id, months),
  ]);
  return {
    year,
    currency: restaurant.currency,
    months: months.map((_, index) => ({
      month: index + 1,
      revenueMinor: revenue[index]!,
      orders: orders[index]!.count,
    })),
  };
}

export async function getOrderSummary(
  ctx: StaffContext,
  input: { period: TDashboardPeriod; now: Date },
): Promise<TOrderSummary> {
  const restaurant = await findSessionRestaurant(ctx);
  const { from, to, range } = periodRange(input.period, input.now, restaurant.timezone);
  const [counts, [orders], [revenueMinor]] = await Promise.all([
    countOrdersByStatus(ctx.db, restaurant.id, range),
    summarizeOrders(ctx.db, restaurant.id, [range]),
    sumRevenue(ctx.db, restaurant.id, [range]),
  ]);
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, counts[status] ?? 0]),
  ) as TOrderSummary['byStatus'];
  return {
    period: input.period,
    currency: restaurant.currency,
    from,
    to,
    // Counted as the Overview's tiles count (cancelled excluded): one number of orders on the page.
    total: orders!.count,
    byStatus,
    totalMinor: orders!.totalMinor,
    revenueMinor: revenueMinor!,
  };
}

const byName = (a: MenuItemFigureRow, b: MenuItemFigureRow) =>
  a.name.localeCompare(b.name, 'en') || (a.menuItemId ?? '').localeCompare(b.menuItemId ?? '');
const byQuantity = (a: MenuItemFigureRow, b: MenuItemFigureRow) =>
  b.quantity - a.quantity || b.revenueMinor - a.revenueMinor || byName(a, b);
const byRevenue = (a: MenuItemFigureRow, b: MenuItemFigureRow) =>
  b.revenueMinor - a.revenueMinor || b.quantity - a.quantity || byName(a, b);

export async function getMenuItemStats(
  ctx: StaffContext,
  input: { period: TDashboardPeriod; now: Date },
): Promise<TMenuItemStats> {
  const restaurant = await findSessionRestaurant(ctx);
  const { from, to, range } = periodRange(input.period, input.now, restaurant.timezone);
  const rows = await sumMenuItemSales(ctx.db, restaurant.id, range);
  return {
    period: input.period,
    currency: restaurant.currency,
    from,
    to,
    items: [...rows].sort(byQuantity),
    byRevenue: [...rows].sort(byRevenue),
  };
}

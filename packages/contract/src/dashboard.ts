import { z } from 'zod';
import { ZId } from './common';
import { access, endpoint } from './endpoint';
import { ORDER_STATUSES } from './orders';
import { DASHBOARD_PERIODS } from './values/dashboard';

export { DASHBOARD_PERIODS };

/**
 * The Overview's figures, for the session's restaurant, in its time zone and currency. Revenue is
 * succeeded payments minus refunds, dated by when the money moved; orders count by when they were
 * placed, cancelled ones excluded unless a figure says otherwise.
 */

/** A figure today and on the same weekday last week (null where there is nothing to compare). */
const ZComparedFigure = z.object({ value: z.number(), previous: z.number().nullable() });

export const ZDashboardOverview = z.object({
  currency: z.string(),
  timezone: z.string(),
  /** Today in the restaurant's time zone, and the day it is compared with (a week before). */
  date: z.iso.date(),
  compareDate: z.iso.date(),
  revenueMinor: ZComparedFigure,
  /** The tax on the receipts of that business day (PRODUCT.md §11), credit notes taken off. */
  taxMinor: ZComparedFigure,
  /** Orders placed that day, cancelled ones excluded. */
  orders: ZComparedFigure,
  /** Those orders' total divided by their number, rounded half up; 0 without orders. */
  averageOrderMinor: ZComparedFigure,
  /** Orders not yet completed or cancelled, right now; previous: those placed on the compare day. */
  activeOrders: ZComparedFigure,
  /** Orders waiting to be accepted, right now (previous is null: no history of the moment). */
  pendingOrders: ZComparedFigure,
  /** The average review rating (1–5) of all time, and as it stood a week ago; null without reviews. */
  averageRating: z.object({
    value: z.number().nullable(),
    previous: z.number().nullable(),
    count: z.number().int(),
  }),
  /** The wallet balance now and a week ago; null for callers without wallet.view. */
  walletBalanceMinor: ZComparedFigure.nullable(),
});
export type TDashboardOverview = z.infer<typeof ZDashboardOverview>;

/**
 * Without a year, the restaurant's current year in its time zone (the server decides: on New Year's
 * morning in Kathmandu or Auckland, UTC is still in the old year).
 */
export const ZRevenueChartQuery = z.object({
  year: z.coerce
    .number({ message: 'must be a year' })
    .int({ message: 'must be a year' })
    .min(2000, { message: 'must be 2000 or later' })
    .max(2100, { message: 'must be 2100 or earlier' })
    .optional(),
});

export const ZRevenueChart = z.object({
  year: z.number().int(),
  currency: z.string(),
  /** Twelve months, January first. */
  months: z.array(
    z.object({
      month: z.number().int().min(1).max(12),
      revenueMinor: z.number().int(),
      /** Orders placed that month, cancelled ones excluded. */
      orders: z.number().int(),
    }),
  ),
});
export type TRevenueChart = z.infer<typeof ZRevenueChart>;

export const ZDashboardPeriod = z.enum(DASHBOARD_PERIODS, { message: 'must be today, week, month or year' });
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

/** week = the last 7 days including today; month and year = since the 1st of this month / year. */
export const ZPeriodQuery = z.object({ period: ZDashboardPeriod.default('today') });

const byStatusShape = Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as {
  [S in (typeof ORDER_STATUSES)[number]]: z.ZodNumber;
};

export const ZOrderSummary = z.object({
  period: ZDashboardPeriod,
  currency: z.string(),
  /** The period's first and last day in the restaurant's time zone. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Orders placed in the period, cancelled ones excluded (as every order count on the Overview); byStatus still lists them. */
  total: z.number().int(),
  byStatus: z.object(byStatusShape),
  /** The orders' totals, cancelled ones excluded. */
  totalMinor: z.number().int(),
  /** Revenue (payments minus refunds) in the period. */
  revenueMinor: z.number().int(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

const ZMenuItemFigure = z.object({
  /** Null for a dish since deleted from the menu (its name is the one on the orders). */
  menuItemId: ZId.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  revenueMinor: z.number().int(),
});

export const ZMenuItemStats = z.object({
  period: ZDashboardPeriod,
  currency: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  /**
   * Every dish sold in the period and every dish on the menu that was not (quantity 0), best first
   * by quantity (then revenue, then name): the top is the start, the bottom the end.
   */
  items: z.array(ZMenuItemFigure),
  /** The same dishes, best first by revenue. */
  byRevenue: z.array(ZMenuItemFigure),
});
export type TMenuItemStats = z.infer<typeof ZMenuItemStats>;

export const dashboardEndpoints = {
  dashboardOverview: endpoint({
    method: 'GET',
    path: '/api/dashboard/overview',
    tag: 'dashboard',
    summary: "Today's figures for the session's restaurant, against the same weekday last week",
    access: access.permission('dashboard.view'),
    response: ZDashboardOverview,
  }),
  revenueChart: endpoint({
    method: 'GET',
    path: '/api/dashboard/revenue-chart',
    tag: 'dashboard',
    summary: 'Revenue and orders by month for a year',
    access: access.permission('dashboard.view'),
    query: ZRevenueChartQuery,
    response: ZRevenueChart,
  }),
  orderSummary: endpoint({
    method: 'GET',
    path: '/api/dashboard/order-summary',
    tag: 'dashboard',
    summary: 'Orders by status for a period',
    access: access.permission('dashboard.view'),
    query: ZPeriodQuery,
    response: ZOrderSummary,
  }),
  menuItemStats: endpoint({
    method: 'GET',
    path: '/api/dashboard/menu-item-stats',
    tag: 'dashboard',
    summary: 'Dishes by quantity and by revenue for a period',
    access: access.permission('dashboard.view'),
    query: ZPeriodQuery,
    response: ZMenuItemStats,
  }),
};

import type { TAuditPage, TAuditQuery, TAuditSummary } from '@tavolo/contract/audit';
import { AppError } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import { localDateOf, lowerBoundOf, upperBoundOf, zonedDate } from '../../lib/zoned-time';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import {
  type AuditReasonTallyRow,
  type AuditTallyRow,
  findAuditEntries,
  sumVoidsAndDiscountsByPerson,
  sumVoidsAndDiscountsByReason,
  toAuditEntry,
} from './audit.repository';

/** The audit log of the session's restaurant, newest first; dates are its local days (`to` inclusive). */
export async function listAudit(ctx: StaffContext, query: TAuditQuery): Promise<TAuditPage> {
  const { timezone } = await findSessionRestaurant(ctx);
  const { rows, total } = await findAuditEntries(
    ctx.db,
    ctx.principal.restaurantId,
    {
      from: query.from ? lowerBoundOf(query.from, timezone) : undefined,
      to: query.to ? upperBoundOf(query.to, timezone) : undefined,
      kind: query.kind,
      personId: query.staffId,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The period a summary covers, [start, end): today in the restaurant's zone unless given; a lone
 * `from` runs to the end of today, a lone `to` starts on its own day.
 */
function summaryPeriod(query: { from?: string; to?: string }, timezone: string): { start: Date; end: Date } {
  const today = zonedDate(new Date(), timezone);
  const start = lowerBoundOf(query.from ?? (query.to ? localDateOf(query.to, timezone) : today), timezone);
  const end = upperBoundOf(query.to ?? today, timezone);
  if (end <= start) {
    throw new AppError('UNPROCESSABLE', 'The period ends before it starts', {
      to: 'must be on or after from',
    });
  }
  return { start, end };
}

type Tally = { count: number; amountMinor: number };
/** Largest amount first, then most often, then by name: who or what weighs most leads. */
const byWeight =
  <T extends Tally>(label: (t: T) => string) =>
  (x: T, y: T) =>
    y.amountMinor - x.amountMinor || y.count - x.count || label(x).localeCompare(label(y));

/** Voids and discounts of a period, by who gave them and by reason. */
export async function auditSummary(
  ctx: StaffContext,
  query: { from?: string; to?: string },
): Promise<TAuditSummary> {
  const { timezone } = await findSessionRestaurant(ctx);
  const range = summaryPeriod(query, timezone);
  const [people, reasons] = await Promise.all([
    sumVoidsAndDiscountsByPerson(ctx.db, ctx.principal.restaurantId, range),
    sumVoidsAndDiscountsByReason(ctx.db, ctx.principal.restaurantId, range),
  ]);
  const ofKind = (kind: AuditTallyRow['kind']) => ({
    byStaff: people
      .filter((row: AuditTallyRow) => row.kind === kind)
      .map((row) => ({
        staff: { id: row.personId, name: row.personName },
        count: row.count,
        amountMinor: row.amountMinor,
      }))
      .sort(byWeight((t) => t.staff.name)),
    byReason: reasons
      .filter((row: AuditReasonTallyRow) => row.kind === kind)
      .map((row) => ({ reason: row.reason, count: row.count, amountMinor: row.amountMinor }))
      .sort(byWeight((t) => t.reason)),
  });
  return {
    from: range.start.toISOString(),
    to: range.end.toISOString(),
    voids: ofKind('order.line_voided'),
    discounts: ofKind('order.discounted'),
  };
}

/** How many voids and discounts were given in [start, end), and what they took off (a day's report). */
export async function voidsAndDiscountsBetween(
  db: Db,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<{
  voids: { count: number; amountMinor: number };
  discounts: { count: number; amountMinor: number };
}> {
  const rows = await sumVoidsAndDiscountsByReason(db, restaurantId, range);
  const total = (kind: AuditReasonTallyRow['kind']) => {
    const mine = rows.filter((row) => row.kind === kind);
    return {
      count: mine.reduce((s, row) => s + row.count, 0),
      amountMinor: mine.reduce((s, row) => s + row.amountMinor, 0),
    };
  };
  return { voids: total('order.line_voided'), discounts: total('order.discounted') };
}

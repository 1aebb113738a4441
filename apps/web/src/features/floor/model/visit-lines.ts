import type { TKitchenStatus, TOrder, TOrderLine } from '@tavolo/contract/orders';
import { courseName } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';

/**
 * The visit's orders as a table's screen shows them: every line of every order not cancelled (the
 * guests' QR orders with the staff's), by seat and then by course, so a waiter serving seat 3 reads
 * seat 3's dishes together. A line keeps where it came from (its order and index) for its actions.
 */

export interface VisitLine {
  order: TOrder;
  lineIndex: number;
  line: TOrderLine;
}

export interface CourseGroup {
  /** 0 at once, 1–5 courses; null when the line names none. */
  course: number | null;
  lines: VisitLine[];
}

export interface SeatGroup {
  /** null: lines for the table as a whole (no seat named). */
  seat: number | null;
  courses: CourseGroup[];
}

/** Numbers first, ascending; null (nothing named) last. */
const byNumberThenNull = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b;

/** The visit's lines by seat, then course; within a course, in the order they were placed. */
export function groupVisitLines(orders: readonly TOrder[]): SeatGroup[] {
  const seats = new Map<number | null, Map<number | null, VisitLine[]>>();
  const placed = orders
    .filter((order) => order.status !== 'cancelled')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.number - b.number);
  for (const order of placed) {
    order.items.forEach((line, lineIndex) => {
      const courses = seats.get(line.seat) ?? new Map<number | null, VisitLine[]>();
      seats.set(line.seat, courses);
      courses.set(line.course, [...(courses.get(line.course) ?? []), { order, lineIndex, line }]);
    });
  }
  return [...seats.entries()]
    .sort(([a], [b]) => byNumberThenNull(a, b))
    .map(([seat, courses]) => ({
      seat,
      courses: [...courses.entries()]
        .sort(([a], [b]) => byNumberThenNull(a, b))
        .map(([course, lines]) => ({ course, lines })),
    }));
}

/** "Seat 3", or "Whole table" for lines without a seat. */
export function seatLabel(seat: number | null): string {
  return seat === null ? t('floor.seat.none') : t('floor.seat.number', { seat });
}

/** "At once", "Mains", "Course 4", or "No course" when the line names none. */
export function courseLabel(course: number | null): string {
  return course === null ? t('floor.course.none') : courseName(course);
}

/**
 * The courses of an order still held (PRODUCT.md §10), lowest first: each waits for staff to fire
 * it. A line voided whole holds nothing back; a cancelled or completed order fires nothing.
 */
export function heldCourses(order: TOrder): number[] {
  if (order.status === 'cancelled' || order.status === 'completed') return [];
  const courses = new Set<number>();
  for (const line of order.items) {
    if (line.kitchenStatus === 'held' && line.quantity > 0 && line.course !== null) courses.add(line.course);
  }
  return [...courses].sort((a, b) => a - b);
}

/** Where a line is in the kitchen, as its chip says it; nothing for a voided one (struck through already). */
export function kitchenStatusLabel(status: TKitchenStatus): string | null {
  switch (status) {
    case 'held':
      return t('floor.kitchen.held');
    case 'queued':
      return t('floor.kitchen.queued');
    case 'preparing':
      return t('floor.kitchen.preparing');
    case 'ready':
      return t('floor.kitchen.ready');
    case 'served':
      return t('floor.kitchen.served');
    case 'voided':
      return null;
  }
}

/** Units that can still be voided: those on the order (paid ones the server refuses with a reason). */
export function canVoid(entry: VisitLine): boolean {
  return entry.line.quantity > 0 && entry.order.status !== 'cancelled' && entry.order.status !== 'completed';
}

/** A line's units as ordered: those still on it and those voided since. */
export function orderedQuantity(line: TOrderLine): number {
  return line.quantity + line.voidedQuantity;
}

/** The orders of the visit that can move to another table: nothing paid, not final. */
export function movableOrders(orders: readonly TOrder[]): TOrder[] {
  return orders.filter(
    (order) => order.paidMinor === 0 && order.status !== 'cancelled' && order.status !== 'completed',
  );
}

/** An order's status in words, as the floor shows it beside the order's number. */
export function orderStatusLabel(status: TOrder['status']): string {
  switch (status) {
    case 'pending':
      return t('floor.orderStatus.pending');
    case 'accepted':
      return t('floor.orderStatus.accepted');
    case 'preparing':
      return t('floor.orderStatus.preparing');
    case 'ready':
      return t('floor.orderStatus.ready');
    case 'served':
      return t('floor.orderStatus.served');
    case 'completed':
      return t('floor.orderStatus.completed');
    case 'cancelled':
      return t('floor.orderStatus.cancelled');
  }
}

/** Who placed an order: a guest at the table (QR), or the staff member who took it. */
export function orderSourceLabel(order: Pick<TOrder, 'source' | 'takenBy'>): string {
  if (order.source === 'qr') return t('floor.source.guest');
  return order.takenBy ? t('floor.source.takenBy', { name: order.takenBy.name }) : t('floor.source.staff');
}

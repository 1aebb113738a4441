import { RECALL_WINDOW_MINUTES } from '@tavolo/contract/kitchen';
import type {
  TKitchenNotice,
  TKitchenStatus,
  TOrderLine,
  TOrderStatus,
  TStatusChange,
} from '@tavolo/contract/orders';
import { AppError } from '../../core/app-error';

/*
 * A line's way through the kitchen and the order's status that follows (PRODUCT.md §10), without
 * the database: held → queued (fired) → preparing → ready → served, or voided. Every function takes
 * an order's lines and answers new ones; the services lock the order, call these, then
 * `followLines` for the order's status, and write both.
 */

/** The kitchen fields a line gets when it is placed. */
export type KitchenFields = Pick<TOrderLine, 'kitchenStatus' | 'firedAt' | 'startedAt' | 'readyAt'>;

/** Lines that have gone to their stations and are still wanted. */
const FIRED: readonly TKitchenStatus[] = ['queued', 'preparing', 'ready', 'served'];
/** Lines a station still has to make. */
const TO_MAKE: readonly TKitchenStatus[] = ['queued', 'preparing'];

const courseOf = (line: Pick<TOrderLine, 'course'>) => line.course ?? 0;

/**
 * The courses of 1–5 that fire when an order is placed: the lowest one on it. Course 0 ("At once")
 * always fires at once.
 */
export function firstCourseOf(lines: readonly Pick<TOrderLine, 'course'>[]): number | null {
  let lowest: number | null = null;
  for (const line of lines) {
    const course = courseOf(line);
    if (course > 0 && (lowest === null || course < lowest)) lowest = course;
  }
  return lowest;
}

/** Kitchen fields of a new order's lines: course 0 and its lowest course fire now, later ones are held. */
export function placedKitchenFields(
  lines: readonly Pick<TOrderLine, 'course'>[],
  now: Date,
): KitchenFields[] {
  const first = firstCourseOf(lines);
  const at = now.toISOString();
  return lines.map((line) => {
    const course = courseOf(line);
    const fires = course === 0 || course === first;
    return {
      kitchenStatus: fires ? 'queued' : 'held',
      firedAt: fires ? at : null,
      startedAt: null,
      readyAt: null,
    };
  });
}

/** The courses with a line held, lowest first. */
export function heldCoursesOf(lines: readonly TOrderLine[]): number[] {
  const held = new Set<number>();
  for (const line of lines) if (line.kitchenStatus === 'held') held.add(courseOf(line));
  return [...held].sort((a, b) => a - b);
}

/** Fires a held course: its lines are queued at their stations. 409 when none of its lines is held. */
export function fireCourse(lines: readonly TOrderLine[], course: number, now: Date): TOrderLine[] {
  if (!lines.some((line) => line.kitchenStatus === 'held' && courseOf(line) === course)) {
    throw new AppError('INVALID_TRANSITION', `Course ${course} is not held on this order: nothing to fire`);
  }
  const at = now.toISOString();
  return lines.map((line) =>
    line.kitchenStatus === 'held' && courseOf(line) === course
      ? { ...line, kitchenStatus: 'queued', firedAt: at }
      : line,
  );
}

/** Every line index named exists on the order, else 422 naming the first that does not. */
function checkIndexes(lines: readonly TOrderLine[], indexes: readonly number[]): void {
  const missing = indexes.find((index) => index >= lines.length);
  if (missing !== undefined) {
    throw new AppError('UNPROCESSABLE', `The order has no line ${missing}`, {
      lineIndexes: `must be below ${lines.length}`,
    });
  }
}

function describeLine(line: TOrderLine): string {
  return `${line.quantity + line.voidedQuantity} × ${line.name}`;
}

/**
 * Starts lines (preparing) or makes them ready. A line already there stays as it is, so a double
 * tap changes nothing; a held, voided or served line answers 409, as does making a ready line
 * preparing (that is a recall). Bumping a recalled line ready answers its recall (its mark goes);
 * a void or a change stays to be acknowledged.
 */
export function bumpLines(
  lines: readonly TOrderLine[],
  indexes: readonly number[],
  status: 'preparing' | 'ready',
  now: Date,
): TOrderLine[] {
  checkIndexes(lines, indexes);
  const at = now.toISOString();
  const named = new Set(indexes);
  return lines.map((line, index) => {
    if (!named.has(index) || line.kitchenStatus === status) return line;
    switch (line.kitchenStatus) {
      case 'held':
        throw new AppError(
          'INVALID_TRANSITION',
          `${describeLine(line)} is held with course ${courseOf(line)}: fire the course first`,
        );
      case 'voided':
        throw new AppError('INVALID_TRANSITION', `${describeLine(line)} is voided`);
      case 'served':
        throw new AppError('INVALID_TRANSITION', `${describeLine(line)} is served already`);
      case 'ready':
        throw new AppError(
          'INVALID_TRANSITION',
          `${describeLine(line)} is ready: recall it to prepare it again`,
        );
      default: {
        // Made again and bumped, a recalled line has had its recall seen to.
        const kitchenNotice = line.kitchenNotice?.kind === 'recalled' ? null : line.kitchenNotice;
        return status === 'preparing'
          ? { ...line, kitchenStatus: 'preparing', startedAt: at, kitchenNotice }
          : { ...line, kitchenStatus: 'ready', startedAt: line.startedAt ?? at, readyAt: at, kitchenNotice };
      }
    }
  });
}

/** Takes lines made ready in the last RECALL_WINDOW_MINUTES back to preparing; 409 otherwise. */
export function recallLines(
  lines: readonly TOrderLine[],
  indexes: readonly number[],
  now: Date,
): TOrderLine[] {
  checkIndexes(lines, indexes);
  const named = new Set(indexes);
  const since = now.getTime() - RECALL_WINDOW_MINUTES * 60_000;
  return lines.map((line, index) => {
    if (!named.has(index)) return line;
    if (line.kitchenStatus !== 'ready' && line.kitchenStatus !== 'served') {
      throw new AppError(
        'INVALID_TRANSITION',
        `${describeLine(line)} is not ready: there is nothing to recall`,
      );
    }
    if (!line.readyAt || Date.parse(line.readyAt) < since) {
      throw new AppError(
        'INVALID_TRANSITION',
        `${describeLine(line)} was made ready more than ${RECALL_WINDOW_MINUTES} minutes ago: it cannot be recalled`,
      );
    }
    return noticeKitchen(line, { ...line, kitchenStatus: 'preparing', readyAt: null }, 'recalled', now);
  });
}

/** Lines a station has on its screen to make or hand out: what it must hear about when they change. */
const ON_STATION: readonly TKitchenStatus[] = ['queued', 'preparing', 'ready'];

/** The weight of a notice: a void says more than a change, a change more than a recall. */
const NOTICE_WEIGHT: Record<TKitchenNotice['kind'], number> = { recalled: 0, changed: 1, voided: 2 };

/**
 * The line after a void, a change or a recall (`after`), with the notice its station must
 * acknowledge: only when the line was on a station (fired; not yet served, unless recalled). A notice not yet
 * acknowledged keeps the line as the station first saw it and the weightier kind (VOID over CHANGED
 * over RECALLED).
 */
export function noticeKitchen(
  before: TOrderLine,
  after: TOrderLine,
  kind: TKitchenNotice['kind'],
  now: Date,
): TOrderLine {
  if (before.firedAt === null) return after;
  // A served line recalled goes back to the station; a served one voided or changed has left it.
  if (kind !== 'recalled' && !ON_STATION.includes(before.kitchenStatus)) return after;
  const held = before.kitchenNotice;
  const was =
    held?.was ??
    (kind === 'recalled'
      ? null
      : {
          quantity: before.quantity,
          options: before.options.map(({ group, choice }) => ({ group, choice })),
          note: before.note,
          seat: before.seat,
          course: courseOf(before),
        });
  const weightier = held && NOTICE_WEIGHT[held.kind] > NOTICE_WEIGHT[kind] ? held.kind : kind;
  return { ...after, kitchenNotice: { kind: weightier, at: now.toISOString(), was } };
}

/**
 * The station has seen the named lines' voids, changes or recalls: their notices go. A line with
 * none stays as it is (a second tablet's tap changes nothing); a line the order lacks answers 422.
 */
export function acknowledgeLines(lines: readonly TOrderLine[], indexes: readonly number[]): TOrderLine[] {
  checkIndexes(lines, indexes);
  const named = new Set(indexes);
  return lines.map((line, index) =>
    named.has(index) && line.kitchenNotice !== null ? { ...line, kitchenNotice: null } : line,
  );
}

/**
 * A line's new course (a waiter's change before the kitchen starts it): it is held when its course
 * has not fired on the order yet, else queued at once.
 */
export function recourseLine(
  lines: readonly TOrderLine[],
  index: number,
  course: number,
  now: Date,
): TOrderLine {
  const line = lines[index]!;
  if (line.kitchenStatus !== 'held' && line.kitchenStatus !== 'queued') return { ...line, course };
  const others = lines.filter((_, i) => i !== index);
  const firedCourses = others.filter((l) => l.firedAt !== null && courseOf(l) > 0).map(courseOf);
  const fires =
    course === 0 ||
    firedCourses.some((fired) => fired >= course) ||
    (firedCourses.length === 0 && (firstCourseOf(others) ?? course) >= course);
  return fires
    ? { ...line, course, kitchenStatus: 'queued', firedAt: line.firedAt ?? now.toISOString() }
    : { ...line, course, kitchenStatus: 'held', firedAt: null };
}

/** The line with every unit voided leaves the kitchen (units voided in part stay, struck through). */
export function voidedKitchenStatus(line: TOrderLine): TKitchenStatus {
  return line.quantity === 0 ? 'voided' : line.kitchenStatus;
}

/**
 * Moving a whole order on the board moves its fired lines with it: preparing starts what is
 * queued, ready and served finish every fired line, a cancellation voids what was not served
 * (marking VOID on its station what was fired there).
 * Completing an order with a course still held is refused (409).
 */
export function linesForOrderStatus(
  lines: readonly TOrderLine[],
  status: TOrderStatus,
  now: Date,
): TOrderLine[] {
  const at = now.toISOString();
  if (status === 'completed' && lines.some((line) => line.kitchenStatus === 'held')) {
    const courses = heldCoursesOf(lines as TOrderLine[]);
    throw new AppError(
      'INVALID_TRANSITION',
      `Course ${courses.join(', ')} of this order is still held: fire it or void its lines before completing`,
    );
  }
  return lines.map((line) => {
    const state = line.kitchenStatus;
    switch (status) {
      case 'preparing':
        return state === 'queued' ? { ...line, kitchenStatus: 'preparing', startedAt: at } : line;
      case 'ready':
        return TO_MAKE.includes(state)
          ? { ...line, kitchenStatus: 'ready', startedAt: line.startedAt ?? at, readyAt: at }
          : line;
      case 'served':
      case 'completed':
        return state === 'queued' || state === 'preparing' || state === 'ready'
          ? { ...line, kitchenStatus: 'served', startedAt: line.startedAt ?? at, readyAt: line.readyAt ?? at }
          : line;
      case 'cancelled':
        // A line on a station stays there struck through, marked VOID, until the cook acknowledges it.
        return state === 'served' || state === 'voided'
          ? line
          : noticeKitchen(line, { ...line, kitchenStatus: 'voided' }, 'voided', now);
      default:
        return line;
    }
  });
}

/**
 * The order's status its lines call for (PRODUCT.md §10), or its own when they call for nothing:
 * the first line started makes a pending or accepted order preparing; every fired line ready (or
 * served) makes it ready; a line to make again on a ready or served order (a course fired, a line
 * recalled) puts it back to preparing. Final orders stay as they are.
 */
export function statusFollowingLines(status: TOrderStatus, lines: readonly TOrderLine[]): TOrderStatus {
  if (status === 'completed' || status === 'cancelled') return status;
  const fired = lines.filter((line) => FIRED.includes(line.kitchenStatus) && line.quantity > 0);
  if (fired.length === 0) return status;
  const toMake = fired.filter((line) => TO_MAKE.includes(line.kitchenStatus));
  if (toMake.length > 0) {
    if (status === 'ready' || status === 'served') return 'preparing';
    if ((status === 'pending' || status === 'accepted') && fired.some((l) => l.kitchenStatus !== 'queued')) {
      return 'preparing';
    }
    return status;
  }
  return status === 'pending' || status === 'accepted' || status === 'preparing' ? 'ready' : status;
}

/**
 * The order's status and history once its lines changed: a move its lines call for is added to the
 * history with who made the change.
 */
export function followLines(
  order: { status: TOrderStatus; statusHistory: TStatusChange[] },
  lines: readonly TOrderLine[],
  by: TStatusChange['by'],
  now: Date,
): { status: TOrderStatus; statusHistory: TStatusChange[] } {
  const status = statusFollowingLines(order.status, lines);
  if (status === order.status) return { status, statusHistory: order.statusHistory };
  return {
    status,
    statusHistory: [...order.statusHistory, { status, at: now.toISOString(), by, reason: null }],
  };
}

import type { TKitchenStatus, TOrderStatus, TStatusChange } from '@tavolo/contract/orders';
import type { StoredOrderLine } from '../db/schema';

/**
 * Where the lines of one of the demo's open orders are in the kitchen (PRODUCT.md §10), as the
 * server would have left them: course 0 and the lowest of courses 1–5 fired when the order was
 * placed, the later courses held until someone fires them; the fired lines follow the order
 * (queued while pending or accepted, then preparing, ready, served). A finished order's lines need
 * none of this: the server reads old lines as served (or voided) already.
 */
export function withOpenKitchenState(
  lines: readonly StoredOrderLine[],
  status: TOrderStatus,
  history: readonly TStatusChange[],
): StoredOrderLine[] {
  const firstCourse = Math.min(...lines.map((l) => l.course ?? 0).filter((c) => c > 0));
  const placedAt = history[0]!.at;
  const atOf = (step: TOrderStatus) => history.find((h) => h.status === step)?.at ?? null;
  const fired: TKitchenStatus =
    status === 'preparing'
      ? 'preparing'
      : status === 'ready'
        ? 'ready'
        : status === 'served'
          ? 'served'
          : 'queued';
  return lines.map((line) => {
    const course = line.course ?? 0;
    if (course !== 0 && course !== firstCourse) {
      return { ...line, kitchenStatus: 'held', firedAt: null, startedAt: null, readyAt: null };
    }
    return {
      ...line,
      kitchenStatus: fired,
      firedAt: placedAt,
      startedAt: fired === 'queued' ? null : atOf('preparing'),
      readyAt: fired === 'ready' || fired === 'served' ? atOf('ready') : null,
    };
  });
}

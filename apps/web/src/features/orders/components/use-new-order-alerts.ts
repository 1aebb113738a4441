import type { TOrder } from '@tavolo/contract/orders';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a new card stands out on the board. */
export const HIGHLIGHT_MS = 10_000;

/** The new orders nobody has looked at yet: still pending, and in the set. */
export function countUnseen(orders: readonly TOrder[] | undefined, unseen: ReadonlySet<string>): number {
  if (!orders || unseen.size === 0) return 0;
  return orders.filter((order) => order.status === 'pending' && unseen.has(order.id)).length;
}

/**
 * New orders from the live stream: highlighted for a moment, and counted as unseen until someone
 * uses the page while it is on screen (a tap, a key). An order someone already accepted is seen.
 */
export function useNewOrderAlerts(orders: readonly TOrder[] | undefined, onNewOrder?: () => void) {
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(() => new Set());
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const onNew = useRef(onNewOrder);
  onNew.current = onNewOrder;

  const notify = useCallback((order: TOrder) => {
    setUnseen((ids) => new Set(ids).add(order.id));
    setHighlighted((ids) => new Set(ids).add(order.id));
    clearTimeout(timers.current.get(order.id));
    timers.current.set(
      order.id,
      setTimeout(() => {
        timers.current.delete(order.id);
        setHighlighted((ids) => {
          const next = new Set(ids);
          next.delete(order.id);
          return next;
        });
      }, HIGHLIGHT_MS),
    );
    onNew.current?.();
  }, []);

  const markSeen = useCallback(() => setUnseen((ids) => (ids.size === 0 ? ids : new Set())), []);

  const hasUnseen = unseen.size > 0;
  useEffect(() => {
    if (!hasUnseen) return;
    const seen = () => {
      if (document.visibilityState !== 'hidden') markSeen();
    };
    // On click, not pointerdown: the badge leaving reflows the toolbar, and a press that began on
    // a toolbar link would end on whatever moved under it (the link then never navigates).
    document.addEventListener('click', seen);
    document.addEventListener('keydown', seen);
    return () => {
      document.removeEventListener('click', seen);
      document.removeEventListener('keydown', seen);
    };
  }, [hasUnseen, markSeen]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { unseenCount: countUnseen(orders, unseen), highlighted, notify, markSeen };
}

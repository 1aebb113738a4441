import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { CloudOffIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import type { HttpError } from '../../../lib/api-client';
import { useConnectivity } from '../../../lib/connectivity';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { refusalAsError, useOfflineQueue } from '../../../lib/offline-queue';
import {
  entriesOfTable,
  type GuestOrderMeta,
  readPlacedOrder,
  replayGuestOrders,
  settleGuestOrder,
} from '../api/guest-order-queue';
import { settlePlacedOrder } from '../api/place-order';
import type { Cart } from '../model/cart';
import { noteWaitingOrders } from '../model/waiting-orders';

/**
 * The table's orders waiting on this phone for a connection ("waiting for a connection"), and what
 * became of those that went: a sent order opens as an order placed online would (`onSent`), a
 * refused one gives its cart back with the reason (`onRefused`). Each leaves the queue once handed
 * over (lib/offline-queue.ts: nothing is dropped unseen). Loaded after the menu's first paint.
 */
export function QueuedOrders({
  qrToken,
  currency,
  onSent,
  onRefused,
}: {
  qrToken: string;
  currency: string;
  onSent: (orderId: string) => void;
  /** The cart as it was sent, and the server's refusal as the API client's error. */
  onRefused: (sent: Cart, error: HttpError) => void;
}) {
  const queryClient = useQueryClient();
  const { entries, loaded } = useOfflineQueue<GuestOrderMeta>('guest-orders');
  const { online } = useConnectivity();
  const mine = useMemo(() => entriesOfTable(entries, qrToken), [entries, qrToken]);
  const handled = useRef(new Set<string>());
  const latest = useRef({ onSent, onRefused });
  latest.current = { onSent, onRefused };

  // What was queued before this page (a reload, the next visit) goes as soon as it can.
  useEffect(() => replayGuestOrders(), []);

  useEffect(() => {
    for (const entry of mine) {
      if (handled.current.has(entry.id) || !entry.meta) continue;
      if (entry.state === 'sent') {
        handled.current.add(entry.id);
        const order = readPlacedOrder(entry.answer);
        if (order) settlePlacedOrder(queryClient, qrToken, order);
        void settleGuestOrder(entry.id, qrToken);
        if (order) latest.current.onSent(order.id);
      } else if (entry.state === 'refused') {
        handled.current.add(entry.id);
        latest.current.onRefused(entry.meta.cart, refusalAsError(entry.refusal));
        void settleGuestOrder(entry.id, qrToken);
      }
    }
  }, [mine, queryClient, qrToken]);

  // None left at this table: the menu need not load this again next time.
  useEffect(() => {
    if (loaded && mine.length === 0) noteWaitingOrders(qrToken, false);
  }, [loaded, mine, qrToken]);

  const waiting = mine.filter((entry) => entry.state === 'waiting' || entry.state === 'sending');
  if (waiting.length === 0) return null;
  const sending = online && waiting.some((entry) => entry.state === 'sending');
  return (
    <section
      aria-labelledby="queued-orders-title"
      className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="queued-orders"
      data-state={sending ? 'sending' : 'waiting'}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          {sending ? <Spinner className="size-5" /> : <CloudOffIcon />}
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id="queued-orders-title" className="text-base font-semibold">
            {sending ? t('guest.queued.sendingTitle') : t('guest.queued.title')}
          </h2>
          <p className="text-sm">{online ? t('guest.queued.online') : t('guest.queued.offline')}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-1 pl-12 text-sm" aria-label={t('guest.queued.list')}>
        {waiting.map((entry) => {
          const lines = entry.meta?.cart.lines ?? [];
          const count = lines.reduce((sum, line) => sum + line.quantity, 0);
          return (
            <li key={entry.id} className="flex justify-between gap-3" data-testid="queued-order">
              <span className="min-w-0 truncate">
                {lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
              </span>
              <span className="shrink-0 font-medium tabular-nums">
                <span className="sr-only">{t('guest.queued.count', { count })} · </span>
                {formatMoney(entry.meta?.totalMinor ?? 0, currency)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

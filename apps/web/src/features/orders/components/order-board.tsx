import type { TOrder } from '@tavolo/contract/orders';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { groupByStatus } from '../model/board-orders';
import { BOARD_STATUSES, type BoardStatus, statusLabel } from '../model/order-status';
import { OrderCard, type OrderDialogView } from './order-card';

/** What an empty column says. */
function emptyColumnText(status: BoardStatus): string {
  switch (status) {
    case 'pending':
      return t('orders.board.emptyPending');
    case 'accepted':
      return t('orders.board.emptyAccepted');
    case 'preparing':
      return t('orders.board.emptyPreparing');
    case 'ready':
      return t('orders.board.emptyReady');
    case 'served':
      return t('orders.board.emptyServed');
  }
}

/**
 * The columns of the board. Its width (a container query), not the window's, picks the layout: a
 * status switcher with one column on a phone, columns that scroll sideways when they do not all
 * fit (a tablet beside the sidebar), all five side by side when they do.
 */
export function OrderBoard({
  orders,
  now,
  highlighted,
  moving,
  unsent,
  canManage,
  hasMoreActions,
  onAdvance,
  onOpen,
}: {
  orders: readonly TOrder[];
  now: number;
  highlighted: ReadonlySet<string>;
  /** Orders whose last move the server has not answered yet. */
  moving: ReadonlySet<string>;
  /** Orders whose move, made offline, waits to be sent. */
  unsent?: ReadonlySet<string>;
  canManage: boolean;
  hasMoreActions: (order: TOrder) => boolean;
  onAdvance: (order: TOrder) => void;
  onOpen: (order: TOrder, view: OrderDialogView) => void;
}) {
  const id = useId();
  const columns = groupByStatus(orders);
  // On a phone, start where there is work.
  const [shown, setShown] = useState<BoardStatus>(
    () => BOARD_STATUSES.find((status) => columns[status].length > 0) ?? 'pending',
  );

  return (
    <div className="@container">
      <fieldset className="mb-3 grid min-w-0 grid-cols-5 gap-0.5 rounded-xl bg-slate-900 p-1 @2xl:hidden">
        <legend className="sr-only">{t('orders.board.showOneStatus')}</legend>
        {BOARD_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={shown === status}
            aria-controls={`${id}-${status}`}
            onClick={() => setShown(status)}
            className={cn(
              'flex min-h-14 min-w-0 flex-col items-center justify-center rounded-lg px-0.5 py-1',
              'focus-visible:outline-sky-300',
              shown === status ? 'bg-slate-100 text-slate-950' : 'text-slate-200 hover:bg-slate-800',
            )}
          >
            <span className="text-lg leading-tight font-bold tabular-nums">{columns[status].length}</span>
            <span className="max-w-full truncate text-[0.6875rem] font-medium tracking-tight">
              {statusLabel(status)}
            </span>
          </button>
        ))}
      </fieldset>

      {/* Positioned, so that visually hidden text in columns scrolled out of view stays clipped. */}
      <div
        className={cn(
          'relative flex flex-col gap-3',
          '@2xl:snap-x @2xl:flex-row @2xl:items-start @2xl:overflow-x-auto @2xl:pb-2',
          // Five columns side by side from 800 px: a 1024 px tablet beside the navigation rail.
          '@[50rem]:grid @[50rem]:grid-cols-5 @[50rem]:gap-1.5 @[50rem]:overflow-visible @[50rem]:pb-0',
        )}
      >
        {BOARD_STATUSES.map((status) => {
          const list = columns[status];
          return (
            <section
              key={status}
              id={`${id}-${status}`}
              aria-labelledby={`${id}-${status}-title`}
              data-testid={`board-column-${status}`}
              className={cn(
                'min-w-0 flex-col gap-2 rounded-xl bg-slate-900 p-1.5',
                '@2xl:flex @2xl:w-64 @2xl:shrink-0 @2xl:snap-start @[50rem]:w-auto @[50rem]:p-1',
                shown === status ? 'flex' : 'hidden',
              )}
            >
              <h2
                id={`${id}-${status}-title`}
                className="flex items-center justify-between gap-2 px-1 pt-1 text-base font-bold tracking-wide text-slate-100 uppercase"
              >
                {statusLabel(status)}
                <span className="rounded-full bg-slate-700 px-2.5 py-0.5 text-sm tabular-nums">
                  <span aria-hidden="true">{list.length}</span>
                  <span className="sr-only">{t('orders.board.columnCount', { count: list.length })}</span>
                </span>
              </h2>
              {list.length > 0 ? (
                <ol className="flex flex-col gap-2">
                  {list.map((order) => (
                    <OrderCard
                      key={order.id}
                      order={order}
                      now={now}
                      highlighted={highlighted.has(order.id)}
                      moving={moving.has(order.id)}
                      unsent={unsent?.has(order.id) ?? false}
                      canManage={canManage}
                      hasMoreActions={hasMoreActions(order)}
                      onAdvance={onAdvance}
                      onOpen={onOpen}
                    />
                  ))}
                </ol>
              ) : (
                <p className="rounded-lg border-2 border-dashed border-slate-700 px-3 py-6 text-center text-sm font-medium text-slate-400">
                  {emptyColumnText(status)}
                </p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

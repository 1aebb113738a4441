import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { HistoryIcon, ReceiptIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { hasPermission, useCurrentSession } from '../../../lib/current-session';
import { useInertOutside } from '../../../lib/use-inert-outside';
import { useCurrentOrders } from '../api/get-current-orders';
import { useOrderStream } from '../api/order-stream';
import { isStaleMoveError, useOrdersBeingMoved, useUpdateOrderStatus } from '../api/update-order-status';
import { ConnectionIndicator } from '../components/connection-indicator';
import { KitchenDisplayToggle } from '../components/kitchen-display-toggle';
import { OrderBoard } from '../components/order-board';
import type { OrderDialogView } from '../components/order-card';
import { hasSecondaryActions, OrderDialogs, type OrderPermissions } from '../components/order-dialogs';
import { SoundToggle } from '../components/sound-toggle';
import { useNewOrderAlerts } from '../components/use-new-order-alerts';
import { useNow } from '../components/use-now';
import { useOrderSound } from '../components/use-order-sound';
import { nextAction } from '../model/order-status';
import { isUnpaid } from '../model/payment-amount';

/** A sentence for a refused move; the card is already back where it was. */
function describeMoveError(order: TOrder, error: unknown): string {
  if (isStaleMoveError(error)) {
    return `Order #${order.number} was already moved by someone else; the board is up to date again.`;
  }
  if (isHttpError(error, 409) && error.code === 'PAYMENT_REQUIRED') {
    return `Order #${order.number} is not paid yet: record the payment first.`;
  }
  return `Could not move order #${order.number}: ${getErrorMessage(error)}`;
}

/** Taps on one column closer together than this are one tap landing twice. */
const DOUBLE_TAP_MS = 400;

function BoardMessage({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-slate-700 px-6 py-16 text-center">
      {icon ? (
        <div className="flex size-14 items-center justify-center rounded-full bg-slate-800 text-teal-300">
          {icon}
        </div>
      ) : null}
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      {children ? <div className="max-w-md text-base text-slate-300">{children}</div> : null}
    </div>
  );
}

export function OrdersScreen() {
  const session = useCurrentSession();
  const permissions = useMemo<OrderPermissions>(
    () => ({
      canManage: hasPermission(session, 'orders.manage'),
      canPay: hasPermission(session, 'payments.manage'),
    }),
    [session],
  );
  const toast = useToast();
  const orders = useCurrentOrders();
  const sound = useOrderSound();
  const alerts = useNewOrderAlerts(orders.data, sound.play);
  const status = useOrderStream({ onOrderCreated: alerts.notify });
  const now = useNow(30_000);
  const move = useUpdateOrderStatus();
  const beingMoved = useOrdersBeingMoved();
  const [dialog, setDialog] = useState<{ order: TOrder; view: OrderDialogView } | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const kitchenDisplay = searchParams.get('view') === 'kitchen';
  const board = useRef<HTMLElement>(null);
  // The dashboard is still there under the display: Tab must not wander through it unseen.
  useInertOutside(board, kitchenDisplay);
  const setKitchenDisplay = useCallback(
    (on: boolean) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (on) next.set('view', 'kitchen');
          else next.delete('view');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const openDialog = useCallback((order: TOrder, view: OrderDialogView) => setDialog({ order, view }), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const changeView = useCallback(
    (view: OrderDialogView) => setDialog((current) => (current ? { ...current, view } : current)),
    [],
  );

  const { mutate } = move;
  const { canPay } = permissions;
  // One tap moves a card out from under the finger and the next card slides in: a double tap
  // must not move that one too, nor send the same move twice (the ref knows before any re-render).
  const movesSent = useRef(new Set<string>());
  const lastTap = useRef({ status: '', at: 0 });
  const advance = useCallback(
    (order: TOrder) => {
      const action = nextAction(order.status);
      if (!action || movesSent.current.has(order.id)) return;
      const now = performance.now();
      if (lastTap.current.status === order.status && now - lastTap.current.at < DOUBLE_TAP_MS) return;
      lastTap.current = { status: order.status, at: now };
      // Completing needs the bill paid: ask for the payment instead of a certain refusal.
      if (action.status === 'completed' && isUnpaid(order)) {
        if (canPay) setDialog({ order, view: 'pay-complete' });
        else
          toast.error(
            `Order #${order.number} is not paid yet: someone who takes payments must record it first.`,
          );
        return;
      }
      movesSent.current.add(order.id);
      mutate(
        { order, status: action.status },
        {
          onSettled: () => movesSent.current.delete(order.id),
          // The card leaves the board: say where it went.
          onSuccess: () => {
            if (action.status === 'completed') toast.success(`Order #${order.number} is completed.`);
          },
          onError: (error) => toast.error(describeMoveError(order, error)),
        },
      );
    },
    [canPay, mutate, toast],
  );

  const moreActions = useCallback((order: TOrder) => hasSecondaryActions(order, permissions), [permissions]);

  const list = orders.data;
  // The dialog follows the order live while it is on the board.
  const dialogOrder = dialog ? (list?.find((order) => order.id === dialog.order.id) ?? dialog.order) : null;
  const unseen = alerts.unseenCount;

  let content: ReactNode;
  if (orders.isPending) {
    content = (
      <div role="status" className="flex items-center justify-center gap-2 p-12 text-base text-slate-300">
        <Spinner className="size-5 text-teal-300" />
        <span>Loading...</span>
      </div>
    );
  } else if (orders.isError) {
    content = (
      <QueryError
        title="Could not load the orders"
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (list?.length === 0) {
    content = (
      <BoardMessage icon={<ReceiptIcon className="size-7" />} title="No open orders">
        New orders appear here the moment guests or staff place them, without reloading.
        {sound.supported && !sound.on ? ' Turn on the sound to hear them arrive.' : null}
      </BoardMessage>
    );
  } else {
    content = (
      <OrderBoard
        orders={list ?? []}
        moving={beingMoved}
        now={now}
        highlighted={alerts.highlighted}
        canManage={permissions.canManage}
        hasMoreActions={moreActions}
        onAdvance={advance}
        onOpen={openDialog}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Orders"
        documentTitle={unseen > 0 ? `(${unseen}) Orders · Tavolo` : undefined}
        description="Current orders, live as guests and staff place them."
        actions={
          <Link to="/dashboard/orders/past-orders" className={buttonClassName('secondary')}>
            <HistoryIcon />
            Past orders
          </Link>
        }
      />
      <section
        ref={board}
        tabIndex={-1}
        aria-label="Order board"
        className={cn(
          'flex flex-col gap-3 bg-slate-950 p-2 text-slate-100 outline-none [color-scheme:dark]',
          // Above the dashboard's top bar and sidebar; dialogs and toasts still come on top.
          kitchenDisplay ? 'fixed inset-0 z-40 overflow-y-auto' : 'rounded-2xl',
        )}
        data-testid="order-board"
        data-view={kitchenDisplay ? 'kitchen' : 'board'}
      >
        <div className="flex flex-wrap items-center justify-between gap-2 px-1">
          <div className="flex flex-wrap items-center gap-2">
            <ConnectionIndicator status={status} />
            <span role="status" aria-live="polite" data-testid="unseen-orders">
              {unseen > 0 ? (
                <span className="inline-flex min-h-9 items-center rounded-full bg-sky-300 px-3 text-sm font-bold text-slate-950">
                  {unseen} new {unseen === 1 ? 'order' : 'orders'}
                </span>
              ) : null}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {list && list.length > 0 ? (
              <span className="text-sm font-medium text-slate-300 tabular-nums">
                {list.length} open {list.length === 1 ? 'order' : 'orders'}
              </span>
            ) : null}
            <SoundToggle sound={sound} />
            <KitchenDisplayToggle on={kitchenDisplay} onChange={setKitchenDisplay} />
          </div>
        </div>
        {status === 'reconnecting' ? (
          <p className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm font-medium text-amber-200">
            Live updates are interrupted. Reconnecting… the board catches up as soon as the connection is
            back.
          </p>
        ) : null}
        {content}
      </section>
      <OrderDialogs
        order={dialogOrder}
        view={dialog?.view ?? 'actions'}
        permissions={permissions}
        onView={changeView}
        onClose={closeDialog}
      />
    </>
  );
}

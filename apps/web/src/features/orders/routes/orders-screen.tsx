import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ActivityIcon, HistoryIcon, ReceiptIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentOrders } from '../../../lib/current-orders';
import { useCan } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { unsentTaps, useStaffTapEntries } from '../../../lib/staff-taps';
import { useTableBills } from '../../../lib/table-bills';
import { useTableServiceActivity } from '../../../lib/table-service-activity';
import { useNow } from '../../../lib/use-now';
import { useOrdersBeingMoved } from '../api/update-order-status';
import { BoardMessage } from '../components/board-message';
import { BoardToolbar } from '../components/board-toolbar';
import { useLiveOrders } from '../components/live-orders';
import { OrderBoard } from '../components/order-board';
import type { OrderDialogView } from '../components/order-card';
import { hasSecondaryActions, OrderDialogs, type OrderPermissions } from '../components/order-dialogs';
import { ServiceRequestsStrip } from '../components/service-requests-strip';
import { useAdvanceOrder } from '../components/use-advance-order';
import { withUnsentMoves } from '../model/board-orders';

const BOARD_TAPS = ['order.status'] as const;

/**
 * The live board of current orders: columns by status, new orders announced. The kitchen's display
 * is the station screen; a tablet bookmarked on the board's old kitchen view (`?view=kitchen`) goes
 * there.
 */
export function OrdersScreen() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('view') === 'kitchen') return <Navigate to="/dashboard/kitchen" replace />;
  return <OrdersBoardScreen />;
}

function OrdersBoardScreen() {
  const canManage = useCan('orders.manage');
  const canPay = useCan('payments.manage');
  const canAudit = useCan('audit.view');
  const permissions = useMemo<OrderPermissions>(() => ({ canManage, canPay }), [canManage, canPay]);
  const orders = useCurrentOrders();
  // The dashboard's one live connection: the board shows it, it does not open another.
  const { status, alerts, sound, requestAnnouncement } = useLiveOrders();
  const bills = useTableBills();
  const settled = useTableServiceActivity()?.settled;
  const settledTables = useMemo(
    () => [...new Set(settled?.map((table) => table.tableNumber))].sort((a, b) => a - b),
    [settled],
  );
  const now = useNow(30_000);
  const beingMoved = useOrdersBeingMoved();
  const [dialog, setDialog] = useState<{ order: TOrder; view: OrderDialogView } | null>(null);
  const board = useRef<HTMLElement>(null);

  const openDialog = useCallback((order: TOrder, view: OrderDialogView) => setDialog({ order, view }), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const changeView = useCallback(
    (view: OrderDialogView) => setDialog((current) => (current ? { ...current, view } : current)),
    [],
  );

  const advance = useAdvanceOrder({
    canPay: permissions.canPay,
    onPaymentNeeded: (order) => setDialog({ order, view: 'pay-complete' }),
  });

  const moreActions = useCallback((order: TOrder) => hasSecondaryActions(order, permissions), [permissions]);

  // Moves made through a Wi-Fi drop are drawn over the list until they are sent (PRODUCT.md §13).
  const entries = useStaffTapEntries();
  const shown = useMemo(() => {
    if (!orders.data) return undefined;
    return withUnsentMoves(orders.data, unsentTaps(entries, BOARD_TAPS));
  }, [orders.data, entries]);
  const list = shown?.orders;
  // The dialog follows the order live while it is on the board.
  const dialogOrder = dialog ? (list?.find((order) => order.id === dialog.order.id) ?? dialog.order) : null;
  const unseen = alerts.unseenCount;

  let content: ReactNode;
  if (orders.isPending) {
    content = (
      <div role="status" className="flex items-center justify-center gap-2 p-12 text-base text-slate-300">
        <Spinner className="size-5 text-teal-300" />
        <span>{t('orders.board.loading')}</span>
      </div>
    );
  } else if (orders.isError && !list) {
    content = (
      <QueryError
        title={t('orders.loadFailed')}
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (list?.length === 0) {
    content = (
      <BoardMessage icon={<ReceiptIcon className="size-7" />} title={t('orders.board.noOpenOrders')}>
        {t('orders.board.noOpenOrdersHint')}
        {sound.supported && !sound.on ? ` ${t('orders.board.turnOnSoundHint')}` : null}
      </BoardMessage>
    );
  } else {
    content = (
      <OrderBoard
        orders={list ?? []}
        moving={beingMoved}
        unsent={shown?.unsent}
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
        title={t('orders.board.title')}
        description={t('orders.board.description')}
        actions={
          <>
            <Link to="/dashboard/orders/past-orders" className={buttonClassName('secondary')}>
              <HistoryIcon />
              {t('orders.pastOrders')}
            </Link>
            {canAudit ? (
              <Link to="/dashboard/orders/activity" className={buttonClassName('secondary')}>
                <ActivityIcon />
                {t('orders.activity')}
              </Link>
            ) : null}
          </>
        }
      />
      <section
        ref={board}
        tabIndex={-1}
        aria-label={t('orders.board.label')}
        className="flex flex-col gap-3 rounded-2xl bg-slate-950 p-2 text-slate-100 outline-none [color-scheme:dark]"
        data-testid="order-board"
      >
        <BoardToolbar
          status={status}
          unseen={unseen}
          openCount={list?.length}
          sound={sound}
          openBills={bills.data?.items.length}
          settledTables={settledTables}
        />
        <ServiceRequestsStrip now={now} canManage={canManage} announcement={requestAnnouncement} />
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

import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, type RefObject, useCallback, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useOrder } from '../api/get-order';
import { canCancel, statusLabel } from '../model/order-status';
import { amountDue } from '../model/payment-amount';
import { CancelOrderForm } from './cancel-order-form';
import type { OrderDialogView } from './order-card';
import { OrderDetails } from './order-details';
import { RecordPaymentForm } from './record-payment-form';

export interface OrderPermissions {
  canManage: boolean;
  canPay: boolean;
}

/** What the "more" menu of an order offers this user. */
export function secondaryActions(order: TOrder, { canManage, canPay }: OrderPermissions) {
  const unpaid = amountDue(order) > 0 && order.status !== 'cancelled';
  return {
    payment: canPay && unpaid,
    payAndComplete: canPay && canManage && unpaid && order.status === 'served',
    cancel: canManage && canCancel(order.status),
  };
}

export function hasSecondaryActions(order: TOrder, permissions: OrderPermissions): boolean {
  const actions = secondaryActions(order, permissions);
  return actions.payment || actions.payAndComplete || actions.cancel;
}

function ActionButton({
  children,
  onClick,
  tone = 'default',
}: {
  children: ReactNode;
  onClick: () => void;
  tone?: 'default' | 'danger';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex min-h-14 w-full items-center rounded-lg border px-4 text-left text-base font-semibold',
        tone === 'danger'
          ? 'border-red-200 text-red-800 hover:bg-red-50'
          : 'border-line text-ink hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

/** "Table 4 · Preparing", under the dialog's title. */
function orderSummary(order: TOrder): string {
  return t('orders.dialog.summary', { table: order.tableNumber, status: statusLabel(order.status) });
}

function LiveDetails({ order, timezone }: { order: TOrder; timezone: string }) {
  // The board's copy shows at once; the fresh one (and live updates) replace it.
  const query = useOrder(order.id, order);
  return <OrderDetails order={query.data ?? order} timezone={timezone} />;
}

/** The details of one order in a dialog: for lists that are not the board (past orders). */
export function OrderDetailsDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  const { restaurant } = useCurrentSession();
  return (
    <ModalDialog
      open={order !== null}
      onClose={onClose}
      variant="sheet"
      size="wide"
      testId="order-details-dialog"
      title={order ? t('orders.dialog.title', { number: order.number }) : ''}
      description={order ? orderSummary(order) : undefined}
    >
      {order ? <LiveDetails order={order} timezone={restaurant.timezone} /> : null}
    </ModalDialog>
  );
}

/**
 * The board's dialogs: one modal whose content changes (more actions → cancel, say), so focus
 * returns to the card that opened it when it closes. `order` is the board's live copy when it is
 * still on the board, the last one seen otherwise.
 */
export function OrderDialogs({
  order,
  view,
  permissions,
  onView,
  onClose,
}: {
  order: TOrder | null;
  view: OrderDialogView;
  permissions: OrderPermissions;
  onView: (view: OrderDialogView) => void;
  onClose: () => void;
}) {
  const { restaurant } = useCurrentSession();
  const [busy, setBusy] = useState(false);
  const cancelFocus = useRef<HTMLTextAreaElement>(null);
  const paymentFocus = useRef<HTMLSelectElement>(null);
  const detailsFocus = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);

  let title = '';
  let description: string | undefined;
  let body: ReactNode = null;
  let initialFocus: RefObject<HTMLElement | null> | undefined;
  if (order) {
    const actions = secondaryActions(order, permissions);
    const due = formatMoney(amountDue(order), order.currency);
    switch (view) {
      case 'actions':
        title = t('orders.dialog.title', { number: order.number });
        description = orderSummary(order);
        body = (
          <div className="flex flex-col gap-2">
            <ActionButton onClick={() => onView('details')}>{t('orders.dialog.viewDetails')}</ActionButton>
            {actions.payment ? (
              <ActionButton onClick={() => onView('payment')}>
                {t('orders.dialog.recordPayment', { due })}
              </ActionButton>
            ) : null}
            {actions.payAndComplete ? (
              <ActionButton onClick={() => onView('pay-complete')}>
                {t('orders.dialog.recordPaymentAndComplete')}
              </ActionButton>
            ) : null}
            {actions.cancel ? (
              <ActionButton tone="danger" onClick={() => onView('cancel')}>
                {t('orders.dialog.cancelOrder')}
              </ActionButton>
            ) : null}
          </div>
        );
        break;
      case 'details':
        title = t('orders.dialog.title', { number: order.number });
        description = orderSummary(order);
        initialFocus = detailsFocus;
        body = (
          <div ref={detailsFocus} tabIndex={-1} className="outline-none">
            <LiveDetails order={order} timezone={restaurant.timezone} />
          </div>
        );
        break;
      case 'cancel':
        title = t('orders.dialog.cancelTitle', { number: order.number });
        initialFocus = cancelFocus;
        body = (
          <CancelOrderForm order={order} focusRef={cancelFocus} onDone={onClose} onBusyChange={setBusy} />
        );
        break;
      case 'payment':
      case 'pay-complete':
        title =
          view === 'payment'
            ? t('orders.dialog.paymentTitle', { number: order.number })
            : t('orders.dialog.payAndCompleteTitle', { number: order.number });
        initialFocus = paymentFocus;
        body = (
          <RecordPaymentForm
            // A fresh form (and Idempotency-Key) per order and purpose.
            key={`${order.id}-${view}`}
            order={order}
            complete={view === 'pay-complete'}
            focusRef={paymentFocus}
            onDone={onClose}
            onBusyChange={setBusy}
          />
        );
        break;
    }
  }

  return (
    <ModalDialog
      open={order !== null}
      onClose={close}
      variant="sheet"
      size={view === 'details' ? 'wide' : 'normal'}
      testId="order-dialog"
      title={title}
      description={description}
      initialFocus={initialFocus}
    >
      {body}
    </ModalDialog>
  );
}

import type { TOrder } from '@tavolo/contract/orders';
import { useCallback, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { isStaleMoveError, useUpdateOrderStatus } from '../api/update-order-status';
import { nextAction } from '../model/order-status';
import { isUnpaid } from '../model/payment-amount';

/** A sentence for a refused move; the card is already back where it was. */
function describeMoveError(order: TOrder, error: unknown): string {
  const { number } = order;
  if (isStaleMoveError(error)) return t('orders.move.alreadyMoved', { number });
  if (isHttpError(error, 409) && error.code === 'PAYMENT_REQUIRED') {
    return t('orders.move.notPaidRecordFirst', { number });
  }
  return t('orders.move.failed', { number, error: getErrorMessage(error) });
}

/** Taps on one column closer together than this are one tap landing twice. */
const DOUBLE_TAP_MS = 400;

/**
 * The card's main button: moves the order one step on. Completing an unpaid order asks for the
 * payment instead (`onPaymentNeeded`, for those who take payments) rather than a certain refusal.
 */
export function useAdvanceOrder({
  canPay,
  onPaymentNeeded,
}: {
  canPay: boolean;
  onPaymentNeeded: (order: TOrder) => void;
}) {
  const toast = useToast();
  const { mutate } = useUpdateOrderStatus({ queueOffline: true });
  // One tap moves a card out from under the finger and the next card slides in: a double tap
  // must not move that one too, nor send the same move twice (the ref knows before any re-render).
  const movesSent = useRef(new Set<string>());
  const lastTap = useRef({ status: '', at: 0 });
  const onPayment = useRef(onPaymentNeeded);
  onPayment.current = onPaymentNeeded;

  return useCallback(
    (order: TOrder) => {
      const action = nextAction(order.status);
      if (!action || movesSent.current.has(order.id)) return;
      const now = performance.now();
      if (lastTap.current.status === order.status && now - lastTap.current.at < DOUBLE_TAP_MS) return;
      lastTap.current = { status: order.status, at: now };
      if (action.status === 'completed' && isUnpaid(order)) {
        if (canPay) onPayment.current(order);
        else toast.error(t('orders.move.notPaidAskSomeone', { number: order.number }));
        return;
      }
      movesSent.current.add(order.id);
      mutate(
        { order, status: action.status },
        {
          onSettled: () => movesSent.current.delete(order.id),
          // The card leaves the board: say where it went (once it did; a queued move shows its mark).
          onSuccess: (result) => {
            if (action.status === 'completed' && !result.queued) {
              toast.success(t('orders.move.completed', { number: order.number }));
            }
          },
          onError: (error) => toast.error(describeMoveError(order, error)),
        },
      );
    },
    [canPay, mutate, toast],
  );
}

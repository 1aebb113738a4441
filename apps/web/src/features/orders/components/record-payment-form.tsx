import type { TOrder, TRecordPaymentRequest } from '@tavolo/contract/orders';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice } from '../../../lib/price-input';
import { randomUuid } from '../../../lib/random-uuid';
import { useRecordPayment } from '../api/record-payment';
import { isStaleMoveError, useUpdateOrderStatus } from '../api/update-order-status';
import { paymentMethodLabel } from '../model/order-labels';
import { amountDue, defaultPaymentInput, parsePaymentAmount } from '../model/payment-amount';

/** The ways staff take a payment by hand (online payments are the guest's). */
const METHODS = ['cash', 'card', 'transfer'] as const;
type Method = (typeof METHODS)[number];

/**
 * Records a cash, card or transfer payment; with `complete`, records all that is due and then
 * completes the order. A retry of the same payment (after a dropped connection, say) reuses its
 * Idempotency-Key, so it is never recorded twice.
 */
export function RecordPaymentForm({
  order,
  complete,
  focusRef,
  onDone,
  onBusyChange,
}: {
  order: TOrder;
  complete: boolean;
  focusRef: RefObject<HTMLSelectElement | null>;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const toast = useToast();
  const payment = useRecordPayment();
  const move = useUpdateOrderStatus();
  const currency = order.currency;
  const due = amountDue(order);
  const [method, setMethod] = useState<Method>('cash');
  const [amount, setAmount] = useState(() => defaultPaymentInput(order));
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const busy = payment.isPending || move.isPending;

  useEffect(() => {
    focusRef.current?.focus();
  }, [focusRef]);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const submit = async () => {
    setFormError(undefined);
    const parsed = complete ? { ok: true as const, minor: due } : parsePaymentAmount(amount, due, currency);
    if (!parsed.ok) {
      setAmountError(parsed.message);
      return;
    }
    setAmountError(undefined);
    // Someone else took the whole payment meanwhile: only the completing is left to do.
    if (complete && due === 0) {
      await completeOrder(order, null);
      return;
    }
    const body: TRecordPaymentRequest = { method, amountMinor: parsed.minor };
    if (reference.trim()) body.reference = reference.trim();
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: randomUuid() };

    let paid: TOrder;
    try {
      ({ order: paid } = await payment.mutateAsync({
        orderId: order.id,
        body,
        idempotencyKey: attempt.current.key,
      }));
    } catch (error) {
      // The server's own words count in minor units; ours name the money. The order reloads
      // (useRecordPayment), so what is due above is current again.
      const fields = isHttpError(error) ? error.apiError?.fields : undefined;
      if (fields?.amountMinor && !complete) setAmountError(t('orders.payment.overDueNowField'));
      else setFormError(fields?.amountMinor ? t('orders.payment.overDueNow') : getErrorMessage(error));
      return;
    }
    const recorded = formatMoney(parsed.minor, currency);
    if (!complete) {
      toast.success(t('orders.payment.recorded', { amount: recorded, number: order.number }));
      onDone();
      return;
    }
    await completeOrder(paid, recorded);
  };

  /** Completes the order; `recorded` is the payment just taken, if any, for the message. */
  const completeOrder = async (paidOrder: TOrder, recorded: string | null) => {
    const { number } = order;
    try {
      await move.mutateAsync({ order: paidOrder, status: 'completed' });
      toast.success(
        recorded
          ? t('orders.payment.recordedAndCompleted', { amount: recorded, number })
          : t('orders.move.completed', { number }),
      );
    } catch (error) {
      if (isStaleMoveError(error)) {
        toast.error(
          recorded
            ? t('orders.payment.recordedButMovedOn', { amount: recorded, number })
            : t('orders.payment.movedOn', { number }),
        );
      } else {
        const reason = getErrorMessage(error);
        toast.error(
          recorded
            ? t('orders.payment.recordedButNotCompleted', { amount: recorded, number, error: reason })
            : t('orders.payment.notCompleted', { number, error: reason }),
        );
      }
    }
    onDone();
  };

  return (
    <form
      noValidate
      aria-label={
        complete
          ? t('orders.payment.formLabelComplete', { number: order.number })
          : t('orders.payment.formLabel', { number: order.number })
      }
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-baseline justify-between gap-4 rounded-lg bg-surface px-4 py-3">
        <span className="text-sm text-ink-muted">
          {order.paidMinor > 0
            ? t('orders.payment.dueForTablePartly', {
                table: order.tableNumber,
                paid: formatMoney(order.paidMinor, currency),
              })
            : t('orders.payment.dueForTable', { table: order.tableNumber })}
        </span>
        <span className="text-xl font-semibold text-ink tabular-nums" data-testid="amount-due">
          {formatMoney(due, currency)}
        </span>
      </div>
      <SelectField
        ref={focusRef}
        label={t('orders.payment.method')}
        value={method}
        options={METHODS.map((value) => ({ value, label: paymentMethodLabel(value) }))}
        onChange={(event) => setMethod(event.target.value as Method)}
      />
      {complete ? null : (
        <TextField
          label={t('orders.payment.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          hint={t('orders.payment.amountHint', {
            max: formatMoney(due, currency),
            example: examplePrice(currency),
          })}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <TextField
        label={t('orders.payment.reference')}
        autoComplete="off"
        maxLength={120}
        value={reference}
        hint={t('orders.payment.referenceHint')}
        onChange={(event) => setReference(event.target.value)}
      />
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('orders.payment.notNow')}
        </Button>
        <Button
          type="submit"
          pending={busy}
          pendingLabel={move.isPending ? t('orders.payment.completing') : t('orders.payment.recording')}
        >
          {complete
            ? due === 0
              ? t('orders.payment.complete')
              : t('orders.payment.recordAndComplete', { amount: formatMoney(due, currency) })
            : t('orders.payment.submit')}
        </Button>
      </div>
    </form>
  );
}

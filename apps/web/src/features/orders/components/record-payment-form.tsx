import type { TOrder, TRecordPaymentRequest } from '@tavolo/contract/orders';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { examplePrice } from '../../../lib/price-input';
import { randomUuid } from '../../../lib/random-uuid';
import { useRecordPayment } from '../api/record-payment';
import { isStaleMoveError, useUpdateOrderStatus } from '../api/update-order-status';
import { amountDue, defaultPaymentInput, parsePaymentAmount } from '../model/payment-amount';

const METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'transfer', label: 'Bank transfer' },
] as const;
type Method = (typeof METHODS)[number]['value'];

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
      const message = fields?.amountMinor
        ? 'is more than what is due now: someone may have just recorded a payment. Check the amount due and try again.'
        : undefined;
      if (message && !complete) setAmountError(message);
      else setFormError(message ? `The amount ${message}` : getErrorMessage(error));
      return;
    }
    const recorded = formatMoney(parsed.minor, currency);
    if (!complete) {
      toast.success(`${recorded} recorded for order #${order.number}.`);
      onDone();
      return;
    }
    await completeOrder(paid, recorded);
  };

  /** Completes the order; `recorded` is the payment just taken, if any, for the message. */
  const completeOrder = async (paidOrder: TOrder, recorded: string | null) => {
    const done = recorded ? `${recorded} recorded; order` : 'Order';
    const but = recorded ? `${recorded} recorded, but order` : 'Order';
    try {
      await move.mutateAsync({ order: paidOrder, status: 'completed' });
      toast.success(`${done} #${order.number} is completed.`);
    } catch (error) {
      toast.error(
        isStaleMoveError(error)
          ? `${but} #${order.number} had already moved on; the board is up to date again.`
          : `${but} #${order.number} was not completed: ${getErrorMessage(error)}`,
      );
    }
    onDone();
  };

  return (
    <form
      noValidate
      aria-label={
        complete
          ? `Record payment and complete order ${order.number}`
          : `Record a payment for order ${order.number}`
      }
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-baseline justify-between gap-4 rounded-lg bg-surface px-4 py-3">
        <span className="text-sm text-ink-muted">
          Due for table {order.tableNumber}
          {order.paidMinor > 0 ? ` (${formatMoney(order.paidMinor, currency)} already paid)` : ''}
        </span>
        <span className="text-xl font-semibold text-ink tabular-nums" data-testid="amount-due">
          {formatMoney(due, currency)}
        </span>
      </div>
      <SelectField
        ref={focusRef}
        label="Method"
        value={method}
        options={METHODS}
        onChange={(event) => setMethod(event.target.value as Method)}
      />
      {complete ? null : (
        <TextField
          label={`Amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={amountError}
          hint={`Up to ${formatMoney(due, currency)}, e.g. ${examplePrice(currency)}.`}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <TextField
        label="Reference (optional)"
        autoComplete="off"
        maxLength={120}
        value={reference}
        hint="A receipt or transaction number, if there is one."
        onChange={(event) => setReference(event.target.value)}
      />
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Not now
        </Button>
        <Button type="submit" pending={busy} pendingLabel={move.isPending ? 'Completing…' : 'Recording…'}>
          {complete
            ? due === 0
              ? 'Complete'
              : `Record ${formatMoney(due, currency)} and complete`
            : 'Record payment'}
        </Button>
      </div>
    </form>
  );
}

import { type TOrder, ZUpdateOrderStatusRequest } from '@tavolo/contract/orders';
import { type RefObject, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { isStaleMoveError, useUpdateOrderStatus } from '../api/update-order-status';

/** One tap for the usual reasons; the words go into the order's history as they read here. */
function quickReasons(): string[] {
  return [
    t('orders.cancel.reasonGuestLeft'),
    t('orders.cancel.reasonSoldOut'),
    t('orders.cancel.reasonMistake'),
    t('orders.cancel.reasonDuplicate'),
  ];
}
const MAX_REASON = 300;

/** Cancelling needs a reason, kept in the order's history. */
export function CancelOrderForm({
  order,
  focusRef,
  onDone,
  onBusyChange,
}: {
  order: TOrder;
  focusRef: RefObject<HTMLTextAreaElement | null>;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const toast = useToast();
  const move = useUpdateOrderStatus();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  useEffect(() => {
    focusRef.current?.focus();
  }, [focusRef]);

  useEffect(() => onBusyChange(move.isPending), [move.isPending, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const submit = async () => {
    setFormError(undefined);
    const parsed = ZUpdateOrderStatusRequest.safeParse({ status: 'cancelled', reason });
    if (!parsed.success || !parsed.data.reason) {
      setFieldError(t('orders.cancel.reasonRequired'));
      focusRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      await move.mutateAsync({ order, status: 'cancelled', reason: parsed.data.reason });
      toast.success(t('orders.cancel.done', { number: order.number }));
      onDone();
    } catch (error) {
      if (isStaleMoveError(error)) {
        toast.error(t('orders.move.alreadyMoved', { number: order.number }));
        onDone();
        return;
      }
      const fields = isHttpError(error) ? error.apiError?.fields : undefined;
      if (fields?.reason) setFieldError(fields.reason);
      else setFormError(getErrorMessage(error));
    }
  };

  return (
    <form
      noValidate
      aria-label={t('orders.cancel.formLabel', { number: order.number })}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-ink-muted">{t('orders.cancel.explanation', { table: order.tableNumber })}</p>
      <TextareaField
        ref={focusRef}
        label={t('orders.cancel.reason')}
        value={reason}
        maxLength={MAX_REASON}
        rows={3}
        error={fieldError}
        onChange={(event) => setReason(event.target.value)}
        hint={t('orders.cancel.characters', { count: reason.length, max: MAX_REASON })}
      />
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">{t('orders.cancel.commonReasons')}</legend>
        {quickReasons().map((quick) => (
          <button
            key={quick}
            type="button"
            onClick={() => {
              setReason(quick);
              setFieldError(undefined);
            }}
            className="min-h-11 rounded-full border border-line bg-surface px-3 text-sm text-ink hover:bg-slate-100"
          >
            {quick}
          </button>
        ))}
      </fieldset>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={move.isPending}>
          {t('orders.cancel.keep')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          pending={move.isPending}
          pendingLabel={t('orders.cancel.cancelling')}
        >
          {t('orders.cancel.submit')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { TPaymentListItem, TRefundRequest } from '@tavolo/contract/payments';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { getErrorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { examplePrice } from '../../lib/price-input';
import { randomUuid } from '../../lib/random-uuid';
import {
  defaultRefundValues,
  type RefundFormValues,
  refundableMinor,
  refundFormField,
  refundFormSchema,
  toRefundRequest,
} from '../../lib/refund-form';
import { useRefundPayment } from '../../lib/refund-payment';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ModalDialog } from '../ui/modal-dialog';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea-field';
import { useToast } from '../ui/toast';

// Here rather than in a feature: the Payments screen and an order's details both open it.

export type RefundablePayment = Pick<
  TPaymentListItem,
  'id' | 'amountMinor' | 'refundedMinor' | 'status' | 'method' | 'orderNumber'
>;

/** What the payment was and what went back of it already ("€12.00 by card, €2.00 already refunded."). */
function describePayment(payment: RefundablePayment, currency: string): string {
  const amount = formatMoney(payment.amountMinor, currency);
  const method = payment.method;
  return payment.refundedMinor > 0
    ? t('shared.refund.paidPartlyRefunded', {
        amount,
        method,
        refunded: formatMoney(payment.refundedMinor, currency),
      })
    : t('shared.refund.paid', { amount, method });
}

/** The sentence with `part` (an amount) in bold, wherever the language puts it. */
function emphasise(sentence: string, part: string): ReactNode {
  const at = sentence.indexOf(part);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <strong className="tabular-nums">{part}</strong>
      {sentence.slice(at + part.length)}
    </>
  );
}

/**
 * Gives back part or all of a payment, in two steps: the amount (what is left, to start with) and
 * a reason, then a confirmation, since money that went back cannot be taken again. One
 * Idempotency-Key per opening of the dialog, so a retry after a lost answer never refunds twice;
 * a new one only if the refund itself changes (the server refuses a key reused for another body).
 */
export function RefundPaymentDialog({
  payment,
  currency,
  onClose,
}: {
  payment: RefundablePayment | null;
  currency: string;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const amountInput = useRef<HTMLInputElement | null>(null);
  return (
    <ModalDialog
      open={payment !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      variant="sheet"
      testId="refund-dialog"
      title={payment ? t('shared.refund.title', { number: payment.orderNumber }) : ''}
      description={payment ? describePayment(payment, currency) : undefined}
      initialFocus={amountInput}
    >
      {payment ? (
        <RefundForm
          payment={payment}
          currency={currency}
          amountInput={amountInput}
          onBusyChange={setBusy}
          onDone={onClose}
        />
      ) : null}
    </ModalDialog>
  );
}

function RefundForm({
  payment,
  currency,
  amountInput,
  onBusyChange,
  onDone,
}: {
  payment: RefundablePayment;
  currency: string;
  amountInput: RefObject<HTMLInputElement | null>;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const refund = useRefundPayment();
  const left = refundableMinor(payment);
  const [confirming, setConfirming] = useState<TRefundRequest | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const attempt = useRef<{ body: string | null; key: string } | null>(null);
  attempt.current ??= { body: null, key: randomUuid() };
  const backButton = useRef<HTMLButtonElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RefundFormValues>({
    resolver: zodResolver(refundFormSchema(left, currency)),
    defaultValues: defaultRefundValues(payment, currency),
  });

  useEffect(() => onBusyChange(refund.isPending), [refund.isPending, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);
  // The confirmation starts on its safe choice; going back returns to the amount.
  useEffect(() => {
    if (confirming) backButton.current?.focus();
  }, [confirming]);

  const review = handleSubmit((values) => {
    setFormError(null);
    setConfirming(toRefundRequest(values, currency));
  });

  const back = () => {
    setConfirming(null);
    requestAnimationFrame(() => setFocus('amount'));
  };

  const send = async (body: TRefundRequest) => {
    const text = JSON.stringify(body);
    const current = attempt.current ?? { body: null, key: randomUuid() };
    attempt.current =
      current.body === null || current.body === text
        ? { body: text, key: current.key }
        : { body: text, key: randomUuid() };
    const amount = formatMoney(body.amountMinor, currency);
    try {
      await refund.mutateAsync({ paymentId: payment.id, body, idempotencyKey: attempt.current.key });
    } catch (error) {
      setConfirming(null);
      toast.error(t('shared.refund.failed', { amount, reason: getErrorMessage(error) }));
      setFormError(applyServerErrors(error, setError, refundFormField));
      return;
    }
    toast.success(t('shared.refund.done', { amount, number: payment.orderNumber }));
    onDone();
  };

  const { ref: amountRef, ...amountField } = register('amount');
  if (confirming) {
    const amount = formatMoney(confirming.amountMinor, currency);
    return (
      <div className="flex flex-col gap-4" data-testid="refund-confirmation">
        <p className="text-base text-ink">
          {emphasise(t('shared.refund.confirm', { amount }), amount)}
          {confirming.reason ? (
            <>
              {' '}
              <span className="break-words">{t('shared.refund.reason', { reason: confirming.reason })}</span>
            </>
          ) : null}
        </p>
        <p className="text-sm text-ink-muted">{t('shared.refund.final')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={backButton} variant="secondary" onClick={back} disabled={refund.isPending}>
            {t('shared.refund.back')}
          </Button>
          <Button
            variant="danger"
            pending={refund.isPending}
            pendingLabel={t('shared.refund.refunding')}
            onClick={() => void send(confirming)}
          >
            {t('shared.refund.refundAmount', { amount })}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      id={formId}
      noValidate
      aria-label={t('shared.refund.formLabel', { number: payment.orderNumber })}
      className="flex flex-col gap-4"
      onSubmit={review}
    >
      {formError ? <Alert>{formError}</Alert> : null}
      <TextField
        label={t('shared.refund.amountLabel', { currency })}
        inputMode="decimal"
        autoComplete="off"
        hint={t('shared.refund.amountHint', {
          left: formatMoney(left, currency),
          example: examplePrice(currency),
        })}
        error={errors.amount?.message}
        ref={(element) => {
          amountRef(element);
          amountInput.current = element;
        }}
        {...amountField}
      />
      <TextareaField
        label={t('shared.refund.reasonLabel')}
        maxLength={300}
        hint={t('shared.refund.reasonHint')}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('shared.refund.cancel')}
        </Button>
        <Button type="submit">{t('shared.refund.review')}</Button>
      </div>
    </form>
  );
}

import type { TDiscountReason } from '@tavolo/contract/order-changes';
import { DISCOUNT_REASONS } from '@tavolo/contract/order-changes';
import type { TOrder } from '@tavolo/contract/orders';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { useDiscountOrder } from '../api/change-order';
import { discountReasonLabel, parseDiscount } from '../model/order-changes';
import { ChoiceChips } from './choice-chips';
import { PinSheet } from './pin-sheet';
import { useApprovedChange } from './use-approved-change';

type Kind = 'percent' | 'amount';

/**
 * A discount on one line or the whole order: a percentage or an amount, and why. A comp is 100 % of
 * a line. Without the permission, a manager's PIN approves it on the same phone.
 */
export function DiscountSheet({
  order,
  lineIndex,
  onClose,
}: {
  order: TOrder;
  /** The line to discount; absent: the whole order. */
  lineIndex?: number;
  onClose: () => void;
}) {
  const toast = useToast();
  const discount = useDiscountOrder();
  const approval = useApprovedChange();
  const [kind, setKind] = useState<Kind>('percent');
  const [figure, setFigure] = useState('');
  const [reason, setReason] = useState<TDiscountReason | ''>('');
  const [note, setNote] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const key = useRef(randomUuid());
  const line = lineIndex === undefined ? undefined : order.items[lineIndex];
  const parsed = parseDiscount(kind, figure, order.currency);
  const subject = line
    ? t('floor.discount.onLine', { name: line.name, number: order.number })
    : t('floor.discount.onOrder', { number: order.number });

  const submit = () => {
    if (!parsed.ok || !reason) {
      setShowProblems(true);
      return;
    }
    const what =
      'percent' in parsed.value
        ? t('floor.discount.percentOff', { percent: parsed.value.percent })
        : t('floor.discount.amountOff', { amount: formatMoney(parsed.value.amountMinor, order.currency) });
    approval.submit({
      action: t('floor.discount.action', { what, subject }),
      send: (approvalPin) =>
        discount.mutateAsync({
          orderId: order.id,
          idempotencyKey: key.current,
          body: {
            ...(lineIndex === undefined ? {} : { lineIndex }),
            ...parsed.value,
            reason,
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(approvalPin ? { approvalPin } : {}),
          },
        }),
      onDone: () => {
        toast.success(t('floor.discount.done', { what, subject }));
        onClose();
      },
    });
  };

  return (
    <>
      <ModalDialog
        open
        onClose={() => {
          if (!approval.pending) onClose();
        }}
        variant="sheet"
        title={t('floor.discount.title')}
        description={subject}
        testId="discount-sheet"
        footer={
          <div className="flex flex-col gap-2">
            {showProblems && !reason ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {t('floor.discount.reasonRequired')}
              </p>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              {line ? (
                <Button
                  variant="secondary"
                  className="min-h-14"
                  disabled={approval.pending}
                  onClick={() => {
                    setKind('percent');
                    setFigure('100');
                  }}
                >
                  {t('floor.discount.comp')}
                </Button>
              ) : null}
              <Button
                size="large"
                className="sm:flex-1"
                pending={approval.pending}
                onClick={submit}
                data-testid="discount-submit"
              >
                {t('floor.discount.submit')}
              </Button>
            </div>
          </div>
        }
      >
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <SegmentedControl
            legend={t('floor.discount.kind')}
            segments={[
              { value: 'percent', label: t('floor.discount.percent') },
              { value: 'amount', label: t('floor.discount.amount', { currency: order.currency }) },
            ]}
            value={kind}
            onChange={setKind}
          />
          <TextField
            label={kind === 'percent' ? t('floor.discount.percentLabel') : t('floor.discount.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={figure}
            onChange={(event) => setFigure(event.target.value)}
            error={showProblems && !parsed.ok ? parsed.message : undefined}
          />
          <ChoiceChips
            legend={t('floor.discount.reason')}
            chips={DISCOUNT_REASONS.map((value) => ({ value, label: discountReasonLabel(value) }))}
            value={reason}
            onChange={setReason}
            wrap
            testId="discount-reasons"
          />
          <TextareaField
            label={t('floor.discount.note')}
            maxLength={200}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </form>
      </ModalDialog>
      <PinSheet {...approval.pinSheet} />
    </>
  );
}

import type { TVoidReason } from '@tavolo/contract/order-changes';
import { VOID_REASONS } from '@tavolo/contract/order-changes';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { t } from '../../../lib/i18n/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { useVoidOrderLine } from '../api/change-order';
import { voidReasonLabel } from '../model/order-changes';
import type { VisitLine } from '../model/visit-lines';
import { ChoiceChips } from './choice-chips';
import { PinSheet } from './pin-sheet';
import { useApprovedChange } from './use-approved-change';

/**
 * Voiding units of a placed line: how many, why, a note; a question before it goes. Without the
 * permission, a manager's PIN approves it on the same phone. The units stay on the ticket struck
 * through and leave the bill.
 */
export function VoidSheet({ entry, onClose }: { entry: VisitLine; onClose: () => void }) {
  const toast = useToast();
  const voidLine = useVoidOrderLine();
  const approval = useApprovedChange();
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<TVoidReason | ''>('');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [showProblem, setShowProblem] = useState(false);
  // One key for this void, kept through the PIN and any retry: it is never voided twice.
  const key = useRef(randomUuid());
  const { line, order, lineIndex } = entry;
  const what = t('floor.void.what', { count: quantity, name: line.name });

  const send = () => {
    if (!reason) return;
    setAsking(false);
    approval.submit({
      action: t('floor.void.action', { what }),
      send: (approvalPin) =>
        voidLine.mutateAsync({
          orderId: order.id,
          lineIndex,
          idempotencyKey: key.current,
          body: {
            quantity,
            reason,
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(approvalPin ? { approvalPin } : {}),
          },
        }),
      onDone: () => {
        toast.success(t('floor.void.done', { what, number: order.number }));
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
        title={t('floor.void.title', { name: line.name })}
        description={t('floor.void.description', { number: order.number })}
        testId="void-sheet"
        footer={
          <div className="flex flex-col gap-2">
            {showProblem && !reason ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {t('floor.void.reasonRequired')}
              </p>
            ) : null}
            <div className="flex items-center gap-2">
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                max={line.quantity}
                label={t('floor.void.quantity', { name: line.name })}
              />
              <Button
                variant="danger"
                size="large"
                className="flex-1"
                pending={approval.pending}
                onClick={() => {
                  if (!reason) setShowProblem(true);
                  else setAsking(true);
                }}
                data-testid="void-submit"
              >
                {t('floor.void.submit', { count: quantity })}
              </Button>
            </div>
          </div>
        }
      >
        <div className="flex flex-col gap-5">
          <ChoiceChips
            legend={t('floor.void.reason')}
            chips={VOID_REASONS.map((value) => ({ value, label: voidReasonLabel(value) }))}
            value={reason}
            onChange={setReason}
            wrap
            testId="void-reasons"
          />
          <TextareaField
            label={t('floor.void.note')}
            maxLength={200}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </ModalDialog>
      <ConfirmDialog
        open={asking}
        title={t('floor.void.confirmTitle', { what })}
        description={t('floor.void.confirmDescription')}
        confirmLabel={t('floor.void.confirm')}
        cancelLabel={t('floor.cancel')}
        onConfirm={send}
        onCancel={() => setAsking(false)}
      />
      <PinSheet {...approval.pinSheet} />
    </>
  );
}

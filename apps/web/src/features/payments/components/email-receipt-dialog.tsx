import { EmailReceiptForm } from '../../../components/shared/email-receipt-form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { t } from '../../../lib/i18n/i18n';

/** Asks for an address and e-mails the receipt with its PDF; a toast says it went, and the dialog closes. */
export function EmailReceiptDialog({
  receipt,
  open,
  onClose,
}: {
  receipt: { id: string; number: string };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('payments.receipt.emailTitle', { number: receipt.number })}
      description={t('payments.receipt.emailDescription')}
      testId="email-receipt-dialog"
    >
      <EmailReceiptForm receiptId={receipt.id} confirm="toast" onSent={onClose} />
    </ModalDialog>
  );
}

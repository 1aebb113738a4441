import { ReceiptView } from '../../../components/shared/receipt-view';
import { Button } from '../../../components/ui/button';
import { PrinterIcon } from '../../../components/ui/icons';
import { PrintSlip } from '../../../components/ui/print-slip';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useReceipt } from '../../../lib/get-receipt';
import { t } from '../../../lib/i18n/i18n';

/**
 * The receipt itself, as the till prints it, read with the table's code; printable on 80 mm paper.
 * Loaded when the guest asks to see it: the payment page does not carry it.
 */
export function ReceiptDocument({
  receiptId,
  qrToken,
  timeZone,
}: {
  receiptId: string;
  qrToken: string;
  timeZone: string;
}) {
  const receipt = useReceipt(receiptId, qrToken);

  if (!receipt.data) {
    if (receipt.isError) {
      return (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <p className="text-base font-semibold text-ink">{t('guest.receipt.loadFailed')}</p>
          <p className="text-sm text-ink-muted">{getErrorMessage(receipt.error)}</p>
          <Button
            variant="secondary"
            size="large"
            onClick={() => void receipt.refetch()}
            pending={receipt.isFetching}
            pendingLabel={t('guest.common.tryingAgain')}
          >
            {t('guest.common.tryAgain')}
          </Button>
        </div>
      );
    }
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-ink-muted">
        <Spinner className="size-5 text-accent-700" />
        {t('guest.receipt.documentLoading')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        className="mx-auto w-full max-w-sm rounded-xl border border-line bg-white p-4 text-ink shadow-inner"
        data-testid="guest-receipt-document"
      >
        <ReceiptView receipt={receipt.data} timeZone={timeZone} />
      </div>
      <Button variant="secondary" size="large" onClick={() => window.print()}>
        <PrinterIcon />
        {t('guest.receipt.print')}
      </Button>
      <PrintSlip testId="receipt-print">
        <ReceiptView receipt={receipt.data} timeZone={timeZone} />
      </PrintSlip>
    </div>
  );
}

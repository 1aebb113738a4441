import { lazy, Suspense, useId, useState } from 'react';
import { EmailReceiptForm } from '../../../components/shared/email-receipt-form';
import { Button, buttonClassName } from '../../../components/ui/button';
import { DownloadIcon, MessageIcon, ReceiptIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { receiptPdfUrl } from '../../../lib/get-receipt';
import { t } from '../../../lib/i18n/i18n';

// The receipt's own code (the till-like view, the print slip) loads when the guest opens it.
const ReceiptDocument = lazy(() =>
  import('./receipt-document').then((module) => ({ default: module.ReceiptDocument })),
);

/**
 * The receipt of a paid bill payment: open it (read with the table's code), download its PDF, or
 * have it e-mailed, the table's code being the credential again.
 */
export function YourReceipt({
  receiptId,
  qrToken,
  timeZone,
}: {
  receiptId: string;
  qrToken: string;
  timeZone: string;
}) {
  const [viewing, setViewing] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const documentId = useId();
  const formId = useId();

  return (
    <section
      aria-labelledby={`${documentId}-heading`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      data-testid="your-receipt"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700">
          <ReceiptIcon />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id={`${documentId}-heading`} className="text-base font-semibold text-ink">
            {t('guest.receipt.yours')}
          </h2>
          <p className="text-sm text-ink-muted">{t('guest.receipt.yoursText')}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="large"
        aria-expanded={viewing}
        aria-controls={documentId}
        onClick={() => setViewing((open) => !open)}
      >
        <ReceiptIcon />
        {viewing ? t('guest.receipt.hide') : t('guest.receipt.view')}
      </Button>
      <div id={documentId} hidden={!viewing}>
        {viewing ? (
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 py-4 text-sm text-ink-muted">
                <Spinner className="size-5 text-accent-700" />
                {t('guest.receipt.documentLoading')}
              </p>
            }
          >
            <ReceiptDocument receiptId={receiptId} qrToken={qrToken} timeZone={timeZone} />
          </Suspense>
        ) : null}
      </div>
      <a
        href={receiptPdfUrl(receiptId, qrToken)}
        download
        className={buttonClassName('secondary', undefined, 'large')}
        data-testid="your-receipt-pdf"
      >
        <DownloadIcon />
        {t('guest.receipt.pdf')}
      </a>
      <Button
        variant="secondary"
        size="large"
        aria-expanded={emailing}
        aria-controls={formId}
        onClick={() => setEmailing((open) => !open)}
      >
        <MessageIcon />
        {t('guest.receipt.emailMe')}
      </Button>
      <div id={formId} hidden={!emailing}>
        {emailing ? (
          <EmailReceiptForm receiptId={receiptId} token={qrToken} confirm="inline" size="large" />
        ) : null}
      </div>
    </section>
  );
}

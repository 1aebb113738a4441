import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReceiptView } from '../../../components/shared/receipt-view';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import {
  ArrowLeftIcon,
  DownloadIcon,
  MessageIcon,
  PrinterIcon,
  ReceiptIcon,
} from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { PrintSlip } from '../../../components/ui/print-slip';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { formatDateTime } from '../../../lib/format';
import { receiptPdfUrl, useReceipt } from '../../../lib/get-receipt';
import { t } from '../../../lib/i18n/i18n';
import { EmailReceiptDialog } from '../components/email-receipt-dialog';
import { PaymentsAreaTabs } from '../components/payments-area-tabs';
import { receiptPath } from '../components/receipts-list';

function BackToReceipts() {
  return (
    <Link to="/dashboard/payments/receipts" className={buttonClassName('ghost', '-ml-2 self-start')}>
      <ArrowLeftIcon />
      {t('payments.receipt.back')}
    </Link>
  );
}

/** One receipt or credit note as the till prints it, to print on 80 mm paper, open as a PDF or e-mail. */
export function ReceiptScreen() {
  const { id = '' } = useParams();
  const { restaurant } = useCurrentSession();
  const receipt = useReceipt(id);
  const [emailing, setEmailing] = useState(false);

  if (!receipt.data) {
    return (
      <>
        <PageHeader title={t('payments.receipt.loadingTitle')} />
        <PaymentsAreaTabs />
        <div className="flex flex-col gap-4">
          <BackToReceipts />
          {receipt.isError && isHttpError(receipt.error, 404) ? (
            <EmptyState
              icon={<ReceiptIcon />}
              title={t('payments.receipt.notFound')}
              description={t('payments.receipt.notFoundDescription')}
            />
          ) : receipt.isError ? (
            <QueryError
              title={t('payments.receipt.loadError')}
              error={receipt.error}
              retrying={receipt.isFetching}
              onRetry={() => void receipt.refetch()}
            />
          ) : (
            <Loading />
          )}
        </div>
      </>
    );
  }

  const data = receipt.data;
  const credit = data.kind === 'credit_note';
  const title = credit
    ? t('payments.receipt.creditNoteTitle', { number: data.number })
    : t('payments.receipt.title', { number: data.number });
  return (
    <>
      <PageHeader
        title={title}
        description={formatDateTime(data.issuedAt, restaurant.timezone)}
        actions={
          <>
            <Button variant="secondary" onClick={() => window.print()}>
              <PrinterIcon />
              {t('payments.receipt.print')}
            </Button>
            <a
              href={receiptPdfUrl(data.id)}
              target="_blank"
              rel="noopener"
              className={buttonClassName('secondary')}
              data-testid="receipt-pdf"
            >
              <DownloadIcon />
              {t('payments.receipt.pdf')}
            </a>
            <Button variant="secondary" onClick={() => setEmailing(true)}>
              <MessageIcon />
              {t('payments.receipt.email')}
            </Button>
          </>
        }
      />
      <PaymentsAreaTabs />
      <div className="flex flex-col gap-4">
        <BackToReceipts />
        {data.creditFor ? (
          <p className="text-sm text-ink-muted">
            <Link
              to={receiptPath(data.creditFor.id)}
              className="font-medium text-accent-800 underline underline-offset-2"
            >
              {t('payments.receipt.openCredited', { number: data.creditFor.number })}
            </Link>
          </p>
        ) : null}
        <Card className="w-full max-w-sm self-center sm:self-start" data-testid="receipt-paper">
          <ReceiptView receipt={data} timeZone={restaurant.timezone} />
        </Card>
      </div>
      <PrintSlip testId="receipt-print">
        <ReceiptView receipt={data} timeZone={restaurant.timezone} />
      </PrintSlip>
      <EmailReceiptDialog receipt={data} open={emailing} onClose={() => setEmailing(false)} />
    </>
  );
}

import type { TBillReceipt } from '@tavolo/contract/table-service';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CheckIcon, CloudOffIcon, ReceiptIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useBillReceipt } from '../api/get-bill-receipt';
import { useGuestMenu } from '../api/get-guest-menu';
import { useTableStream } from '../api/table-stream';
import { GuestNotice } from '../components/guest-notice';
import { GuestPageHeader } from '../components/guest-page-header';
import { YourReceipt } from '../components/your-receipt';
import { type MenuNames, menuNames } from '../model/menu-names';

/** Where the payment provider sends the payer back: waiting for the payment, then its receipt. */
export function GuestReceiptScreen() {
  const { qrToken = '', paymentId = '' } = useParams();
  // A payment that goes through moves the bill: the stream reloads the receipt at once.
  useTableStream(qrToken);
  const receipt = useBillReceipt(qrToken, paymentId);
  const menu = useGuestMenu(qrToken);
  const restaurant = menu.data?.restaurant;
  const menuPath = `/t/${encodeURIComponent(qrToken)}`;
  const billPath = `${menuPath}/bill`;
  const backToBill = (
    <Link to={billPath} className={buttonClassName('primary', undefined, 'large')}>
      {t('guest.common.backToBill')}
    </Link>
  );

  if (!receipt.data) {
    if (receipt.isError && (isHttpError(receipt.error, 404) || isHttpError(receipt.error, 400))) {
      return (
        <GuestNotice
          title={t('guest.receipt.notFoundTitle')}
          icon={<ReceiptIcon className="size-8" />}
          action={backToBill}
        >
          <p>{t('guest.receipt.notFoundText')}</p>
        </GuestNotice>
      );
    }
    if (receipt.isError) {
      return (
        <GuestNotice
          title={t('guest.receipt.loadFailed')}
          icon={<CloudOffIcon className="size-8" />}
          action={
            <Button
              size="large"
              onClick={() => void receipt.refetch()}
              pending={receipt.isFetching}
              pendingLabel={t('guest.common.tryingAgain')}
            >
              {t('guest.common.tryAgain')}
            </Button>
          }
        >
          <p>{getErrorMessage(receipt.error)}</p>
        </GuestNotice>
      );
    }
    return <ReceiptWaiting billPath={billPath} />;
  }

  const current = receipt.data;
  if (current.status === 'failed') {
    return (
      <GuestNotice
        title={t('guest.receipt.failedTitle')}
        icon={<CloudOffIcon className="size-8" />}
        action={backToBill}
      >
        <p data-testid="receipt-failed">{t('guest.receipt.failedText')}</p>
      </GuestNotice>
    );
  }
  if (current.status === 'pending') return <ReceiptWaiting billPath={billPath} />;

  return (
    <div className="min-h-dvh pb-10">
      <title>{t('guest.receipt.pageTitle', { restaurant: current.restaurantName })}</title>
      <GuestPageHeader
        backTo={billPath}
        backLabel={t('guest.common.backToBill')}
        restaurant={restaurant}
        fallbackTitle={current.restaurantName}
      />
      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
        <section
          className="flex items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-4 shadow-sm"
          data-testid="receipt-paid"
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-green-700 text-white">
            <CheckIcon />
          </span>
          <div className="flex flex-col">
            <h1 className="text-xl font-bold text-green-800">{t('guest.receipt.paid')}</h1>
            <p className="text-sm text-green-800">{t('guest.receipt.keep')}</p>
          </div>
        </section>
        <ReceiptCard receipt={current} timeZone={restaurant?.timezone} names={menuNames(menu.data?.menu)} />
        {current.receiptId ? (
          <YourReceipt
            receiptId={current.receiptId}
            qrToken={qrToken}
            timeZone={restaurant?.timezone ?? 'UTC'}
          />
        ) : null}
        {backToBill}
      </main>
    </div>
  );
}

function ReceiptWaiting({ billPath }: { billPath: string }) {
  return (
    <GuestNotice
      title={t('guest.receipt.confirming')}
      icon={<Spinner className="size-8" />}
      action={
        <Link to={billPath} className={buttonClassName('secondary', undefined, 'large')}>
          {t('guest.common.backToBill')}
        </Link>
      }
    >
      <p role="status" data-testid="receipt-pending">
        {t('guest.receipt.waiting')}
      </p>
    </GuestNotice>
  );
}

function ReceiptCard({
  receipt,
  timeZone,
  names,
}: {
  receipt: TBillReceipt;
  timeZone: string | undefined;
  names: MenuNames;
}) {
  const { currency } = receipt;
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <section
      aria-labelledby="receipt-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      data-testid="receipt"
    >
      <div className="flex flex-col gap-0.5">
        <h2 id="receipt-heading" className="text-base font-semibold text-ink">
          {receipt.restaurantName}
        </h2>
        <p className="text-sm text-ink-muted">
          {t('guest.common.table', { number: String(receipt.tableNumber) })}
          {receipt.paidAt ? ` · ${formatDateTime(receipt.paidAt, timeZone ?? 'UTC')}` : ''}
        </p>
      </div>
      {receipt.mode === 'items' && receipt.items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('guest.receipt.paidFor')}>
          {receipt.items.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's items never move.
              key={index}
              className="flex items-start justify-between gap-3 py-2"
              data-testid="receipt-item"
            >
              <p className="text-base text-ink">
                <span className="font-semibold tabular-nums">{item.quantity} ×</span>{' '}
                {item.menuItemId ? names.dish(item.menuItemId, item.name) : item.name}
              </p>
              <span className="shrink-0 text-base text-ink tabular-nums">{money(item.amountMinor)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-base text-ink" data-testid="receipt-what">
          {receipt.mode === 'equal' && receipt.parts
            ? t('guest.receipt.share', { parts: receipt.parts })
            : t('guest.bill.title')}
        </p>
      )}
      <dl className="flex flex-col gap-1 border-t border-line pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('guest.common.amount')}</dt>
          <dd className="text-ink tabular-nums" data-testid="receipt-amount">
            {money(receipt.amountMinor)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('guest.common.tip')}</dt>
          <dd className="text-ink tabular-nums" data-testid="receipt-tip">
            {money(receipt.tipMinor)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 pt-1 text-base font-semibold">
          <dt className="text-ink">{t('guest.receipt.totalPaid')}</dt>
          <dd className="text-ink tabular-nums" data-testid="receipt-total">
            {money(receipt.amountMinor + receipt.tipMinor)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

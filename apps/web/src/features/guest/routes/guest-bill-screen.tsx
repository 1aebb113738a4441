import type { TBillUpdatedData } from '@tavolo/contract/events';
import type { TGuestTodayMenu } from '@tavolo/contract/menu';
import type { TTableBill } from '@tavolo/contract/table-service';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { tableBillRows } from '../../../components/shared/bill-money';
import { BillSummary } from '../../../components/shared/bill-summary';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CheckIcon, CloudOffIcon, ReceiptIcon } from '../../../components/ui/icons';
import { getErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { isDeadCodeError, useGuestMenu } from '../api/get-guest-menu';
import { useTableBill } from '../api/get-table-bill';
import { useTableStream } from '../api/table-stream';
import { BillLines } from '../components/bill-lines';
import { BillPayPanel } from '../components/bill-pay-panel';
import { BillPayments } from '../components/bill-payments';
import { DeadCodeNotice } from '../components/dead-code-notice';
import { GuestNotice } from '../components/guest-notice';
import { GuestPageHeader } from '../components/guest-page-header';
import { ServiceButton, ServiceRequestStatus } from '../components/service-button';
import { billState } from '../model/bill';
import { menuNames } from '../model/menu-names';

/** The bill of the table's visit, the same on every phone at the table, and paying it. */
export function GuestBillScreen() {
  const { qrToken = '' } = useParams();
  // A visit that ends (settled in full, or closed by staff) leaves the table a new, empty bill: the
  // phones that watched it end say so rather than "nothing on the bill".
  const [ended, setEnded] = useState<TBillUpdatedData | null>(null);
  const stream = useTableStream(qrToken, {
    onBillUpdated: (data) => {
      if (data.closed) setEnded(data);
    },
  });
  const bill = useTableBill(qrToken, { live: stream === 'live' });
  // The restaurant's name, logo and clock, and the dishes' names in the guest's language; usually
  // cached from the menu page already.
  const menu = useGuestMenu(qrToken);
  const restaurant = menu.data?.restaurant;
  const menuPath = `/t/${encodeURIComponent(qrToken)}`;
  const refetch = bill.refetch;
  const onStale = useCallback(() => void refetch(), [refetch]);

  if (bill.isError && !bill.data && isDeadCodeError(bill.error)) return <DeadCodeNotice />;
  if (bill.isError && !bill.data) {
    return (
      <GuestNotice
        title={t('guest.bill.loadFailed')}
        icon={<CloudOffIcon className="size-8" />}
        action={
          <Button
            size="large"
            onClick={() => void bill.refetch()}
            pending={bill.isFetching}
            pendingLabel={t('guest.common.tryingAgain')}
          >
            {t('guest.common.tryAgain')}
          </Button>
        }
      >
        <p>{getErrorMessage(bill.error)}</p>
      </GuestNotice>
    );
  }

  return (
    <div className="min-h-dvh pb-10" data-testid="bill-screen">
      <title>
        {restaurant ? `${t('guest.bill.pageTitle')} · ${restaurant.name}` : t('guest.bill.pageTitle')}
      </title>
      <GuestPageHeader
        backTo={menuPath}
        restaurant={restaurant}
        fallbackTitle={t('guest.bill.title')}
        stream={stream}
        liveTitle={t('guest.bill.updates')}
      />
      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight text-ink">{t('guest.bill.title')}</h1>
            {bill.data ? (
              <p className="text-sm text-ink-muted">
                {t('guest.common.table', { number: String(bill.data.tableNumber) })}
              </p>
            ) : null}
          </div>
          <ServiceButton qrToken={qrToken} />
          <ServiceRequestStatus qrToken={qrToken} className="w-full" />
        </div>
        {bill.data ? (
          <BillBody
            bill={bill.data}
            menu={menu.data?.menu}
            qrToken={qrToken}
            timeZone={restaurant?.timezone}
            onStale={onStale}
            endedVisit={ended && ended.visitId !== bill.data.visitId ? ended : null}
          />
        ) : (
          <BillSkeleton />
        )}
        <Link to={menuPath} className={buttonClassName('secondary', undefined, 'large')}>
          {t('guest.common.backToMenu')}
        </Link>
      </main>
    </div>
  );
}

/** The bill's payment area once nothing is left to pay. */
function SettledNotice({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label={t('guest.common.payment')}
      className="flex items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-4 shadow-sm"
      data-testid="bill-settled"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-green-700 text-white">
        <CheckIcon />
      </span>
      {children}
    </section>
  );
}

function BillBody({
  bill,
  menu,
  qrToken,
  timeZone,
  onStale,
  endedVisit,
}: {
  bill: TTableBill;
  /** Today's menu in the guest's language: the bill's lines keep the working language's names. */
  menu: TGuestTodayMenu | undefined;
  qrToken: string;
  timeZone: string | undefined;
  onStale: () => void;
  /** The visit this page showed until it ended just now. */
  endedVisit: TBillUpdatedData | null;
}) {
  const state = billState(bill);
  if (state === 'empty' && endedVisit) {
    return (
      <SettledNotice>
        <div className="flex flex-col">
          <p className="text-xl font-bold text-green-800">
            {endedVisit.dueMinor === 0 ? t('guest.bill.allPaid') : t('guest.bill.closedByStaff')}
          </p>
          <p className="text-sm text-green-800">
            {endedVisit.dueMinor === 0
              ? t('guest.bill.paidInAll', { amount: formatMoney(endedVisit.paidMinor, bill.currency) })
              : t('guest.bill.askLeft')}
          </p>
        </div>
      </SettledNotice>
    );
  }
  if (state === 'empty') {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-panel px-6 py-12 text-center"
        data-testid="bill-empty"
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-700">
          <ReceiptIcon />
        </div>
        <h2 className="text-lg font-semibold text-ink">{t('guest.bill.emptyTitle')}</h2>
        <p className="text-sm text-ink-muted">{t('guest.bill.emptyText')}</p>
      </div>
    );
  }
  const names = menuNames(menu);
  return (
    <>
      <BillFigures bill={bill} />
      {state === 'settled' ? (
        <SettledNotice>
          <p className="text-xl font-bold text-green-800">{t('guest.bill.allPaid')}</p>
        </SettledNotice>
      ) : (
        <BillPayPanel bill={bill} names={names} qrToken={qrToken} onStale={onStale} />
      )}
      <BillLines lines={bill.lines} names={names} currency={bill.currency} />
      <BillPayments payments={bill.payments} currency={bill.currency} timeZone={timeZone} />
    </>
  );
}

function BillFigures({ bill }: { bill: TTableBill }) {
  const { currency } = bill;
  return (
    <section
      aria-label={t('guest.bill.total')}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">{t('guest.common.leftToPay')}</h2>
        <p className="text-2xl font-bold text-ink tabular-nums" data-testid="bill-due">
          {formatMoney(bill.dueMinor, currency)}
        </p>
      </div>
      {/* The bill's rows as every bill reads them: the service charge on its own, tips apart. */}
      <BillSummary
        rows={tableBillRows(bill)}
        currency={currency}
        amountTestIds={{ total: 'bill-total', tip: 'bill-tips', paid: 'bill-paid' }}
        className="border-t border-line pt-3 text-sm"
      />
    </section>
  );
}

function BillSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="bill-skeleton">
      <p role="status" className="sr-only">
        {t('guest.bill.loading')}
      </p>
      {[24, 48, 36].map((height) => (
        <div
          key={height}
          aria-hidden="true"
          className="rounded-2xl border border-line bg-panel p-4 shadow-sm"
        >
          <div className="flex flex-col gap-3">
            <div className="h-5 w-1/3 rounded bg-slate-100 motion-safe:animate-pulse" />
            <div
              className="w-full rounded bg-slate-100 motion-safe:animate-pulse"
              style={{ height: `${height * 2}px` }}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

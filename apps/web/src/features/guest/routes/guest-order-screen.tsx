import type { TGuestTodayMenu } from '@tavolo/contract/menu';
import type { TOrder } from '@tavolo/contract/orders';
import { lineAmountsOf } from '@tavolo/contract/values/bill-rows';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { oneOrderBillRows } from '../../../components/shared/bill-money';
import { BillSummary } from '../../../components/shared/bill-summary';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ArrowLeftIcon, CloudOffIcon, ReceiptIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/spinner';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useGuestMenu } from '../api/get-guest-menu';
import { useGuestOrder } from '../api/get-guest-order';
import { useTableStream } from '../api/table-stream';
import { useGuestOrderStream } from '../api/watch-guest-order';
import { ConnectionHint } from '../components/connection-hint';
import { GuestNotice } from '../components/guest-notice';
import { LanguageSwitch } from '../components/language-switch';
import { OrderPaymentPanel } from '../components/order-payment-panel';
import { OrderProgress, orderStatusAnnouncement } from '../components/order-progress';
import { OrderReviewCard } from '../components/order-review-card';
import { TableServiceBar } from '../components/table-service-bar';
import { menuNames } from '../model/menu-names';
import { findRememberedOrder, listRememberedOrders } from '../model/remembered-orders';

/** A guest's order after placing it: live status, what was ordered, the totals. */
export function GuestOrderScreen() {
  const { qrToken = '', orderId = '' } = useParams();
  const remembered = findRememberedOrder(qrToken, orderId);
  const menuPath = `/t/${encodeURIComponent(qrToken)}`;

  if (!remembered) {
    return (
      <GuestNotice
        title={t('guest.order.notOnPhoneTitle')}
        icon={<ReceiptIcon className="size-8" />}
        action={
          <Link to={menuPath} className={buttonClassName('primary', undefined, 'large')}>
            {t('guest.common.goToMenu')}
          </Link>
        }
      >
        <p>{t('guest.order.notOnPhoneText')}</p>
      </GuestNotice>
    );
  }
  return (
    <OrderView qrToken={qrToken} orderId={orderId} guestToken={remembered.guestToken} menuPath={menuPath} />
  );
}

function OrderView({
  qrToken,
  orderId,
  guestToken,
  menuPath,
}: {
  qrToken: string;
  orderId: string;
  guestToken: string;
  menuPath: string;
}) {
  // The table's stream first: the order's own is opened last (its status is what this page is for).
  useTableStream(qrToken);
  const stream = useGuestOrderStream(orderId, guestToken);
  // Arriving from a long menu (or another order): the order starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each order.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [orderId]);
  const order = useGuestOrder(orderId, guestToken, { live: stream === 'live' });
  // The restaurant's name and logo; usually cached from the menu page already.
  const menu = useGuestMenu(qrToken);
  const restaurant = menu.data?.restaurant;
  const others = listRememberedOrders(qrToken).filter((entry) => entry.orderId !== orderId);

  if (!order.data) {
    if (order.isError && isHttpError(order.error, 404)) {
      return (
        <GuestNotice
          title={t('guest.order.notFoundTitle')}
          icon={<ReceiptIcon className="size-8" />}
          action={
            <Link to={menuPath} className={buttonClassName('primary', undefined, 'large')}>
              {t('guest.common.goToMenu')}
            </Link>
          }
        >
          <p>{t('guest.order.notFoundText')}</p>
        </GuestNotice>
      );
    }
    if (order.isError) {
      return (
        <GuestNotice
          title={t('guest.order.loadFailed')}
          icon={<CloudOffIcon className="size-8" />}
          action={
            <Button
              size="large"
              onClick={() => void order.refetch()}
              pending={order.isFetching}
              pendingLabel={t('guest.common.tryingAgain')}
            >
              {t('guest.common.tryAgain')}
            </Button>
          }
        >
          <p>{getErrorMessage(order.error)}</p>
          <p>{t('guest.order.notLost')}</p>
        </GuestNotice>
      );
    }
    return <Loading fullScreen />;
  }

  const current = order.data;
  const orderNumber = t('guest.common.orderNumber', { number: String(current.number) });
  return (
    <div className="min-h-dvh pb-10">
      <title>{restaurant ? `${orderNumber} · ${restaurant.name}` : orderNumber}</title>
      <header className="border-b border-line bg-panel">
        <div className="mx-auto flex max-w-2xl items-center gap-2 px-2 py-2">
          <Link
            to={menuPath}
            className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
            aria-label={t('guest.common.backToMenu')}
          >
            <ArrowLeftIcon />
          </Link>
          {restaurant?.logoUrl ? (
            <img src={restaurant.logoUrl} alt="" className="size-8 shrink-0 rounded-lg object-cover" />
          ) : null}
          <p className="min-w-0 flex-1 truncate text-base font-semibold text-ink">
            {restaurant?.name ?? t('guest.common.yourOrder')}
          </p>
          <ConnectionHint state={stream} />
          <LanguageSwitch />
        </div>
      </header>
      <TableServiceBar qrToken={qrToken} spaced />
      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight text-ink" data-testid="order-number">
            {orderNumber}
          </h1>
          <p className="text-sm text-ink-muted">
            {t('guest.common.table', { number: String(current.tableNumber) })}
            {current.customerName ? ` · ${current.customerName}` : ''} ·{' '}
            {t('guest.order.placedAt', { time: formatTimeOfDay(current.createdAt, restaurant?.timezone) })}
          </p>
        </div>
        <p className="sr-only" aria-live="polite" data-testid="order-status-announcement">
          {orderStatusAnnouncement(current)}
        </p>
        <OrderProgress order={current} timeZone={restaurant?.timezone} />
        <OrderPaymentPanel order={current} guestToken={guestToken} onStale={() => void order.refetch()} />
        <OrderReviewCard order={current} guestToken={guestToken} />
        <OrderLines order={current} menu={menu.data?.menu} />
        <div className="flex flex-col gap-3">
          <Link to={menuPath} className={buttonClassName('primary', undefined, 'large')}>
            {t('guest.order.orderMore')}
          </Link>
          {others.length > 0 ? (
            <nav
              aria-label={t('guest.order.otherOrders')}
              className="flex flex-wrap items-center justify-center gap-2 pt-2"
            >
              <span className="text-sm text-ink-muted">{t('guest.order.otherOrdersLabel')}</span>
              {others.slice(0, 5).map((other) => (
                <Link
                  key={other.orderId}
                  to={`${menuPath}/orders/${encodeURIComponent(other.orderId)}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-panel px-3 text-sm font-medium text-accent-800 hover:bg-accent-50"
                >
                  {t('guest.common.orderNumber', { number: String(other.number) })}
                </Link>
              ))}
            </nav>
          ) : null}
        </div>
      </main>
    </div>
  );
}

function OrderLines({ order, menu }: { order: TOrder; menu: TGuestTodayMenu | undefined }) {
  const { currency } = order;
  const names = menuNames(menu);
  return (
    <section
      aria-labelledby="order-items-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="order-items-heading" className="text-base font-semibold text-ink">
          {t('guest.order.whatYouOrdered')}
        </h2>
        {order.paymentStatus === 'paid' ? <Badge tone="success">{t('guest.common.paid')}</Badge> : null}
      </div>
      <ul className="flex flex-col divide-y divide-line">
        {order.items.map((line, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines have no id and never move.
            key={`${line.menuItemId}-${index}`}
            className="flex items-start justify-between gap-3 py-2.5"
            data-testid="order-line"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              {/* Units the restaurant took off stay in view, struck through, as on the kitchen's ticket. */}
              <p className={cn('text-base text-ink', line.quantity === 0 && 'text-ink-muted line-through')}>
                <span className="font-semibold tabular-nums">{line.quantity + line.voidedQuantity} ×</span>{' '}
                {names.dish(line.menuItemId, line.name)}
              </p>
              {line.voidedQuantity > 0 ? (
                <p className="text-sm text-ink-muted">
                  <s data-testid="voided-units">{t('guest.order.voided', { count: line.voidedQuantity })}</s>
                </p>
              ) : null}
              {line.options.length > 0 ? (
                <p className="text-sm text-ink-muted">
                  {line.options
                    .map((option) => {
                      const choice = names.choice(line.menuItemId, option);
                      return option.priceMinor > 0
                        ? `${choice} (+${formatMoney(option.priceMinor, currency)})`
                        : choice;
                    })
                    .join(', ')}
                </p>
              ) : null}
              {line.note ? <p className="text-sm text-ink-muted italic">“{line.note}”</p> : null}
            </div>
            <span className="flex shrink-0 flex-col items-end">
              <span className="text-base text-ink tabular-nums">
                {formatMoney(lineAmountsOf(line).amountMinor, currency)}
              </span>
              {line.discountMinor > 0 ? (
                <span className="text-sm text-green-800 tabular-nums">
                  {t('guest.order.discount', { amount: formatMoney(line.discountMinor, currency) })}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {order.note ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-ink-muted">
          <span className="font-medium text-ink">{t('guest.order.yourNote')}</span> {order.note}
        </p>
      ) : null}
      {/* The order's rows as every bill reads them: the service charge on its own, the tip after the total. */}
      <BillSummary
        rows={oneOrderBillRows(order)}
        currency={currency}
        testIds={{ addedTax: 'order-tax', includedTax: 'order-tax' }}
        amountTestIds={{ total: 'order-total' }}
        className="border-t border-line pt-3 text-sm"
      />
    </section>
  );
}

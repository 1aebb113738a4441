import type { TGuestMenu } from '@tavolo/contract/menu';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ReceiptIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import type { RememberedOrder } from '../model/remembered-orders';
import { LanguageSwitch, MenuLanguageNote } from './language-switch';

/** The banner the server drew before the app's root (guest-page.ts), if it is still there. */
function serverBanner(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById('guest-banner');
}

/**
 * Whether the header keeps the banner the server drew instead of drawing its own: it is the menu's
 * largest paint, and an image drawn anew would paint again, once the app has run. It goes when the
 * guest leaves the menu or the banner changes, and the header draws its own from then on.
 */
function useServerBanner(bannerUrl: string | null): boolean {
  const [kept, setKept] = useState(
    () => bannerUrl !== null && serverBanner()?.dataset.bannerUrl === bannerUrl,
  );
  useEffect(() => {
    const banner = serverBanner();
    if (kept && banner?.dataset.bannerUrl === bannerUrl) return () => banner.remove();
    banner?.remove();
    if (kept) setKept(false);
  }, [kept, bannerUrl]);
  return kept;
}

/** The restaurant (banner, logo, name, address), the guest's table, and their orders so far. */
export function GuestHeader({
  restaurant,
  table,
  qrToken,
  orders,
  menuLanguage,
}: {
  restaurant: TGuestMenu['restaurant'];
  table: TGuestMenu['table'];
  qrToken: string;
  orders: readonly RememberedOrder[];
  menuLanguage: TGuestMenu['language'];
}) {
  const bannerDrawn = useServerBanner(restaurant.bannerUrl);
  return (
    <header className="bg-panel">
      {bannerDrawn ? null : restaurant.bannerUrl ? (
        <img
          src={restaurant.bannerUrl}
          alt=""
          decoding="async"
          fetchPriority="high"
          className="h-40 w-full bg-slate-200 object-cover sm:h-56"
        />
      ) : (
        <div className="h-20 bg-gradient-to-br from-accent-700 to-accent-900 sm:h-28" aria-hidden="true" />
      )}
      <div className="mx-auto flex max-w-2xl flex-col gap-3 px-4 pb-4">
        <div className="flex items-end gap-3">
          {restaurant.logoUrl ? (
            <img
              src={restaurant.logoUrl}
              alt=""
              className="-mt-8 size-16 shrink-0 rounded-2xl border-4 border-panel bg-panel object-cover shadow-sm"
            />
          ) : null}
          <div className={restaurant.logoUrl ? 'min-w-0 pt-3' : 'min-w-0 pt-4'}>
            <h1 className="text-2xl leading-tight font-bold tracking-tight break-words text-ink">
              {restaurant.name}
            </h1>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p
            className="rounded-full bg-accent-50 px-3 py-1.5 text-sm font-semibold text-accent-800"
            data-testid="guest-table"
          >
            {t('guest.common.table', { number: String(table.number) })}
            {table.label ? <span className="font-normal"> · {table.label}</span> : null}
          </p>
          {restaurant.address ? <p className="text-sm text-ink-muted">{restaurant.address}</p> : null}
          <div className="ml-auto">
            <LanguageSwitch />
          </div>
        </div>
        <MenuLanguageNote menuLanguage={menuLanguage} />
        {orders.length > 0 ? (
          <nav aria-label={t('guest.menu.yourOrders')} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-ink-muted">{t('guest.menu.yourOrdersLabel')}</span>
            {orders.slice(0, 5).map((order) => (
              <Link
                key={order.orderId}
                to={`/t/${encodeURIComponent(qrToken)}/orders/${encodeURIComponent(order.orderId)}`}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-medium text-accent-800 hover:bg-accent-50"
              >
                <ReceiptIcon className="size-4" />
                {t('guest.common.orderNumber', { number: String(order.number) })}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
    </header>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { TMenuItem, TTodayMenu } from '@tavolo/contract/menu';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SunIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { formatCalendarDate, weekdayName } from '../../../lib/format';
import { todayMenuQueryKey, useTodayMenu } from '../../../lib/get-today-menu';
import { t } from '../../../lib/i18n/i18n';
import { useLiveOrderActivity } from '../../../lib/live-order-activity';
import { describeStaffTap, unsentTaps, useStaffTapEntries } from '../../../lib/staff-taps';
import { useSetSoldOut, withSoldOut } from '../api/set-sold-out';
import { setStockMutationKey, useSetStock } from '../api/set-stock';
import { TodayItemCard } from '../components/today-item-card';

const SOLD_OUT_TAPS = ['menu.soldOut'] as const;

/** How long after an order moved to read the counts again: a burst of orders costs one read. */
const RECOUNT_DELAY_MS = 1_000;

const countsAny = (menu: TTodayMenu | undefined) =>
  menu?.categories.some((category) => category.items.some((item) => item.stockCount !== null)) ?? false;

/**
 * Orders take units without a menu change: while some dish is counted, the dashboard's live order
 * connection (when the person may see orders) is the cue to read the counts again.
 */
function useRecountOnOrderActivity(menu: TTodayMenu | undefined) {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const revision = useLiveOrderActivity()?.revision;
  const seen = useRef(revision);
  const counting = countsAny(menu);
  useEffect(() => {
    if (revision === undefined || revision === seen.current) return;
    seen.current = revision;
    if (!counting) return;
    const timer = setTimeout(() => {
      // A count being saved shows already; reading now could put the old one back for a moment.
      if (queryClient.isMutating({ mutationKey: setStockMutationKey }) > 0) return;
      void queryClient.invalidateQueries({ queryKey: todayMenuQueryKey(restaurant.id), exact: true });
    }, RECOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, counting, queryClient, restaurant.id]);
}

export function TodayMenuScreen() {
  const session = useCurrentSession();
  const canManage = useCan('menu.manage');
  // Marking sold out is the kitchen's call, apart from editing the menu (PRODUCT.md §2).
  const canToggle = useCan('menu.availability');
  const toast = useToast();
  const today = useTodayMenu();
  const setSoldOut = useSetSoldOut();
  const { mutate } = setSoldOut;

  const toggle = useCallback(
    (item: TMenuItem) => {
      const soldOut = !item.soldOut;
      mutate(
        { id: item.id, name: item.name, soldOut },
        {
          onSuccess: (result) => {
            if (result.queued) {
              const what = describeStaffTap({
                kind: 'menu.soldOut',
                menuItemId: item.id,
                name: item.name,
                soldOut,
              });
              toast.success(t('lib.staffTap.queued', { what }));
              return;
            }
            toast.success(
              soldOut
                ? t('menu.today.soldOutUntilMidnight', { name: item.name })
                : t('menu.today.backOn', { name: item.name }),
            );
          },
          onError: (error) =>
            toast.error(t('menu.today.updateFailed', { name: item.name, error: getErrorMessage(error) })),
        },
      );
    },
    [mutate, toast],
  );

  const { mutateAsync: saveCount } = useSetStock();
  const count = useCallback(
    (item: TMenuItem, stockCount: number | null) =>
      saveCount({ id: item.id, count: stockCount }).then(
        () =>
          toast.success(
            stockCount === null
              ? t('menu.today.stockCleared', { name: item.name })
              : t('menu.today.stockSaved', { name: item.name, count: stockCount }),
          ),
        (error: unknown) =>
          toast.error(t('menu.today.updateFailed', { name: item.name, error: getErrorMessage(error) })),
      ),
    [saveCount, toast],
  );

  // Taps made through a Wi-Fi drop are drawn over the menu until they are sent (PRODUCT.md §13).
  const entries = useStaffTapEntries();
  const { menu, unsent } = useMemo(() => {
    const taps = unsentTaps(entries, SOLD_OUT_TAPS);
    let shown = today.data;
    for (const { tap } of taps) if (shown) shown = withSoldOut(shown, tap.menuItemId, tap.soldOut);
    return {
      menu: shown,
      unsent: new Set(taps.filter((tap) => tap.waiting).map(({ tap }) => tap.menuItemId)),
    };
  }, [today.data, entries]);
  useRecountOnOrderActivity(today.data);
  const categories = menu?.categories.filter((category) => category.items.length > 0) ?? [];

  let content: ReactNode;
  if (!menu) {
    content = today.isError ? (
      <QueryError
        title={t('menu.today.loadFailed')}
        error={today.error}
        retrying={today.isFetching}
        onRetry={() => void today.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (categories.length === 0) {
    content = (
      <EmptyState
        icon={<SunIcon />}
        title={t('menu.today.empty.title')}
        description={t('menu.today.empty.description', { weekday: weekdayName(menu.weekday, 'long') })}
        action={
          canManage ? (
            <Link to="/dashboard/menu" className={buttonClassName('primary')}>
              {t('menu.today.goToMenu')}
            </Link>
          ) : null
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-8">
        <p
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-lg text-ink"
          aria-live="polite"
          data-testid="today-counts"
        >
          <span>
            <strong className="font-semibold">{menu.availableCount}</strong>{' '}
            {t('menu.today.availableCount', { count: menu.availableCount })}
          </span>{' '}
          <span className="text-ink-muted">·</span>{' '}
          <span className={menu.soldOutCount > 0 ? 'text-red-800' : undefined}>
            <strong className="font-semibold">{menu.soldOutCount}</strong>{' '}
            {t('menu.today.soldOutCount', { count: menu.soldOutCount })}
          </span>
        </p>
        {categories.map((category) => (
          <section key={category.id} aria-labelledby={`today-${category.id}`} className="flex flex-col gap-3">
            <div className="flex flex-col gap-0.5">
              <h2 id={`today-${category.id}`} className="text-base font-semibold text-ink">
                {category.name}
              </h2>
              {category.description ? <p className="text-sm text-ink-muted">{category.description}</p> : null}
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {category.items.map((item) => (
                <TodayItemCard
                  key={item.id}
                  item={item}
                  currency={session.restaurant.currency}
                  canToggle={canToggle}
                  unsent={unsent.has(item.id)}
                  onToggle={toggle}
                  onCount={count}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu.today.title')}
        description={
          menu
            ? `${formatCalendarDate(menu.date)} · ${menu.timezone.replaceAll('_', ' ')}`
            : t('menu.today.description')
        }
        actions={
          canManage ? (
            <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
              {t('menu.today.editMenu')}
            </Link>
          ) : null
        }
      />
      <StaffOfflineStatus className="mb-4" />
      {content}
    </>
  );
}

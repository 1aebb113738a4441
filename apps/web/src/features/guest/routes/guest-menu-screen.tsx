import { useQueryClient } from '@tanstack/react-query';
import type { TMenuDish } from '@tavolo/contract/menu';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CloudOffIcon, FilterIcon, SunIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/spinner';
import { getErrorMessage, type HttpError, isHttpError } from '../../../lib/api-client';
import { useConnectivity } from '../../../lib/connectivity';
import { t } from '../../../lib/i18n/i18n';
import { type GuestMenuData, guestMenuQueryKey, isDeadCodeError, useGuestMenu } from '../api/get-guest-menu';
import { isRetryableOrderError, usePlaceOrder } from '../api/place-order';
import { useTableStream } from '../api/table-stream';
import { CartBar } from '../components/cart-bar';
import { CartSheet, type OrderProblem } from '../components/cart-sheet';
import { CategoryTabs, categorySectionId } from '../components/category-tabs';
import { DeadCodeNotice } from '../components/dead-code-notice';
import { DishFilterSheet } from '../components/dish-filter-sheet';
import { GuestHeader } from '../components/guest-header';
import { GuestNotice } from '../components/guest-notice';
import { MenuItemCard } from '../components/menu-item-card';
import { OptionPickerSheet } from '../components/option-picker-sheet';
import { SavedMenuNotice } from '../components/saved-menu-notice';
import { TableServiceBar } from '../components/table-service-bar';
import { useCart } from '../components/use-cart';
import {
  type Cart,
  type CartAction,
  cartReducer,
  cartTotals,
  checkoutFor,
  fileOrderErrors,
  newLineId,
  priceLines,
  toOrderRequest,
} from '../model/cart';
import {
  applyDishFilter,
  type DishFilter,
  filterChoices,
  isFiltering,
  NO_FILTER,
  readDishFilter,
  saveDishFilter,
} from '../model/dish-filter';
import { listRememberedOrders } from '../model/remembered-orders';
import { mayHaveWaitingOrders } from '../model/waiting-orders';

// Orders waiting on the phone for a connection: their code (and IndexedDB's) loads only when one
// may be waiting or has to wait, never with the menu's first paint.
const QueuedOrders = lazy(() =>
  import('../components/queued-orders').then((module) => ({ default: module.QueuedOrders })),
);
const loadOrderQueue = () => import('../api/guest-order-queue');

/** What a guest sees after scanning a table's QR code: the menu, and a cart to order from. */
export function GuestMenuScreen() {
  const { qrToken = '' } = useParams();
  const menu = useGuestMenu(qrToken);
  const { online } = useConnectivity();

  if (menu.isError && isDeadCodeError(menu.error)) return <DeadCodeNotice />;
  if (!menu.data) {
    // Opened offline, and the phone has no copy of this menu: it loads by itself once back online.
    if (menu.fetchStatus === 'paused' || (!online && menu.isError && !isHttpError(menu.error))) {
      return (
        <GuestNotice title={t('guest.offline.title')} icon={<CloudOffIcon className="size-8" />}>
          <p>{t('guest.offline.notSaved')}</p>
        </GuestNotice>
      );
    }
    if (menu.isError) {
      return (
        <GuestNotice
          title={t('guest.menu.loadFailed')}
          icon={<CloudOffIcon className="size-8" />}
          action={
            <Button
              size="large"
              onClick={() => void menu.refetch()}
              pending={menu.isFetching}
              pendingLabel={t('guest.common.tryingAgain')}
            >
              {t('guest.common.tryAgain')}
            </Button>
          }
        >
          <p>{getErrorMessage(menu.error)}</p>
        </GuestNotice>
      );
    }
    return <Loading fullScreen />;
  }
  return <GuestMenu key={qrToken} qrToken={qrToken} data={menu.data} />;
}

/** Why the order did not go, in words for a guest. */
function describeOrderFailure(error: unknown, lineProblems: number): string {
  if (isHttpError(error, 404)) return t('guest.place.deadCode');
  if (isHttpError(error, 429)) return t('guest.place.tooMany');
  if (lineProblems > 0) return t('guest.place.lineProblems', { count: lineProblems });
  if (isRetryableOrderError(error)) return t('guest.place.unreachable');
  return getErrorMessage(error);
}

const ANNOUNCEMENT_MS = 2_500;

function GuestMenu({ qrToken, data }: { qrToken: string; data: GuestMenuData }) {
  const { restaurant, table, menu } = data;
  const { online } = useConnectivity();
  const [queueShown, setQueueShown] = useState(() => mayHaveWaitingOrders(qrToken));
  const [queuing, setQueuing] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cart, dispatch] = useCart(qrToken);
  const [picking, setPicking] = useState<TMenuDish | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const [orders] = useState(() => listRememberedOrders(qrToken));
  const placeOrder = usePlaceOrder();
  const sending = useRef(false);
  // A dish sold out meanwhile shows at once, here and in the cart.
  useTableStream(qrToken);

  const priced = useMemo(() => priceLines(cart.lines, menu), [cart.lines, menu]);
  const totals = cartTotals(priced, restaurant.serviceChargePercent);
  const inCart = useMemo(() => {
    const counts = new Map<string, number>();
    for (const line of cart.lines)
      counts.set(line.menuItemId, (counts.get(line.menuItemId) ?? 0) + line.quantity);
    return counts;
  }, [cart.lines]);
  const [filter, setFilter] = useState<DishFilter>(() => readDishFilter(qrToken));
  const [filterOpen, setFilterOpen] = useState(false);
  const choices = useMemo(() => filterChoices(menu), [menu]);
  const canFilter = choices.tags.length > 0 || choices.allergens.length > 0;
  const filtered = applyDishFilter(menu.categories, filter);
  const categories = filtered.categories.filter((category) => category.items.length > 0);
  const changeFilter = (next: DishFilter) => {
    setFilter(next);
    saveDishFilter(qrToken, next);
  };

  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(null), ANNOUNCEMENT_MS);
    return () => clearTimeout(timer);
  }, [announcement]);

  // A changed line has a new chance: its old error goes.
  const change = useCallback(
    (action: CartAction) => {
      dispatch(action);
      if (action.type === 'setQuantity' || action.type === 'remove') {
        setLineErrors(({ [action.id]: _gone, ...rest }) => rest);
      }
    },
    [dispatch],
  );

  const onOpenItem = useCallback((item: TMenuDish) => setPicking(item), []);

  /**
   * Keeps the order on the phone, with the key it was (or would have been) sent with, until it can
   * go; the cart empties into it. Refused later, the cart comes back (`restoreRefused`).
   */
  const queueOrder = (body: ReturnType<typeof toOrderRequest>, idempotencyKey: string, sent: Cart) => {
    sending.current = true;
    setQueuing(true);
    const meta = { qrToken, cart: { ...sent, checkout: null }, totalMinor: totals.totalMinor };
    loadOrderQueue()
      .then(({ queueGuestOrder }) => queueGuestOrder({ body, idempotencyKey, meta }))
      .then(() => {
        setQueueShown(true);
        dispatch({ type: 'clear' });
        setCartOpen(false);
        setAnnouncement(t('guest.queued.announce'));
        window.scrollTo({ top: 0 });
      })
      .catch(() => setProblem({ message: t('guest.place.unreachable'), fields: {} }))
      .finally(() => {
        sending.current = false;
        setQueuing(false);
      });
  };

  const place = () => {
    if (sending.current || cart.lines.length === 0) return;
    const body = toOrderRequest(qrToken, cart);
    // Stored with the cart before sending: a retry, even after a reload, reuses the key.
    const checkout = checkoutFor(cart, body);
    if (checkout !== cart.checkout) dispatch({ type: 'startCheckout', checkout });
    const sentCart = cart;
    const sentLines = cart.lines;
    setProblem(null);
    setLineErrors({});
    // No network: the order waits on the phone rather than failing after its retries.
    if (!online) {
      queueOrder(body, checkout.key, sentCart);
      return;
    }
    sending.current = true;
    placeOrder.mutate(
      { body, idempotencyKey: checkout.key },
      {
        onSuccess: (order) => {
          sending.current = false;
          dispatch({ type: 'clear' });
          setCartOpen(false);
          navigate(`/t/${encodeURIComponent(qrToken)}/orders/${encodeURIComponent(order.id)}`);
        },
        onError: (error) => {
          sending.current = false;
          // No answer after the retries: the server may have it or not; the same key settles it later.
          if (isRetryableOrderError(error)) queueOrder(body, checkout.key, sentCart);
          else showRefusal(error, sentLines);
        },
      },
    );
  };

  /** Why an order did not go, on its lines and under the cart. */
  const showRefusal = (error: unknown, sentLines: Cart['lines'], prefix?: string) => {
    const apiError = isHttpError(error) ? error.apiError : undefined;
    const { byLine, other } = fileOrderErrors(apiError?.fields, sentLines, apiError?.outOfStock);
    setLineErrors(byLine);
    const reason = describeOrderFailure(error, Object.keys(byLine).length);
    setProblem({ message: prefix ? `${prefix} ${reason}` : reason, fields: other });
    // Something sold out or changed meanwhile: show the menu as it is now.
    if (isHttpError(error, 422) || apiError?.code === 'OUT_OF_STOCK')
      void queryClient.invalidateQueries({ queryKey: guestMenuQueryKey(qrToken) });
  };

  /** A waiting order went: it opens as one placed online does. */
  const onQueuedSent = useCallback(
    (orderId: string) => navigate(`/t/${encodeURIComponent(qrToken)}/orders/${encodeURIComponent(orderId)}`),
    [navigate, qrToken],
  );

  /** A waiting order was refused: its cart comes back first, with what the guest added since, and why. */
  const restoreRefused = (sent: Cart, error: HttpError) => {
    const merged = cart.lines.reduce<Cart>(
      (next, line) => cartReducer(next, { type: 'add', id: line.id, line }),
      { ...sent, checkout: null },
    );
    dispatch({ type: 'replace', cart: merged });
    showRefusal(error, sent.lines, t('guest.queued.refused'));
    setCartOpen(true);
  };

  const tableNumber = t('guest.common.table', { number: String(table.number) });
  const tableName = table.label ? `${tableNumber} · ${table.label}` : tableNumber;
  return (
    <div className={cart.lines.length > 0 ? 'min-h-dvh pb-28' : 'min-h-dvh pb-8'}>
      <title>{`${restaurant.name} · ${tableNumber}`}</title>
      <GuestHeader
        restaurant={restaurant}
        table={table}
        qrToken={qrToken}
        orders={orders}
        menuLanguage={data.language}
      />
      <TableServiceBar qrToken={qrToken} />
      <CategoryTabs
        categories={categories}
        before={
          canFilter ? (
            <Button
              variant={isFiltering(filter) ? 'primary' : 'secondary'}
              onClick={() => setFilterOpen(true)}
              aria-haspopup="dialog"
              className="min-h-11 rounded-full"
            >
              <FilterIcon />
              {isFiltering(filter)
                ? t('guest.menu.filterCount', { count: filter.tags.length + filter.without.length })
                : t('guest.menu.filter')}
            </Button>
          ) : null
        }
      />
      <main className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-6">
        {queueShown || queuing ? (
          <Suspense fallback={null}>
            <QueuedOrders
              qrToken={qrToken}
              currency={restaurant.currency}
              onSent={onQueuedSent}
              onRefused={restoreRefused}
            />
          </Suspense>
        ) : null}
        {!online || data.savedAt !== undefined ? (
          <SavedMenuNotice online={online} savedAt={data.savedAt} />
        ) : null}
        {filtered.hidden > 0 ? (
          <p
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-accent-50 px-4 py-2 text-sm text-accent-900"
          >
            <span>{t('guest.menu.hidden', { count: filtered.hidden })}</span>
            <Button variant="secondary" onClick={() => changeFilter(NO_FILTER)} className="min-h-11">
              {t('guest.menu.showAll')}
            </Button>
          </p>
        ) : null}
        {categories.length === 0 ? (
          isFiltering(filter) ? null : (
            <GuestEmptyMenu />
          )
        ) : (
          categories.map((category) => (
            <section
              key={category.id}
              id={categorySectionId(category.id)}
              tabIndex={-1}
              aria-labelledby={`${categorySectionId(category.id)}-heading`}
              className="flex scroll-mt-16 flex-col gap-3 outline-none"
              data-testid="guest-category"
            >
              <div className="flex flex-col gap-0.5">
                <h2 id={`${categorySectionId(category.id)}-heading`} className="text-xl font-bold text-ink">
                  {category.name}
                </h2>
                {category.description ? (
                  <p className="text-sm text-ink-muted">{category.description}</p>
                ) : null}
              </div>
              <ul className="flex flex-col gap-3">
                {category.items.map((item) => (
                  <MenuItemCard
                    key={item.id}
                    item={item}
                    currency={restaurant.currency}
                    inCart={inCart.get(item.id) ?? 0}
                    onOpen={onOpenItem}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
        {restaurant.phone ? (
          <p className="text-center text-sm text-ink-muted">
            {t('guest.menu.askOrCall')}{' '}
            <a href={`tel:${restaurant.phone}`} className="font-medium text-accent-800 underline">
              {restaurant.phone}
            </a>
            .
          </p>
        ) : null}
      </main>
      {/* Always on the page, so that even the first "added" is read out (the bar appears with it). */}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {cart.lines.length > 0 ? (
        <CartBar
          count={totals.count}
          totalMinor={totals.totalMinor}
          currency={restaurant.currency}
          announcement={announcement}
          problems={priced.filter((entry) => entry.problem).length}
          onOpen={() => setCartOpen(true)}
        />
      ) : null}
      <DishFilterSheet
        open={filterOpen}
        onClose={() => setFilterOpen(false)}
        choices={choices}
        filter={filter}
        onChange={changeFilter}
        shownCount={categories.reduce((sum, category) => sum + category.items.length, 0)}
      />
      <OptionPickerSheet
        item={picking}
        currency={restaurant.currency}
        onClose={() => setPicking(null)}
        onAdd={(line) => {
          change({ type: 'add', id: newLineId(), line });
          setPicking(null);
          setAnnouncement(t('guest.menu.added', { quantity: line.quantity, name: line.name }));
        }}
      />
      <CartSheet
        open={cartOpen}
        onClose={() => setCartOpen(false)}
        cart={cart}
        dispatch={change}
        priced={priced}
        totals={totals}
        currency={restaurant.currency}
        serviceChargePercent={restaurant.serviceChargePercent}
        tableName={tableName}
        lineErrors={lineErrors}
        problem={problem}
        placing={placeOrder.isPending || queuing}
        onPlace={place}
      />
    </div>
  );
}

function GuestEmptyMenu() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-panel px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-700">
        <SunIcon />
      </div>
      <h2 className="text-lg font-semibold text-ink">{t('guest.menu.emptyTitle')}</h2>
      <p className="text-sm text-ink-muted">{t('guest.menu.emptyText')}</p>
    </div>
  );
}

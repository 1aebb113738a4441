import type { TMeResponse } from '@tavolo/contract/auth';
import type {
  TDashboardOverview,
  TMenuItemStats,
  TOrderSummary,
  TRevenueChart,
} from '@tavolo/contract/dashboard';
import type { TKitchenStats } from '@tavolo/contract/kitchen';
import type { TOrder } from '@tavolo/contract/orders';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeId } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';

const RID = ME.restaurantId;

beforeEach(() => {
  // Friday 14 March 2025, 12:00 in Rome: the chart's years are 2025 and before.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-14T11:00:00Z'));
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// 2025-03-14 was a Friday; it is compared with Friday 7 March.
function fakeOverview(overrides: Partial<TDashboardOverview> = {}): TDashboardOverview {
  return {
    currency: 'EUR',
    timezone: 'Europe/Rome',
    date: '2025-03-14',
    compareDate: '2025-03-07',
    revenueMinor: { value: 112000, previous: 100000 },
    taxMinor: { value: 10182, previous: 9091 },
    orders: { value: 42, previous: 0 },
    averageOrderMinor: { value: 2667, previous: 2867 },
    activeOrders: { value: 2, previous: 30 },
    pendingOrders: { value: 1, previous: null },
    averageRating: { value: null, previous: null, count: 0 },
    walletBalanceMinor: { value: 50000, previous: 54000 },
    ...overrides,
  };
}

function fakeChart(
  year: number,
  figures: Record<number, [number, number]> = { 2: [30000, 10], 3: [80000, 25] },
): TRevenueChart {
  return {
    year,
    currency: 'EUR',
    months: Array.from({ length: 12 }, (_, index) => {
      const [revenueMinor, orders] = figures[index + 1] ?? [0, 0];
      return { month: index + 1, revenueMinor, orders };
    }),
  };
}

function fakeSummary(period: TOrderSummary['period']): TOrderSummary {
  const week = period === 'week';
  return {
    period,
    currency: 'EUR',
    from: week ? '2025-03-08' : '2025-03-14',
    to: '2025-03-14',
    total: week ? 120 : 44,
    byStatus: {
      pending: 1,
      accepted: 1,
      preparing: 0,
      ready: 0,
      served: 0,
      completed: week ? 116 : 40,
      cancelled: 2,
    },
    totalMinor: week ? 360000 : 112000,
    revenueMinor: week ? 350000 : 112000,
  };
}

function fakeDishes(period: TMenuItemStats['period']): TMenuItemStats {
  const names = [
    'Carbonara',
    'Margherita',
    'Tiramisù',
    'Lasagne',
    'Caprese',
    'Risotto',
    'Ossobuco',
    'Minestrone',
    'Panna cotta',
    'Polenta',
    'Trippa',
  ];
  const items = names.map((name, index) => ({
    menuItemId: fakeId(),
    name,
    quantity: Math.max(0, 10 - index),
    revenueMinor: Math.max(0, 10 - index) * (index === 4 ? 9000 : 1000),
  }));
  return {
    period,
    currency: 'EUR',
    from: '2025-03-14',
    to: '2025-03-14',
    items,
    byRevenue: [...items].sort((a, b) => b.revenueMinor - a.revenueMinor),
  };
}

/** Today's prep times: nothing made ready unless told. */
function fakeKitchenStats(overrides: Partial<TKitchenStats> = {}): TKitchenStats {
  return {
    from: '2025-03-13T23:00:00.000Z',
    to: '2025-03-14T23:00:00.000Z',
    stations: [{ stationId: fakeId(), name: 'Kitchen', lines: 0, avgSeconds: 0, p90Seconds: 0 }],
    dishes: [],
    ...overrides,
  };
}

type Handler = (url: URL) => Response | undefined;

function stubOverviewApi({
  me = ME as TMeResponse,
  overview = fakeOverview(),
  chart = (year: number | null) => fakeChart(year ?? 2025),
  currentOrders = [] as TOrder[],
  setup = { categories: [{ itemCount: 3 }], tables: 2, staff: 0 },
  kitchen = fakeKitchenStats(),
  handle = (() => undefined) as Handler,
} = {}) {
  const calls: Record<string, Record<string, string>[]> = {
    overview: [],
    chart: [],
    summary: [],
    dishes: [],
    kitchen: [],
  };
  const fetch = stubFetch(({ url }) => {
    const handled = handle(url);
    if (handled) return handled;
    const query = Object.fromEntries(url.searchParams);
    switch (url.pathname) {
      case '/auth/me':
        return jsonResponse(200, me);
      case '/api/dashboard/overview':
        calls.overview!.push(query);
        return jsonResponse(200, overview);
      case '/api/dashboard/revenue-chart':
        calls.chart!.push(query);
        return jsonResponse(200, chart(query.year ? Number(query.year) : null));
      case '/api/dashboard/order-summary':
        calls.summary!.push(query);
        return jsonResponse(200, fakeSummary((query.period ?? 'today') as TOrderSummary['period']));
      case '/api/dashboard/menu-item-stats':
        calls.dishes!.push(query);
        return jsonResponse(200, fakeDishes((query.period ?? 'today') as TMenuItemStats['period']));
      case '/api/kitchen/stats':
        calls.kitchen!.push(query);
        return jsonResponse(200, kitchen);
      case `/api/orders/restaurant/${RID}`:
        return jsonResponse(200, {
          items: currentOrders,
          total: currentOrders.length,
          page: 1,
          pageSize: 100,
        });
      case `/api/categories/${RID}`:
        return jsonResponse(200, {
          items: setup.categories.map((category, position) => ({
            id: fakeId(),
            name: `Category ${position}`,
            description: null,
            position,
            ...category,
          })),
        });
      case `/api/tables/restaurant/${RID}`:
        return jsonResponse(200, {
          items: Array.from({ length: setup.tables }, (_, index) => ({
            id: fakeId(),
            number: index + 1,
            label: null,
            seats: 4,
            active: true,
            qrToken: `token-${index}`,
            guestUrl: `http://localhost/t/token-${index}`,
            createdAt: '2025-01-01T00:00:00.000Z',
          })),
        });
      case `/api/staff/${RID}`:
        calls.staff = [...(calls.staff ?? []), query];
        return jsonResponse(200, { items: [], total: setup.staff, page: 1, pageSize: 1 });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, calls };
}

const cardByLabel = (label: string) =>
  screen.getAllByTestId('stat-card').find((card) => card.querySelector('h3')?.textContent === label);

describe('OverviewScreen', () => {
  it('shows today’s figures against last week, the year by month, orders and dishes', async () => {
    const { calls } = stubOverviewApi();
    renderApp('/dashboard/overview');

    const cards = await screen.findAllByTestId('stat-card', {}, { timeout: 5_000 });
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      "Today's revenue",
      'Orders',
      'Average order',
      'Active orders',
      'Rating',
      'Wallet balance',
    ]);
    const revenue = cardByLabel("Today's revenue")!;
    expect(within(revenue).getByText('€1,120.00')).toBeTruthy();
    expect(within(revenue).getByTestId('stat-change').textContent).toContain('+12% vs last Fri');
    expect(within(revenue).getByText('Up 12% on last Friday')).toBeTruthy();
    expect(within(revenue).getByText('of which tax €101.82')).toBeTruthy();
    // Beside the day report's gross sales, the revenue says what it counts.
    expect(screen.getByTestId('revenue-caption').textContent).toMatch(
      /tips included.*day report.*tips apart/,
    );
    // Last Friday had no orders: an amount, not a percentage of nothing.
    expect(within(cardByLabel('Orders')!).getByTestId('stat-change').textContent).toContain(
      '+42 vs last Fri',
    );
    expect(within(cardByLabel('Average order')!).getByTestId('stat-change').textContent).toContain(
      '\u22127% vs last Fri',
    );
    expect(within(cardByLabel('Active orders')!).getByText('1 waiting to be accepted')).toBeTruthy();
    expect(within(cardByLabel('Rating')!).getByText('No reviews yet')).toBeTruthy();
    expect(within(cardByLabel('Rating')!).queryByTestId('stat-change')).toBeNull();
    expect(within(cardByLabel('Wallet balance')!).getByTestId('stat-change').textContent).toContain(
      '\u2212€40.00 vs a week ago',
    );

    // The chart: the server picks the year (no ?year=), a sentence and a table say it in words.
    const chart = await screen.findByRole('figure', { name: 'Revenue by month' });
    expect(calls.chart?.[0]).toEqual({});
    expect(
      within(chart).getByText(
        'Revenue by month in 2025: €1,100.00 from 35 orders. Best month: March, €800.00.',
      ),
    ).toBeTruthy();
    expect(within(chart).getByRole('rowheader', { name: 'March' })).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('chart-skeleton')).toHaveLength(0));
    expect(within(chart).getByTestId('chart-months').querySelector('.recharts-wrapper')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value).toBe('2025');

    const summary = screen.getByTestId('order-summary');
    await within(summary).findByText('44');
    expect(within(summary).getAllByText('€1,120.00')).toHaveLength(2);
    expect(
      within(summary)
        .getAllByTestId('status-count')
        .map((row) => row.textContent),
    ).toEqual(['Pending1', 'Accepted1', 'Completed40', 'Cancelled2']);
    expect(calls.summary?.[0]).toEqual({ period: 'today' });

    const dishes = screen.getByTestId('dishes');
    const top = await within(dishes).findByTestId('top-dishes');
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Carbonara', 'Margherita', 'Tiramisù', 'Lasagne', 'Caprese']);
    const bottom = within(dishes).getByTestId('bottom-dishes');
    expect(
      within(bottom)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Trippa', 'Polenta', 'Panna cotta', 'Minestrone', 'Ossobuco']);
    // The least ordered include dishes nobody ordered.
    expect(within(bottom).getByText('0 sold')).toBeTruthy();
    fireEvent.click(within(dishes).getByLabelText('By revenue'));
    await waitFor(() =>
      expect(within(dishes).getByTestId('top-dishes').querySelector('li')?.firstChild?.textContent).toBe(
        'Caprese',
      ),
    );

    // The checklist ticks what is done: a menu with dishes and tables, nobody invited yet.
    const checklist = screen.getByTestId('setup-checklist');
    expect(within(checklist).getByText(/3 of 4 done/)).toBeTruthy();
    expect(within(checklist).getByRole('link', { name: 'Invite your team' })).toBeTruthy();
    expect(within(checklist).queryByRole('link', { name: 'Add your first dishes' })).toBeNull();
    expect(calls.staff?.[0]).toEqual({ page: '1', pageSize: '1' });
    expect(screen.queryByText('Charts arrive with your first orders')).toBeNull();
  });

  it('asks for the chosen period and year, and keeps them in the URL', async () => {
    const { calls } = stubOverviewApi();
    const { router } = renderApp('/dashboard/overview');
    await screen.findByRole('figure', { name: 'Revenue by month' }, { timeout: 5_000 });
    await within(screen.getByTestId('order-summary')).findByText('44');

    const week = screen.getByLabelText('Week');
    expect(week.getAttribute('type')).toBe('radio');
    fireEvent.click(week);
    await waitFor(() => expect(calls.summary?.at(-1)).toEqual({ period: 'week' }));
    await waitFor(() => expect(calls.dishes?.at(-1)).toEqual({ period: 'week' }));
    expect(await within(screen.getByTestId('order-summary')).findByText('120')).toBeTruthy();
    expect(router.state.location.search).toBe('?period=week');

    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2024' } });
    await waitFor(() => expect(calls.chart?.at(-1)).toEqual({ year: '2024' }));
    expect(await screen.findByText(/^Revenue by month in 2024:/)).toBeTruthy();
    expect(router.state.location.search).toBe('?period=week&year=2024');
  });

  it('keeps the other sections when one fails, and retries that one', async () => {
    let fail = true;
    stubOverviewApi({
      handle: (url) =>
        url.pathname === '/api/dashboard/order-summary' && fail
          ? errorResponse(500, 'INTERNAL', 'Something broke')
          : undefined,
    });
    renderApp('/dashboard/overview');
    expect(await screen.findByText('Could not load the order summary', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(6);
    expect(await screen.findByTestId('top-dishes')).toBeTruthy();
    fail = false;
    fireEvent.click(within(screen.getByTestId('order-summary')).getByRole('button', { name: 'Try again' }));
    expect(await within(screen.getByTestId('order-summary')).findByText('44')).toBeTruthy();
    expect(screen.queryByText('Could not load the order summary')).toBeNull();
  });

  it('says charts arrive with the first orders only when the year has nothing at all', async () => {
    stubOverviewApi({
      overview: fakeOverview({
        walletBalanceMinor: null,
        averageRating: { value: 4.56, previous: 4.4, count: 12 },
      }),
      chart: (year) => fakeChart(year ?? 2025, {}),
      setup: { categories: [{ itemCount: 2 }], tables: 1, staff: 3 },
    });
    renderApp('/dashboard/overview');
    expect(
      await screen.findByText('Charts arrive with your first orders', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('figure', { name: 'Revenue by month' })).toBeNull();
    // No wallet card without wallet.view; the rating with its change in stars.
    const cards = await screen.findAllByTestId('stat-card');
    expect(cards).toHaveLength(5);
    expect(within(cardByLabel('Rating')!).getByText('4.6 ★')).toBeTruthy();
    expect(within(cardByLabel('Rating')!).getByText('12 reviews')).toBeTruthy();
    expect(within(cardByLabel('Rating')!).getByTestId('stat-change').textContent).toContain(
      '+0.2 vs a week ago',
    );
    // Everything is set up: no checklist.
    await waitFor(() => expect(screen.getAllByTestId('stat-card')).toHaveLength(5));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('counts active orders from the live board and refreshes the figures when orders change', async () => {
    const open = [
      fakeOrder({ status: 'pending' }),
      fakeOrder({ status: 'preparing' }),
      fakeOrder({ status: 'ready' }),
    ];
    const { calls } = stubOverviewApi({ currentOrders: open });
    renderApp('/dashboard/overview');
    await screen.findAllByTestId('stat-card', {}, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    const active = () => cardByLabel('Active orders')!.querySelector('p')?.textContent;
    await waitFor(() => expect(active()).toBe('3'));
    expect(await within(cardByLabel('Active orders')!).findByText('Live')).toBeTruthy();

    await waitFor(() => expect(calls.kitchen!.length).toBeGreaterThan(0));
    const before = calls.overview!.length;
    const prepTimesBefore = calls.kitchen!.length;
    act(() => FakeEventSource.last?.emit('order.created', { order: fakeOrder({ status: 'pending' }) }, 2));
    await waitFor(() => expect(active()).toBe('4'));
    await waitFor(() => expect(calls.overview!.length).toBeGreaterThan(before), { timeout: 4_000 });
    // Today's prep times, cached under the kitchen's key, refresh with the dashboard's figures.
    await waitFor(() => expect(calls.kitchen!.length).toBeGreaterThan(prepTimesBefore), { timeout: 4_000 });
  });

  it('shows today’s prep times by station and the five slowest dishes', async () => {
    const dish = (name: string, avgSeconds: number, p90Seconds = avgSeconds + 60) => ({
      menuItemId: fakeId(),
      name,
      lines: 4,
      avgSeconds,
      p90Seconds,
    });
    const { calls } = stubOverviewApi({
      kitchen: fakeKitchenStats({
        stations: [
          { stationId: fakeId(), name: 'Kitchen', lines: 12, avgSeconds: 754, p90Seconds: 1260 },
          { stationId: fakeId(), name: 'Bar', lines: 5, avgSeconds: 150, p90Seconds: 240 },
          // Nothing made there today: not listed.
          { stationId: fakeId(), name: 'Pizza oven', lines: 0, avgSeconds: 0, p90Seconds: 0 },
        ],
        dishes: [
          dish('Spritz', 90),
          dish('Ossobuco', 1500),
          dish('Risotto', 1080),
          dish('Lasagne', 900),
          dish('Tiramisù', 45),
          dish('Carbonara', 600),
          dish('Polenta', 900, 1200),
        ],
      }),
    });
    renderApp('/dashboard/overview');
    const stations = await screen.findByTestId('prep-stations', {}, { timeout: 5_000 });
    expect(calls.kitchen).toEqual([{ from: '2025-03-14', to: '2025-03-14' }]);
    const rows = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows(stations)).toEqual([
      ['Kitchen12 made', '13 min', '21 min'],
      ['Bar5 made', '2 min 30 sec', '4 min'],
    ]);
    expect(rows(screen.getByTestId('prep-dishes')).map(([name]) => name?.replace('4 made', ''))).toEqual([
      'Ossobuco',
      'Risotto',
      'Polenta',
      'Lasagne',
      'Carbonara',
    ]);
  });

  it('says when nothing was made ready yet today', async () => {
    stubOverviewApi();
    renderApp('/dashboard/overview');
    expect((await screen.findByTestId('prep-times-empty', {}, { timeout: 5_000 })).textContent).toBe(
      'No dishes made ready yet today.',
    );
    expect(screen.queryByTestId('prep-stations')).toBeNull();
  });

  it('shows only the setup steps the user may take, and no live count without orders.view', async () => {
    stubOverviewApi({
      me: staffSession(['dashboard.view', 'tables.manage']),
      overview: fakeOverview({ walletBalanceMinor: null }),
      setup: { categories: [], tables: 0, staff: 0 },
    });
    renderApp('/dashboard/overview');
    const checklist = await screen.findByTestId('setup-checklist', {}, { timeout: 5_000 });
    expect(within(checklist).getAllByTestId('setup-step')).toHaveLength(1);
    expect(within(checklist).getByRole('link', { name: 'Add tables and print their QR codes' })).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(cardByLabel('Active orders')!.querySelector('p')?.textContent).toBe('2');
  });
});

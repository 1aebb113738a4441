import type { TAuditEntry, TAuditSummary } from '@tavolo/contract/audit';
import type { TMeResponse } from '@tavolo/contract/auth';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeId } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeStaffMember, staffSession } from '../../../testing/staff-fixtures';

const RID = ME.restaurantId;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const marco = { id: '66666666-6666-4666-8666-666666666666', name: 'Marco Bianchi' };
const anna = { id: '77777777-7777-4777-8777-777777777777', name: 'Anna Verdi' };

function fakeEntry(overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: fakeId(),
    // 21:30 UTC is 22:30 in Rome.
    at: '2025-03-14T21:30:00.000Z',
    kind: 'payment.recorded',
    actor: marco,
    approvedBy: null,
    orderId: fakeId(),
    orderNumber: 12,
    tableNumber: 4,
    amountMinor: 2550,
    reason: null,
    details: { method: 'card' },
    ...overrides,
  };
}

const EMPTY_SUMMARY: TAuditSummary = {
  from: '2025-03-13T23:00:00.000Z',
  to: '2025-03-14T23:00:00.000Z',
  voids: { byStaff: [], byReason: [] },
  discounts: { byStaff: [], byReason: [] },
};

function stubAuditApi({
  me = ME as TMeResponse,
  entries = [fakeEntry()] as TAuditEntry[],
  summary = EMPTY_SUMMARY,
  staff = [] as { id: string; name: string }[],
  failList = false,
} = {}) {
  const lists: Record<string, string>[] = [];
  const summaries: Record<string, string>[] = [];
  const staffAsked: string[] = [];
  stubFetch(({ url }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`)
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
    if (url.pathname === '/api/audit/summary') {
      summaries.push(Object.fromEntries(url.searchParams));
      return jsonResponse(200, summary);
    }
    if (url.pathname === '/api/audit') {
      lists.push(Object.fromEntries(url.searchParams));
      if (failList)
        return errorResponse(500, 'INTERNAL', 'Something went wrong on our side; please try again');
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const kind = url.searchParams.get('kind');
      const who = url.searchParams.get('staffId');
      const kept = entries.filter(
        (e) => (!kind || e.kind === kind) && (!who || e.actor.id === who || e.approvedBy?.id === who),
      );
      return jsonResponse(200, {
        items: kept.slice((page - 1) * pageSize, page * pageSize),
        total: kept.length,
        page,
        pageSize,
      });
    }
    if (url.pathname === `/api/staff/${RID}`) {
      staffAsked.push(url.search);
      return jsonResponse(200, {
        items: staff.map((member) => fakeStaffMember(member)),
        total: staff.length,
        page: 1,
        pageSize: 100,
      });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { lists, summaries, staffAsked };
}

const choose = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ActivityScreen', () => {
  it('lists what happened today in words, in the restaurant’s time, with who, where, money and why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 14 March is already 15 March in Rome: "today" is the restaurant's day.
    vi.setSystemTime(new Date('2025-03-14T23:30:00Z'));
    const { lists, summaries } = stubAuditApi({
      entries: [
        fakeEntry({
          kind: 'order.line_voided',
          actor: anna,
          approvedBy: marco,
          amountMinor: 900,
          reason: 'wrong_item',
          details: { itemName: 'Lasagne', quantity: 2 },
        }),
        fakeEntry({ kind: 'order.cancelled', reason: 'Guest left', amountMinor: 4200, details: {} }),
        fakeEntry({
          kind: 'visit.closed',
          actor: { id: ME.userId, name: 'Giulia Rossi' },
          orderId: null,
          orderNumber: null,
          amountMinor: 3000,
          details: { unpaidMinor: 500 },
        }),
        fakeEntry({ actor: { id: null, name: 'System' }, details: { method: 'online', tipMinor: 200 } }),
      ],
    });
    renderApp('/dashboard/orders/activity');

    expect(
      await screen.findByRole('heading', { name: 'Activity', level: 1 }, { timeout: 5_000 }),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(4);
    // Each cell's lines: what happened and why; who and who approved; where; how much.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) =>
          cell.children.length > 1 ? [...cell.children].map((line) => line.textContent) : cell.textContent,
        );
    expect(cells(rows[0]!)).toEqual([
      expect.stringMatching(/Mar 14, 2025.*10:30/),
      ['Items voided', 'Wrong item · 2 × Lasagne'],
      ['Anna Verdi', 'Approved by Marco Bianchi'],
      'Order #12 · Table 4',
      '€9.00',
    ]);
    expect(cells(rows[1]!).slice(1)).toEqual([
      ['Order cancelled', 'Guest left'],
      'Marco Bianchi',
      'Order #12 · Table 4',
      '€42.00',
    ]);
    expect(cells(rows[2]!).slice(1)).toEqual([
      ['Bill closed', '€5.00 left unpaid'],
      'Giulia Rossi',
      'Table 4',
      '€30.00',
    ]);
    expect(cells(rows[3]!).slice(1, 3)).toEqual([['Payment taken', 'Online · €2.00 tip'], 'System']);
    // Cards on a phone say the same.
    const [card] = screen.getAllByTestId('activity-card');
    expect(card!.textContent).toContain('By Anna Verdi, approved by Marco Bianchi');
    expect(screen.getByTestId('activity-count').textContent).toBe('4 entries');
    expect(screen.getByTestId('voids-discounts').textContent).toContain(
      'No voids or discounts in this period.',
    );

    expect(lists[0]).toMatchObject({ from: '2025-03-15', to: '2025-03-15', page: '1' });
    expect(lists[0]).not.toHaveProperty('kind');
    expect(summaries[0]).toEqual({ from: '2025-03-15', to: '2025-03-15' });
  });

  it('shows voids and discounts by staff member and by reason, and says so when there were none', async () => {
    stubAuditApi({
      summary: {
        ...EMPTY_SUMMARY,
        voids: {
          byStaff: [
            { staff: anna, count: 2, amountMinor: 1800 },
            { staff: { id: null, name: 'Guest' }, count: 1, amountMinor: 100 },
          ],
          byReason: [
            { reason: 'quality', count: 2, amountMinor: 1500 },
            { reason: 'guest_changed_mind', count: 1, amountMinor: 400 },
          ],
        },
      },
    });
    renderApp('/dashboard/orders/activity');
    const voids = await screen.findByTestId('summary-voids', {}, { timeout: 5_000 });
    expect(voids.textContent).toContain('3 times · €19.00');
    const rows = within(voids)
      .getAllByRole('row')
      .map((row) => row.textContent)
      .filter((text) => !text?.startsWith('By'));
    expect(rows).toEqual([
      'Anna Verdi×2€18.00',
      'A guest×1€1.00',
      'Quality×2€15.00',
      'Guest changed their mind×1€4.00',
    ]);
    const discounts = screen.getByTestId('summary-discounts');
    expect(discounts.textContent).toContain('None in this period.');
  });

  it('filters by period, kind and person, keeping them in the URL, and pages through', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-14T12:00:00Z'));
    const many = Array.from({ length: 30 }, (_, i) =>
      fakeEntry({ orderNumber: 100 + i, actor: i % 2 ? anna : marco }),
    );
    const { lists, summaries, staffAsked } = stubAuditApi({
      entries: [...many, fakeEntry({ kind: 'order.cancelled', reason: 'Guest left' })],
      staff: [marco, anna],
    });
    const { router } = renderApp('/dashboard/orders/activity');
    await screen.findAllByTestId('activity-row', {}, { timeout: 5_000 });
    expect(screen.getByTestId('activity-count').textContent).toBe('31 entries · showing 1–25');
    // The owner may read the staff: the person filter offers them all.
    expect(staffAsked).toHaveLength(1);
    const people = within(screen.getByLabelText('Staff member')).getAllByRole('option');
    expect(people.map((option) => option.textContent)).toEqual([
      'Anyone',
      'Anna Verdi',
      'Giulia Rossi',
      'Marco Bianchi',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(6));
    expect(lists.at(-1)).toMatchObject({ page: '2' });

    choose('Period', 'yesterday');
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({ from: '2025-03-13', to: '2025-03-13', page: '1' }),
    );
    expect(summaries.at(-1)).toEqual({ from: '2025-03-13', to: '2025-03-13' });

    choose('What', 'order.cancelled');
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(lists.at(-1)).toMatchObject({ kind: 'order.cancelled' });

    choose('What', '');
    choose('Staff member', anna.id);
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ staffId: anna.id }));
    expect(router.state.location.search).toBe(`?period=yesterday&staff=${anna.id}`);

    choose('Period', 'custom');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-03-13');
    choose('From', '2025-03-10');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ from: '2025-03-10', to: '2025-03-13' }));
    choose('To', '2025-03-01');
    expect(await screen.findByText('Choose the period')).toBeTruthy();
    expect(screen.getAllByText('The end date is before the start date.').length).toBeGreaterThan(0);
  });

  it('offers the people it has seen when the viewer may not read the staff', async () => {
    // A member's session names them by their staff id, as the log does.
    const { staffAsked } = stubAuditApi({
      me: { ...staffSession(['orders.view', 'audit.view']), userId: marco.id, staffId: marco.id },
      entries: [fakeEntry({ actor: anna, approvedBy: marco })],
    });
    renderApp('/dashboard/orders/activity');
    await screen.findAllByTestId('activity-row', {}, { timeout: 5_000 });
    const people = within(screen.getByLabelText('Staff member')).getAllByRole('option');
    // Marco is also the viewer: one entry each.
    expect(people.map((option) => option.textContent)).toEqual(['Anyone', 'Anna Verdi', 'Marco Bianchi']);
    expect(staffAsked).toEqual([]);
  });

  it('says when nothing happened, when nothing matches, and when the list cannot be loaded', async () => {
    stubAuditApi({ entries: [] });
    renderApp('/dashboard/orders/activity');
    expect(await screen.findByText('No activity in this period', {}, { timeout: 5_000 })).toBeTruthy();
    cleanup();

    stubAuditApi({ entries: [fakeEntry()] });
    renderApp('/dashboard/orders/activity?kind=order.moved');
    expect(await screen.findByText('No entries match', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByTestId('activity-row')).toBeTruthy();
    cleanup();

    stubAuditApi({ failList: true });
    renderApp('/dashboard/orders/activity');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('Could not load the activity');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is closed to those without audit.view, and the Orders screen links to it for those who hold it', async () => {
    stubAuditApi({ me: staffSession(['orders.view']) });
    renderApp('/dashboard/orders/activity');
    expect(await screen.findByTestId('no-access', {}, { timeout: 5_000 })).toBeTruthy();
    cleanup();

    stubAuditApi({ me: staffSession(['orders.view']) });
    renderApp('/dashboard/orders');
    await screen.findByRole('link', { name: 'Past orders' }, { timeout: 5_000 });
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
    cleanup();

    stubAuditApi({ me: staffSession(['orders.view', 'audit.view']) });
    const { router } = renderApp('/dashboard/orders');
    fireEvent.click(await screen.findByRole('link', { name: 'Activity' }, { timeout: 5_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/activity'));
  });
});

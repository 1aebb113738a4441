import type { TMeResponse } from '@tavolo/contract/auth';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
import { fakeOrder } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;
const pizza = fakeCategory({ name: 'Pizza' });
const margherita = fakeMenuItem({ name: 'Margherita', categoryId: pizza.id });
const diavola = fakeMenuItem({ name: 'Diavola', categoryId: pizza.id, soldOut: true });

function stubToday(
  soldOut: (id: string, value: boolean) => Response | Promise<Response>,
  me: TMeResponse = ME,
  stock: (id: string, count: number | null) => Response | Promise<Response> = () =>
    errorResponse(500, 'INTERNAL', 'no'),
  items = [margherita, diavola],
) {
  return stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/menu/today/${RID}`) {
      return jsonResponse(200, fakeTodayMenu([{ category: pizza, items }]));
    }
    const match = /^\/api\/menu\/([^/]+)\/sold-out$/.exec(url.pathname);
    if (match && method === 'PUT') return soldOut(match[1]!, JSON.parse(String(init.body)).soldOut);
    const counted = /^\/api\/menu\/([^/]+)\/stock$/.exec(url.pathname);
    if (counted && method === 'PUT') return stock(counted[1]!, JSON.parse(String(init.body)).count);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

const card = (name: string) =>
  screen.getAllByTestId('today-item').find((item) => within(item).queryByRole('heading', { name }))!;
const counts = () => screen.getByTestId('today-counts').textContent?.replace(/\s+/g, ' ').trim();

describe('TodayMenuScreen', () => {
  it('shows the date, the counts and which dishes are sold out', async () => {
    stubToday(() => errorResponse(500, 'INTERNAL', 'no'));
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    expect(screen.getByText(/Friday, 14 March 2025|Friday, March 14, 2025/)).toBeTruthy();
    expect(counts()).toBe('1 available · 1 sold out');
    expect(within(card('Diavola')).getByText('Sold out')).toBeTruthy();
    // The state in words, and a switch whose position (not its colour alone) says it.
    expect(within(card('Margherita')).getByText('Available')).toBeTruthy();
    const diavolaSwitch = within(card('Diavola')).getByRole('switch', { name: 'Available today: Diavola' });
    expect(diavolaSwitch.getAttribute('aria-checked')).toBe('false');
    const margheritaSwitch = within(card('Margherita')).getByRole('switch', {
      name: 'Available today: Margherita',
    });
    expect(margheritaSwitch.getAttribute('aria-checked')).toBe('true');
    // Nothing reads as an alarm while dishes are available.
    expect(screen.queryByText(/Sold out for today/)).toBeNull();
  });

  it('marks a dish sold out at once, and confirms', async () => {
    let release: (response: Response) => void = () => {};
    const fetch = stubToday(
      (id, value) =>
        new Promise<Response>((resolve) => {
          release = resolve;
          expect([id, value]).toEqual([margherita.id, true]);
        }),
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' });

    fireEvent.click(within(card('Margherita')).getByRole('switch', { name: /Available today/ }));
    // Before the server answers.
    await waitFor(() => expect(counts()).toBe('0 available · 2 sold out'));
    expect(within(card('Margherita')).getByText('Sold out')).toBeTruthy();

    release(jsonResponse(200, { ...margherita, soldOut: true }));
    expect(await screen.findByText('Margherita is sold out until midnight.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === `/api/menu/${margherita.id}/sold-out`)).toBe(true);
  });

  it('puts the dish back when the server refuses', async () => {
    stubToday(() => errorResponse(403, 'FORBIDDEN', 'You may not change the menu'));
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' });
    fireEvent.click(within(card('Diavola')).getByRole('switch', { name: /Available today/ }));
    expect(await screen.findByText('Could not update Diavola: You may not change the menu')).toBeTruthy();
    expect(counts()).toBe('1 available · 1 sold out');
    expect(within(card('Diavola')).getByText('Sold out')).toBeTruthy();
  });

  it('opens to the kitchen (menu.availability) and hides menu editing from it', async () => {
    stubToday(() => errorResponse(500, 'INTERNAL', 'no'), {
      ...ME,
      userType: 'staff',
      staffId: '55555555-5555-4555-8555-555555555555',
      permissions: ['orders.view', 'orders.manage', 'menu.availability'],
    });
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' });
    expect(within(card('Margherita')).getByRole('switch', { name: /Available today/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit the menu' })).toBeNull();
    expect(screen.getByRole('link', { name: "Today's menu" })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Menu' })).toBeNull();
  });

  it('shows the dishes without the sold-out switch to a menu manager without menu.availability', async () => {
    stubToday(() => errorResponse(500, 'INTERNAL', 'no'), {
      ...ME,
      userType: 'staff',
      staffId: '55555555-5555-4555-8555-555555555555',
      permissions: ['menu.manage'],
    });
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' });
    expect(within(card('Margherita')).queryByRole('switch')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit the menu' })).toBeTruthy();
  });

  it('counts what is left of a dish: saved on Enter, with a toast', async () => {
    const sent: [string, number | null][] = [];
    // The server keeps what it was sent: the menu read again afterwards shows it.
    const items = [margherita, diavola];
    stubToday(
      () => errorResponse(500, 'INTERNAL', 'no'),
      ME,
      (id, count) => {
        sent.push([id, count]);
        items[0] = { ...margherita, stockCount: count, soldOut: count === 0 };
        return jsonResponse(200, items[0]);
      },
      items,
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    const field = within(card('Margherita')).getByRole('textbox', { name: 'Left today: Margherita' });
    // Not counted: empty, with ∞ as its placeholder.
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('placeholder')).toBe('∞');

    act(() => field.focus());
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Margherita: 12 left.')).toBeTruthy();
    expect(sent).toEqual([[margherita.id, 12]]);
    expect((field as HTMLInputElement).value).toBe('12');
    // Leaving it unchanged sends nothing.
    act(() => field.focus());
    fireEvent.blur(field);
    expect(sent).toHaveLength(1);
  });

  it('at 0 the dish is sold out at once, and only a new count brings it back', async () => {
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 3 });
    let release: (response: Response) => void = () => {};
    stubToday(
      () => errorResponse(500, 'INTERNAL', 'no'),
      ME,
      (_id, count) =>
        new Promise<Response>((resolve) => {
          release = resolve;
          expect(count).toBe(0);
        }),
      [margherita, counted],
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    expect(counts()).toBe('2 available · 0 sold out');
    const field = within(card('Tiramisù')).getByRole('textbox', { name: 'Left today: Tiramisù' });
    expect((field as HTMLInputElement).value).toBe('3');

    act(() => field.focus());
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    // Before the server answers.
    await waitFor(() => expect(counts()).toBe('1 available · 1 sold out'));
    expect(within(card('Tiramisù')).getByText('Sold out')).toBeTruthy();
    expect(within(card('Tiramisù')).getByText('none left')).toBeTruthy();
    const toggle = within(card('Tiramisù')).getByRole('switch', { name: 'Available today: Tiramisù' });
    expect(toggle).toHaveProperty('disabled', true);

    release(jsonResponse(200, { ...counted, stockCount: 0, soldOut: true }));
    expect(await screen.findByText('Tiramisù is sold out: none left.')).toBeTruthy();
  });

  it('stops counting a dish when its field is emptied', async () => {
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 5 });
    const sent: (number | null)[] = [];
    stubToday(
      () => errorResponse(500, 'INTERNAL', 'no'),
      ME,
      (_id, count) => {
        sent.push(count);
        return jsonResponse(200, { ...counted, stockCount: count });
      },
      [counted],
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    const field = within(card('Tiramisù')).getByRole('textbox', { name: /Left today/ });
    act(() => field.focus());
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Tiramisù is no longer counted.')).toBeTruthy();
    expect(sent).toEqual([null]);
  });

  it('refuses a count that is not a whole number without sending it; Escape puts back the saved one', async () => {
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 5 });
    const fetch = stubToday(() => errorResponse(500, 'INTERNAL', 'no'), ME, undefined, [counted]);
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    const field = within(card('Tiramisù')).getByRole('textbox', { name: /Left today/ }) as HTMLInputElement;
    act(() => field.focus());
    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.blur(field);
    expect(
      within(card('Tiramisù')).getByText('Enter a whole number from 0 to 100,000, or leave it empty.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    act(() => field.focus());
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('5');
    expect(within(card('Tiramisù')).queryByText(/Enter a whole number/)).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/stock'))).toBe(false);
  });

  it('puts the count back when the server refuses it', async () => {
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 5 });
    stubToday(
      () => errorResponse(500, 'INTERNAL', 'no'),
      ME,
      () => errorResponse(403, 'FORBIDDEN', 'You may not count dishes'),
      [counted],
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    const field = within(card('Tiramisù')).getByRole('textbox', { name: /Left today/ }) as HTMLInputElement;
    act(() => field.focus());
    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Could not update Tiramisù: You may not count dishes')).toBeTruthy();
    await waitFor(() => expect(field.value).toBe('5'));
  });

  it('shows what is left, without a field, to someone who may not count', async () => {
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 4 });
    stubToday(
      () => errorResponse(500, 'INTERNAL', 'no'),
      {
        ...ME,
        userType: 'staff',
        staffId: '55555555-5555-4555-8555-555555555555',
        permissions: ['menu.manage'],
      },
      undefined,
      [counted],
    );
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    expect(within(card('Tiramisù')).queryByRole('textbox')).toBeNull();
    expect(within(card('Tiramisù')).getByText('4 left')).toBeTruthy();
  });

  it('reads the counts again once orders come in, while a dish is counted', async () => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    const counted = fakeMenuItem({ name: 'Tiramisù', categoryId: pizza.id, stockCount: 5 });
    let reads = 0;
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/menu/today/${RID}`) {
        reads += 1;
        // Each read finds one fewer left: orders take units.
        const left = { ...counted, stockCount: 6 - reads };
        return jsonResponse(200, fakeTodayMenu([{ category: pizza, items: [left] }]));
      }
      if (url.pathname === `/api/orders/restaurant/${RID}`)
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: 'Pizza' }, { timeout: 5_000 });
    const field = () =>
      within(card('Tiramisù')).getByRole('textbox', { name: /Left today/ }) as HTMLInputElement;
    expect(field().value).toBe('5');
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    act(() => FakeEventSource.last?.emit('ready', {}, 1));
    act(() => FakeEventSource.last?.emit('order.created', { order: fakeOrder({ status: 'pending' }) }, 2));
    await waitFor(() => expect(field().value).toBe('4'), { timeout: 4_000 });
  });
});

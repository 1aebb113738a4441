import type { TMeResponse } from '@tavolo/contract/auth';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeMenuItem, fakeTodayMenu } from '../../../testing/menu-fixtures';
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
) {
  return stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/menu/today/${RID}`) {
      return jsonResponse(200, fakeTodayMenu([{ category: pizza, items: [margherita, diavola] }]));
    }
    const match = /^\/api\/menu\/([^/]+)\/sold-out$/.exec(url.pathname);
    if (match && method === 'PUT') return soldOut(match[1]!, JSON.parse(String(init.body)).soldOut);
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
});

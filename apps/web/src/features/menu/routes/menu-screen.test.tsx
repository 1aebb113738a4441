import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeStaffMenuItem } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;
const pizza = fakeCategory({ name: 'Pizza', itemCount: 2 });
const desserts = fakeCategory({ name: 'Desserts', position: 1, itemCount: 1 });
const margherita = fakeStaffMenuItem({
  name: 'Margherita',
  categoryId: pizza.id,
  description: 'Tomato, mozzarella, basil',
  priceMinor: 950,
  tags: ['vegetarian'],
  imageUrl: '/uploads/margherita.jpg',
});
const diavola = fakeStaffMenuItem({ name: 'Diavola', categoryId: pizza.id, soldOut: true, priceMinor: 1200 });
const tiramisu = fakeStaffMenuItem({
  name: 'Tiramisù',
  categoryId: desserts.id,
  active: false,
  priceMinor: 600,
});

function stubMenu({ categories = [pizza, desserts], items = [margherita, diavola, tiramisu], me = ME } = {}) {
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: categories });
    if (url.pathname === `/api/menu/restaurant/${RID}`) return jsonResponse(200, { items });
    if (method === 'DELETE' && url.pathname === `/api/menu/${diavola.id}`)
      return new Response(null, { status: 204 });
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

const rows = () => screen.queryAllByTestId('menu-item-row');
const rowNames = () => rows().map((row) => within(row).getByRole('heading').textContent);

describe('MenuScreen', () => {
  it('lists dishes by category with price, photo, tags and status', async () => {
    stubMenu();
    renderApp('/dashboard/menu');
    // The first render also loads the screen's code.
    expect(await screen.findByRole('heading', { name: /Pizza/, level: 2 }, { timeout: 5_000 })).toBeTruthy();
    expect(rowNames()).toEqual(['Margherita', 'Diavola', 'Tiramisù']);

    const first = rows()[0]!;
    expect(within(first).getByText('€9.50')).toBeTruthy();
    expect(within(first).getByText('vegetarian')).toBeTruthy();
    expect(within(first).getByTestId('dish-thumbnail').getAttribute('src')).toBe('/uploads/margherita.jpg');
    expect(within(first).getByRole('link', { name: 'Margherita' }).getAttribute('href')).toBe(
      `/dashboard/menu/update/${margherita.id}`,
    );
    expect(within(rows()[1]!).getByText('Sold out today')).toBeTruthy();
    expect(within(rows()[1]!).getByTestId('dish-thumbnail-placeholder')).toBeTruthy();
    expect(within(rows()[2]!).getByText('Inactive')).toBeTruthy();
  });

  it('says quietly which dishes lack translations', async () => {
    const me = {
      ...ME,
      restaurant: { ...ME.restaurant, languages: ['en' as const, 'de' as const, 'fr' as const] },
    };
    const items = [
      // Complete in German; its name and description missing in French.
      {
        ...margherita,
        translations: { de: { name: 'Margherita', description: 'Tomate, Mozzarella, Basilikum' } },
      },
      // Its name in neither language.
      diavola,
      { ...tiramisu, translations: { de: { name: 'Tiramisu' }, fr: { name: 'Tiramisu' } } },
    ];
    stubMenu({ items, me });
    renderApp('/dashboard/menu');
    await screen.findByRole('heading', { name: /Pizza/, level: 2 }, { timeout: 5_000 });
    const badge = (index: number) =>
      within(rows()[index]!).queryByTestId('translations-missing')?.textContent;
    expect(badge(0)).toBe('2 translations missing in French');
    expect(badge(1)).toBe('Translations missing in 2 languages');
    expect(badge(2)).toBeUndefined();
  });

  it('shows no translation badges where the restaurant has one language', async () => {
    stubMenu();
    renderApp('/dashboard/menu');
    await screen.findByRole('heading', { name: /Pizza/, level: 2 }, { timeout: 5_000 });
    expect(screen.queryAllByTestId('translations-missing')).toEqual([]);
  });

  it('searches and filters on the client, keeping the filters in the URL', async () => {
    const fetch = stubMenu();
    const { router } = renderApp('/dashboard/menu');
    await screen.findByRole('heading', { name: /Pizza/, level: 2 });
    const calls = fetch.mock.calls.length;

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'MOZZARELLA' } });
    await waitFor(() => expect(rowNames()).toEqual(['Margherita']));
    expect(screen.getByText('Showing 1 of 3 dishes')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=MOZZARELLA');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: desserts.id } });
    await waitFor(() => expect(rowNames()).toEqual(['Tiramisù']));

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'sold-out' } });
    await waitFor(() => expect(rowNames()).toEqual(['Diavola']));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No dishes match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    // Filtering never asks the server.
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('asks before deleting a dish, then confirms with a toast', async () => {
    const fetch = stubMenu();
    renderApp('/dashboard/menu');
    await screen.findByRole('heading', { name: /Pizza/, level: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Diavola' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Diavola?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Diavola' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete dish' }));
    expect(await screen.findByText('Diavola was deleted.')).toBeTruthy();
    expect(
      fetch.mock.calls.some(([url, init]) => url === `/api/menu/${diavola.id}` && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('sends a restaurant without categories to create one first', async () => {
    stubMenu({ categories: [], items: [] });
    renderApp('/dashboard/menu');
    expect(await screen.findByText('Start with a category')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a category' }).getAttribute('href')).toBe(
      '/dashboard/categories',
    );
    expect(screen.queryByRole('link', { name: 'Add dish' })).toBeNull();
  });

  it('invites the first dish once there is a category', async () => {
    stubMenu({ items: [] });
    renderApp('/dashboard/menu');
    expect(await screen.findByText('No dishes yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first dish' }).getAttribute('href')).toBe(
      '/dashboard/menu/add',
    );
  });

  it('offers to try again when the menu does not load', async () => {
    let fail = true;
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: [pizza] });
      if (fail) return errorResponse(500, 'INTERNAL', 'Something went wrong on our side; please try again');
      return jsonResponse(200, { items: [margherita] });
    });
    renderApp('/dashboard/menu');
    expect(await screen.findByText('Could not load the menu')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeTruthy();
  });
});

import type { TMeResponse } from '@tavolo/contract/auth';
import type { TCategory } from '@tavolo/contract/menu';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeKitchen, fakeStation } from '../../../testing/station-fixtures';
import { fakeTaxRate } from '../../../testing/tax-fixtures';
import { moveCategory } from '../api/reorder-categories';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;

function stubCategories(
  initial: TCategory[],
  handle: (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response> | undefined,
  me: TMeResponse = ME,
) {
  let list = initial;
  const fetch = stubFetch(async ({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: list });
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const answer = await handle({ url, method, body });
    if (answer?.ok && url.pathname === '/api/categories/reorder') {
      list = (body as { ids: string[] }).ids.map((id) => list.find((category) => category.id === id)!);
    }
    return answer ?? errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, set: (next: TCategory[]) => (list = next) };
}

const names = () =>
  screen.getAllByTestId('category-row').map((row) => within(row).getByRole('heading').textContent);

describe('moveCategory', () => {
  it('swaps with the neighbour and stays put at the ends', () => {
    expect(moveCategory(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveCategory(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveCategory(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveCategory(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('CategoriesScreen', () => {
  const starters = fakeCategory({ name: 'Starters', itemCount: 2 });
  const mains = fakeCategory({ name: 'Mains', position: 1 });
  const desserts = fakeCategory({ name: 'Desserts', position: 2, itemCount: 1 });

  it('reorders with the full list of ids, keeping focus on the moved row', async () => {
    const { fetch } = stubCategories([starters, mains, desserts], ({ url }) =>
      url.pathname === '/api/categories/reorder' ? jsonResponse(200, { items: [] }) : undefined,
    );
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Desserts' });
    expect(screen.getByRole('button', { name: 'Move Starters up' })).toHaveProperty('disabled', true);

    const up = screen.getByRole('button', { name: 'Move Desserts up' });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(names()).toEqual(['Starters', 'Desserts', 'Mains']));
    const call = fetch.mock.calls.find(([url]) => url === '/api/categories/reorder');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: [starters.id, desserts.id, mains.id] });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Desserts up');
  });

  it('puts the old order back when the server refuses', async () => {
    stubCategories([starters, mains], ({ url }) =>
      url.pathname === '/api/categories/reorder'
        ? errorResponse(422, 'UNPROCESSABLE', 'List every category of the restaurant exactly once')
        : undefined,
    );
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Mains' });
    fireEvent.click(screen.getByRole('button', { name: 'Move Mains up' }));
    expect(
      await screen.findByText('The order was not saved: List every category of the restaurant exactly once'),
    ).toBeTruthy();
    expect(names()).toEqual(['Starters', 'Mains']);
  });

  it('adds a category and explains a duplicate name', async () => {
    const { fetch, set } = stubCategories([starters], ({ url, method, body }) => {
      if (url.pathname !== '/api/categories' || method !== 'POST') return undefined;
      const { name } = body as { name: string };
      if (name === 'Starters') {
        return errorResponse(409, 'DUPLICATE', 'A category with this name already exists', {
          name: 'is already used',
        });
      }
      const created = fakeCategory({ name, position: 1 });
      set([starters, created]);
      return jsonResponse(201, created);
    });
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Starters' });
    const form = screen.getByRole('form', { name: 'New category' });

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Starters' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Name is already used by another category.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Pasta' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Pasta was added.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Starters', 'Pasta']));
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    const post = fetch.mock.calls.filter(([url]) => url === '/api/categories').at(-1);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Pasta' });
  });

  it('renames inline and clears an emptied description with null', async () => {
    const withDescription = { ...mains, description: 'Big plates' };
    const { fetch } = stubCategories([withDescription], ({ url, method, body }) =>
      url.pathname === `/api/categories/${mains.id}` && method === 'PUT'
        ? jsonResponse(200, { ...withDescription, ...(body as object) })
        : undefined,
    );
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Mains' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mains' }));
    const form = await screen.findByRole('form', { name: 'Edit Mains' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Secondi' } });
    fireEvent.change(within(form).getByLabelText('Description (optional)'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed to Secondi.')).toBeTruthy();
    const put = fetch.mock.calls.find(
      ([url, init]) => url === `/api/categories/${mains.id}` && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: 'Secondi', description: null });
  });

  it('says before, not after, that a category with dishes cannot be deleted', async () => {
    const { fetch } = stubCategories([starters], () => undefined);
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Starters' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Starters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Starters cannot be deleted yet' });
    expect(dialog.textContent).toContain('It still holds 2 dishes');
    expect(within(dialog).queryByRole('button', { name: 'Delete category' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('asks before deleting an empty one, and shows the server’s reason if a dish arrived meanwhile', async () => {
    const emptied = { ...starters, itemCount: 0 };
    stubCategories([emptied], ({ url, method }) =>
      url.pathname === `/api/categories/${starters.id}` && method === 'DELETE'
        ? errorResponse(409, 'CONFLICT', 'This category still has 1 menu item; move or delete it first')
        : undefined,
    );
    renderApp('/dashboard/categories');
    await screen.findByRole('heading', { name: 'Starters' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Starters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Starters?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(
      await screen.findByText(
        'Starters was not deleted: This category still has 1 menu item; move or delete it first',
      ),
    ).toBeTruthy();
  });

  describe('station and course', () => {
    const kitchen = fakeKitchen();
    const bar = fakeStation({ name: 'Bar' });
    const stations = ({ url }: { url: URL }) =>
      url.pathname === '/api/stations' ? jsonResponse(200, { items: [kitchen, bar] }) : undefined;

    it('adds a category with its station and course, and shows them on its row', async () => {
      const { fetch, set } = stubCategories([starters], (request) => {
        const { url, method, body } = request;
        if (url.pathname !== '/api/categories' || method !== 'POST') return stations(request);
        const created = fakeCategory({ position: 1, stationId: null, course: 2, ...(body as object) });
        set([starters, created]);
        return jsonResponse(201, created);
      });
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Starters' });
      const form = screen.getByRole('form', { name: 'New category' });
      const station = (await within(form).findByLabelText('Station')) as HTMLSelectElement;
      expect([...station.options].map((option) => option.text)).toEqual(['Kitchen', 'Bar']);
      const course = within(form).getByLabelText('Course') as HTMLSelectElement;
      expect([...course.options].map((option) => option.text)).toEqual([
        'At once – drinks and anything served as it comes',
        'Course 1 (starters)',
        'Course 2 (mains)',
        'Course 3 (desserts)',
        'Course 4',
        'Course 5',
      ]);

      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Cocktails' } });
      fireEvent.change(station, { target: { value: bar.id } });
      fireEvent.change(course, { target: { value: '0' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
      expect(await screen.findByText('Cocktails was added.')).toBeTruthy();
      const post = fetch.mock.calls.filter(([url]) => url === '/api/categories').at(-1);
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({
        name: 'Cocktails',
        stationId: bar.id,
        course: 0,
      });

      await waitFor(() => expect(names()).toEqual(['Starters', 'Cocktails']));
      const [startersRow, cocktailsRow] = screen.getAllByTestId('category-row');
      expect(within(startersRow!).getByTestId('category-kitchen').textContent).toBe(
        'Station: KitchenCourse: At once',
      );
      expect(within(cocktailsRow!).getByTestId('category-kitchen').textContent).toBe(
        'Station: BarCourse: At once',
      );
    });

    it('leaves a new category with Mains unless another course is chosen', async () => {
      const { fetch } = stubCategories([starters], (request) => {
        const { url, method, body } = request;
        if (url.pathname !== '/api/categories' || method !== 'POST') return stations(request);
        return jsonResponse(201, fakeCategory({ position: 1, course: 2, ...(body as object) }));
      });
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Starters' });
      const form = screen.getByRole('form', { name: 'New category' });
      await within(form).findByLabelText('Station');
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Secondi' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
      expect(await screen.findByText('Secondi was added.')).toBeTruthy();
      const post = fetch.mock.calls.filter(([url]) => url === '/api/categories').at(-1);
      // Mains is the server's default: the form sends no course.
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Secondi' });
    });

    it('sends back only the station or course changed, null for Kitchen', async () => {
      const atBar = { ...mains, stationId: bar.id, course: 2 };
      const { fetch } = stubCategories([atBar], (request) =>
        request.url.pathname === `/api/categories/${mains.id}` && request.method === 'PUT'
          ? jsonResponse(200, { ...atBar, ...(request.body as object) })
          : stations(request),
      );
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Mains' });
      fireEvent.click(screen.getByRole('button', { name: 'Edit Mains' }));
      const form = await screen.findByRole('form', { name: 'Edit Mains' });
      // happy-dom does not apply react-hook-form's value to a <select> (a browser does): the course
      // is set to what it was, the station changed.
      fireEvent.change(within(form).getByLabelText('Course'), { target: { value: '2' } });
      fireEvent.change(await within(form).findByLabelText('Station'), { target: { value: '' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Mains was saved.')).toBeTruthy();
      const put = fetch.mock.calls.find(
        ([url, init]) => url === `/api/categories/${mains.id}` && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        name: 'Mains',
        description: null,
        stationId: null,
      });
    });
  });

  describe('tax rate', () => {
    const food = fakeTaxRate({ name: 'Food', rateBasisPoints: 1000, isDefault: true });
    const drinks = fakeTaxRate({ name: 'Drinks', rateBasisPoints: 2200 });
    const rates =
      (items: unknown[]) =>
      ({ url }: { url: URL }) =>
        url.pathname === '/api/tax-rates' ? jsonResponse(200, { items }) : undefined;

    it('offers no rate where the restaurant has none, and names none on the rows', async () => {
      const { fetch } = stubCategories([starters], rates([]));
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Starters' });
      await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/tax-rates')).toBe(true));
      const form = screen.getByRole('form', { name: 'New category' });
      expect(within(form).queryByLabelText('Tax rate')).toBeNull();
      expect(
        within(screen.getByTestId('category-row')).getByTestId('category-kitchen').textContent,
      ).not.toMatch(/VAT/);
    });

    it('adds a category at a rate of its own, and names each row’s rate', async () => {
      const { fetch, set } = stubCategories([starters], (request) => {
        const { url, method, body } = request;
        if (url.pathname !== '/api/categories' || method !== 'POST') return rates([food, drinks])(request);
        const created = fakeCategory({ position: 1, ...(body as object) });
        set([starters, created]);
        return jsonResponse(201, created);
      });
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Starters' });
      const form = screen.getByRole('form', { name: 'New category' });
      const rate = (await within(form).findByLabelText('Tax rate')) as HTMLSelectElement;
      expect([...rate.options].map((option) => option.text)).toEqual([
        'Default rate (10%)',
        'Food (10%)',
        'Drinks (22%)',
      ]);
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Wines' } });
      fireEvent.change(rate, { target: { value: drinks.id } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
      expect(await screen.findByText('Wines was added.')).toBeTruthy();
      const post = fetch.mock.calls.filter(([url]) => url === '/api/categories').at(-1);
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Wines', taxRateId: drinks.id });

      await waitFor(() => expect(names()).toEqual(['Starters', 'Wines']));
      const rows = screen.getAllByTestId('category-row');
      expect(rows.map((row) => within(row).getByTestId('category-kitchen').textContent)).toEqual([
        'Course: At onceVAT 10%',
        'Course: At onceVAT 22%',
      ]);
    });

    it('sends the default back as null, and nothing when the rate is unchanged', async () => {
      const wines = { ...mains, name: 'Wines', taxRateId: drinks.id };
      const { fetch } = stubCategories([wines], (request) =>
        request.url.pathname === `/api/categories/${mains.id}` && request.method === 'PUT'
          ? jsonResponse(200, { ...wines, ...(request.body as object) })
          : rates([food, drinks])(request),
      );
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Wines' });
      fireEvent.click(screen.getByRole('button', { name: 'Edit Wines' }));
      const form = await screen.findByRole('form', { name: 'Edit Wines' });
      fireEvent.change(await within(form).findByLabelText('Tax rate'), { target: { value: '' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Wines was saved.')).toBeTruthy();
      const put = fetch.mock.calls.find(
        ([url, init]) => url === `/api/categories/${mains.id}` && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        name: 'Wines',
        description: null,
        taxRateId: null,
      });
    });
  });

  it('shows an empty state with the form to add the first category', async () => {
    stubCategories([], () => undefined);
    renderApp('/dashboard/categories');
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New category' })).toBeTruthy();
  });

  describe('translations', () => {
    /** Working in English, translating into German and French. */
    const MULTILINGUAL: TMeResponse = {
      ...ME,
      restaurant: { ...ME.restaurant, languages: ['en', 'de', 'fr'] },
    };
    const translated = {
      ...mains,
      description: 'Big plates',
      translations: {
        de: { name: 'Hauptgerichte' },
        fr: { name: 'Plats', description: 'Grandes assiettes' },
      },
    };

    it('counts what is missing on the row and sends the translations with the rename', async () => {
      const { fetch } = stubCategories(
        [translated, desserts],
        ({ url, method, body }) =>
          url.pathname === `/api/categories/${mains.id}` && method === 'PUT'
            ? jsonResponse(200, { ...translated, ...(body as object) })
            : undefined,
        MULTILINGUAL,
      );
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Mains' });
      const [mainsRow, dessertsRow] = screen.getAllByTestId('category-row');
      expect(within(mainsRow!).getByTestId('translations-missing').textContent).toBe(
        '1 translation missing in German',
      );
      expect(within(dessertsRow!).getByTestId('translations-missing').textContent).toBe(
        'Translations missing in 2 languages',
      );

      fireEvent.click(screen.getByRole('button', { name: 'Edit Mains' }));
      const form = await screen.findByRole('form', { name: 'Edit Mains' });
      expect(within(form).getByText('German · 1 missing')).toBeTruthy();
      expect(within(form).getByText('French · complete')).toBeTruthy();
      const german = within(form).getByLabelText('Description in German') as HTMLInputElement;
      expect(german.getAttribute('lang')).toBe('de');
      // Its hint is the text it translates.
      expect(
        within(form).getByText('In English: Big plates', {
          selector: `#${CSS.escape(german.getAttribute('aria-describedby')!)}`,
        }),
      ).toBeTruthy();
      fireEvent.change(german, { target: { value: ' Große Teller ' } });
      expect(await within(form).findByText('German · complete')).toBeTruthy();
      fireEvent.change(within(form).getByLabelText('Name in French'), { target: { value: '' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Mains was saved.')).toBeTruthy();
      const put = fetch.mock.calls.find(
        ([url, init]) => url === `/api/categories/${mains.id}` && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        name: 'Mains',
        description: 'Big plates',
        translations: {
          de: { name: 'Hauptgerichte', description: 'Große Teller' },
          fr: { description: 'Grandes assiettes' },
        },
      });
    });

    it('adds a category with its translations', async () => {
      const { fetch } = stubCategories(
        [],
        ({ url, method, body }) =>
          url.pathname === '/api/categories' && method === 'POST'
            ? jsonResponse(201, fakeCategory(body as Partial<TCategory>))
            : undefined,
        MULTILINGUAL,
      );
      renderApp('/dashboard/categories');
      const form = await screen.findByRole('form', { name: 'New category' });
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Soups' } });
      expect(within(form).getByText('German · 1 missing')).toBeTruthy();
      fireEvent.change(within(form).getByLabelText('Name in German'), { target: { value: 'Suppen' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
      expect(await screen.findByText('Soups was added.')).toBeTruthy();
      const post = fetch.mock.calls.find(([url]) => url === '/api/categories');
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({
        name: 'Soups',
        translations: { de: { name: 'Suppen' } },
      });
      // Ready for the next one, translations and all.
      expect((within(form).getByLabelText('Name in German') as HTMLInputElement).value).toBe('');
    });

    it('shows none of it where the restaurant has one language', async () => {
      stubCategories([translated], () => undefined);
      renderApp('/dashboard/categories');
      await screen.findByRole('heading', { name: 'Mains' });
      expect(screen.queryByTestId('translations-missing')).toBeNull();
      expect(screen.queryByLabelText('Name in German')).toBeNull();
    });
  });
});

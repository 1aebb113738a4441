import type { TMeResponse } from '@tavolo/contract/auth';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeStaffMenuItem } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';
import { fakeKitchen, fakeStation } from '../../../testing/station-fixtures';
import { fakeTaxRate } from '../../../testing/tax-fixtures';

afterEach(() => {
  cleanup();
  FakeXhr.last = undefined;
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;
const pizza = fakeCategory({ name: 'Pizza' });
const desserts = fakeCategory({ name: 'Desserts', position: 1 });

type Handler = Parameters<typeof stubFetch>[0];

function stubForm(extra: Handler = () => errorResponse(404, 'NOT_FOUND', 'Not found'), me: TMeResponse = ME) {
  return stubFetch((request) => {
    const { url } = request;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: [pizza, desserts] });
    if (url.pathname === `/api/menu/restaurant/${RID}`) return jsonResponse(200, { items: [] });
    return extra(request);
  });
}

const fill = (label: string | RegExp, value: string, container: HTMLElement = document.body) =>
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });

function sentBody(fetch: ReturnType<typeof stubFetch>, method: string, path: string): unknown {
  const call = fetch.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('MenuItemFormScreen', () => {
  it('adds a dish with a price in minor units and a required option group', async () => {
    const fetch = stubForm(({ url, method, init }) => {
      if (url.pathname === '/api/menu' && method === 'POST') {
        const body = JSON.parse(String(init.body));
        return jsonResponse(201, fakeStaffMenuItem({ ...body, name: body.name }));
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const { router } = renderApp(`/dashboard/menu/add?category=${desserts.id}`);
    // happy-dom does not apply react-hook-form's default to a <select>; the e2e spec checks the preselection.
    await screen.findByLabelText('Category', undefined, { timeout: 5_000 });

    fill('Name', 'Pizza bianca');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    fill('Price (EUR)', '12,50');
    fireEvent.click(screen.getByRole('button', { name: 'vegetarian' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add option group' }));
    const group = await screen.findByTestId('option-group');
    fill('Group name', 'Size', group);
    fill('Choice 1', 'Small', group);
    fireEvent.click(within(group).getByRole('button', { name: /Add choice/ }));
    const secondChoice = await within(group).findByLabelText('Choice 2');
    fireEvent.change(secondChoice, { target: { value: 'Large' } });
    fireEvent.change(within(group).getAllByLabelText('Extra (EUR)')[1]!, { target: { value: '3' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'POST', '/api/menu')).toEqual({
      categoryId: pizza.id,
      name: 'Pizza bianca',
      priceMinor: 1250,
      active: true,
      availableDays: [],
      tags: ['vegetarian'],
      allergens: [],
      options: [
        {
          name: 'Size',
          required: true,
          min: 1,
          max: 1,
          choices: [
            { name: 'Small', priceMinor: 0 },
            { name: 'Large', priceMinor: 300 },
          ],
        },
      ],
    });
    expect(await screen.findByText('Pizza bianca was added to the menu.')).toBeTruthy();
  });

  it('sends the dish to a station of its own, naming the category’s station as the usual one', async () => {
    const kitchen = fakeKitchen();
    const oven = fakeStation({ name: 'Pizza oven' });
    const inOven = fakeCategory({ name: 'Pizza al forno', stationId: oven.id });
    const fetch = stubFetch(({ url, method, init }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: [inOven, desserts] });
      if (url.pathname === '/api/stations') return jsonResponse(200, { items: [kitchen, oven] });
      if (url.pathname === '/api/menu' && method === 'POST')
        return jsonResponse(201, fakeStaffMenuItem(JSON.parse(String(init.body))));
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const { router } = renderApp('/dashboard/menu/add');
    const station = (await screen.findByLabelText('Station', undefined, {
      timeout: 5_000,
    })) as HTMLSelectElement;
    const optionTexts = () => [...station.options].map((option) => option.text);
    expect(optionTexts()).toEqual(["Category's station", 'Kitchen', 'Pizza oven']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: inOven.id } });
    await waitFor(() => expect(optionTexts()[0]).toBe("Category's station (Pizza oven)"));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: desserts.id } });
    await waitFor(() => expect(optionTexts()[0]).toBe("Category's station (Kitchen)"));

    fill('Name', 'Calzone');
    fill('Price (EUR)', '11');
    fireEvent.change(station, { target: { value: oven.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'POST', '/api/menu')).toMatchObject({
      categoryId: desserts.id,
      name: 'Calzone',
      stationId: oven.id,
    });
  });

  it('sells the dish at a tax rate of its own, naming the category’s rate as the usual one', async () => {
    const food = fakeTaxRate({ name: 'Food', rateBasisPoints: 1000, isDefault: true });
    const takeaway = fakeTaxRate({ name: 'Takeaway', rateBasisPoints: 550 });
    const wines = fakeCategory({ name: 'Wines', taxRateId: fakeTaxRate({ rateBasisPoints: 2200 }).id });
    const drinks = fakeTaxRate({ id: wines.taxRateId!, name: 'Drinks', rateBasisPoints: 2200 });
    const fetch = stubFetch(({ url, method, init }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, ME);
      if (url.pathname === `/api/categories/${RID}`) return jsonResponse(200, { items: [wines, desserts] });
      if (url.pathname === '/api/tax-rates') return jsonResponse(200, { items: [food, drinks, takeaway] });
      if (url.pathname === '/api/menu' && method === 'POST')
        return jsonResponse(201, fakeStaffMenuItem(JSON.parse(String(init.body))));
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const { router } = renderApp('/dashboard/menu/add');
    const rate = (await screen.findByLabelText('Tax rate', undefined, {
      timeout: 5_000,
    })) as HTMLSelectElement;
    const optionTexts = () => [...rate.options].map((option) => option.text);
    expect(optionTexts()).toEqual(["Category's rate", 'Food (10%)', 'Takeaway (5.5%)', 'Drinks (22%)']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: wines.id } });
    await waitFor(() => expect(optionTexts()[0]).toBe("Category's rate (22%)"));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: desserts.id } });
    await waitFor(() => expect(optionTexts()[0]).toBe("Category's rate (10%)"));

    fill('Name', 'Tiramisù to go');
    fill('Price (EUR)', '6');
    fireEvent.change(rate, { target: { value: takeaway.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'POST', '/api/menu')).toMatchObject({
      categoryId: desserts.id,
      name: 'Tiramisù to go',
      taxRateId: takeaway.id,
    });
  });

  it('offers no tax rate where the restaurant has none', async () => {
    let asked = 0;
    stubForm(({ url }) => {
      if (url.pathname !== '/api/tax-rates') return errorResponse(404, 'NOT_FOUND', 'Not found');
      asked += 1;
      return jsonResponse(200, { items: [] });
    });
    renderApp('/dashboard/menu/add');
    await screen.findByLabelText('Price (EUR)', undefined, { timeout: 5_000 });
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Tax rate')).toBeNull();
  });

  it('shows the contract’s rules under the right inputs and sends nothing', async () => {
    const fetch = stubForm();
    renderApp('/dashboard/menu/add');
    await screen.findByLabelText('Price (EUR)');
    fill('Price (EUR)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Add option group' }));
    const group = await screen.findByTestId('option-group');
    // Optional now, but a minimum of 1 left over: the switch resets it to 0…
    fireEvent.click(within(group).getByLabelText('Guests must choose'));
    expect((within(group).getByLabelText('Minimum') as HTMLInputElement).value).toBe('0');
    // …and required again brings it back to 1; then break it by hand.
    fireEvent.click(within(group).getByLabelText('Guests must choose'));
    expect((within(group).getByLabelText('Minimum') as HTMLInputElement).value).toBe('1');
    fill('Minimum', '0', group);
    fill('Maximum', '2', group);

    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));

    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Category is required.')).toBeTruthy();
    expect(screen.getByText('Price (EUR) must have at most 2 decimals.')).toBeTruthy();
    expect(within(group).getByText('Group name is required.')).toBeTruthy();
    expect(within(group).getByText('Minimum must be at least 1 for a required group.')).toBeTruthy();
    expect(within(group).getByText('Maximum must not exceed the number of choices.')).toBeTruthy();
    expect(within(group).getByText('Choice 1 is required.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/api/menu')).toBe(false);
  });

  it('loads a dish, clears emptied fields with null and maps server errors to fields', async () => {
    const item = fakeStaffMenuItem({
      name: 'Ramen',
      categoryId: pizza.id,
      description: 'Rich broth',
      priceMinor: 1400,
      prepMinutes: 12,
      imageUrl: '/uploads/ramen.jpg',
      availableDays: [1, 2],
    });
    let attempts = 0;
    const fetch = stubForm(({ url, method }) => {
      if (url.pathname === `/api/menu/${item.id}` && method === 'GET') return jsonResponse(200, item);
      if (url.pathname === `/api/menu/${item.id}` && method === 'PUT') {
        attempts += 1;
        if (attempts === 1) {
          return errorResponse(422, 'UNPROCESSABLE', 'This category is not one of yours', {
            categoryId: 'must be one of the restaurant’s categories',
          });
        }
        return jsonResponse(200, item);
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const { router } = renderApp(`/dashboard/menu/update/${item.id}`);
    await screen.findByRole('heading', { name: 'Edit dish' });
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Ramen');
    // See above: happy-dom leaves the <select> on its first option.
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    expect((screen.getByLabelText('Price (EUR)') as HTMLInputElement).value).toBe('14.00');
    expect((screen.getByLabelText('Monday') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Served on Monday and Tuesday only.')).toBeTruthy();

    fill('Description (optional)', '');
    fill('Preparation time in minutes (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Remove dish photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Category must be one of the restaurant’s categories.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This category is not one of yours');
    expect(sentBody(fetch, 'PUT', `/api/menu/${item.id}`)).toMatchObject({
      name: 'Ramen',
      priceMinor: 1400,
      description: null,
      imageUrl: null,
      prepMinutes: null,
      availableDays: [1, 2],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(await screen.findByText('Ramen was saved.')).toBeTruthy();
  });

  it('uploads a photo with progress, refuses one too large, and sends its URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetch = stubForm(({ url, method, init }) =>
      url.pathname === '/api/menu' && method === 'POST'
        ? jsonResponse(201, fakeStaffMenuItem(JSON.parse(String(init.body))))
        : errorResponse(404, 'NOT_FOUND', 'Not found'),
    );
    const { router } = renderApp('/dashboard/menu/add');
    const input = (await screen.findByLabelText('Dish photo', undefined, {
      timeout: 5_000,
    })) as HTMLInputElement;

    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('This image is 6 MB; images can be at most 5 MB.')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();

    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'dish.jpg', { type: 'image/jpeg' })] } });
    const xhr = FakeXhr.last as FakeXhr | undefined;
    if (!xhr) throw new Error('the photo was not sent');
    xhr.progress(30, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading dish photo' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('30'));
    expect(screen.queryByText(/at most 5 MB/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Add dish' }) as HTMLButtonElement).disabled).toBe(true);

    xhr.respond(201, { url: '/uploads/dish.jpg', width: 400, height: 300 });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('img', { name: 'The current photo' }).getAttribute('src')).toBe(
      '/uploads/dish.jpg',
    );

    fill('Name', 'Focaccia');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    fill('Price (EUR)', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'POST', '/api/menu')).toMatchObject({
      imageUrl: '/uploads/dish.jpg',
      priceMinor: 400,
    });
  });

  it('says so when the dish does not exist', async () => {
    stubForm();
    renderApp(`/dashboard/menu/update/${pizza.id}`);
    expect(await screen.findByText('This dish does not exist')).toBeTruthy();
  });
});

describe('MenuItemFormScreen translations', () => {
  /** Working in English, translating into German and French. */
  const MULTILINGUAL: TMeResponse = {
    ...ME,
    restaurant: { ...ME.restaurant, languages: ['en', 'de', 'fr'] },
  };
  const ramen = fakeStaffMenuItem({
    name: 'Ramen',
    categoryId: pizza.id,
    description: 'Rich broth',
    options: [
      {
        name: 'Size',
        required: true,
        min: 1,
        max: 1,
        choices: [
          { name: 'Small', priceMinor: 0 },
          { name: 'Large', priceMinor: 300 },
        ],
      },
    ],
    translations: {
      de: { name: 'Ramen', options: { Size: { name: 'Größe', choices: { Small: 'Klein' } } } },
    },
  });

  function stubDish(me: TMeResponse = MULTILINGUAL) {
    return stubForm(({ url, method, init }) => {
      if (url.pathname === `/api/menu/${ramen.id}` && method === 'GET') return jsonResponse(200, ramen);
      if (url.pathname === `/api/menu/${ramen.id}` && method === 'PUT')
        return jsonResponse(200, { ...ramen, ...JSON.parse(String(init.body)) });
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    }, me);
  }

  const translations = () =>
    screen.getByRole('heading', { name: 'Translations' }).closest('div.rounded-xl') as HTMLElement;

  it('shows what each language lacks, beside the working language’s texts', async () => {
    stubDish();
    renderApp(`/dashboard/menu/update/${ramen.id}`);
    await screen.findByRole('heading', { name: 'Translations' }, { timeout: 5_000 });
    const section = translations();
    const summary = within(section).getByRole('list', { name: 'Missing translations by language' });
    // German lacks the description and "Large"; French lacks all five texts.
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['German · 2 missing', 'French · 5 missing']);
    expect(within(section).getByRole('radio', { name: 'German 2 missing' })).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        'Guests read the menu in their own language. Whatever is left empty shows in English instead.',
      ),
    ).toBeTruthy();

    const name = within(section).getByLabelText('Name in German') as HTMLInputElement;
    expect(name.value).toBe('Ramen');
    expect(name.getAttribute('lang')).toBe('de');
    // The working language's words describe the input.
    const source = document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(source?.textContent).toBe('EnglishRamen');
    expect((within(section).getByLabelText('Group name in German') as HTMLInputElement).value).toBe('Größe');
    expect((within(section).getByLabelText('Choice 1 in German') as HTMLInputElement).value).toBe('Klein');
    expect((within(section).getByLabelText('Choice 2 in German') as HTMLInputElement).value).toBe('');

    // Typing a missing one counts it done at once; French has its own inputs.
    fill('Choice 2 in German', 'Groß', section);
    expect(await within(summary).findByText('German · 1 missing')).toBeTruthy();
    fireEvent.click(within(section).getByRole('radio', { name: 'French 5 missing' }));
    expect((await within(section).findByLabelText('Name in French')).getAttribute('lang')).toBe('fr');
    expect(within(section).queryByLabelText('Name in German')).toBeNull();
  });

  it('sends a German name with the dish, in the same request', async () => {
    const fetch = stubDish();
    const { router } = renderApp(`/dashboard/menu/update/${ramen.id}`);
    await screen.findByRole('heading', { name: 'Translations' }, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    fill('Name in German', 'Ramen-Suppe');
    fill('Description in German', '  Kräftige Brühe ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'PUT', `/api/menu/${ramen.id}`)).toMatchObject({
      name: 'Ramen',
      translations: {
        de: {
          name: 'Ramen-Suppe',
          description: 'Kräftige Brühe',
          options: { Size: { name: 'Größe', choices: { Small: 'Klein' } } },
        },
      },
    });
  });

  it('keys a renamed group’s translations by its new name', async () => {
    const fetch = stubDish();
    const { router } = renderApp(`/dashboard/menu/update/${ramen.id}`);
    await screen.findByRole('heading', { name: 'Translations' }, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    const group = screen.getByTestId('option-group');
    fill('Group name', 'Portion', group);
    fill('Choice 1', 'Regular', group);
    expect(
      await within(translations()).findByRole('heading', { name: 'Option group: Portion' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    const body = sentBody(fetch, 'PUT', `/api/menu/${ramen.id}`) as {
      options: unknown;
      translations: unknown;
    };
    expect(body.translations).toEqual({
      de: { name: 'Ramen', options: { Portion: { name: 'Größe', choices: { Regular: 'Klein' } } } },
    });
  });

  it('counts nothing before there is something to translate, and shows the language a save refused', async () => {
    const fetch = stubForm(undefined, MULTILINGUAL);
    renderApp('/dashboard/menu/add');
    await screen.findByRole('heading', { name: 'Translations' }, { timeout: 5_000 });
    expect(screen.queryByRole('list', { name: 'Missing translations by language' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'German' })).toBeTruthy();
    fill('Name', 'Soup');
    expect(await screen.findByText('German · 1 missing')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'French 1 missing' }));
    fill('Name in French', 'x'.repeat(121));
    fireEvent.click(screen.getByRole('radio', { name: 'German 1 missing' }));
    fill('Price (EUR)', '6');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add dish' }));

    expect(await screen.findByText('This translation must be at most 120 characters.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^French/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /^French/ }).closest('label')?.textContent).toContain(
      'Check this language',
    );
    expect(fetch.mock.calls.some(([url]) => url === '/api/menu')).toBe(false);
  });

  it('shows no panel where the restaurant has one language, but where to add some', async () => {
    const fetch = stubDish(ME);
    const { router } = renderApp(`/dashboard/menu/update/${ramen.id}`);
    expect(
      await screen.findByText(/Guests read this menu in English\./, undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Translations' })).toBeNull();
    expect(screen.queryByLabelText('Name in German')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Add languages in Settings to translate it.' }).getAttribute('href'),
    ).toBe('/dashboard/settings');

    // What it kept from before goes back untouched.
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: pizza.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/menu'));
    expect(sentBody(fetch, 'PUT', `/api/menu/${ramen.id}`)).toMatchObject({
      translations: ramen.translations,
    });
  });
});

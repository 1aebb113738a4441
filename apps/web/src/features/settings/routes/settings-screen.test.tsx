import type { TMeResponse } from '@tavolo/contract/auth';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant } from '../../../testing/staff-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OTHER = fakeRestaurant({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Pizzeria Due',
  currency: 'USD',
});

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | undefined;

/** A server holding the owner's restaurants; `current` is the one the session works in. */
function stubSettingsApi({
  handle = (() => undefined) as Handler,
  payoutAccount = null as TMeResponse['restaurant']['payoutAccount'],
  staff = false,
  hasPin = false,
  language: chosen = null as TMeResponse['language'],
  languages = ['en'] as TRestaurant['languages'],
} = {}) {
  let current = fakeRestaurant({ address: 'Via Roma 1', serviceChargePercent: 10, languages });
  let restaurants: TRestaurant[] = [current, OTHER];
  let language = chosen;
  const me = (): TMeResponse => ({
    ...ME,
    ...(staff ? { userType: 'staff', staffId: ME.userId, permissions: ['orders.view'], hasPin } : {}),
    language,
    restaurantId: current.id,
    restaurant: {
      id: current.id,
      name: current.name,
      currency: current.currency,
      timezone: current.timezone,
      logoUrl: current.logoUrl,
      languages: current.languages,
      payoutAccount,
    },
  });
  const fetch = stubFetch(({ url, method, init }) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const handled = handle({ url, method, body });
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me());
    if (url.pathname === '/auth/me/preferences' && method === 'PUT') {
      language = body.language;
      return jsonResponse(200, { language });
    }
    if (url.pathname === '/api/restaurants' && method === 'GET')
      return jsonResponse(200, { items: restaurants });
    if (url.pathname === `/api/restaurants/${current.id}` && method === 'GET')
      return jsonResponse(200, current);
    if (url.pathname === `/api/restaurants/${current.id}` && method === 'PUT') {
      current = { ...current, ...body };
      restaurants = restaurants.map((one) => (one.id === current.id ? current : one));
      return jsonResponse(200, current);
    }
    if (url.pathname === '/auth/switch-restaurant' && method === 'POST') {
      current = restaurants.find((one) => one.id === body.restaurantId) ?? current;
      return jsonResponse(200, {
        token: 'x',
        restaurantId: current.id,
        userType: 'owner',
        staffId: null,
        expiresAt: ME.expiresAt,
      });
    }
    if (url.pathname === `/api/restaurants/${OTHER.id}` && method === 'DELETE') {
      restaurants = restaurants.filter((one) => one.id !== OTHER.id);
      return new Response(null, { status: 204 });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the settings screen', () => {
  it('saves the profile and the name across the dashboard follows', async () => {
    const { fetch } = stubSettingsApi();
    renderApp('/dashboard/settings');
    await screen.findByRole('form', { name: 'Restaurant profile' });
    expect((screen.getByLabelText('Address (optional)') as HTMLInputElement).value).toBe('Via Roma 1');
    expect(screen.getByText(/Applies to new orders/)).toBeTruthy();
    fill('Restaurant name', 'Trattoria Nuova');
    fill('Address (optional)', '');
    fill('Service charge (%)', '12,5');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('The restaurant profile was saved.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      name: 'Trattoria Nuova',
      address: null,
      serviceChargePercent: 12.5,
    });
    // /auth/me is read again: the top bar shows the new name.
    await waitFor(() => expect(screen.getByTestId('restaurant-name').textContent).toBe('Trattoria Nuova'));
  });

  it('changes the password and says the other sessions were signed out', async () => {
    const bodies: unknown[] = [];
    stubSettingsApi({
      handle: ({ url, body }) => {
        if (url.pathname !== '/auth/change-password') return undefined;
        bodies.push(body);
        return (body as { currentPassword: string }).currentPassword === 'right-one'
          ? jsonResponse(200, { status: 'ok' })
          : errorResponse(400, 'VALIDATION_FAILED', 'Check the fields', { currentPassword: 'is wrong' });
      },
    });
    renderApp('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is wrong.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'right-one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/every other device was signed out/)).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ currentPassword: 'right-one', newPassword: 'brand-new-pass' });
  });

  it('deletes another restaurant only once its name is typed, never the current one', async () => {
    stubSettingsApi();
    renderApp('/dashboard/settings');
    const list = await screen.findByRole('list', { name: 'Your restaurants' });
    const items = within(list).getAllByTestId('restaurant-item');
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();

    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Delete Pizzeria Due' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Pizzeria Due?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete restaurant' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Pizzeria Due to confirm'), {
      target: { value: 'Pizzeria' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Pizzeria Due to confirm'), {
      target: { value: 'Pizzeria Due' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Pizzeria Due was deleted.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByTestId('restaurant-item')).toHaveLength(1));
  });

  it('switches restaurants from the top bar: the session and every screen follow', async () => {
    const { fetch } = stubSettingsApi();
    const { router } = renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Tables', level: 1 });
    fireEvent.click(screen.getByTestId('restaurant-switcher'));
    const list = await screen.findByRole('list', { name: 'Switch restaurant' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Pizzeria Due' }));
    await waitFor(() => expect(screen.getByTestId('restaurant-name').textContent).toBe('Pizzeria Due'));
    expect(await screen.findByText('You are now working in Pizzeria Due.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tables');
    expect(JSON.parse(localStorage.getItem('tavolo') ?? '{}')).toMatchObject({ restaurantId: OTHER.id });
    // The tables screen asked again, for the new restaurant.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === `/api/tables/restaurant/${OTHER.id}`)).toBe(
        true,
      ),
    );
    // …and not again for the old one, which the session has left.
    expect(
      fetch.mock.calls.filter(([url]) => String(url) === `/api/tables/restaurant/${ME.restaurantId}`),
    ).toHaveLength(1);
    const switchCall = fetch.mock.calls.find(([url]) => String(url) === '/auth/switch-restaurant');
    expect(new Headers(switchCall?.[1]?.headers).get('X-Session-Transport')).toBe('cookie');
  });

  it('shows where payouts go as part of the company information, with a way to the accounts', async () => {
    stubSettingsApi({ payoutAccount: { bankName: 'Intesa', accountNumberMasked: '•••• 1234' } });
    const { router } = renderApp('/dashboard/settings');
    const line = await screen.findByTestId('payout-account');
    expect(line.textContent).toContain('Payouts go to Intesa •••• 1234.');
    fireEvent.click(within(line).getByRole('link', { name: 'Manage settlement accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settlement/accounts'));
  });

  it('says when there is no payout account yet', async () => {
    stubSettingsApi();
    renderApp('/dashboard/settings');
    const line = await screen.findByTestId('payout-account');
    expect(line.textContent).toContain('No payout account yet.');
    expect(within(line).getByRole('link', { name: 'Add a settlement account' })).toBeTruthy();
  });
});

describe("one's own language", () => {
  afterEach(async () => {
    await speakEnglishAgain();
    vi.restoreAllMocks();
  });

  it('switches the dashboard to the language picked, and says so in it', async () => {
    loadCatalogues('de');
    const { fetch } = stubSettingsApi();
    renderApp('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Your language' });
    const choices = within(form).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      'Follow the browser (English)',
      'English',
      'Italiano',
      'Español',
      'Deutsch',
      'Français',
    ]);
    expect((within(form).getByLabelText('Follow the browser (English)') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(form).getByLabelText('Deutsch'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save language' }));

    expect(await screen.findByText('Ihre Sprache wurde gespeichert.')).toBeTruthy();
    const put = fetch.mock.calls.find(([url]) => String(url) === '/auth/me/preferences');
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ language: 'de' });
    // The whole dashboard speaks German at once, the form shows the saved choice.
    expect(screen.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Bestellungen' }).length).toBeGreaterThan(0);
    const saved = screen.getByRole('form', { name: 'Ihre Sprache' });
    expect((within(saved).getByLabelText('Deutsch') as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(saved).getByRole('button', { name: 'Sprache speichern' })),
    );
    expect(localStorage.getItem('tavolo.language')).toBe('de');
  });

  it("follows the browser again: sends null and speaks the browser's language", async () => {
    loadCatalogues('it');
    const { fetch } = stubSettingsApi({ language: 'it' });
    renderApp('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'La tua lingua' });
    expect((within(form).getByLabelText('Italiano') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByLabelText('Segui il browser (English)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Salva la lingua' }));
    expect(await screen.findByText('Your language was saved.')).toBeTruthy();
    const put = fetch.mock.calls.find(([url]) => String(url) === '/auth/me/preferences');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ language: null });
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  });

  it('is there for staff who may not manage the restaurant, beside their password', async () => {
    stubSettingsApi({ staff: true });
    renderApp('/dashboard/settings');
    expect(await screen.findByRole('form', { name: 'Your language' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Restaurant profile' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Restaurant languages' })).toBeNull();
  });

  it('keeps the choice and says why when saving fails', async () => {
    stubSettingsApi({
      handle: ({ url }) =>
        url.pathname === '/auth/me/preferences'
          ? errorResponse(503, 'UNAVAILABLE', 'Try again later')
          : undefined,
    });
    renderApp('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Your language' });
    fireEvent.click(within(form).getByLabelText('Français'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save language' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect((within(form).getByLabelText('Français') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  });
});

describe("the restaurant's languages", () => {
  const listed = () =>
    within(screen.getByRole('list', { name: "The restaurant's languages, the working language first" }))
      .getAllByTestId('restaurant-language')
      .map((item) => item.textContent);
  const puts = (fetch: ReturnType<typeof stubSettingsApi>['fetch']) =>
    fetch.mock.calls
      .filter(
        ([url, init]) => String(url) === `/api/restaurants/${ME.restaurantId}` && init?.method === 'PUT',
      )
      .map(([, init]) => JSON.parse(String(init?.body)));

  it('adds and removes languages, the working language first and kept', async () => {
    const { fetch } = stubSettingsApi();
    renderApp('/dashboard/settings');
    const list = await screen.findByRole('list', {
      name: "The restaurant's languages, the working language first",
    });
    expect(listed()).toEqual(['EnglishWorking languageTickets, the board, receipts and exports use it.']);
    // The last language and the working one cannot go.
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();

    const adding = screen.getByLabelText('Add a language') as HTMLSelectElement;
    expect([...adding.options].map((option) => option.textContent)).toEqual([
      'Italiano',
      'Español',
      'Deutsch',
      'Français',
    ]);
    fireEvent.change(adding, { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Deutsch was added.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Italiano was added.')).toBeTruthy();
    await waitFor(() =>
      expect(listed()).toEqual([
        'EnglishWorking languageTickets, the board, receipts and exports use it.',
        'DeutschGuests can read the menu in it.Make working languageMake Deutsch the working languageRemoveRemove Deutsch',
        'ItalianoGuests can read the menu in it.Make working languageMake Italiano the working languageRemoveRemove Italiano',
      ]),
    );

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Deutsch' }));
    expect(await screen.findByText('Deutsch was removed.')).toBeTruthy();
    expect(document.activeElement).toBe(list);
    expect(puts(fetch)).toEqual([
      { languages: ['en', 'de'] },
      { languages: ['en', 'de', 'it'] },
      { languages: ['en', 'it'] },
    ]);
    // The session carries them (GET /auth/me again), so the list shows what was saved.
    await waitFor(() => expect(within(list).getAllByTestId('restaurant-language')).toHaveLength(2));
    expect(within(list).queryByRole('button', { name: 'Remove English' })).toBeNull();
  });

  it('makes another language the working one only once it is confirmed', async () => {
    const { fetch } = stubSettingsApi({ languages: ['en', 'it'] });
    renderApp('/dashboard/settings');
    const list = await screen.findByRole('list', {
      name: "The restaurant's languages, the working language first",
    });
    fireEvent.click(within(list).getByRole('button', { name: 'Make Italiano the working language' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make Italiano the working language?' });
    expect(dialog.textContent).toContain('Nothing is translated');
    expect(dialog.textContent).toContain('you wrote in English');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(fetch)).toEqual([]);

    fireEvent.click(within(list).getByRole('button', { name: 'Make Italiano the working language' }));
    dialog = await screen.findByRole('dialog', { name: 'Make Italiano the working language?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make working language' }));
    expect(await screen.findByText('Italiano is now the working language.')).toBeTruthy();
    expect(puts(fetch)).toEqual([{ languages: ['it', 'en'] }]);
    expect(listed()[0]).toBe('ItalianoWorking languageTickets, the board, receipts and exports use it.');
    expect(within(list).getByRole('button', { name: 'Make English the working language' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it('says when every language is there, and keeps the list as it was when saving fails', async () => {
    let fail = false;
    stubSettingsApi({
      languages: ['en', 'it', 'es', 'de'],
      handle: ({ method, url }) =>
        fail && method === 'PUT' && url.pathname.startsWith('/api/restaurants/')
          ? errorResponse(503, 'UNAVAILABLE', 'Try again later')
          : undefined,
    });
    renderApp('/dashboard/settings');
    await screen.findByRole('list', { name: "The restaurant's languages, the working language first" });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Français was added.')).toBeTruthy();
    expect(screen.queryByLabelText('Add a language')).toBeNull();
    expect(screen.getByText('Your menu already has every language Tavolo speaks.')).toBeTruthy();

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Español' }));
    expect(await screen.findByText(/Could not save the languages/)).toBeTruthy();
    await waitFor(() => expect(listed()).toHaveLength(5));
  });
});

describe("one's own approval PIN", () => {
  it('shows to staff only', async () => {
    stubSettingsApi();
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 5_000 });
    expect(screen.queryByRole('heading', { name: 'Approval PIN' })).toBeNull();
  });

  it('says whether one has a PIN already, as the session tells', async () => {
    stubSettingsApi({ staff: true, hasPin: true });
    renderApp('/dashboard/settings');
    const section = (
      await screen.findByRole('heading', { name: 'Approval PIN' }, { timeout: 5_000 })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('A PIN is set')).toBeTruthy();
    expect(within(section).getByLabelText('New PIN')).toBeTruthy();
  });

  it('sets a PIN typed twice, says a taken one, and removes it after asking', async () => {
    const sent: unknown[] = [];
    let taken = true;
    stubSettingsApi({
      staff: true,
      handle: ({ url, method, body }) => {
        if (url.pathname !== `/api/staff/${ME.userId}/pin` || method !== 'PUT') return undefined;
        sent.push(body);
        if (taken && body && (body as { pin: string | null }).pin !== null) {
          taken = false;
          return errorResponse(409, 'DUPLICATE', 'Another member has this PIN');
        }
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/dashboard/settings');
    const section = (
      await screen.findByRole('heading', { name: 'Approval PIN' }, { timeout: 5_000 })
    ).closest('section') as HTMLElement;
    const pin = within(section).getByLabelText('PIN');
    const again = within(section).getByLabelText('The same PIN again');
    fireEvent.change(pin, { target: { value: '12a' } });
    expect(pin).toHaveProperty('value', '12');
    fireEvent.click(within(section).getByRole('button', { name: 'Save the PIN' }));
    expect(await within(section).findByText('PIN must be 4 to 6 digits.')).toBeTruthy();
    fireEvent.change(pin, { target: { value: '2468' } });
    fireEvent.change(again, { target: { value: '2469' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save the PIN' }));
    expect(await within(section).findByText('Type the same PIN twice.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(again, { target: { value: '2468' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save the PIN' }));
    expect(await within(section).findByText(/is already someone else’s/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Save the PIN' }));
    expect(await screen.findByText('Your PIN is saved.')).toBeTruthy();
    expect(within(section).getByText('A PIN is set')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Remove the PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your PIN?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the PIN' }));
    expect(await screen.findByText('Your PIN is removed.')).toBeTruthy();
    expect(sent).toEqual([{ pin: '2468' }, { pin: '2468' }, { pin: null }]);
  });
});

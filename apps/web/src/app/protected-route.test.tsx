import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import { errorResponse, jsonResponse, ME, stubFetch } from '../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../testing/languages';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the protected area', () => {
  it('shows "Loading..." while /auth/me is pending', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderApp('/dashboard/menu');
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading...');
  });

  it('sends a visitor without a session to /login, replacing the history entry', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/auth/me'
        ? errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.')
        : jsonResponse(404, {}),
    );
    const { router } = renderApp('/dashboard/menu');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/menu' } });
  });

  it('shows the screen inside the dashboard shell for a signed-in owner', async () => {
    stubFetch(({ url }) => (url.pathname === '/auth/me' ? jsonResponse(200, ME) : jsonResponse(404, {})));
    renderApp('/dashboard/menu');
    expect(await screen.findByRole('heading', { name: 'Menu', level: 1 })).toBeTruthy();
    expect(screen.getByText('Trattoria Giulia')).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Menu' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByRole('link')).toHaveLength(15);
    expect(JSON.parse(localStorage.getItem('tavolo') ?? '{}')).toEqual({
      restaurantId: ME.restaurantId,
      userType: 'owner',
      staffId: null,
    });
  });

  it('hides what a staff member may not use and refuses it when typed in', async () => {
    const staff = { ...ME, userType: 'staff', staffId: ME.userId, permissions: ['orders.view'] };
    stubFetch(({ url }) => (url.pathname === '/auth/me' ? jsonResponse(200, staff) : jsonResponse(404, {})));
    renderApp('/dashboard/menu');
    expect(await screen.findByText("You don't have access to this area")).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Orders', 'Floor', 'Kitchen', 'Past orders', 'Bills']);
  });

  it('takes staff without the overview to the first area they may use', async () => {
    const staff = { ...ME, userType: 'staff', staffId: ME.userId, permissions: ['orders.view'] };
    stubFetch(({ url }) => (url.pathname === '/auth/me' ? jsonResponse(200, staff) : jsonResponse(404, {})));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/orders');
  });

  it('redirects /dashboard to the overview', async () => {
    stubFetch(({ url }) => (url.pathname === '/auth/me' ? jsonResponse(200, ME) : jsonResponse(404, {})));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    expect(screen.getByRole('heading', { name: 'Today', level: 2 })).toBeTruthy();
  });

  it('keeps a signed-in person signed in when checking the session again fails for want of a network', async () => {
    let network = true;
    stubFetch(({ url }) => {
      if (!network) return Promise.reject(new TypeError('Failed to fetch'));
      return url.pathname === '/auth/me' ? jsonResponse(200, ME) : jsonResponse(404, {});
    });
    const { router, queryClient } = renderApp('/dashboard/menu');
    expect(await screen.findByRole('heading', { name: 'Menu', level: 1 })).toBeTruthy();
    network = false;
    // What a reconnect or a drop's catching up does: read everything again, the session too.
    await act(() => queryClient.invalidateQueries());
    expect(queryClient.getQueryState(['auth', 'me'])?.status).toBe('error');
    expect(screen.getByRole('heading', { name: 'Menu', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/menu');
    expect(localStorage.getItem('tavolo')).not.toBeNull();
  });

  it('shows the error screen when the session cannot be checked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/dashboard/orders');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/Could not reach Tavolo/)).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe("the person's language", () => {
  afterEach(async () => {
    await speakEnglishAgain();
    vi.restoreAllMocks();
  });

  it('speaks it once /auth/me has answered, with nothing drawn in another language before', async () => {
    loadCatalogues('it');
    const drawnInEnglish = vi.fn();
    const observer = new MutationObserver(() => {
      if (screen.queryByRole('navigation', { name: 'Dashboard' })?.textContent?.includes('Orders'))
        drawnInEnglish();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    stubFetch(({ url }) =>
      url.pathname === '/auth/me' ? jsonResponse(200, { ...ME, language: 'it' }) : jsonResponse(404, {}),
    );
    renderApp('/dashboard/menu');
    expect(await screen.findByRole('heading', { name: 'Menù', level: 1 })).toBeTruthy();
    observer.disconnect();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Ordini' })).toBeTruthy();
    expect(drawnInEnglish).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('it');
    // Kept for the next visit's first frame (main.tsx: startingLanguage).
    expect(localStorage.getItem('tavolo.language')).toBe('it');
  });

  it('follows the browser when the person chose none (null): a German browser, German', async () => {
    loadCatalogues('de');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    stubFetch(({ url }) => (url.pathname === '/auth/me' ? jsonResponse(200, ME) : jsonResponse(404, {})));
    renderApp('/dashboard/menu');
    expect((await screen.findAllByRole('link', { name: 'Bestellungen' })).length).toBeGreaterThan(0);
  });

  it("speaks the browser's language on the sign-in screens, whoever signed in last", async () => {
    loadCatalogues('it');
    i18n.activate('it');
    localStorage.setItem('tavolo.language', 'it');
    stubFetch(({ url }) =>
      url.pathname === '/auth/me'
        ? errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.')
        : jsonResponse(404, {}),
    );
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(i18n.locale).toBe('en');
  });

  it("signs out into the browser's language", async () => {
    loadCatalogues('it');
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/me') return jsonResponse(200, { ...ME, language: 'it' });
      if (url.pathname === '/auth/logout') return jsonResponse(200, { status: 'ok' });
      return jsonResponse(404, {});
    });
    renderApp('/dashboard/menu');
    expect(await screen.findByRole('heading', { name: 'Menù', level: 1 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('public routes', () => {
  it('answers an unknown path with the 404 page', async () => {
    stubFetch(() => jsonResponse(404, {}));
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('serves the guest pages without a session', async () => {
    const fetch = stubFetch(() => jsonResponse(404, {}));
    renderApp('/t/abc123');
    expect(await screen.findByRole('heading', { name: "This code doesn't work any more" })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual([
      '/api/menu/qr',
    ]);
  });
});

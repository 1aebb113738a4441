import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render-app';
import { watchForLapsedSession } from '../session-lapse';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DashboardLayout', () => {
  it('logs out: revokes the session, forgets the hints and goes to /login, replacing history', async () => {
    let signedIn = true;
    const fetch = stubFetch(({ url, method }) => {
      if (url.pathname === '/auth/logout' && method === 'POST') {
        signedIn = false;
        return jsonResponse(200, { status: 'ok' });
      }
      if (url.pathname === '/auth/me') {
        return signedIn ? jsonResponse(200, ME) : errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.');
      }
      return jsonResponse(404, {});
    });
    const { router } = renderApp('/dashboard/overview');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(localStorage.getItem('tavolo')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('tavolo')).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => url === '/auth/logout' && init?.method === 'POST')).toBe(
      true,
    );
  });

  it('sends the user to /login when an API call finds the session gone', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/auth/me' ? jsonResponse(200, ME) : errorResponse(401, 'UNAUTHENTICATED', 'Expired.'),
    );
    const { router, queryClient } = renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Tables', level: 1 });
    const unwatch = watchForLapsedSession(queryClient);

    await apiRequest('/api/tables/restaurant/1').catch(() => {});

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/tables' } });
    expect(localStorage.getItem('tavolo')).toBeNull();
    unwatch();
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SESSION = {
  restaurantId: ME.restaurantId,
  userType: 'owner',
  staffId: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

async function openLogin(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  return view;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginScreen', () => {
  it('shows validation errors under the fields without calling the server', async () => {
    const fetch = stubFetch(() => errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.'));
    await openLogin();
    fill('E-mail', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('E-mail must be an e-mail address.');
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/auth/login');
  });

  it('shows a visible alert when the password is wrong', async () => {
    const fetch = stubFetch(({ url }) =>
      url.pathname === '/auth/login'
        ? errorResponse(401, 'LOGIN_FAILED', 'E-mail or password is wrong.')
        : errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.'),
    );
    await openLogin();
    fill('E-mail', 'Giulia@Example.com ');
    fill('Password', 'wrong password');
    fireEvent.click(screen.getByLabelText('Sign in as staff'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("Incorrect e-mail or password.Owner? Untick 'Sign in as staff'.");
    // The focus moves to the message, so that keyboards and screen readers find it.
    await waitFor(() => expect(alert.parentElement).toBe(document.activeElement));
    const login = fetch.mock.calls.find(([url]) => String(url).startsWith('/auth/login'));
    expect(String(login?.[0])).toBe('/auth/login?staff=true');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: 'giulia@example.com',
      password: 'wrong password',
    });
    expect(new Headers(login?.[1]?.headers).get('X-Session-Transport')).toBe('cookie');
  });

  it('hints at the staff switch after any failed sign-in, without saying whether the account exists', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/auth/login'
        ? errorResponse(401, 'LOGIN_FAILED', 'E-mail or password is wrong.')
        : errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.'),
    );
    await openLogin();
    fill('E-mail', 'nobody@example.com');
    fill('Password', 'whatever1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Are you staff? Tick 'Sign in as staff'.",
    );
  });

  it('signs in and returns to where the visitor was going', async () => {
    let signedIn = false;
    stubFetch(({ url }) => {
      if (url.pathname === '/auth/login') {
        signedIn = true;
        return jsonResponse(200, SESSION);
      }
      if (url.pathname === '/auth/me') {
        return signedIn ? jsonResponse(200, ME) : errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.');
      }
      return jsonResponse(404, {});
    });
    const { router } = renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Sign in' });
    fill('E-mail', 'giulia@example.com');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Tables', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tables');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('tavolo')).not.toContain('token');
  });
});

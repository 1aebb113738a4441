import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ResetPasswordScreen', () => {
  it('requires matching passwords', async () => {
    stubFetch(() => jsonResponse(404, {}));
    renderApp('/auth/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    fill('New password', 'brand new password');
    fill('Repeat the new password', 'something else');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
  });

  it('sends the token from the link and confirms with a toast on the login screen', async () => {
    const fetch = stubFetch(({ url }) =>
      url.pathname === '/auth/reset-password'
        ? jsonResponse(200, { status: 'ok' })
        : errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.'),
    );
    const { router } = renderApp('/auth/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    fill('New password', 'brand new password');
    fill('Repeat the new password', 'brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    const toast = screen.getByText(/Your password has been changed/);
    expect(toast.closest('[role="status"]')).not.toBeNull();
    const reset = fetch.mock.calls.find(([url]) => url === '/auth/reset-password');
    expect(JSON.parse(String(reset?.[1]?.body))).toEqual({ token: 'abc', password: 'brand new password' });
  });

  it('explains a used or expired link', async () => {
    stubFetch(() => errorResponse(400, 'INVALID_TOKEN', 'The link is not valid.'));
    renderApp('/auth/reset-password?token=old');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    fill('New password', 'brand new password');
    fill('Repeat the new password', 'brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('expired or has already been used');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });
});

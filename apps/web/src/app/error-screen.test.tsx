import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';

beforeEach(() => {
  // React reports errors caught by a boundary on the console; they are the point of these tests.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Failing({ error }: { error: unknown }): never {
  throw error;
}

function NoFallback() {
  return null;
}

function renderFailing(error: unknown) {
  const router = createMemoryRouter([
    { path: '/', element: <Failing error={error} />, errorElement: <ErrorScreen /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('ErrorScreen', () => {
  it('shows the error message', async () => {
    renderFailing(new Error('Menu exploded'));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Menu exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the status text of a route error response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('', { status: 404, statusText: 'Not Found' });
        },
        element: null,
        HydrateFallback: NoFallback,
        errorElement: <ErrorScreen />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });

  it('offers to reload when a screen’s code failed to load', async () => {
    renderFailing(
      new TypeError('Failed to fetch dynamically imported module: https://tavolo.test/assets/menu.js'),
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText(/Reload to get the latest version/)).toBeTruthy();
  });
});

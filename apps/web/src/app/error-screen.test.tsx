import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './error-screen';

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

function renderFailing(error: unknown) {
  render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Failing error={error} />
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('ErrorScreen', () => {
  it('shows the error message', async () => {
    renderFailing(new Error('Menu exploded'));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Menu exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offers to reload when a screen’s code failed to load', async () => {
    renderFailing(
      new TypeError('Failed to fetch dynamically imported module: https://tavolo.test/assets/menu.js'),
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText(/Reload to get the latest version/)).toBeTruthy();
  });

  it('clears the error on the next navigation, so that the links around it keep working', async () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Failing error={new Error('Menu exploded')} />} />
            <Route path="/fine" element={<p>All good</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Menu exploded')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('All good')).toBeTruthy();
    expect(screen.queryByText('Menu exploded')).toBeNull();
  });
});

import type { TBackupsState } from '@tavolo/contract/backups';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant, staffSession } from '../../../testing/staff-fixtures';
import { formatBytes } from '../model/backups';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function fakeState(overrides: Partial<TBackupsState> = {}): TBackupsState {
  return {
    database: 'embedded',
    automatic: false,
    intervalHours: null,
    keep: 14,
    lastAt: '2025-03-14T02:00:00.000Z',
    nextAt: null,
    lastAttemptFailed: false,
    lastFailure: null,
    running: null,
    available: true,
    unavailableReason: null,
    items: [
      { name: 'tavolo-2025-03-14T02-00-00-000Z.tar.br', at: '2025-03-14T02:00:00.000Z', bytes: 48_200_000 },
      { name: 'tavolo-2025-03-13T02-00-00-000Z.tar.br', at: '2025-03-13T02:00:00.000Z', bytes: 812_000 },
    ],
    ...overrides,
  };
}

/** The settings screen's server: `states` answered in turn by GET /api/backups (the last one stays). */
function stubBackups(states: TBackupsState[], take: () => Response, me = ME) {
  const posts: string[] = [];
  stubFetch(({ url, method }) => {
    const path = url.pathname;
    if (path === '/auth/me') return jsonResponse(200, me);
    if (path === '/api/restaurants') return jsonResponse(200, { items: [fakeRestaurant()] });
    if (path === `/api/restaurants/${ME.restaurantId}`) return jsonResponse(200, fakeRestaurant());
    if (path === '/api/stations' || path === '/api/tax-rates') return jsonResponse(200, { items: [] });
    if (path === '/api/backups' && method === 'GET')
      return jsonResponse(200, states.length > 1 ? states.shift() : states[0]);
    if (path === '/api/backups' && method === 'POST') {
      posts.push(path);
      return take();
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { posts };
}

describe('Settings → Backups', () => {
  it('shows the last and the next backup and the kept ones, takes one now and follows it to the end', async () => {
    const running = fakeState({ running: { startedAt: '2025-03-14T20:00:00.000Z' } });
    const done = fakeState({
      lastAt: '2025-03-14T20:00:05.000Z',
      items: [
        { name: 'tavolo-2025-03-14T20-00-05-000Z.tar.br', at: '2025-03-14T20:00:05.000Z', bytes: 48_300_000 },
        ...fakeState().items,
      ],
    });
    const { posts } = stubBackups([fakeState(), running, done], () => jsonResponse(202, running));
    renderApp('/dashboard/settings');
    const section = await screen.findByTestId('backups', {}, { timeout: 10_000 });
    expect(within(section).getByTestId('backup-next').textContent).toBe(
      'Next automatic backupAutomatic backups are off: take one now when you need it',
    );
    expect(within(section).getByText('2 backups kept, at most the newest 14')).toBeTruthy();
    expect(within(section).getAllByTestId('backup-item')[0]!.textContent).toContain('48.2 MB');

    fireEvent.click(within(section).getByRole('button', { name: 'Take a backup now' }));
    expect(await screen.findByText('The backup has started: service goes on while it is made.')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(within(section).getByTestId('backup-running').textContent).toBe('Backup under way…');
    expect(
      (within(section).getByRole('button', { name: 'Take a backup now' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Polled until it is done: then three are kept and the button is back.
    await waitFor(() => expect(within(section).getAllByTestId('backup-item')).toHaveLength(3), {
      timeout: 8_000,
    });
    expect(within(section).queryByTestId('backup-running')).toBeNull();
  }, 15_000);

  it('says why none can be taken, and when one is already under way', async () => {
    stubBackups(
      [fakeState({ database: 'postgres', available: false, unavailableReason: 'tools_missing' })],
      () => jsonResponse(500, {}),
    );
    renderApp('/dashboard/settings');
    const section = await screen.findByTestId('backups', {}, { timeout: 10_000 });
    expect(within(section).getByText(/pg_dump is not installed/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Take a backup now' })).toBeNull();
    cleanup();

    stubBackups([fakeState()], () => errorResponse(409, 'BACKUP_RUNNING', 'A backup is being made'));
    renderApp('/dashboard/settings');
    const again = await screen.findByTestId('backups', {}, { timeout: 10_000 });
    fireEvent.click(within(again).getByRole('button', { name: 'Take a backup now' }));
    expect(await screen.findByText('A backup is already under way: it shows here once done.')).toBeTruthy();
  });

  it('is not shown to staff, whatever their role', async () => {
    stubBackups([fakeState()], () => jsonResponse(500, {}), staffSession(['settings.manage']));
    renderApp('/dashboard/settings');
    expect(
      await screen.findByRole('heading', { name: 'Taxes and legal details' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Backups' })).toBeNull();
  });

  it('sizes files as disks count them', () => {
    expect([0, 999, 812_000, 48_230_000, 1_400_000_000].map((bytes) => formatBytes(bytes, 'en'))).toEqual([
      '0 kB',
      '1 kB',
      '812 kB',
      '48.2 MB',
      '1.4 GB',
    ]);
  });
});

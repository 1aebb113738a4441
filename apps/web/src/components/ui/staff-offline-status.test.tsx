import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/api-client';
import { CurrentSessionProvider } from '../../lib/current-session';
import { activateLanguage } from '../../lib/i18n/i18n';
import type { SendRequest } from '../../lib/offline-queue';
import { sendingOwnOnly } from '../../lib/queued-mutation';
import { getStaffConnection } from '../../lib/staff-connection';
import { getStaffTapQueue, type StaffTap } from '../../lib/staff-taps';
import { ME } from '../../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../../testing/languages';
import { offlineFor, StaffOfflineStatus } from './staff-offline-status';

const by = { userId: ME.userId, restaurantId: ME.restaurantId };

const bump: StaffTap = {
  kind: 'kitchen.bump',
  status: 'ready',
  stationId: 'grill',
  orderId: 'order-12',
  orderNumber: 12,
  tableNumber: 4,
  course: 2,
  lineIndexes: [0],
  dishes: [{ name: 'Tagliata', quantity: 2 }],
};
const soldOut: StaffTap = { kind: 'menu.soldOut', menuItemId: 'dish', name: 'Tiramisù', soldOut: true };

const refuse: SendRequest = async () => {
  throw new HttpError(409, { error: { code: 'INVALID_TRANSITION', message: 'Order #12 line 1 is voided' } });
};

beforeAll(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(async () => {
  cleanup();
  const queue = getStaffTapQueue();
  await queue.replay(refuse);
  for (const entry of await queue.list()) await queue.acknowledge(entry.id);
  window.dispatchEvent(new Event('online'));
  await speakEnglishAgain();
});
afterAll(() => {
  getStaffTapQueue().close();
  vi.unstubAllGlobals();
});

function renderStatus(tone: 'light' | 'dark' = 'dark') {
  return render(
    <CurrentSessionProvider session={ME}>
      <StaffOfflineStatus tone={tone} />
    </CurrentSessionProvider>,
  );
}

describe('StaffOfflineStatus', () => {
  it('says nothing while all is well', () => {
    renderStatus();
    expect(screen.queryByTestId('staff-offline')).toBeNull();
  });

  it('says how long the screen has been offline and how many changes wait, ticking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      getStaffConnection();
      act(() => window.dispatchEvent(new Event('offline')));
      const queue = getStaffTapQueue();
      await queue.enqueue({ method: 'POST', path: '/api/kitchen/bump' }, { meta: { ...bump, by } });
      await queue.enqueue({ method: 'PUT', path: '/api/menu/dish/sold-out' }, { meta: { ...soldOut, by } });
      renderStatus();
      const indicator = await screen.findByTestId('offline-indicator');
      await waitFor(() =>
        expect(indicator.textContent).toMatch(/^Offline for \d+ s·2 changes waiting to be sent$/),
      );
      expect(screen.getByRole('status').textContent).toMatch(/^Offline\. What you do is kept/);
      act(() => vi.advanceTimersByTime(41_000));
      expect(indicator.textContent).toMatch(/^Offline for 4\d s/);
      act(() => window.dispatchEvent(new Event('online')));
      expect(screen.queryByTestId('offline-indicator')).toBeNull();
      expect(screen.getByTestId('offline-sending').textContent).toBe('Sending 2 changes…');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a refused change and why, in the person’s language, until they dismiss it', async () => {
    loadCatalogues('it');
    await activateLanguage('it');
    const queue = getStaffTapQueue();
    await queue.enqueue({ method: 'POST', path: '/api/kitchen/bump' }, { meta: { ...bump, by } });
    await queue.replay(refuse);
    renderStatus();
    const refused = await screen.findByTestId('refused-tap');
    expect(refused.textContent).toContain('Non eseguito: Tavolo 4 · #12: 2× Tagliata pronto');
    expect(refused.textContent).toContain('Non vale più: qualcuno l’ha cambiato nel frattempo.');
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi: Tavolo 4 · #12: 2× Tagliata pronto' }));
    await waitFor(() => expect(screen.queryByTestId('refused-tap')).toBeNull());
    expect(await queue.list()).toEqual([]);
  });

  it('gives the server’s own words in English, and says when someone else made it', async () => {
    const queue = getStaffTapQueue();
    await queue.enqueue({ method: 'POST', path: '/api/kitchen/bump' }, { meta: { ...bump, by } });
    await queue.enqueue(
      { method: 'PUT', path: '/api/menu/dish/sold-out' },
      { meta: { ...soldOut, by: { ...by, userId: 'night-cook' } } },
    );
    // Sent as the catching up sends: only the signed-in person's own taps reach the server.
    await queue.replay(sendingOwnOnly(queue, (meta) => meta?.by.userId === ME.userId, refuse));
    renderStatus('light');
    await waitFor(() => expect(screen.getAllByTestId('refused-tap')).toHaveLength(2));
    const [mine, theirs] = screen.getAllByTestId('refused-tap');
    expect(mine?.textContent).toBe('Not done: Table 4 · #12: 2× Tagliata readyOrder #12 line 1 is voidedOK');
    expect(theirs?.textContent).toContain('Not done: Tiramisù sold out');
    expect(theirs?.textContent).toContain('while someone else was signed in on this device');
  });
});

describe('offlineFor', () => {
  it('counts seconds, then minutes, then hours', () => {
    expect(offlineFor(40_400)).toBe('Offline for 40 s');
    expect(offlineFor(3 * 60_000 + 5_000)).toBe('Offline for 3 min');
    expect(offlineFor(65 * 60_000)).toBe('Offline for 1 h 05 min');
  });
});

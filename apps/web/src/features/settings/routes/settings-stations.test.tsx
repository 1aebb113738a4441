import type { TMeResponse } from '@tavolo/contract/auth';
import type { TStation } from '@tavolo/contract/kitchen';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant, staffSession } from '../../../testing/staff-fixtures';
import { fakeKitchen, fakeStation } from '../../../testing/station-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Sent = { method: string; path: string; body: unknown };

/** The settings screen's server, holding `initial` stations; `refuse` answers a write instead. */
function stubStations(
  initial: TStation[],
  {
    me = ME as TMeResponse,
    refuse,
  }: { me?: TMeResponse; refuse?: (sent: Sent) => Response | undefined } = {},
) {
  let stations = initial;
  const sent: Sent[] = [];
  const fetch = stubFetch(({ url, method, init }) => {
    const path = url.pathname;
    if (path === '/auth/me') return jsonResponse(200, me);
    if (path === '/api/restaurants') return jsonResponse(200, { items: [fakeRestaurant()] });
    if (path === `/api/restaurants/${ME.restaurantId}`) return jsonResponse(200, fakeRestaurant());
    if (path === '/api/stations' && method === 'GET') return jsonResponse(200, { items: stations });
    if (!path.startsWith('/api/stations')) return errorResponse(404, 'NOT_FOUND', 'Not found');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const refused = refuse?.({ method, path, body });
    if (refused) return refused;
    if (method === 'POST') {
      const created = fakeStation({ name: body.name, printer: body.printer ?? null });
      stations = [...stations, created];
      return jsonResponse(201, created);
    }
    const id = path.split('/').at(-1);
    if (method === 'PUT') {
      stations = stations.map((one) => (one.id === id ? { ...one, ...body } : one));
      return jsonResponse(
        200,
        stations.find((one) => one.id === id),
      );
    }
    if (method === 'DELETE') {
      stations = stations.filter((one) => one.id !== id);
      return new Response(null, { status: 204 });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, sent };
}

const items = () => screen.getAllByTestId('station-item');
const stationNames = () => items().map((item) => item.querySelector('.font-medium')?.textContent);

describe('Settings → Kitchen stations', () => {
  const kitchen = fakeKitchen();
  const bar = fakeStation({ name: 'Bar', printer: { host: '192.168.1.60', port: 9100 } });

  it('lists Kitchen first as the default, with no delete button, and each printer', async () => {
    // The server's order is not trusted: Kitchen comes first anyway.
    stubStations([bar, kitchen]);
    renderApp('/dashboard/settings');
    await screen.findByRole('list', { name: 'Stations' }, { timeout: 5_000 });
    expect(stationNames()).toEqual(['Kitchen', 'Bar']);
    const [first, second] = items();
    expect(within(first!).getByText('Default')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(first!).getByText('No printer: screen only')).toBeTruthy();
    expect(within(second!).getByText('Printer 192.168.1.60:9100')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Delete Bar' })).toBeTruthy();
    expect(screen.getByText(/Kitchen is the default station/)).toBeTruthy();
  });

  it('adds a station with a printer on the default port', async () => {
    const { sent } = stubStations([kitchen]);
    renderApp('/dashboard/settings');
    await screen.findByRole('list', { name: 'Stations' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a station' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Pizza oven ' } });
    fireEvent.click(within(dialog).getByLabelText('Print tickets on a network printer'));
    expect((within(dialog).getByLabelText('Port') as HTMLInputElement).value).toBe('9100');
    fireEvent.change(within(dialog).getByLabelText('Printer address'), { target: { value: '192.168.1.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add station' }));

    expect(await screen.findByText('Pizza oven was added.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/stations',
        body: { name: 'Pizza oven', printer: { host: '192.168.1.50', port: 9100 } },
      },
    ]);
    await waitFor(() => expect(stationNames()).toEqual(['Kitchen', 'Pizza oven']));
  });

  it('checks the printer before sending, and shows the server’s field errors at the fields', async () => {
    const { sent } = stubStations([kitchen, bar], {
      refuse: ({ method }) =>
        method === 'PUT'
          ? errorResponse(422, 'VALIDATION_FAILED', 'Check the fields', {
              'printer.host': 'must be a host name or an IP address',
            })
          : undefined,
    });
    renderApp('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bar' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bar' });
    const host = within(dialog).getByLabelText('Printer address') as HTMLInputElement;
    expect(host.value).toBe('192.168.1.60');
    fireEvent.change(host, { target: { value: 'printer one' } });
    fireEvent.change(within(dialog).getByLabelText('Port'), { target: { value: '91000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save station' }));
    expect(
      await within(dialog).findByText('Printer address must be a host name or an IP address.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Port must be at most 65535.')).toBeTruthy();
    expect(sent).toEqual([]);

    // What the form lets through, the server may still refuse: its word shows at the field.
    fireEvent.change(host, { target: { value: 'printer-1.local' } });
    fireEvent.change(within(dialog).getByLabelText('Port'), { target: { value: '9101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save station' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ name: 'Bar', printer: { host: 'printer-1.local', port: 9101 } });
    await waitFor(() => expect(host.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Printer address must be a host name or an IP address.')).toBeTruthy();
    expect(within(dialog).queryByText('Port must be at most 65535.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Bar' })).toBeTruthy();
  });

  it('removes a printer with null and renames', async () => {
    const { sent } = stubStations([kitchen, bar]);
    renderApp('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bar' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bar' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Cocktail bar' } });
    fireEvent.click(within(dialog).getByLabelText('Print tickets on a network printer'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save station' }));
    expect(await screen.findByText('Cocktail bar was saved.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', path: `/api/stations/${bar.id}`, body: { name: 'Cocktail bar', printer: null } },
    ]);
  });

  it('deletes a station only once confirmed, saying where its dishes go', async () => {
    const { sent } = stubStations([kitchen, bar]);
    renderApp('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bar' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bar?' });
    expect(dialog.textContent).toContain('Its categories and dishes will go to Kitchen.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Bar?' })).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Bar?' })).getByRole('button', {
        name: 'Delete station',
      }),
    );
    expect(await screen.findByText('Bar was deleted; its dishes now go to Kitchen.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/stations/${bar.id}`, body: undefined }]);
    await waitFor(() => expect(stationNames()).toEqual(['Kitchen']));
  });

  it('is not there for staff without settings.manage', async () => {
    const { fetch } = stubStations([kitchen], { me: staffSession(['orders.view']) });
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 5_000 });
    expect(screen.queryByRole('heading', { name: 'Kitchen stations' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/stations')).toBe(false);
  });
});

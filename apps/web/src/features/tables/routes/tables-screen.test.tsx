import type { TTable } from '@tavolo/contract/tables';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeId } from '../../../testing/menu-fixtures';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;

function fakeTable(overrides: Partial<TTable> = {}): TTable {
  const qrToken = `token-${Math.random().toString(36).slice(2)}-0123456789`;
  return {
    id: fakeId(),
    number: 1,
    label: null,
    seats: null,
    area: null,
    active: true,
    qrToken,
    guestUrl: `http://localhost/t/${qrToken}`,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | undefined;

function stubTables(initial: TTable[], handle: Handler = () => undefined) {
  let list = initial;
  const fetch = stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, ME);
    if (url.pathname === `/api/tables/restaurant/${RID}`) return jsonResponse(200, { items: list });
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    return handle({ url, method, body }) ?? errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, set: (next: TTable[]) => (list = next) };
}

const card = (number: number) =>
  screen
    .getAllByTestId('table-card')
    .find((item) => within(item).queryByRole('heading', { name: `Table ${number}` }))!;

describe('TablesScreen', () => {
  const one = fakeTable({ number: 1, label: 'Window', seats: 4, area: 'Terrace' });
  const two = fakeTable({ number: 2, active: false });

  it('lists the tables with their codes and state', async () => {
    stubTables([one, two]);
    renderApp('/dashboard/tables');
    await screen.findByRole('heading', { name: 'Table 2' }, { timeout: 5_000 });
    expect(screen.getByRole('heading', { name: /2 tables/ }).textContent).toContain('1 active');
    expect(within(card(1)).getByText('Active')).toBeTruthy();
    expect(within(card(1)).getByText('4 seats')).toBeTruthy();
    expect(within(card(1)).getByText('Area: Terrace')).toBeTruthy();
    expect(within(card(2)).queryByText(/^Area/)).toBeNull();
    expect(within(card(2)).getByText('Inactive')).toBeTruthy();
    expect(within(card(2)).getByRole('button', { name: 'Activate table 2' })).toBeTruthy();
    expect(within(card(1)).getByRole('img', { name: 'QR code of table 1' }).getAttribute('src')).toBe(
      `/api/tables/${one.id}/qr.svg?v=${one.qrToken.slice(0, 8)}`,
    );
    expect(
      within(card(1))
        .getByRole('link', { name: 'Download the QR code of table 1 as PNG' })
        .getAttribute('href'),
    ).toBe(`/api/tables/${one.id}/qr.png?v=${one.qrToken.slice(0, 8)}&download=1`);
  });

  it('adds a table, and explains a number already taken', async () => {
    const posted: unknown[] = [];
    const { set } = stubTables([one], ({ url, method, body }) => {
      if (url.pathname !== '/api/tables' || method !== 'POST') return undefined;
      posted.push(body);
      if ((body as { number: number }).number === 1) {
        return errorResponse(409, 'DUPLICATE', 'Table 1 already exists', { number: 'is already used' });
      }
      const created = fakeTable({ number: 2, label: 'Bar' });
      set([one, created]);
      return jsonResponse(201, created);
    });
    renderApp('/dashboard/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Add table' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a table' });
    const number = within(dialog).getByLabelText('Table number') as HTMLInputElement;
    expect(number.value).toBe('2');

    fireEvent.change(number, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add table' }));
    expect(await within(dialog).findByText('Table number is already used by another table.')).toBeTruthy();

    fireEvent.change(number, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Label (optional)'), { target: { value: 'Bar' } });
    fireEvent.change(within(dialog).getByLabelText('Area (optional)'), { target: { value: ' Inside ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add table' }));
    expect(await screen.findByText('Table 2 was added.')).toBeTruthy();
    expect(posted).toEqual([
      { number: 1, active: true },
      { number: 2, label: 'Bar', area: 'Inside', active: true },
    ]);
    await screen.findByRole('heading', { name: 'Table 2' });
  });

  it('leaves its toasts behind when the print sheet opens, and never prints them', async () => {
    const { set } = stubTables([one], ({ url, method }) => {
      if (url.pathname !== '/api/tables' || method !== 'POST') return undefined;
      const created = fakeTable({ number: 2 });
      set([one, created]);
      return jsonResponse(201, created);
    });
    renderApp('/dashboard/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Add table' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a table' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add table' }));
    expect(await screen.findByText('Table 2 was added.')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.className).toContain('print:hidden');

    fireEvent.click(screen.getByRole('link', { name: 'Print QR codes' }));
    await screen.findByRole('heading', { name: 'QR codes to print' });
    await waitFor(() => expect(screen.queryByText('Table 2 was added.')).toBeNull());
  });

  it('offers to deactivate a table the server will not delete', async () => {
    const puts: unknown[] = [];
    const { set } = stubTables([one], ({ url, method, body }) => {
      if (url.pathname === `/api/tables/${one.id}` && method === 'DELETE') {
        return errorResponse(
          409,
          'CONFLICT',
          'This table has 1 open order; complete or cancel it first, or deactivate the table',
        );
      }
      if (url.pathname === `/api/tables/${one.id}` && method === 'PUT') {
        puts.push(body);
        const updated = { ...one, active: false };
        set([updated]);
        return jsonResponse(200, updated);
      }
      return undefined;
    });
    renderApp('/dashboard/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete table 1' }, { timeout: 5_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete table 1?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete table' }));
    const refusal = await screen.findByRole('dialog', { name: 'Table 1 cannot be deleted yet' });
    expect(within(refusal).getByRole('alert').textContent).toContain('This table has 1 open order');
    fireEvent.click(within(refusal).getByRole('button', { name: 'Deactivate table 1' }));
    await waitFor(() => expect(puts).toEqual([{ active: false }]));
    expect(await screen.findByText(/Table 1 is inactive/)).toBeTruthy();
  });

  it('rotates a code only after the warning is confirmed', async () => {
    const rotated = {
      ...one,
      qrToken: 'fresh-token-0123456789',
      guestUrl: 'http://localhost/t/fresh-token-0123456789',
    };
    const { fetch, set } = stubTables([one], ({ url, method }) => {
      if (url.pathname === `/api/tables/${one.id}/rotate-qr` && method === 'POST') {
        set([rotated]);
        return jsonResponse(200, rotated);
      }
      return undefined;
    });
    renderApp('/dashboard/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'New code for table 1' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new code for table 1?' });
    expect(dialog.textContent).toContain('Printed codes for table 1 stop working at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/rotate-qr'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'New code for table 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    expect(await screen.findByText(/Table 1 has a new code/)).toBeTruthy();
    await waitFor(() =>
      expect(within(card(1)).getByRole('img', { name: 'QR code of table 1' }).getAttribute('src')).toContain(
        'v=fresh-to',
      ),
    );
  });

  it('moves a table to another area, or takes it out of any, and says why an area is refused', async () => {
    const puts: unknown[] = [];
    const { set } = stubTables([one], ({ url, method, body }) => {
      if (url.pathname !== `/api/tables/${one.id}` || method !== 'PUT') return undefined;
      puts.push(body);
      const updated = { ...one, area: (body as { area: string | null }).area };
      set([updated]);
      return jsonResponse(200, updated);
    });
    renderApp('/dashboard/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit table 1' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit table 1' });
    const area = within(dialog).getByLabelText('Area (optional)') as HTMLInputElement;
    expect(area.value).toBe('Terrace');

    fireEvent.change(area, { target: { value: 'x'.repeat(41) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/must be at most 40 characters/)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(area, { target: { value: 'Garden' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Table 1 was saved.')).toBeTruthy();
    expect(await within(card(1)).findByText('Area: Garden')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit table 1' }));
    const again = await screen.findByRole('dialog', { name: 'Edit table 1' });
    fireEvent.change(within(again).getByLabelText('Area (optional)'), { target: { value: '  ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(card(1)).queryByText(/^Area/)).toBeNull());
    expect(puts).toMatchObject([{ area: 'Garden' }, { area: null }]);
  });

  it('invites the first table when there is none', async () => {
    stubTables([]);
    renderApp('/dashboard/tables');
    expect(await screen.findByRole('heading', { name: 'No tables yet' }, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add your first table' }));
    expect(await screen.findByRole('dialog', { name: 'Add a table' })).toBeTruthy();
  });
});

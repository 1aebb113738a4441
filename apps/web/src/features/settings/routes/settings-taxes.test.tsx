import type { TRestaurant } from '@tavolo/contract/restaurants';
import type { TTaxRate } from '@tavolo/contract/taxes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import { renderApp } from '../../../testing/render-app';
import { fakeRestaurant } from '../../../testing/staff-fixtures';
import { fakeTaxRate } from '../../../testing/tax-fixtures';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await speakEnglishAgain();
});

type Sent = { method: string; path: string; body: unknown };

/** The settings screen's server, holding `initial` rates; `refuse` answers a write instead. */
function stubTaxes(
  initial: TTaxRate[],
  {
    restaurant = fakeRestaurant(),
    language = null as 'de' | null,
    refuse,
  }: { restaurant?: TRestaurant; language?: 'de' | null; refuse?: (sent: Sent) => Response | undefined } = {},
) {
  let rates = initial;
  let current = restaurant;
  const sent: Sent[] = [];
  stubFetch(({ url, method, init }) => {
    const path = url.pathname;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (path === '/auth/me') return jsonResponse(200, { ...ME, language });
    if (path === '/api/restaurants') return jsonResponse(200, { items: [current] });
    if (path === `/api/restaurants/${ME.restaurantId}` && method === 'GET') return jsonResponse(200, current);
    if (path === `/api/restaurants/${ME.restaurantId}` && method === 'PUT') {
      sent.push({ method, path, body });
      current = { ...current, ...body };
      return jsonResponse(200, current);
    }
    if (path === '/api/stations') return jsonResponse(200, { items: [] });
    if (path === '/api/tax-rates' && method === 'GET') return jsonResponse(200, { items: rates });
    if (!path.startsWith('/api/tax-rates')) return errorResponse(404, 'NOT_FOUND', 'Not found');
    sent.push({ method, path, body });
    const refused = refuse?.({ method, path, body });
    if (refused) return refused;
    const id = path.split('/').at(-1);
    const clearDefault = () => (body.isDefault ? rates.map((one) => ({ ...one, isDefault: false })) : rates);
    if (method === 'POST') {
      const created = fakeTaxRate({ ...body, isDefault: rates.length === 0 || body.isDefault === true });
      rates = [...clearDefault(), created];
      return jsonResponse(201, created);
    }
    if (method === 'PUT') {
      rates = clearDefault().map((one) =>
        one.id === id ? { ...one, ...body, isDefault: one.isDefault || body.isDefault === true } : one,
      );
      return jsonResponse(
        200,
        rates.find((one) => one.id === id),
      );
    }
    if (method === 'DELETE') {
      rates = rates.filter((one) => one.id !== id);
      return new Response(null, { status: 204 });
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { sent };
}

const section = () => screen.getByRole('region', { name: 'Taxes and legal details' });
const rateRows = () =>
  // The name, the rate and whether it is the default: the row's first part, before its actions.
  screen.getAllByTestId('tax-rate-item').map((item) => item.firstElementChild?.textContent);

describe('Settings → Taxes and legal details', () => {
  const food = fakeTaxRate({ name: 'Food', rateBasisPoints: 1000, isDefault: true });
  const drinks = fakeTaxRate({ name: 'Drinks', rateBasisPoints: 2200 });
  const reduced = fakeTaxRate({ name: 'Reduced', rateBasisPoints: 550 });

  it('explains that without rates no tax shows, and adds the first rate as the default', async () => {
    const { sent } = stubTaxes([]);
    renderApp('/dashboard/settings');
    expect((await screen.findByTestId('no-tax-rates', {}, { timeout: 5_000 })).textContent).toMatch(
      /orders and receipts show no tax/,
    );
    fireEvent.click(within(section()).getByRole('button', { name: 'Add tax rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tax rate' });
    expect(dialog.textContent).toContain('Your first rate is the default');
    expect(within(dialog).queryByLabelText('Make it the default rate')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Food ' } });
    fireEvent.change(within(dialog).getByLabelText('Rate (%)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rate' }));

    expect(await screen.findByText('Food (10%) was added.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/tax-rates', body: { name: 'Food', rateBasisPoints: 1000 } },
    ]);
    await waitFor(() => expect(rateRows()).toEqual(['Food10%Default']));
  });

  it('lists the default first with its percent, and makes another the default', async () => {
    const { sent } = stubTaxes([drinks, reduced, food]);
    renderApp('/dashboard/settings');
    await screen.findAllByTestId('tax-rate-item', {}, { timeout: 5_000 });
    expect(rateRows()).toEqual(['Food10%Default', 'Reduced5.5%', 'Drinks22%']);
    expect(screen.queryByRole('button', { name: 'Make Food the default rate' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make Drinks the default rate' }));
    expect(await screen.findByText('Drinks is now the default rate.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/tax-rates/${drinks.id}`,
        body: { name: 'Drinks', rateBasisPoints: 2200, isDefault: true },
      },
    ]);
    await waitFor(() => expect(rateRows()[0]).toBe('Drinks22%Default'));
  });

  it('edits a rate as a percent with decimals, and checks it before sending', async () => {
    const { sent } = stubTaxes([food, drinks]);
    renderApp('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Drinks' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Drinks' });
    const percent = within(dialog).getByLabelText('Rate (%)') as HTMLInputElement;
    expect(percent.value).toBe('22');
    fireEvent.change(percent, { target: { value: '5,555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    expect(
      await within(dialog).findByText('Enter a percent with at most two decimals, for example 5.5.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(percent, { target: { value: '5,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Drinks (5.5%) was saved.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', path: `/api/tax-rates/${drinks.id}`, body: { name: 'Drinks', rateBasisPoints: 550 } },
    ]);
  });

  it('deletes only once confirmed, and says in a toast why the server refused', async () => {
    const { sent } = stubTaxes([food, drinks], {
      refuse: ({ method }) =>
        method === 'DELETE'
          ? errorResponse(
              409,
              'CONFLICT',
              'Drinks is the rate of 2 categories and dishes: give them another rate first',
            )
          : undefined,
    });
    renderApp('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Drinks' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Drinks?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Drinks?' })).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Drinks' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Drinks?' })).getByRole('button', {
        name: 'Delete rate',
      }),
    );
    expect(
      await screen.findByText(
        'Drinks was not deleted: Drinks is the rate of 2 categories and dishes: give them another rate first',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/tax-rates/${drinks.id}`, body: undefined }]);
    expect(rateRows()).toEqual(['Food10%Default', 'Drinks22%']);
  });

  it('saves the legal details, the tax mode and the end of the business day alone', async () => {
    const { sent } = stubTaxes([food], { restaurant: fakeRestaurant({ legalName: 'Giulia S.r.l.' }) });
    renderApp('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Legal details and tax' }, { timeout: 5_000 });
    expect((within(form).getByLabelText('Legal name') as HTMLInputElement).value).toBe('Giulia S.r.l.');
    fireEvent.change(within(form).getByLabelText('Legal name'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('VAT number'), { target: { value: 'IT01234567890' } });
    const mode = within(form).getByRole('switch', { name: 'Prices include tax' });
    expect(mode.getAttribute('aria-checked')).toBe('true');
    expect(mode.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(mode);
    expect(mode.getAttribute('aria-checked')).toBe('false');
    expect(within(form).getByText('Tax is added to the menu prices on the bill.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Business day ends at'), { target: { value: '03:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Legal details and tax settings saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/restaurants/${ME.restaurantId}`,
        body: {
          legalName: null,
          taxId: 'IT01234567890',
          pricesIncludeTax: false,
          businessDayStartsAt: '03:30',
        },
      },
    ]);
  });

  it('speaks German, the refusal of a rate in use included', async () => {
    loadCatalogues('de');
    stubTaxes([food, drinks], {
      language: 'de',
      refuse: ({ method }) =>
        method === 'DELETE'
          ? errorResponse(409, 'CONFLICT', 'Drinks is the rate of 1 category or dish')
          : undefined,
    });
    renderApp('/dashboard/settings');
    expect(
      await screen.findByRole('heading', { name: 'Steuern und Firmenangaben' }, { timeout: 5_000 }),
    ).toBeTruthy();
    await screen.findAllByTestId('tax-rate-item');
    expect(screen.getAllByTestId('tax-rate-item')[1]?.textContent).toContain('22\u00a0%');
    fireEvent.click(screen.getByRole('button', { name: 'Drinks löschen' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Drinks löschen?' })).getByRole('button', {
        name: 'Satz löschen',
      }),
    );
    expect(
      await screen.findByText(
        'Drinks wurde nicht gelöscht: Eine Kategorie oder ein Gericht verwendet Drinks: Weisen Sie zuerst einen anderen Satz zu.',
      ),
    ).toBeTruthy();
  });
});

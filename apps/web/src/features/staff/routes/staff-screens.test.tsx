import type { TStaffMember } from '@tavolo/contract/staff';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { fakeRole, fakeStaffMember, staffSession } from '../../../testing/staff-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RID = ME.restaurantId;
const KITCHEN = fakeRole({ name: 'Kitchen', staffCount: 1 });
const WAITER = fakeRole({ name: 'Waiter', staffCount: 0, permissions: ['orders.view', 'orders.create'] });

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | undefined;

function stubStaffApi({
  me = ME,
  roles = [KITCHEN, WAITER],
  staff = [] as TStaffMember[],
  handle = (() => undefined) as Handler,
} = {}) {
  return stubFetch(({ url, method, init }) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const handled = handle({ url, method, body });
    if (handled) return handled;
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === '/api/roles' && method === 'GET') return jsonResponse(200, { items: roles });
    if (url.pathname === `/api/staff/${RID}` && method === 'GET')
      return jsonResponse(200, { items: staff, total: staff.length, page: 1, pageSize: 20 });
    const member = staff.find((one) => url.pathname === `/api/staff/members/${one.id}`);
    if (member) return jsonResponse(200, member);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the staff list', () => {
  it('shows name, role, state and last sign-in in the restaurant’s time zone', async () => {
    const marco = fakeStaffMember({ name: 'Marco', lastLoginAt: '2025-03-14T18:30:00.000Z' });
    const anna = fakeStaffMember({
      name: 'Anna',
      email: 'anna@example.com',
      roleName: 'Waiter',
      active: false,
    });
    stubStaffApi({ staff: [marco, anna] });
    renderApp('/dashboard/staff');
    const rows = await screen.findAllByTestId('staff-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Kitchen')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    // 18:30 UTC is 19:30 in Rome.
    expect(rows[0]!.textContent).toMatch(/7:30\s?PM|19:30/);
    expect(within(rows[1]!).getByText('Inactive')).toBeTruthy();
    expect(within(rows[1]!).getByText('Never signed in')).toBeTruthy();
    expect(screen.getByTestId('staff-count').textContent).toBe('2 staff members');
  });

  it('searches by name or e-mail through the server', async () => {
    const fetch = stubStaffApi({ staff: [fakeStaffMember()] });
    renderApp('/dashboard/staff');
    await screen.findAllByTestId('staff-row');
    fill('Search', 'marco');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('q=marco'))).toBe(true));
  });

  it('deactivates someone only after asking, and says they were signed out', async () => {
    const marco = fakeStaffMember({ name: 'Marco' });
    const puts: unknown[] = [];
    stubStaffApi({
      staff: [marco],
      handle: ({ url, method, body }) => {
        if (url.pathname !== `/api/staff/${marco.id}` || method !== 'PUT') return undefined;
        puts.push(body);
        return jsonResponse(200, { ...marco, active: false });
      },
    });
    renderApp('/dashboard/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Marco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Marco?' });
    expect(puts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Marco was deactivated and signed out everywhere.')).toBeTruthy();
    expect(puts).toEqual([{ active: false }]);
  });

  it('deletes someone only after asking', async () => {
    const marco = fakeStaffMember({ name: 'Marco' });
    let deleted = false;
    stubStaffApi({
      staff: [marco],
      handle: ({ url, method }) => {
        if (url.pathname !== `/api/staff/${marco.id}` || method !== 'DELETE') return undefined;
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/dashboard/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Marco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Marco?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Marco' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Marco?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Marco was deleted.')).toBeTruthy();
    expect(deleted).toBe(true);
  });
});

describe('the staff form', () => {
  it('requires a password and a role for a new member, then creates them', async () => {
    const posted: unknown[] = [];
    stubStaffApi({
      handle: ({ url, method, body }) => {
        if (url.pathname !== '/api/staff' || method !== 'POST') return undefined;
        posted.push(body);
        return jsonResponse(201, fakeStaffMember({ name: 'Luca' }));
      },
    });
    const { router } = renderApp('/dashboard/staff/new-staff');
    await screen.findByRole('form', { name: 'New staff member' });
    fill('Name', 'Luca');
    fill('E-mail', 'Luca@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText(/Role is required/)).toBeTruthy();
    expect(posted).toEqual([]);

    fill('Password', 'kitchen-pass');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: KITCHEN.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/staff'));
    expect(posted).toEqual([
      { name: 'Luca', email: 'luca@example.com', password: 'kitchen-pass', roleId: KITCHEN.id, active: true },
    ]);
  });

  it('explains an e-mail already used by another staff member', async () => {
    stubStaffApi({
      handle: ({ url, method }) =>
        url.pathname === '/api/staff' && method === 'POST'
          ? errorResponse(409, 'DUPLICATE', 'Already exists', { email: 'is taken' })
          : undefined,
    });
    renderApp('/dashboard/staff/new-staff');
    await screen.findByRole('form', { name: 'New staff member' });
    fill('Name', 'Luca');
    fill('E-mail', 'luca@example.com');
    fill('Password', 'kitchen-pass');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: WAITER.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('E-mail is already used by another staff member.')).toBeTruthy();
  });

  it('changes a member without touching their password unless a new one is typed', async () => {
    const marco = fakeStaffMember({ name: 'Marco', roleId: KITCHEN.id, phone: '+39 333' });
    const puts: unknown[] = [];
    stubStaffApi({
      staff: [marco],
      handle: ({ url, method, body }) => {
        if (url.pathname !== `/api/staff/${marco.id}` || method !== 'PUT') return undefined;
        puts.push(body);
        return jsonResponse(200, marco);
      },
    });
    renderApp(`/dashboard/staff/update/${marco.id}`);
    await screen.findByRole('form', { name: 'Edit Marco' });
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe(KITCHEN.id);
    fill('Phone (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Marco was saved.');
    expect(puts).toEqual([
      { name: 'Marco', email: 'marco@example.com', phone: null, roleId: KITCHEN.id, active: true },
    ]);
  });
});

describe("a member's approval PIN", () => {
  it('says whether they have one, sets a new one and removes it after asking', async () => {
    const giulia = fakeStaffMember({ name: 'Giulia', roleId: KITCHEN.id, hasPin: true });
    const pins: unknown[] = [];
    stubStaffApi({
      staff: [giulia],
      handle: ({ url, method, body }) => {
        if (url.pathname !== `/api/staff/${giulia.id}/pin` || method !== 'PUT') return undefined;
        pins.push(body);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/dashboard/staff/update/${giulia.id}`);
    const section = (
      await screen.findByRole('heading', { name: 'Approval PIN' }, { timeout: 5_000 })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('A PIN is set')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('New PIN'), { target: { value: '135790' } });
    fireEvent.change(within(section).getByLabelText('The same PIN again'), { target: { value: '135790' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save the PIN' }));
    expect(await screen.findByText('Giulia’s PIN is saved.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove the PIN' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Giulia’s PIN?' })).getByRole('button', {
        name: 'Remove the PIN',
      }),
    );
    expect(await screen.findByText('Giulia’s PIN is removed.')).toBeTruthy();
    expect(within(section).getByText('No PIN yet')).toBeTruthy();
    expect(pins).toEqual([{ pin: '135790' }, { pin: null }]);
  });
});

describe('the roles editor', () => {
  it('lists roles with their staff count and refuses to delete one still held, saying why', async () => {
    stubStaffApi();
    renderApp('/dashboard/staff/roles');
    const cards = await screen.findAllByTestId('role-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Kitchen', 'Waiter']);
    const held = within(cards[0]!).getByRole('button', { name: 'Delete Kitchen' }) as HTMLButtonElement;
    expect(held.disabled).toBe(true);
    expect(cards[0]!.textContent).toContain('1 staff member holds Kitchen. Give them another role first');
    expect(
      (within(cards[1]!).getByRole('button', { name: 'Delete Waiter' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('creates a role from permissions ticked by area, in plain words', async () => {
    const posted: unknown[] = [];
    stubStaffApi({
      handle: ({ url, method, body }) => {
        if (url.pathname !== '/api/roles' || method !== 'POST') return undefined;
        posted.push(body);
        return jsonResponse(201, fakeRole({ name: 'Bar' }));
      },
    });
    renderApp('/dashboard/staff/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Bar' } });
    const orders = within(dialog).getByRole('group', { name: 'Orders' });
    fireEvent.click(within(orders).getByLabelText('Take orders for a table'));
    fireEvent.click(within(orders).getByLabelText('See orders and the live board'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Bar was added.')).toBeTruthy();
    expect(posted).toEqual([{ name: 'Bar', permissions: ['orders.view', 'orders.create'] }]);
  });

  it('locks the permissions the user does not hold, and sends back only what changed', async () => {
    const manager = staffSession(['roles.manage', 'staff.manage', 'orders.view', 'orders.create']);
    const bar = fakeRole({ name: 'Bar', permissions: ['orders.view', 'settings.manage'] });
    const puts: unknown[] = [];
    stubStaffApi({
      me: manager,
      roles: [bar],
      handle: ({ url, method, body }) => {
        if (url.pathname !== `/api/roles/${bar.id}` || method !== 'PUT') return undefined;
        puts.push(body);
        return jsonResponse(200, bar);
      },
    });
    renderApp('/dashboard/staff/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bar' });
    const settings = within(dialog).getByLabelText("Change the restaurant's profile") as HTMLInputElement;
    expect(settings.checked).toBe(true);
    expect(settings.disabled).toBe(true);
    expect(settings.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getAllByText(/You don't hold this permission yourself/).length).toBeGreaterThan(1);
    expect((within(dialog).getByLabelText('Take orders for a table') as HTMLInputElement).disabled).toBe(
      false,
    );

    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Bar & terrace' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await screen.findByText(/Bar & terrace was saved/);
    expect(puts).toEqual([{ name: 'Bar & terrace' }]);
  });

  it('tells the user when the server refuses a permission they may not grant', async () => {
    stubStaffApi({
      me: staffSession(['roles.manage', 'orders.view']),
      handle: ({ url, method }) =>
        url.pathname === '/api/roles' && method === 'POST'
          ? errorResponse(403, 'FORBIDDEN', 'You cannot grant orders.view')
          : undefined,
    });
    renderApp('/dashboard/staff/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Runner' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      "You can't grant a permission you don't hold yourself",
    );
  });
});

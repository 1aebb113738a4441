import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, ME, stubFetch } from '../testing/fetch-stub';
import { renderApp } from '../testing/render-app';
import { staffSession } from '../testing/staff-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const KITCHEN = staffSession(['orders.view', 'orders.manage', 'menu.availability']);

function stubSession(me: typeof ME) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === '/api/roles') return jsonResponse(200, { items: [] });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

const navLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the dashboard follows permissions', () => {
  it('shows the kitchen only what it may do: no menu editing, no staff, no settings', async () => {
    stubSession(KITCHEN);
    renderApp('/dashboard/today-menu');
    await screen.findByRole('heading', { name: "Today's menu", level: 1 });
    expect(navLinks()).toEqual(['Orders', 'Floor', 'Kitchen', 'Past orders', 'Bills', "Today's menu"]);
  });

  it('keeps the floor from a member who may take orders but not see them (it reads them)', async () => {
    stubSession(staffSession(['orders.create', 'menu.availability']));
    renderApp('/dashboard/floor');
    expect(await screen.findByText("You don't have access to this area")).toBeTruthy();
    expect(navLinks()).not.toContain('Floor');
  });

  it('shows every area to an owner', async () => {
    stubSession(ME);
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(navLinks()).toEqual([
      'Overview',
      'Orders',
      'Floor',
      'Kitchen',
      'Past orders',
      'Bills',
      "Today's menu",
      'Menu',
      'Categories',
      'Tables',
      'Staff',
      'Payments',
      'Reviews',
      'Settlement',
      'Settings',
    ]);
  });

  it('answers a screen the role does not open with what is missing and who can grant it', async () => {
    stubSession(KITCHEN);
    renderApp('/dashboard/staff/new-staff');
    const panel = await screen.findByTestId('no-access');
    expect(within(panel).getByRole('heading', { level: 1 }).textContent).toBe(
      "You don't have access to this area",
    );
    expect(panel.textContent).toContain('“Add, change and deactivate staff”');
    expect(panel.textContent).toContain('The restaurant owner, or a manager allowed to edit roles');
    expect(within(panel).getByRole('link', { name: 'Go to Orders' }).getAttribute('href')).toBe(
      '/dashboard/orders',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names every permission that would do when any of several opens the screen', async () => {
    stubSession(staffSession(['orders.view']));
    renderApp('/dashboard/today-menu');
    const panel = await screen.findByTestId('no-access');
    expect(panel.textContent).toContain(
      'one of “Edit the menu and its categories” or “Mark dishes sold out for today, and back”',
    );
  });

  it('takes someone who edits roles but not staff from Staff to the roles tab', async () => {
    stubSession(staffSession(['roles.manage']));
    const { router } = renderApp('/dashboard/staff');
    await screen.findByRole('heading', { name: 'Roles', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard/staff/roles');
    expect(navLinks()).toEqual(['Staff']);
  });

  it('opens Settings to every staff member for their own password, and nothing else there', async () => {
    stubSession(KITCHEN);
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.getByRole('heading', { name: 'Your password' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Restaurant profile' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Restaurants' })).toBeNull();
    expect(navLinks()).not.toContain('Settings');
  });
});

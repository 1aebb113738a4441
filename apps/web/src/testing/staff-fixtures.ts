import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPermission } from '@tavolo/contract/permissions';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import type { TRole, TStaffMember } from '@tavolo/contract/staff';
import { ME } from './fetch-stub';
import { fakeId } from './menu-fixtures';

/** A signed-in staff member holding `permissions`. */
export function staffSession(permissions: TPermission[]): TMeResponse {
  return {
    ...ME,
    userType: 'staff',
    staffId: '55555555-5555-4555-8555-555555555555',
    name: 'Marco Bianchi',
    email: 'marco@example.com',
    permissions,
  };
}

export function fakeRole(overrides: Partial<TRole> = {}): TRole {
  return {
    id: fakeId(),
    name: 'Kitchen',
    permissions: ['orders.view', 'orders.manage', 'menu.availability'],
    staffCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeStaffMember(overrides: Partial<TStaffMember> = {}): TStaffMember {
  return {
    id: fakeId(),
    name: 'Marco Bianchi',
    email: 'marco@example.com',
    phone: null,
    roleId: fakeId(),
    roleName: 'Kitchen',
    active: true,
    hasPin: false,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeRestaurant(overrides: Partial<TRestaurant> = {}): TRestaurant {
  return {
    id: ME.restaurantId,
    name: ME.restaurant.name,
    address: null,
    phone: null,
    email: null,
    logoUrl: null,
    bannerUrl: null,
    currency: 'EUR',
    timezone: 'Europe/Rome',
    serviceChargePercent: 0,
    languages: ['en'],
    legalName: null,
    taxId: null,
    pricesIncludeTax: true,
    businessDayStartsAt: '04:00',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

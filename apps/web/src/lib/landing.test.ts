import type { TPermission } from '@tavolo/contract/permissions';
import { describe, expect, it } from 'vitest';
import { FLOOR_PATH, HOME_PATH, KITCHEN_PATH, landingPath } from './landing';

const staff = (...permissions: TPermission[]) => ({ userType: 'staff' as const, permissions });

describe('landingPath', () => {
  it('sends the default Waiter role to the floor', () => {
    expect(
      landingPath(
        staff('orders.view', 'orders.create', 'orders.manage', 'menu.availability', 'reviews.view'),
      ),
    ).toBe(FLOOR_PATH);
  });

  it('sends the default Kitchen role to the kitchen', () => {
    expect(landingPath(staff('orders.view', 'orders.manage', 'menu.availability'))).toBe(KITCHEN_PATH);
  });

  it('keeps owners, and anyone who sees the overview, on the home screen', () => {
    expect(landingPath({ userType: 'owner', permissions: [] })).toBe(HOME_PATH);
    expect(landingPath(staff('dashboard.view', 'orders.view', 'orders.create', 'orders.manage'))).toBe(
      HOME_PATH,
    );
    expect(landingPath(staff('dashboard.view', 'orders.view', 'orders.manage'))).toBe(HOME_PATH);
  });

  it('keeps the Cashier role and others on today’s landing', () => {
    expect(landingPath(staff('orders.view', 'payments.view', 'payments.manage'))).toBe(HOME_PATH);
    expect(landingPath(staff('orders.view'))).toBe(HOME_PATH);
    expect(landingPath(staff())).toBe(HOME_PATH);
  });

  it('sends no one to a screen they cannot open (both need orders.view)', () => {
    expect(landingPath(staff('orders.create'))).toBe(HOME_PATH);
    expect(landingPath(staff('orders.manage'))).toBe(HOME_PATH);
  });

  it('takes orders before working them: a waiter who may also bump tickets is on the floor', () => {
    expect(landingPath(staff('orders.view', 'orders.create'))).toBe(FLOOR_PATH);
  });
});

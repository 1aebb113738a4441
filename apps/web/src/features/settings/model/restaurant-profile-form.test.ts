import type { TRestaurant } from '@tavolo/contract/restaurants';
import { describe, expect, it } from 'vitest';
import {
  parsePercent,
  toRestaurantProfileForm,
  toUpdateRestaurantRequest,
  ZRestaurantProfileForm,
} from './restaurant-profile-form';

const RESTAURANT: TRestaurant = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Trattoria Giulia',
  address: 'Via Roma 1',
  phone: null,
  email: null,
  logoUrl: '/api/uploads/logo.webp',
  bannerUrl: null,
  currency: 'EUR',
  timezone: 'Europe/Rome',
  serviceChargePercent: 12.5,
  languages: ['en'],
  legalName: null,
  taxId: null,
  pricesIncludeTax: true,
  businessDayStartsAt: '04:00',
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the restaurant profile form', () => {
  it('reads percentages as people type them', () => {
    expect(parsePercent('12.5')).toBe(12.5);
    expect(parsePercent(' 12,50 ')).toBe(12.5);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('12.345')).toBeUndefined();
    expect(parsePercent('-1')).toBeUndefined();
    expect(parsePercent('ten')).toBeUndefined();
  });

  it('round-trips a restaurant, clearing emptied fields with null', () => {
    const values = { ...toRestaurantProfileForm(RESTAURANT), address: '  ', logoUrl: '' };
    expect(ZRestaurantProfileForm.safeParse(values).success).toBe(true);
    expect(toUpdateRestaurantRequest(values)).toEqual({
      name: 'Trattoria Giulia',
      address: null,
      phone: null,
      email: null,
      logoUrl: null,
      bannerUrl: null,
      currency: 'EUR',
      timezone: 'Europe/Rome',
      serviceChargePercent: 12.5,
    });
  });

  it('refuses a service charge above 100 or with three decimals, and a bad e-mail', () => {
    const values = toRestaurantProfileForm(RESTAURANT);
    const errors = (change: object) =>
      ZRestaurantProfileForm.safeParse({ ...values, ...change }).error?.issues.map((issue) => issue.path[0]);
    expect(errors({ serviceChargePercent: '120' })).toEqual(['serviceChargePercent']);
    expect(errors({ serviceChargePercent: '1.005' })).toEqual(['serviceChargePercent']);
    expect(errors({ email: 'not-an-email' })).toEqual(['email']);
    expect(errors({ email: '' })).toBeUndefined();
  });
});

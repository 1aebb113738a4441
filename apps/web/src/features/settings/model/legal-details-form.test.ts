import type { TRestaurant } from '@tavolo/contract/restaurants';
import { describe, expect, it } from 'vitest';
import {
  findLegalDetailsField,
  toLegalDetailsForm,
  toLegalDetailsRequest,
  ZLegalDetailsForm,
} from './legal-details-form';

const RESTAURANT: TRestaurant = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Trattoria Giulia',
  address: null,
  phone: null,
  email: null,
  logoUrl: null,
  bannerUrl: null,
  currency: 'EUR',
  timezone: 'Europe/Rome',
  serviceChargePercent: 0,
  languages: ['en'],
  legalName: 'Giulia S.r.l.',
  taxId: null,
  pricesIncludeTax: true,
  businessDayStartsAt: '04:00',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const errorsOf = (change: object) =>
  ZLegalDetailsForm.safeParse({ ...toLegalDetailsForm(RESTAURANT), ...change }).error?.issues.map(
    (issue) => issue.path[0],
  );

describe('the legal details form', () => {
  it('round-trips a restaurant: its four fields alone, an emptied one cleared with null', () => {
    const values = { ...toLegalDetailsForm(RESTAURANT), taxId: ' IT01234567890 ', legalName: '  ' };
    expect(values.businessDayEndsAt).toBe('04:00');
    expect(ZLegalDetailsForm.safeParse(values).success).toBe(true);
    expect(toLegalDetailsRequest({ ...values, pricesIncludeTax: false, businessDayEndsAt: '03:30' })).toEqual(
      {
        legalName: null,
        taxId: 'IT01234567890',
        pricesIncludeTax: false,
        businessDayStartsAt: '03:30',
      },
    );
  });

  it('refuses a time that is not HH:MM and a VAT number past 40 characters', () => {
    expect(errorsOf({ businessDayEndsAt: '4:00' })).toEqual(['businessDayEndsAt']);
    expect(errorsOf({ businessDayEndsAt: '24:00' })).toEqual(['businessDayEndsAt']);
    expect(errorsOf({ businessDayEndsAt: '23:59' })).toBeUndefined();
    expect(errorsOf({ taxId: 'x'.repeat(41) })).toEqual(['taxId']);
  });

  it("shows the server's business day at the day's end", () => {
    expect(findLegalDetailsField('businessDayStartsAt')).toBe('businessDayEndsAt');
    expect(findLegalDetailsField('taxId')).toBe('taxId');
    expect(findLegalDetailsField('name')).toBeUndefined();
  });
});

import { z } from 'zod';
import { textPattern, ZIdParams } from './common';
import { access, endpoint } from './endpoint';
import { MAX_TAX_RATES } from './values/taxes';

export { MAX_TAX_RATES };

/*
 * Tax rates (PRODUCT.md §11): a restaurant's rates, one of them the default; a category names its
 * rate (else the default) and a dish may override it. A line's rate is frozen on it at order time.
 */

/** An amount's tax at one rate, as frozen on a line, an order or a receipt: net + tax is the gross. */
export const ZTaxPart = z.object({
  name: z.string(),
  /** 10 % is 1000. */
  rateBasisPoints: z.number().int(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
});
export type TTaxPart = z.infer<typeof ZTaxPart>;

export const ZTaxRate = z.object({
  id: z.uuid(),
  name: z.string(),
  rateBasisPoints: z.number().int(),
  /** The rate of categories without their own, and of the service charge. Exactly one is. */
  isDefault: z.boolean(),
});
export type TTaxRate = z.infer<typeof ZTaxRate>;

export const ZTaxRateList = z.object({ items: z.array(ZTaxRate) });
export type TTaxRateList = z.infer<typeof ZTaxRateList>;

export const ZTaxRateRequest = z
  .object({
    name: z
      .string({ message: 'is required' })
      .trim()
      .min(1, { message: 'is required' })
      .max(40, { message: 'must be at most 40 characters' })
      .meta({ pattern: textPattern(1) }),
    rateBasisPoints: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of basis points' })
      .min(0, { message: 'must be at least 0' })
      .max(10_000, { message: 'must be at most 10000 (100 %)' }),
    /** true makes it the default (the previous default stops being it); the first rate always is. */
    isDefault: z.boolean().optional(),
  })
  .strict();
export type TTaxRateRequest = z.infer<typeof ZTaxRateRequest>;

const manageSettings = access.permission('settings.manage');

export const taxRatesEndpoints = {
  listTaxRates: endpoint({
    method: 'GET',
    path: '/api/tax-rates',
    tag: 'taxes',
    summary: "The restaurant's tax rates, the default first",
    description: 'Readable by whoever manages settings or the menu (the menu editor picks from it).',
    access: access.permission('settings.manage', 'menu.manage'),
    response: ZTaxRateList,
  }),
  createTaxRate: endpoint({
    method: 'POST',
    path: '/api/tax-rates',
    tag: 'taxes',
    summary: 'Add a tax rate',
    description: `A restaurant has at most ${MAX_TAX_RATES} rates; names are unique (409). The first rate is the default.`,
    access: manageSettings,
    body: ZTaxRateRequest,
    status: 201,
    response: ZTaxRate,
    errors: [409],
  }),
  updateTaxRate: endpoint({
    method: 'PUT',
    path: '/api/tax-rates/:id',
    tag: 'taxes',
    summary: 'Rename a tax rate, change it or make it the default',
    description:
      'Orders already placed keep the rate they were placed at. isDefault false on the default rate answers 409: make another rate the default instead.',
    access: manageSettings,
    params: ZIdParams,
    body: ZTaxRateRequest,
    response: ZTaxRate,
    errors: [404, 409],
  }),
  deleteTaxRate: endpoint({
    method: 'DELETE',
    path: '/api/tax-rates/:id',
    tag: 'taxes',
    summary: 'Delete a tax rate no category or dish uses',
    description:
      'A rate in use by a category or a dish, or the default rate while others exist, answers 409.',
    access: manageSettings,
    params: ZIdParams,
    status: 204,
    errors: [404, 409],
  }),
};

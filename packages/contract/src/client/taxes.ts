import { routesOf } from '../endpoint';
import type { taxRatesEndpoints } from '../taxes';

/** The tax rates' routes without their schemas (see `Route`). */

export const taxRatesRoutes = routesOf<typeof taxRatesEndpoints>({
  listTaxRates: 'GET /api/tax-rates',
  createTaxRate: 'POST /api/tax-rates',
  updateTaxRate: 'PUT /api/tax-rates/:id',
  deleteTaxRate: 'DELETE /api/tax-rates/:id',
});

import { taxRatesEndpoints } from '@tavolo/contract/taxes';
import type { RouteRegistrar } from '../../http/route';
import { changeTaxRate, createTaxRate, listTaxRates, removeTaxRate } from './taxes.service';

export function registerTaxRatesRoutes(route: RouteRegistrar) {
  route(taxRatesEndpoints.listTaxRates, async ({ db, principal }) => ({
    items: await listTaxRates(db, principal.restaurantId),
  }));
  route(taxRatesEndpoints.createTaxRate, (ctx, { body }) => createTaxRate(ctx, body));
  route(taxRatesEndpoints.updateTaxRate, (ctx, { params, body }) =>
    changeTaxRate(ctx, { id: params.id, request: body }),
  );
  route(taxRatesEndpoints.deleteTaxRate, (ctx, { params }) => removeTaxRate(ctx, params));
}

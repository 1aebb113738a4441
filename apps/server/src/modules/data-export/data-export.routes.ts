import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import type { RouteRegistrar } from '../../http/route';
import { streamRestaurantExport } from './data-export.service';

export function registerDataExportRoutes(route: RouteRegistrar) {
  route(restaurantsEndpoints.exportRestaurant, async (ctx, request, reply) => {
    const { filename, stream } = await streamRestaurantExport(ctx, (error) =>
      request.log.error({ err: error }, 'the data export failed midway; the download ends broken'),
    );
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}

import { tablesEndpoints } from '@tavolo/contract/tables';
import type { RouteRegistrar } from '../../http/route';
import {
  changeTable,
  createTable,
  getTable,
  listTables,
  removeTable,
  renderTableQr,
  rotateTableQr,
} from './tables.service';

export function registerTablesRoutes(route: RouteRegistrar) {
  route(tablesEndpoints.listTables, async (ctx) => ({ items: await listTables(ctx) }));
  route(tablesEndpoints.getTable, (ctx, { params }) => getTable(ctx, params));
  route(tablesEndpoints.createTable, (ctx, { body }) => createTable(ctx, body));
  route(tablesEndpoints.updateTable, (ctx, { params, body }) =>
    changeTable(ctx, { id: params.id, changes: body }),
  );
  route(tablesEndpoints.rotateTableQr, (ctx, { params }) => rotateTableQr(ctx, params));
  route(tablesEndpoints.deleteTable, (ctx, { params }) => removeTable(ctx, params));

  for (const [endpoint, format] of [
    [tablesEndpoints.tableQrSvg, 'svg'],
    [tablesEndpoints.tableQrPng, 'png'],
  ] as const) {
    route(endpoint, async (ctx, request, reply) => {
      const { table, image } = await renderTableQr(ctx, { id: request.params.id, format });
      reply.type(endpoint.produces).header('cache-control', 'private, no-cache');
      if (request.query.download) {
        reply.header('content-disposition', `attachment; filename="table-${table.number}-qr.${format}"`);
      }
      return reply.send(image);
    });
  }
}

import fastifyMultipart from '@fastify/multipart';
import { MAX_MENU_IMPORT_BYTES, menuImportEndpoints } from '@tavolo/contract/menu-import';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readMultipartFile } from '../../http/multipart-file';
import type { RouteRegistrar } from '../../http/route';
import { applyMenuImport, getMenuCsv, getMenuCsvTemplate, previewMenuImport } from './menu-import.service';

function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);
}

/** The menu as a spreadsheet, and back: in a scope of its own, which reads multipart bodies. */
export async function registerMenuImportRoutes(app: FastifyInstance, route: RouteRegistrar) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_MENU_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
  });
  route(menuImportEndpoints.menuCsv, async (ctx, _request, reply) => sendCsv(reply, await getMenuCsv(ctx)));
  route(menuImportEndpoints.menuCsvTemplate, async (ctx, _request, reply) =>
    sendCsv(reply, await getMenuCsvTemplate(ctx)),
  );
  route(menuImportEndpoints.previewMenuImport, async (ctx, request) =>
    previewMenuImport(ctx, { bytes: await readMultipartFile(request, 'menu.csv') }),
  );
  route(menuImportEndpoints.applyMenuImport, (ctx, { params }) =>
    applyMenuImport(ctx, { previewId: params.previewId }),
  );
}

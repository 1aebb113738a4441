import { daysEndpoints, receiptsEndpoints } from '@tavolo/contract/receipts';
import type { RouteRegistrar } from '../../http/route';
import { closeDay, getDay, listClosedDays } from './days.service';
import { emailReceipt, getReceipt, getReceiptPdf, listReceipts, printReceipt } from './receipts.service';
import { streamReceiptsCsv } from './receipts-csv';

export function registerReceiptsRoutes(route: RouteRegistrar) {
  route(receiptsEndpoints.listReceipts, (ctx, { query }) => listReceipts(ctx, query));
  route(receiptsEndpoints.exportReceiptsCsv, async (ctx, { query }, reply) => {
    const { filename, stream } = await streamReceiptsCsv(ctx, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(stream);
  });
  route(receiptsEndpoints.getReceipt, (ctx, { params, query }) =>
    getReceipt(ctx, { id: params.id, token: query.token }),
  );

  route(receiptsEndpoints.getReceiptPdf, async (ctx, { params, query }, reply) => {
    const { filename, pdf } = await getReceiptPdf(ctx, { id: params.id, token: query.token });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(pdf);
  });
  route(receiptsEndpoints.emailReceipt, (ctx, { params, body }) =>
    emailReceipt(ctx, { id: params.id, token: body.token, email: body.email }),
  );

  route(receiptsEndpoints.printReceipt, (ctx, { params, body }) =>
    printReceipt(ctx, { id: params.id, stationId: body.stationId }),
  );

  route(daysEndpoints.listClosedDays, (ctx, { query }) => listClosedDays(ctx, query));
  route(daysEndpoints.getDay, (ctx, { params }) => getDay(ctx, params.date));
  route(daysEndpoints.closeDay, (ctx, { params, body }) =>
    closeDay(ctx, { date: params.date, request: body }),
  );
}

import { floorEndpoints } from '@tavolo/contract/floor';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { type IdempotencyClaim, requestHashOf } from '../../core/idempotency';
import type { RouteRegistrar } from '../../http/route';
import { changeOrderLine, discountOrder, moveOrder, voidOrderLine } from './order-changes.service';
import { mergeTables } from './table-merge.service';
import { clearTable, transferTable } from './table-transfer.service';

/**
 * A key's record compares retries by a hash of the request, kept a day: without the approval PIN,
 * which a fast hash over a known body would give away. A retry that carries another PIN is the
 * same request.
 */
function withoutPin(
  claim: IdempotencyClaim | undefined,
  request: { params: unknown; query: unknown; body: { approvalPin?: string } },
): IdempotencyClaim | undefined {
  if (!claim) return undefined;
  const { approvalPin: _pin, ...body } = request.body;
  return { ...claim, requestHash: requestHashOf({ params: request.params, query: request.query, body }) };
}

export function registerOrderChangesRoutes(route: RouteRegistrar) {
  route(orderChangesEndpoints.changeOrderLine, (ctx, { params, body }) =>
    changeOrderLine(ctx, { orderId: params.id, lineIndex: params.lineIndex, change: body }),
  );
  // A colleague's PIN is checked before the key's transaction (a wrong one stays counted), so these
  // two claim their keys themselves.
  route.claimingKeys(orderChangesEndpoints.voidOrderLine, (ctx, request, claim) =>
    voidOrderLine(
      ctx,
      { orderId: request.params.id, lineIndex: request.params.lineIndex, request: request.body },
      withoutPin(claim, request),
    ),
  );
  route.claimingKeys(orderChangesEndpoints.discountOrder, (ctx, request, claim) =>
    discountOrder(ctx, { orderId: request.params.id, request: request.body }, withoutPin(claim, request)),
  );
  route(orderChangesEndpoints.moveOrder, (ctx, { params, body }) =>
    moveOrder(ctx, { orderId: params.id, request: body }),
  );
  route(floorEndpoints.mergeTables, (ctx, { params, body }) =>
    mergeTables(ctx, { tableId: params.id, request: body }),
  );
  route(floorEndpoints.transferTable, (ctx, { params, body }) =>
    transferTable(ctx, { tableId: params.id, request: body }),
  );
  route(floorEndpoints.clearTable, (ctx, { params }) => clearTable(ctx, { tableId: params.id }));
}

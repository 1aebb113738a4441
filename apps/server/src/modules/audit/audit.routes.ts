import { auditEndpoints } from '@tavolo/contract/audit';
import type { RouteRegistrar } from '../../http/route';
import { auditSummary, listAudit } from './audit.service';

/** The audit log's reads; its entries are written by the modules whose changes they record. */
export function registerAuditRoutes(route: RouteRegistrar) {
  route(auditEndpoints.listAudit, (ctx, { query }) => listAudit(ctx, query));
  route(auditEndpoints.auditSummary, (ctx, { query }) => auditSummary(ctx, query));
}

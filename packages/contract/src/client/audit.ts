import type { auditEndpoints } from '../audit';
import { routesOf } from '../endpoint';

/** The audit log's routes without their schemas (see `Route`). */

export const auditRoutes = routesOf<typeof auditEndpoints>({
  listAudit: 'GET /api/audit',
  auditSummary: 'GET /api/audit/summary',
});

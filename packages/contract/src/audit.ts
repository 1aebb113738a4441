import { z } from 'zod';
import { ZId } from './common';
import { access, endpoint } from './endpoint';
import { ZDateBound } from './orders';
import { AUDIT_KINDS } from './values/audit';

export { AUDIT_KINDS };

/*
 * The audit log (PRODUCT.md §9): who changed, voided, discounted, moved, cancelled, paid, refunded
 * or closed what, and who approved it. Append-only: the database refuses to change or delete a row.
 */

export const ZAuditKind = z.enum(AUDIT_KINDS);
export type TAuditKind = z.infer<typeof ZAuditKind>;

const ZPerson = z.object({ id: ZId.nullable(), name: z.string() });

export const ZAuditEntry = z.object({
  id: ZId,
  at: z.iso.datetime(),
  kind: ZAuditKind,
  /** Who did it: a staff member, the owner, a guest (id null) or the system. */
  actor: ZPerson,
  /** Whose PIN approved it, when the actor lacked the permission. */
  approvedBy: ZPerson.nullable(),
  orderId: ZId.nullable(),
  orderNumber: z.number().int().nullable(),
  tableNumber: z.number().int().nullable(),
  /** The money it moved or took off (a void's, a discount's, a payment's), in minor units. */
  amountMinor: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** What else the kind carries (the line, quantities, the tables of a move). */
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  from: ZDateBound.optional(),
  to: ZDateBound.optional(),
  kind: ZAuditKind.optional(),
  staffId: ZId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

const ZTally = z.object({ count: z.number().int(), amountMinor: z.number().int() });

/** Voids and discounts of a period, by who gave them and by reason. */
export const ZAuditSummary = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  voids: z.object({
    byStaff: z.array(ZTally.extend({ staff: ZPerson })),
    byReason: z.array(ZTally.extend({ reason: z.string() })),
  }),
  discounts: z.object({
    byStaff: z.array(ZTally.extend({ staff: ZPerson })),
    byReason: z.array(ZTally.extend({ reason: z.string() })),
  }),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

export const ZAuditSummaryQuery = z.object({ from: ZDateBound.optional(), to: ZDateBound.optional() });

export const auditEndpoints = {
  listAudit: endpoint({
    method: 'GET',
    path: '/api/audit',
    tag: 'audit',
    summary: 'The activity log, newest first',
    description: 'Dates are days in the restaurant’s time zone (to inclusive) or ISO date-times.',
    access: access.permission('audit.view'),
    query: ZAuditQuery,
    response: ZAuditPage,
  }),
  auditSummary: endpoint({
    method: 'GET',
    path: '/api/audit/summary',
    tag: 'audit',
    summary: 'Voids and discounts of a period by staff member and by reason',
    description:
      'Today in the restaurant’s time zone unless given; dates are its days (to inclusive). The answer’s `from` and `to` are the instants the period runs between (`to` excluded). 422 when it ends before it starts.',
    access: access.permission('audit.view'),
    query: ZAuditSummaryQuery,
    response: ZAuditSummary,
    errors: [422],
  }),
};

import { z } from 'zod';
import { textPattern, ZId } from './common';
import { access, endpoint } from './endpoint';
import { MAX_LINE_QUANTITY, ZCourse, ZOrder, ZSeat } from './orders';
import { DISCOUNT_REASONS, PIN_ATTEMPTS, PIN_WINDOW_SECONDS, VOID_REASONS } from './values/order-changes';

export { DISCOUNT_REASONS, PIN_ATTEMPTS, PIN_WINDOW_SECONDS, VOID_REASONS };

/*
 * Staff changing placed orders at the table (PRODUCT.md §9): a line changed before the kitchen starts
 * it, voids and discounts with a reason (and a permission, or a colleague's PIN), an order moved to
 * another table. Each is written to the audit log in its own transaction.
 */

export const ZVoidReason = z.enum(VOID_REASONS);
export type TVoidReason = z.infer<typeof ZVoidReason>;

export const ZDiscountReason = z.enum(DISCOUNT_REASONS);
export type TDiscountReason = z.infer<typeof ZDiscountReason>;

export const ZOrderLineParams = z.object({
  id: ZId,
  lineIndex: z.coerce.number().int().min(0).max(99),
});

/**
 * A PIN of someone holding the permission the caller lacks: the action is theirs to approve, and
 * the log names them. Wrong PINs are limited per restaurant (429).
 */
const ZApprovalPin = z.string().regex(/^\d{4,6}$/, { message: 'must be 4 to 6 digits' });

const ZChangeNote = z
  .string()
  .trim()
  .max(200, { message: 'must be at most 200 characters' })
  .meta({ pattern: textPattern(0) });

const ZChangedOption = z.object({
  group: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ pattern: textPattern(1) }),
  choice: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ pattern: textPattern(1) }),
});

/** Fields left out stay; options, when sent, replace the line's choices (priced again from the menu). */
export const ZChangeLineRequest = z
  .object({
    quantity: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(MAX_LINE_QUANTITY, { message: `must be at most ${MAX_LINE_QUANTITY}` }),
    options: z.array(ZChangedOption).max(60),
    note: ZChangeNote.nullable(),
    seat: ZSeat.nullable(),
    course: ZCourse,
  })
  .partial()
  .strict();
export type TChangeLineRequest = z.infer<typeof ZChangeLineRequest>;

export const ZVoidLineRequest = z
  .object({
    quantity: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(MAX_LINE_QUANTITY, { message: `must be at most ${MAX_LINE_QUANTITY}` }),
    reason: ZVoidReason,
    note: ZChangeNote.optional(),
    approvalPin: ZApprovalPin.optional(),
  })
  .strict();
export type TVoidLineRequest = z.infer<typeof ZVoidLineRequest>;

/** A percentage or an amount off one line (lineIndex) or the whole order; a comp is 100 % of a line. */
export const ZDiscountRequest = z
  .object({
    lineIndex: z.number().int().min(0).max(99).optional(),
    percent: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(100, { message: 'must be at most 100' })
      .optional(),
    amountMinor: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of minor units' })
      .min(1, { message: 'must be at least 1' })
      .max(10_000_000)
      .optional(),
    reason: ZDiscountReason,
    note: ZChangeNote.optional(),
    approvalPin: ZApprovalPin.optional(),
  })
  .strict()
  .refine((body) => (body.percent === undefined) !== (body.amountMinor === undefined), {
    message: 'send either percent or amountMinor',
    path: ['percent'],
  })
  // What the refinement says, for the API document: exactly one of the two.
  .meta({ oneOf: [{ required: ['percent'] }, { required: ['amountMinor'] }] });
export type TDiscountRequest = z.infer<typeof ZDiscountRequest>;

export const ZMoveOrderRequest = z.object({ tableId: ZId }).strict();
export type TMoveOrderRequest = z.infer<typeof ZMoveOrderRequest>;

const approvalNote =
  'Without the permission, send approvalPin: the PIN of a colleague who holds it (403 APPROVAL_REQUIRED without one, 403 APPROVAL_REFUSED for a wrong one, 429 after too many wrong ones).';

export const orderChangesEndpoints = {
  changeOrderLine: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/lines/:lineIndex',
    tag: 'orders',
    summary: 'Change a line the kitchen has not started',
    description:
      'Quantity, options, note, seat or course; 409 LINE_STARTED once it is being prepared (void it instead). Units added to a dish with a stock count are taken from it (409 OUT_OF_STOCK with what is left), units taken off are given back.',
    access: access.permission('orders.create'),
    params: ZOrderLineParams,
    body: ZChangeLineRequest,
    response: ZOrder,
    errors: [409, 422],
  }),
  voidOrderLine: endpoint({
    method: 'POST',
    path: '/api/orders/:id/lines/:lineIndex/void',
    tag: 'orders',
    summary: 'Void units of a line, with a reason',
    description: `Voided units stay on the ticket struck through and leave the totals and the bill, and go back to their dish's stock count if it has one; paid units cannot be voided (409 UNITS_PAID: refund first). Needs orders.void. ${approvalNote}`,
    access: access.permission('orders.void', 'orders.create'),
    params: ZOrderLineParams,
    body: ZVoidLineRequest,
    response: ZOrder,
    idempotent: true,
    errors: [409, 422, 429],
  }),
  discountOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/discounts',
    tag: 'orders',
    summary: 'Give a discount or a comp on a line or the whole order, with a reason',
    description: `Taken off the lines before the service charge; never below what is already paid (409). Needs orders.discount. ${approvalNote}`,
    access: access.permission('orders.discount', 'orders.create'),
    params: z.object({ id: ZId }),
    body: ZDiscountRequest,
    response: ZOrder,
    idempotent: true,
    errors: [409, 422, 429],
  }),
  moveOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/move',
    tag: 'orders',
    summary: "Move an order with nothing paid to another table's bill",
    access: access.permission('orders.manage'),
    params: z.object({ id: ZId }),
    body: ZMoveOrderRequest,
    response: ZOrder,
    errors: [409],
  }),
};

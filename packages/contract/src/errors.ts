import { z } from 'zod';
import { ERROR_CODES } from './values/errors';

export { ERROR_CODES } from './values/errors';

export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/**
 * A dish an order asked for more of than is left (409 OUT_OF_STOCK): what is left of it, and the
 * request's lines that asked for it (their quantities together were too many).
 */
export const ZStockShortfall = z.object({
  menuItemId: z.string(),
  /** The dish's name in the working language. */
  name: z.string(),
  /** Units left to order: 0 when it is sold out. */
  remaining: z.number().int().min(0),
  /** Indexes into the request's `items`. */
  lines: z.array(z.number().int().min(0)),
});
export type TStockShortfall = z.infer<typeof ZStockShortfall>;

/**
 * A line of a table's bill that a guest chose more units of than are left to pay (409 CONFLICT on
 * paying chosen items): what is left of it, and whether another phone's unfinished checkout holds
 * some of it (else the rest is paid already).
 */
export const ZBillItemTaken = z.object({
  orderId: z.string(),
  lineIndex: z.number().int().min(0),
  menuItemId: z.string(),
  /** The dish's name in the working language. */
  name: z.string(),
  /** The line's units. */
  quantity: z.number().int().min(0),
  /** Units still free to pay. */
  remaining: z.number().int().min(0),
  /** Another phone is paying for some of it. */
  beingPaid: z.boolean(),
});
export type TBillItemTaken = z.infer<typeof ZBillItemTaken>;

export const ZErrorResponse = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    /** Field path (dot-joined) → what is wrong with it. */
    fields: z.record(z.string(), z.string()).optional(),
    /** With OUT_OF_STOCK: each dish short, with what is left of it. */
    outOfStock: z.array(ZStockShortfall).optional(),
    /** With a CONFLICT on paying chosen items of a table's bill: each line short, with what is left of it. */
    itemsTaken: z.array(ZBillItemTaken).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

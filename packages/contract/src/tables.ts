import { z } from 'zod';
import { ZId, ZOptionalText } from './common';

export const ZTable = z.object({
  id: ZId,
  number: z.number().int(),
  label: z.string().nullable(),
  seats: z.number().int().nullable(),
  active: z.boolean(),
  qrToken: z.string(),
  /** What the table's QR code opens: {PUBLIC_URL}/t/{qrToken}. */
  guestUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type TTable = z.infer<typeof ZTable>;

export const ZTableList = z.object({ items: z.array(ZTable) });
export type TTableList = z.infer<typeof ZTableList>;

const tableFields = {
  number: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(100_000),
  label: ZOptionalText(60),
  seats: z.number().int().min(1).max(500).optional(),
  active: z.boolean().optional(),
};

export const ZCreateTableRequest = z.object(tableFields).strict();
export type TCreateTableRequest = z.infer<typeof ZCreateTableRequest>;

export const ZUpdateTableRequest = z
  .object({
    ...tableFields,
    label: ZOptionalText(60).nullable(),
    seats: z.number().int().min(1).max(500).nullable(),
  })
  .partial()
  .strict();
export type TUpdateTableRequest = z.infer<typeof ZUpdateTableRequest>;

import type { TCreateTableRequest, TTable, TUpdateTableRequest } from '@tavolo/contract/tables';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * The form holds what people type; numbers arrive as text. The limits are the contract's
 * (ZCreateTableRequest): number 1–100000, seats 1–500, label up to 60 characters, area up to 40. The messages are
 * looked up when a value is checked (`error` callbacks), in the language of the moment.
 */

const wholeNumberIn = (text: string, min: number, max: number) => {
  if (!/^\d{1,7}$/.test(text)) return false;
  const value = Number(text);
  return value >= min && value <= max;
};

export const ZTableFormValues = z.object({
  number: z
    .string()
    .trim()
    .min(1, { error: () => t('tables.form.numberRequired') })
    .refine((text) => text === '' || /^\d+$/.test(text), { error: () => t('tables.form.numberNotWhole') })
    .refine((text) => !/^\d+$/.test(text) || wholeNumberIn(text, 1, 100_000), {
      error: () => t('tables.form.numberRange', { min: 1, max: 100_000 }),
    }),
  label: z
    .string()
    .trim()
    .max(60, { error: () => t('tables.form.labelTooLong', { max: 60 }) }),
  area: z
    .string()
    .trim()
    .max(40, { error: () => t('tables.form.areaTooLong', { max: 40 }) }),
  seats: z
    .string()
    .trim()
    .refine((text) => text === '' || wholeNumberIn(text, 1, 500), {
      error: () => t('tables.form.seatsRange', { min: 1, max: 500 }),
    }),
  active: z.boolean(),
});
export type TableFormValues = z.infer<typeof ZTableFormValues>;

/** An empty form for a new table, numbered after the highest one there is. */
export function newTableFormValues(tables: readonly Pick<TTable, 'number'>[]): TableFormValues {
  const highest = tables.reduce((max, table) => Math.max(max, table.number), 0);
  return { number: String(highest + 1), label: '', area: '', seats: '', active: true };
}

export function toTableFormValues(table: TTable): TableFormValues {
  return {
    number: String(table.number),
    label: table.label ?? '',
    area: table.area ?? '',
    seats: table.seats === null ? '' : String(table.seats),
    active: table.active,
  };
}

/** A new table: empty optional fields are left out. */
export function toCreateTableRequest(values: TableFormValues): TCreateTableRequest {
  const label = values.label.trim();
  const area = values.area.trim();
  const seats = values.seats.trim();
  return {
    number: Number(values.number.trim()),
    ...(label ? { label } : {}),
    ...(area ? { area } : {}),
    ...(seats ? { seats: Number(seats) } : {}),
    active: values.active,
  };
}

/** A change: an emptied label, area or seat count is cleared (null), not left as it was. */
export function toUpdateTableRequest(values: TableFormValues): TUpdateTableRequest {
  const label = values.label.trim();
  const area = values.area.trim();
  const seats = values.seats.trim();
  return {
    number: Number(values.number.trim()),
    label: label || null,
    area: area || null,
    seats: seats ? Number(seats) : null,
    active: values.active,
  };
}

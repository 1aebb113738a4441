import { z } from 'zod';
import { ZId, ZIdParams, ZOptionalText, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';

export const ZTable = z.object({
  id: ZId,
  number: z.number().int(),
  label: z.string().nullable(),
  seats: z.number().int().nullable(),
  /** Where it stands ("Terrace"): the floor groups tables by it. */
  area: z.string().nullable(),
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
  area: ZOptionalText(40),
  seats: z.number().int().min(1).max(500).optional(),
  active: z.boolean().optional(),
};

export const ZCreateTableRequest = z.object(tableFields).strict();
export type TCreateTableRequest = z.infer<typeof ZCreateTableRequest>;

export const ZUpdateTableRequest = z
  .object({
    ...tableFields,
    label: ZOptionalText(60).nullable(),
    area: ZOptionalText(40).nullable(),
    seats: z.number().int().min(1).max(500).nullable(),
  })
  .partial()
  .strict();
export type TUpdateTableRequest = z.infer<typeof ZUpdateTableRequest>;

export const ZQrImageQuery = z.object({ download: z.enum(['1', 'true']).optional() });

// Tables carry their QR token, which places orders as a guest: only those who run the tables or
// take orders themselves read them (not the kitchen, not the cashier).
const readTables = access.permission('tables.manage', 'orders.create');
const manageTables = access.permission('tables.manage');

export const tablesEndpoints = {
  listTables: endpoint({
    method: 'GET',
    path: '/api/tables/restaurant/:restaurantId',
    tag: 'tables',
    summary: "The restaurant's tables by number",
    access: readTables,
    params: ZRestaurantParams,
    response: ZTableList,
  }),
  getTable: endpoint({
    method: 'GET',
    path: '/api/tables/:id',
    tag: 'tables',
    summary: 'Read one table',
    access: readTables,
    params: ZIdParams,
    response: ZTable,
  }),
  createTable: endpoint({
    method: 'POST',
    path: '/api/tables',
    tag: 'tables',
    summary: 'Add a table (it gets a new QR code)',
    access: manageTables,
    body: ZCreateTableRequest,
    status: 201,
    response: ZTable,
    errors: [409],
  }),
  updateTable: endpoint({
    method: 'PUT',
    path: '/api/tables/:id',
    tag: 'tables',
    summary: 'Change a table',
    access: manageTables,
    params: ZIdParams,
    body: ZUpdateTableRequest,
    response: ZTable,
    errors: [409],
  }),
  rotateTableQr: endpoint({
    method: 'POST',
    path: '/api/tables/:id/rotate-qr',
    tag: 'tables',
    summary: 'Give the table a new QR code; the printed one stops working',
    access: manageTables,
    params: ZIdParams,
    response: ZTable,
    errors: [409],
  }),
  deleteTable: endpoint({
    method: 'DELETE',
    path: '/api/tables/:id',
    tag: 'tables',
    summary: 'Delete a table without open orders',
    access: manageTables,
    params: ZIdParams,
    status: 204,
    errors: [409],
  }),
  tableQrSvg: endpoint({
    method: 'GET',
    path: '/api/tables/:id/qr.svg',
    tag: 'tables',
    summary: "The table's QR code (SVG), pointing at its guest URL",
    access: manageTables,
    params: ZIdParams,
    query: ZQrImageQuery,
    produces: 'image/svg+xml',
  }),
  tableQrPng: endpoint({
    method: 'GET',
    path: '/api/tables/:id/qr.png',
    tag: 'tables',
    summary: "The table's QR code (PNG), pointing at its guest URL",
    access: manageTables,
    params: ZIdParams,
    query: ZQrImageQuery,
    produces: 'image/png',
  }),
};

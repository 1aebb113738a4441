import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_ENDPOINTS, type TOperationId } from '@tavolo/contract/api';
import { DEVICE_COOKIE } from '@tavolo/contract/devices';
import { type Endpoint, restaurantParamOf } from '@tavolo/contract/endpoint';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiArgs,
  type ApiInput,
  callApi,
  createTestApp,
  errorOf,
  type InjectInput,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers';
import { creditWallet } from '../../test/money';
import * as idempotencyRepository from '../core/idempotency.repository';
import * as rateLimitRepository from '../core/rate-limit.repository';
import { type Db, queryRows } from '../db/client';
import { uploads } from '../db/schema';
import { hashPin } from '../security/pins';
import { hashToken } from '../security/tokens';
import * as auditRepository from './audit/audit.repository';
import { recordAudit } from './audit/audit-log';
import * as authRepository from './auth/auth.repository';
import * as sessionsRepository from './auth/sessions.repository';
import * as dashboardRepository from './dashboard/dashboard.repository';
import * as dataExportRepository from './data-export/data-export.repository';
import * as devicesRepository from './devices/devices.repository';
import * as floorRepository from './floor/floor.repository';
import * as healthRepository from './health/health.repository';
import * as kitchenRepository from './kitchen/kitchen.repository';
import * as categoriesRepository from './menu/categories.repository';
import * as menuRepository from './menu/menu.repository';
import * as menuImportRepository from './menu/menu-import.repository';
import * as stockRepository from './menu/stock.repository';
import * as moneyRepository from './money/money.repository';
import * as onlinePaymentsRepository from './online-payments/online-payments.repository';
import * as ordersRepository from './orders/orders.repository';
import * as paymentsRepository from './payments/payments.repository';
import * as printJobsRepository from './printing/print-jobs.repository';
import * as receiptsRepository from './receipts/receipts.repository';
import * as restaurantsRepository from './restaurants/restaurants.repository';
import * as reviewsRepository from './reviews/reviews.repository';
import * as serviceRequestsRepository from './service-requests/service-requests.repository';
import * as settlementRepository from './settlement/settlement-accounts.repository';
import * as rolesRepository from './staff/roles.repository';
import * as staffRepository from './staff/staff.repository';
import * as stationsRepository from './stations/stations.repository';
import * as tableBillRepository from './table-bill/table-bill.repository';
import * as tablesRepository from './tables/tables.repository';
import * as taxesRepository from './taxes/taxes.repository';
import * as uploadsRepository from './uploads/uploads.repository';
import * as visitsRepository from './visits/visits.repository';
import * as walletRepository from './wallet/wallet.repository';
import { walletBalance } from './wallet/wallet-ledger';

/**
 * The tenant rule (docs/decisions/008), proven for every module at both of its layers:
 *
 * - through the API: restaurant B's owner, and B's guests with B's codes and tokens, name restaurant
 *   A's things in every endpoint of the contract that takes an id, and get 404 (or, for an id in a
 *   body, 404/422) and never A's data; every list they read shows none of A's ids;
 * - in the repositories: every function that reads or writes a restaurant's rows, called with an
 *   empty restaurant C and A's ids, finds and changes nothing, while the same call for A finds A's
 *   rows (so the emptiness is the filter's, not the arguments');
 *
 * and afterwards every row of A is as it was. The tables below are checked against the contract
 * and the repositories: a new endpoint with an id, or a new repository function, fails here until
 * it is added.
 */

const E = API_ENDPOINTS;
/** The approval PIN of each restaurant's staff member (the same in both: PINs are per restaurant). */
const STAFF_PIN = '8642';
type Ops = typeof API_ENDPOINTS;

let t: TestApp;
let db: Db;
/** The restaurant whose things are named: everything below must leave it as it was. */
let a: Tenant;
/** The intruder: a restaurant like A, whose owner and guests name A's things. */
let b: Tenant;
/** A restaurant with nothing in it, for the repositories: anything they answer for it came from A. */
let c: Owner;
/** A's rows before anything below ran, and every id and code in them. */
let before: Record<string, string[]>;
let marksOfA: Set<string>;

type Tenant = {
  owner: Owner;
  restaurantId: string;
  category: { id: string };
  /** A category with no dishes (its delete would go through). */
  emptyCategory: { id: string };
  item: { id: string };
  /** The table whose bill is open: two orders, a card payment, a checkout of items, a waiter called. */
  table: { id: string; number: number; qrToken: string };
  /** Its visit ended: its order was served, reviewed, and the bill closed in cash. */
  closedTable: { id: string; qrToken: string };
  /** A guest's order at `table`, partly paid by card and refunded a little. */
  order: { id: string; guestToken: string };
  /** A staff order at `table` with an online checkout waiting for its payer. */
  onlineOrder: { id: string };
  /** A guest's order at `closedTable`, served and reviewed. */
  reviewedOrder: { id: string; guestToken: string };
  payment: { id: string };
  billPaymentId: string;
  /** `table`'s current visit, and `closedTable`'s ended one. */
  visitId: string;
  endedVisitId: string;
  serviceRequest: { id: string };
  /** A role held by `staff`, and one held by nobody (its delete would go through). */
  role: { id: string; name: string };
  spareRole: { id: string };
  staff: { id: string };
  /** A station of its own (not Kitchen), and a staff order with course 2 held, its course 1 ready. */
  station: { id: string };
  heldOrder: { id: string };
  /** The default account, which a payout went to, and one with no payouts. */
  account: { id: string };
  spareAccount: { id: string };
  image: { owner: string; file: string };
  /** A kitchen ticket waiting for its printer, claimed for an hour by an instance of its own. */
  printJob: { id: string; stationId: string; claimedBy: string };
  /** The rate its Mains are sold at. */
  taxRate: { id: string };
  /** The receipt of `payment` (credited a little by its refund), and the business day it is on. */
  receipt: { id: string; businessDate: string };
  /** A business day closed long ago. */
  closedDate: string;
  /** A menu import read and not applied (a new dish in its Mains). */
  menuImportId: string;
  /** A shared device of its own: its id and its cookie's token. */
  device: { id: string; token: string };
};

/** A restaurant with something in every module, made through the API as its owner and guests would. */
async function seedTenant(restaurantName: string): Promise<Tenant> {
  const { app } = t;
  const owner = await registerOwner(app, { restaurantName });
  const as = <X extends Endpoint>(endpoint: X, input: ApiInput<X>) =>
    callApi(app, owner.token, endpoint, ...([input] as unknown as ApiArgs<X>));
  const asGuest = async <X extends Endpoint>(
    endpoint: X,
    input: InjectInput<X> & { headers?: Record<string, string> },
  ) => {
    const response = await injectApi(app, endpoint, input);
    if (response.statusCode !== (endpoint.status ?? 200)) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered ${response.statusCode}: ${response.body}`,
      );
    }
    return response.json();
  };

  const taxRate = await as(E.createTaxRate, {
    body: { name: `IVA of ${restaurantName}`, rateBasisPoints: 1000 },
  });
  const category = await as(E.createCategory, { body: { name: 'Mains', taxRateId: taxRate.id } });
  const emptyCategory = await as(E.createCategory, { body: { name: 'Drinks' } });
  const item = await as(E.createMenuItem, {
    body: { categoryId: category.id, name: 'Margherita', priceMinor: 900 },
  });
  const table = await as(E.createTable, { body: { number: 1 } });
  const closedTable = await as(E.createTable, { body: { number: 2 } });

  const order = await asGuest(E.placeOrder, {
    body: {
      qrToken: table.qrToken,
      customerName: `A guest of ${restaurantName}`,
      items: [{ menuItemId: item.id, quantity: 2 }],
    },
  });
  const onlineOrder = await as(E.placeOrder, {
    body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 1 }] },
  });
  // A discount on it (approved by the owner's permission): the audit log has an entry of A's.
  await as(E.discountOrder, {
    params: { id: onlineOrder.id },
    body: { lineIndex: 0, percent: 10, reason: 'regular_guest' },
  });
  const { payment } = await as(E.recordPayment, {
    params: { id: order.id },
    body: { method: 'card', amountMinor: 500 },
  });
  await as(E.refundPayment, { params: { id: payment.id }, body: { amountMinor: 1 } });
  await as(E.startCheckout, { params: { id: onlineOrder.id } });
  const billCheckout = await asGuest(E.startBillCheckout, {
    body: {
      qrToken: table.qrToken,
      mode: 'items',
      items: [{ orderId: order.id, lineIndex: 0, quantity: 1 }],
    },
  });
  const bill = await as(E.getStaffTableBill, { params: { id: table.id } });
  const serviceRequest = await asGuest(E.createServiceRequest, {
    body: { qrToken: table.qrToken, kind: 'waiter' },
  });

  // Seated by staff: when its bill closes, its guests are kept for the day's covers.
  await as(E.openTable, { params: { id: closedTable.id }, body: { covers: 2 } });
  const reviewedOrder = await asGuest(E.placeOrder, {
    body: { qrToken: closedTable.qrToken, items: [{ menuItemId: item.id, quantity: 1 }] },
  });
  for (const status of ['accepted', 'preparing', 'ready', 'served'] as const) {
    await as(E.updateOrderStatus, { params: { id: reviewedOrder.id }, body: { status } });
  }
  await asGuest(E.createReview, {
    body: { orderId: reviewedOrder.id, guestToken: reviewedOrder.guestToken!, rating: 4, comment: 'Good' },
  });
  const closed = await as(E.closeTableBill, {
    params: { id: closedTable.id },
    body: { payRestWith: 'cash' },
  });

  // A void and a discount in the audit log, as the order-changes endpoints write them.
  await recordAudit(
    db,
    owner.restaurantId,
    { kind: 'order.line_voided', actor: { id: null, name: 'Guest' }, amountMinor: 900, reason: 'quality' },
    { kind: 'order.discounted', actor: { id: null, name: 'Guest' }, amountMinor: 100, reason: 'promotion' },
  );
  const station = await as(E.createStation, { body: { name: 'Grill' } });
  const heldOrder = await as(E.placeOrder, {
    body: {
      tableId: closedTable.id,
      items: [
        { menuItemId: item.id, quantity: 1, course: 1 },
        { menuItemId: item.id, quantity: 1, course: 2 },
      ],
    },
  });
  await as(E.bumpLines, { body: { orderId: heldOrder.id, lineIndexes: [0], status: 'ready' } });
  const role = await as(E.createRole, { body: { name: 'Sommelier', permissions: ['orders.view'] } });
  const spareRole = await as(E.createRole, { body: { name: 'Runner', permissions: ['orders.view'] } });
  const staff = await as(E.createStaffMember, {
    body: {
      name: 'Sam Sommelier',
      email: uniqueEmail('staff'),
      password: 'staff password 1',
      roleId: role.id,
    },
  });
  await as(E.setStaffPin, { params: { id: staff.id }, body: { pin: STAFF_PIN } });

  // The bank's name carries the restaurant's, so the company information shows whose account it is.
  const accountBody = {
    bankName: `Banca ${restaurantName}`,
    accountName: restaurantName,
    accountNumber: 'IT60 X054 2811',
  };
  const account = await as(E.createSettlementAccount, { body: accountBody });
  const spareAccount = await as(E.createSettlementAccount, {
    body: { ...accountBody, accountNumber: 'IT60 X054 2822', isDefault: false },
  });
  await creditWallet(db, owner.restaurantId, 1000);
  await as(E.requestPayout, { body: { kind: 'payout', amountMinor: 100, settlementAccountId: account.id } });

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const boundary = `----tenancy${Date.now()}`;
  const uploaded = await app.inject({
    method: 'POST',
    url: E.uploadImage.path,
    headers: {
      authorization: `Bearer ${owner.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (uploaded.statusCode !== 201)
    throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const [, , imageOwner, file] = uploaded.json<{ url: string }>().url.split('/');

  const receipts = await as(E.listReceipts, { query: { pageSize: 100 } });
  const receipt = receipts.items.find(
    (x: { kind: string; method: string }) => x.kind === 'receipt' && x.method === 'card',
  );
  const closedDate = '2024-02-29';
  const csvBoundary = `----tenancycsv${Date.now()}`;
  const previewed = await app.inject({
    method: 'POST',
    url: E.previewMenuImport.path,
    headers: {
      authorization: `Bearer ${owner.token}`,
      'content-type': `multipart/form-data; boundary=${csvBoundary}`,
    },
    payload: `--${csvBoundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\n\r\ncategory,dish,price\r\nMains,Imported of ${restaurantName},5.00\r\n--${csvBoundary}--\r\n`,
  });
  if (previewed.statusCode !== 200)
    throw new Error(`menu import answered ${previewed.statusCode}: ${previewed.body}`);
  await as(E.closeDay, { params: { date: closedDate }, body: { cashCountedMinor: 0 } });
  const marked = await injectApi(app, E.markDevice, {
    token: owner.token,
    body: { name: `Till of ${restaurantName}` },
  });
  if (marked.statusCode !== 201) throw new Error(`markDevice answered ${marked.statusCode}: ${marked.body}`);
  const device = {
    id: marked.json<{ id: string }>().id,
    token: marked.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!.value,
  };

  const printClaim = { instanceId: randomUUID(), leaseMs: 60 * 60 * 1000 };
  const printStationId = randomUUID();
  const printJob = await printJobsRepository.insertPrintJob(
    db,
    {
      restaurantId: owner.restaurantId,
      orderId: order.id,
      stationId: printStationId,
      course: 1,
      firedAt: new Date(),
      state: 'pending',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      printerHost: '127.0.0.1',
      printerPort: 9,
      payload: Buffer.from(`ticket of ${restaurantName}`),
    },
    printClaim,
  );

  return {
    owner,
    restaurantId: owner.restaurantId,
    category,
    emptyCategory,
    item,
    table,
    closedTable,
    order: { id: order.id, guestToken: order.guestToken },
    onlineOrder,
    reviewedOrder: { id: reviewedOrder.id, guestToken: reviewedOrder.guestToken! },
    payment,
    billPaymentId: billCheckout.paymentId,
    visitId: bill.visitId,
    endedVisitId: closed.visitId,
    serviceRequest,
    role,
    spareRole,
    staff,
    station: { id: station.id },
    heldOrder: { id: heldOrder.id },
    account,
    spareAccount,
    image: { owner: imageOwner!, file: file! },
    printJob: { id: printJob!.id, stationId: printStationId, claimedBy: printClaim.instanceId },
    taxRate: { id: taxRate.id },
    receipt: { id: receipt!.id, businessDate: receipt!.businessDate },
    closedDate,
    menuImportId: previewed.json<{ previewId: string }>().previewId,
    device,
  };
}

/** Every row of the restaurant (every table with a restaurant_id, its own row, its bills' items), as JSON. */
async function rowsOf(restaurantId: string): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'restaurant_id' ORDER BY table_name`,
  );
  const rows: Record<string, string[]> = {};
  const read = async (name: string, query: ReturnType<typeof sql>) => {
    rows[name] = (await queryRows<{ row: string }>(db, query)).map((r) => r.row);
  };
  for (const { table_name } of tables) {
    await read(
      table_name,
      sql`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(table_name)} t
          WHERE t.restaurant_id = ${restaurantId} ORDER BY 1`,
    );
  }
  await read(
    'restaurants',
    sql`SELECT to_jsonb(r)::text AS row FROM restaurants r WHERE r.id = ${restaurantId}`,
  );
  await read(
    'bill_payment_items',
    sql`SELECT to_jsonb(i)::text AS row FROM bill_payment_items i
        JOIN bill_payments p ON p.id = i.bill_payment_id WHERE p.restaurant_id = ${restaurantId} ORDER BY 1`,
  );
  return rows;
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** The ids, codes and names of A's that `text` shows. */
function marksOfAIn(text: string): string[] {
  const found = new Set<string>();
  for (const id of text.match(UUIDS) ?? []) if (marksOfA.has(id.toLowerCase())) found.add(id);
  for (const mark of marksOfA) if (!isUuid(mark) && text.includes(mark)) found.add(mark);
  return [...found];
}

/**
 * What in a repository's answer could only have come from A's rows, for a restaurant that has
 * none: an id or code of A's, a number that is not 0, a `true`, bytes. Nothing, for an empty answer.
 */
function tracesOfA(value: unknown): string[] {
  if (value === null || value === undefined || value instanceof Date) return [];
  if (typeof value === 'string') return marksOfAIn(value);
  if (typeof value === 'number' || typeof value === 'bigint')
    return value === 0 ? [] : [`the number ${value}`];
  if (typeof value === 'boolean') return value ? ['true'] : [];
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return value.length > 0 ? ['bytes'] : [];
  if (value instanceof Map) return tracesOfA([...value.entries()]);
  if (Array.isArray(value)) return value.flatMap(tracesOfA);
  if (typeof value === 'object') return Object.values(value).flatMap(tracesOfA);
  return [];
}

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  db = t.database.db;
  a = await seedTenant('Trattoria A');
  b = await seedTenant('Osteria B');
  c = await registerOwner(t.app, { restaurantName: 'Empty C' });
  // An image of A's whose bytes are still on some instance's disk (before decision 011): only the
  // database makes one now.
  const storageKey = `${a.restaurantId}/00000000-0000-4000-8000-000000000011.webp`;
  await db.insert(uploads).values({
    restaurantId: a.restaurantId,
    storageKey,
    url: `/uploads/${storageKey}`,
    contentType: 'image/webp',
    width: 1,
    height: 1,
    bytes: 3,
    data: null,
  });
  before = await rowsOf(a.restaurantId);
  const text = JSON.stringify(before);
  marksOfA = new Set([
    ...(text.match(UUIDS) ?? []).map((id) => id.toLowerCase()),
    // In the names of A's accounts and of its guest's order.
    'Trattoria A',
    a.table.qrToken,
    a.closedTable.qrToken,
    a.order.guestToken,
    a.reviewedOrder.guestToken,
  ]);
});
afterAll(() => t.close());

// ---- the API ------------------------------------------------------------------------------------

type Call<X extends Endpoint> = InjectInput<X> & { token?: string; headers?: Record<string, string> };
/** How `caller` names `target`'s thing in one endpoint: one call or several (as staff, as a guest). */
type Naming<X extends Endpoint> = (caller: Tenant, target: Tenant) => Call<X> | Call<X>[];

/** A call as the caller's owner (who holds every permission a staff member can). */
const signedInAs = (caller: Tenant) => ({ token: caller.owner.token });
const TAKEN = 'Taken over';

/**
 * Every endpoint whose path names one of a restaurant's things, and how to name one. A path naming
 * just the restaurant (such as listOrders, by its :restaurantId) needs no line: callsOf names it.
 */
const NAMING: { [K in TOperationId]?: Naming<Ops[K]> } = {
  getRestaurant: (caller, target) => ({ ...signedInAs(caller), params: { id: target.restaurantId } }),
  updateRestaurant: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.restaurantId },
    body: { name: TAKEN },
  }),
  deleteRestaurant: (caller, target) => ({ ...signedInAs(caller), params: { id: target.restaurantId } }),
  updateCategory: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.category.id },
    body: { name: TAKEN },
  }),
  deleteCategory: (caller, target) => ({ ...signedInAs(caller), params: { id: target.category.id } }),
  getMenuItem: (caller, target) => ({ ...signedInAs(caller), params: { id: target.item.id } }),
  updateMenuItem: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.item.id },
    body: { name: TAKEN },
  }),
  setSoldOut: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.item.id },
    body: { soldOut: true },
  }),
  setStock: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.item.id },
    body: { count: 0 },
  }),
  deleteMenuItem: (caller, target) => ({ ...signedInAs(caller), params: { id: target.item.id } }),
  getTable: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  updateTable: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { label: TAKEN },
  }),
  rotateTableQr: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  deleteTable: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  tableQrSvg: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  tableQrPng: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  getOrder: (caller, target) => [
    { ...signedInAs(caller), params: { id: target.order.id } },
    { params: { id: target.order.id }, headers: { 'x-guest-token': caller.order.guestToken } },
  ],
  updateOrderStatus: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.order.id },
    body: { status: 'accepted' },
  }),
  guestOrderStream: (caller, target) => ({
    params: { id: target.order.id },
    query: { guestToken: caller.order.guestToken },
  }),
  recordPayment: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.order.id },
    body: { method: 'cash', amountMinor: 1 },
  }),
  image: (caller, target) => [
    { params: { owner: caller.restaurantId, file: target.image.file } },
    { params: { owner: target.restaurantId, file: caller.image.file } },
  ],
  updateRole: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.role.id },
    body: { name: TAKEN },
  }),
  deleteRole: (caller, target) => ({ ...signedInAs(caller), params: { id: target.spareRole.id } }),
  getStaffMember: (caller, target) => ({ ...signedInAs(caller), params: { id: target.staff.id } }),
  updateStaffMember: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.staff.id },
    body: { name: TAKEN },
  }),
  deleteStaffMember: (caller, target) => ({ ...signedInAs(caller), params: { id: target.staff.id } }),
  orderPayments: (caller, target) => ({ ...signedInAs(caller), params: { id: target.order.id } }),
  refundPayment: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.payment.id },
    body: { amountMinor: 1 },
  }),
  startCheckout: (caller, target) => [
    { ...signedInAs(caller), params: { id: target.order.id } },
    { params: { id: target.order.id }, headers: { 'x-guest-token': caller.order.guestToken } },
  ],
  updateSettlementAccount: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.account.id },
    body: { bankName: TAKEN },
  }),
  deleteSettlementAccount: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.spareAccount.id },
  }),
  getOrderReview: (caller, target) => ({
    params: { orderId: target.reviewedOrder.id },
    headers: { 'x-guest-token': caller.reviewedOrder.guestToken },
  }),
  acknowledgeServiceRequest: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.serviceRequest.id },
    body: { status: 'acknowledged' },
  }),
  getBillReceipt: (caller, target) => ({
    params: { paymentId: target.billPaymentId },
    query: { qrToken: caller.table.qrToken },
  }),
  getStaffTableBill: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  closeTableBill: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id }, body: {} }),
  takeBillPayment: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { mode: 'full', method: 'card' },
  }),
  transferTable: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { toTableId: caller.closedTable.id },
  }),
  clearTable: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  setStaffPin: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.staff.id },
    body: { pin: '97531' },
  }),
  changeOrderLine: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.order.id, lineIndex: 0 },
    body: { note: TAKEN },
  }),
  voidOrderLine: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.order.id, lineIndex: 0 },
    body: { quantity: 1, reason: 'other' },
  }),
  discountOrder: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.onlineOrder.id },
    body: { percent: 5, reason: 'other' },
  }),
  moveOrder: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.onlineOrder.id },
    body: { tableId: target.closedTable.id },
  }),
  mergeTables: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { fromTableId: target.closedTable.id },
  }),
  getFloorTable: (caller, target) => ({ ...signedInAs(caller), params: { id: target.table.id } }),
  updateStation: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.station.id },
    body: { name: TAKEN },
  }),
  deleteStation: (caller, target) => ({ ...signedInAs(caller), params: { id: target.station.id } }),
  fireCourse: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.heldOrder.id },
    body: { course: 2 },
  }),
  openTable: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { covers: 9 },
  }),
  updateVisit: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.table.id },
    body: { covers: 9 },
  }),
  updateTaxRate: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.taxRate.id },
    body: { name: TAKEN, rateBasisPoints: 0 },
  }),
  deleteTaxRate: (caller, target) => ({ ...signedInAs(caller), params: { id: target.taxRate.id } }),
  getReceipt: (caller, target) => [
    { ...signedInAs(caller), params: { id: target.receipt.id } },
    { params: { id: target.receipt.id }, query: { token: caller.table.qrToken } },
    { params: { id: target.receipt.id }, query: { token: caller.order.guestToken } },
  ],
  getReceiptPdf: (caller, target) => [
    { ...signedInAs(caller), params: { id: target.receipt.id } },
    { params: { id: target.receipt.id }, query: { token: caller.table.qrToken } },
  ],
  printReceipt: (caller, target) => ({
    ...signedInAs(caller),
    params: { id: target.receipt.id },
    body: { stationId: caller.station.id },
  }),
  applyMenuImport: (caller, target) => ({
    ...signedInAs(caller),
    params: { previewId: target.menuImportId },
  }),
  emailReceipt: (caller, target) => [
    { ...signedInAs(caller), params: { id: target.receipt.id }, body: { email: 'them@example.com' } },
    {
      params: { id: target.receipt.id },
      // The order's token: the table's code is rotated by an earlier call of A's own.
      body: { email: 'them@example.com', token: caller.order.guestToken },
    },
  ],
};

/** Endpoints with a path parameter that names no restaurant's row, and why. */
const NOT_NAMING: { [K in TOperationId]?: string } = {
  sandboxCheckout: "the provider's page: the payment's random id is the whole claim, as at a real provider",
  sandboxComplete: "the provider's page: the payment's random id is the whole claim, as at a real provider",
  paymentWebhook: 'names a payment provider; the event is signed by it',
  getDay: "a business date: every restaurant has its own day of that date, and the session's is read",
  closeDay: "a business date: every restaurant has its own day of that date, and the session's is closed",
};

/** An id in a body or a query: how one restaurant's caller names another's thing there, and the answer. */
type BodyNaming = {
  call: (caller: Tenant, target: Tenant) => Call<Endpoint>;
  /** What the intruder gets (a list answers 200 with none of the target's things). */
  status: 404 | 422 | 200;
  /** What the target's own owner gets for the same call, when not the endpoint's success status. */
  own?: number;
};

/** Every id a body or query carries (found in the contract's schemas: see idKeysOf), by "operation key". */
const NAMED_IN_BODY: Record<string, BodyNaming | string> = {
  'switchRestaurant restaurantId': {
    call: (caller, target) => ({ ...signedInAs(caller), body: { restaurantId: target.restaurantId } }),
    status: 404,
  },
  'reorderCategories ids': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { ids: [target.emptyCategory.id, target.category.id] },
    }),
    status: 422,
  },
  'createMenuItem categoryId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { categoryId: target.category.id, name: 'Intruder', priceMinor: 100 },
    }),
    status: 422,
  },
  'updateMenuItem categoryId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.item.id },
      body: { categoryId: target.emptyCategory.id },
    }),
    status: 422,
  },
  'placeOrder tableId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { tableId: target.table.id, items: [{ menuItemId: caller.item.id, quantity: 1 }] },
    }),
    status: 422,
  },
  'placeOrder items.menuItemId': {
    call: (caller, target) => ({
      body: { qrToken: caller.table.qrToken, items: [{ menuItemId: target.item.id, quantity: 1 }] },
    }),
    status: 422,
  },
  'listPayments orderId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { restaurantId: caller.restaurantId },
      query: { orderId: target.order.id },
    }),
    status: 200,
  },
  'requestPayout settlementAccountId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { kind: 'payout', amountMinor: 1, settlementAccountId: target.account.id },
    }),
    status: 422,
  },
  'createStaffMember roleId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: {
        name: 'Intruder',
        email: uniqueEmail('staff'),
        password: 'staff password 1',
        roleId: target.role.id,
      },
    }),
    status: 422,
  },
  'updateStaffMember roleId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.staff.id },
      body: { roleId: target.role.id },
    }),
    status: 422,
  },
  'createReview orderId': {
    call: (caller, target) => ({
      body: { orderId: target.reviewedOrder.id, guestToken: caller.reviewedOrder.guestToken, rating: 1 },
    }),
    status: 404,
    // Found, and already reviewed.
    own: 409,
  },
  'startBillCheckout items.orderId': {
    call: (caller, target) => ({
      body: {
        qrToken: caller.table.qrToken,
        mode: 'items',
        items: [{ orderId: target.order.id, lineIndex: 0, quantity: 1 }],
      },
    }),
    status: 422,
  },
  'listAudit staffId': {
    call: (caller, target) => ({ ...signedInAs(caller), query: { staffId: target.staff.id } }),
    status: 200,
  },
  'moveOrder tableId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.onlineOrder.id },
      body: { tableId: target.closedTable.id },
    }),
    status: 404,
    // Found: a guest is paying at the order's table (its checkout of items), so nothing moves.
    own: 409,
  },
  'mergeTables fromTableId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.table.id },
      body: { fromTableId: target.closedTable.id },
    }),
    status: 404,
    // Found: a guest is paying at the table merged into.
    own: 409,
  },
  'transferTable toTableId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.table.id },
      body: { toTableId: target.closedTable.id },
    }),
    status: 404,
    // Found: a guest is paying at the table to move, so nothing moves.
    own: 409,
  },
  // The caller's own table, whose visit is open (its guest's order): only the waiter is A's.
  'openTable waiterId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.table.id },
      body: { covers: 2, waiterId: target.staff.id },
    }),
    status: 422,
  },
  'updateVisit waiterId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.table.id },
      body: { waiterId: target.staff.id },
    }),
    status: 422,
  },
  'createCategory stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { name: 'Intruders', stationId: target.station.id },
    }),
    status: 422,
  },
  'updateCategory stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.category.id },
      body: { stationId: target.station.id },
    }),
    status: 422,
  },
  'createMenuItem stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: {
        categoryId: caller.category.id,
        name: 'Intruder',
        priceMinor: 100,
        stationId: target.station.id,
      },
    }),
    status: 422,
  },
  'updateMenuItem stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.item.id },
      body: { stationId: target.station.id },
    }),
    status: 422,
  },
  'getKitchen stationId': {
    call: (caller, target) => ({ ...signedInAs(caller), query: { stationId: target.station.id } }),
    status: 404,
  },
  'bumpLines orderId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { orderId: target.heldOrder.id, lineIndexes: [0], status: 'preparing' },
    }),
    status: 404,
    // Found: its line 0 is ready, which a bump to preparing refuses.
    own: 409,
  },
  'recallLines orderId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { orderId: target.heldOrder.id, lineIndexes: [1] },
    }),
    status: 404,
    // Found: its line 1 is held, nothing to recall.
    own: 409,
  },
  'acknowledgeLines orderId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { orderId: target.heldOrder.id, lineIndexes: [0] },
    }),
    status: 404,
    // Found: its line 0 has nothing to acknowledge, which changes nothing.
  },
  'reprintTicket orderId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { orderId: target.heldOrder.id, stationId: caller.station.id, course: 1 },
    }),
    status: 404,
    // Found: its station has no printer.
    own: 409,
  },
  'reprintTicket stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { orderId: caller.heldOrder.id, stationId: target.station.id, course: 1 },
    }),
    status: 404,
    own: 409,
  },
  'createCategory taxRateId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: { name: 'Taxed intruders', taxRateId: target.taxRate.id },
    }),
    status: 422,
  },
  'updateCategory taxRateId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.emptyCategory.id },
      body: { taxRateId: target.taxRate.id },
    }),
    status: 422,
  },
  'createMenuItem taxRateId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      body: {
        categoryId: caller.category.id,
        name: 'Intruder',
        priceMinor: 100,
        taxRateId: target.taxRate.id,
      },
    }),
    status: 422,
  },
  'updateMenuItem taxRateId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.item.id },
      body: { taxRateId: target.taxRate.id },
    }),
    status: 422,
  },
  'printReceipt stationId': {
    call: (caller, target) => ({
      ...signedInAs(caller),
      params: { id: caller.receipt.id },
      body: { stationId: target.station.id },
    }),
    status: 404,
    // Found: the station has no printer.
    own: 409,
  },
  // A's staff member switching in on B's shared device (with A's PIN): not found there.
  'switchUser staffId': {
    call: (caller, target) => ({
      body: { staffId: target.staff.id, pin: STAFF_PIN },
      cookies: { [DEVICE_COOKIE]: caller.device.token },
    }),
    status: 404,
  },
  'updateRestaurant taxId': "the restaurant's VAT number, not the id of a row",
  'guestMenu restaurantId': 'a guest link names a restaurant and a table number: its menu is public',
  'paymentWebhook id': "the provider's event id",
  'paymentWebhook paymentId': 'the provider names the payment in an event it signed',
  'restaurantStream lastEventId': "an event's number in the stream's own restaurant",
  'guestOrderStream lastEventId': "an event's number in the stream's own restaurant",
  'tableStream lastEventId': "an event's number in the stream's own restaurant",
};

/** Path parameters other than the one naming the session's restaurant. */
function namingParams(endpoint: Endpoint): string[] {
  const restaurant = restaurantParamOf(endpoint);
  return [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!).filter((p) => p !== restaurant);
}

/** The keys of a body's or query's schema that hold ids (`tableId`, `items.menuItemId`, `ids`). */
function idKeysOf(schema: unknown, prefix = ''): string[] {
  const def = (schema as { def?: Record<string, unknown> } | undefined)?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => [
        ...(/^(id|ids)$|Ids?$/.test(key) ? [`${prefix}${key}`] : []),
        ...idKeysOf(value, `${prefix}${key}.`),
      ]);
    case 'array':
      return idKeysOf(def.element, prefix);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => idKeysOf(option, prefix));
    case 'intersection':
      return [...idKeysOf(def.left, prefix), ...idKeysOf(def.right, prefix)];
    case 'pipe':
      return idKeysOf(def.in, prefix);
    case 'lazy':
      return idKeysOf((def.getter as () => unknown)(), prefix);
    default:
      return 'innerType' in def ? idKeysOf(def.innerType, prefix) : [];
  }
}

const ENDPOINTS = Object.entries(API_ENDPOINTS) as [TOperationId, Endpoint][];
const callsOf = (op: TOperationId, caller: Tenant, target: Tenant): Call<Endpoint>[] => {
  const naming = NAMING[op] as Naming<Endpoint> | undefined;
  if (naming) return [naming(caller, target)].flat();
  const endpoint = API_ENDPOINTS[op] as Endpoint;
  // The route registrar's own check: the path names the restaurant.
  const param = restaurantParamOf(endpoint)!;
  return [{ ...signedInAs(caller), params: { [param]: target.restaurantId } }];
};
/** Every endpoint whose path names a restaurant's thing, or the restaurant itself. */
const NAMING_ENDPOINTS = ENDPOINTS.filter(
  ([op, endpoint]) => NAMING[op] || (restaurantParamOf(endpoint) && namingParams(endpoint).length === 0),
);
const isStream = (endpoint: Endpoint) => endpoint.produces === 'text/event-stream';

describe('the tables below cover the contract', () => {
  it('every endpoint with an id in its path says how to name another restaurant’s, or why it names none', () => {
    const missing = ENDPOINTS.filter(
      ([op, endpoint]) => namingParams(endpoint).length > 0 && !NAMING[op] && !NOT_NAMING[op],
    ).map(([op, endpoint]) => `${op}: ${endpoint.method} ${endpoint.path}`);
    expect(missing, 'add these to NAMING (or NOT_NAMING, saying why)').toEqual([]);
    const stale = Object.keys({ ...NAMING, ...NOT_NAMING }).filter(
      (op) => !(op in API_ENDPOINTS) || namingParams(API_ENDPOINTS[op as TOperationId]).length === 0,
    );
    expect(stale).toEqual([]);
  });

  it('every id in a body or a query is named in NAMED_IN_BODY', () => {
    const keys = ENDPOINTS.flatMap(([op, endpoint]) =>
      [...new Set([...idKeysOf(endpoint.body), ...idKeysOf(endpoint.query)])].map((key) => `${op} ${key}`),
    );
    expect(keys.length).toBeGreaterThanOrEqual(10);
    expect(keys.filter((key) => !(key in NAMED_IN_BODY))).toEqual([]);
    expect(Object.keys(NAMED_IN_BODY).filter((key) => !keys.includes(key))).toEqual([]);
  });
});

describe('through the API, another restaurant', () => {
  it('gets 404 from every endpoint whose path names one of A’s things, and never A’s data', async () => {
    expect(NAMING_ENDPOINTS.length).toBeGreaterThanOrEqual(45);
    const wrong: string[] = [];
    for (const [op, endpoint] of NAMING_ENDPOINTS) {
      for (const call of callsOf(op, b, a)) {
        const response = await injectApi(t.app, endpoint, call);
        const as = call.token ? 'staff' : 'guest';
        if (response.statusCode !== 404) wrong.push(`${op} (${as}) answered ${response.statusCode}`);
        else if (errorOf(response).code !== 'NOT_FOUND') wrong.push(`${op} (${as}): ${response.body}`);
        const leaked = marksOfAIn(response.body);
        if (leaked.length > 0) wrong.push(`${op} (${as}) showed ${leaked.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gets 404 or 422 for A’s ids in a body, and lists filtered by them show nothing', async () => {
    const wrong: string[] = [];
    for (const [key, naming] of Object.entries(NAMED_IN_BODY)) {
      if (typeof naming === 'string') continue;
      const endpoint = API_ENDPOINTS[key.split(' ')[0] as TOperationId] as Endpoint;
      const response = await injectApi(t.app, endpoint, naming.call(b, a));
      if (response.statusCode !== naming.status)
        wrong.push(`${key} answered ${response.statusCode}: ${response.body}`);
      const leaked = marksOfAIn(response.body);
      if (leaked.length > 0) wrong.push(`${key} showed ${leaked.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads lists, figures and guest pages that show none of A’s ids', async () => {
    // Every read of the session's restaurant (or of a guest's table) that names nothing else:
    // as B, with B's codes. Streams are left out (tested in events/): they never end.
    const lists = ENDPOINTS.filter(
      ([, endpoint]) =>
        endpoint.method === 'GET' && namingParams(endpoint).length === 0 && !isStream(endpoint),
    );
    expect(lists.length).toBeGreaterThanOrEqual(25);
    // The public guest menu is asked for by a table's code too (or by restaurant and table number).
    const queries: { [K in TOperationId]?: (caller: Tenant) => Record<string, string> } = {
      guestMenu: (caller) => ({ qrToken: caller.table.qrToken }),
    };
    // Answers without any id: nobody's (health, the failed sign-in page), or figures, which the
    // repositories' check below covers.
    const NO_IDS: TOperationId[] = [
      'health',
      'loginFailed',
      'paymentStats',
      'dashboardOverview',
      'revenueChart',
      'orderSummary',
      'auditSummary',
      // Receipt numbers run per restaurant: B's first receipt has the number A's first has.
      'exportReceiptsCsv',
      // A zip: its files are compressed (data-export.test.ts unzips them and looks for A's and B's ids).
      'exportRestaurant',
      // menu.csv's header alone.
      'menuCsvTemplate',
      // The installation's backups: files by name and time, no restaurant's ids (none here).
      'listBackups',
    ];
    const credentials = (caller: Tenant): Record<string, string> => ({
      qrToken: caller.table.qrToken,
      guestToken: caller.order.guestToken,
      'x-guest-token': caller.order.guestToken,
    });
    const wrong: string[] = [];
    for (const [op, endpoint] of lists) {
      for (const caller of [a, b]) {
        const call: Call<Endpoint> = { ...signedInAs(caller) };
        const param = restaurantParamOf(endpoint);
        if (param) call.params = { [param]: caller.restaurantId };
        if (queries[op]) call.query = queries[op](caller);
        // A shared device's reads: by its cookie, the device's restaurant's.
        if (op === 'getCurrentDevice' || op === 'listDeviceStaff')
          call.cookies = { [DEVICE_COOKIE]: caller.device.token };
        if (endpoint.access.kind === 'guest') {
          const { in: where, name } = endpoint.access.credential;
          const value = credentials(caller)[name]!;
          if (where === 'query') call.query = { [name]: value };
          if (where === 'header') call.headers = { [name]: value };
        }
        const response = await injectApi(t.app, endpoint, call);
        const expected = endpoint.status ?? 200;
        if (response.statusCode !== expected)
          wrong.push(`${op} as ${caller === a ? 'A' : 'B'} answered ${response.statusCode}`);
        const marks = marksOfAIn(response.body);
        if (caller === b && marks.length > 0) wrong.push(`${op} showed B ${marks.join(', ')}`);
        // A's own view shows A's ids, so B's view showing none of them is the filter's doing.
        if (caller === a && marks.length === 0 && !NO_IDS.includes(op))
          wrong.push(`${op} shows A none of A's ids: the check proves nothing`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// ---- the repositories ---------------------------------------------------------------------------

/** A read: called for A it finds A's rows; called for C (which has none) it must find nothing. */
type Read = (restaurantId: string) => Promise<unknown>;
/** A change: called for C with A's ids, it changes nothing of A's (checked with A's rows below). */
type Change = (restaurantId: string) => Promise<unknown>;
type RepositoryTenancy = {
  reads?: Record<string, Read>;
  changes?: Record<string, Change>;
  /** Functions that take no restaurant (or whose key is the restaurant itself), and why. */
  unscoped?: Record<string, string>;
  /** Functions that touch no database (mappers, SQL fragments). */
  pure?: string[];
};

const inTransaction = <T>(work: (tx: Db) => Promise<T>) => db.transaction(work);
/** Which of these rows this transaction holds a row lock on (the lock sets the row's xmax to it). */
async function lockedHere(tx: Db, table: string, ids: string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM ${sql.identifier(table)}
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND xmax::text = (txid_current() % 4294967296)::text`,
  );
  return rows.map((r) => r.id);
}

const page = { limit: 100, offset: 0 };
const day = 24 * 60 * 60 * 1000;
const around = () => ({ starts: new Date(Date.now() - day), ends: new Date(Date.now() + day) });
const everything = {
  start: new Date('2000-01-01T00:00:00Z'),
  end: new Date('2100-01-01T00:00:00Z'),
  timezone: 'UTC',
};
const VALUES = 'the values it inserts carry their restaurant';
const ACCOUNT =
  'an account (owner or staff member) by its own id, e-mail or token: the sign-in comes before any restaurant';
const SESSION = 'a session by its id or token hash, as the sign-in or the session itself names it';
const RESTAURANT =
  "the restaurant's own row: its id is the restaurant (the session's, or one its owner owns)";
const PROVIDER = "the payment provider's page and webhook name the payment by its random id alone";
const tableRowOfA = async () => (await tablesRepository.findTable(db, a.restaurantId, a.table.id))!;

const REPOSITORIES: Record<string, { module: Record<string, unknown>; tenancy: RepositoryTenancy }> = {
  'modules/audit/audit.repository.ts': {
    module: auditRepository,
    tenancy: {
      reads: {
        findAuditEntries: (r) => auditRepository.findAuditEntries(db, r, {}, page),
        sumVoidsAndDiscountsByPerson: (r) => auditRepository.sumVoidsAndDiscountsByPerson(db, r, everything),
        sumVoidsAndDiscountsByReason: (r) => auditRepository.sumVoidsAndDiscountsByReason(db, r, everything),
      },
      pure: ['toAuditEntry'],
    },
  },
  'modules/devices/devices.repository.ts': {
    module: devicesRepository,
    tenancy: {
      changes: { deleteDevice: (r) => devicesRepository.deleteDevice(db, r, a.device.id) },
      unscoped: {
        findDeviceByTokenHash:
          "a device by its cookie's token hash, which names one device of one restaurant",
        insertDevice: VALUES,
      },
    },
  },
  'core/idempotency.repository.ts': {
    module: idempotencyRepository,
    tenancy: {
      unscoped: {
        claimIdempotencyKeys: 'keys are scoped by their caller (a table code, a user), not by a restaurant',
        completeIdempotencyKeys:
          'keys are scoped by their caller (a table code, a user), not by a restaurant',
        releaseIdempotencyKeys: 'keys are scoped by their caller (a table code, a user), not by a restaurant',
        findIdempotencyKey: 'keys are scoped by their caller (a table code, a user), not by a restaurant',
        pruneIdempotencyKeys: 'prunes every old key of the installation',
      },
      pure: ['claimName'],
    },
  },
  'core/rate-limit.repository.ts': {
    module: rateLimitRepository,
    tenancy: {
      unscoped: {
        countRateLimitHits: 'counters are keyed by what they limit (an account, a table)',
        takeBackRateLimitHits: 'counters are keyed by what they limit (an account, a table)',
      },
    },
  },
  'modules/auth/auth.repository.ts': {
    module: authRepository,
    tenancy: {
      unscoped: {
        insertOwner: 'owners have no restaurant of their own: they own restaurants',
        findAccountByEmail: ACCOUNT,
        findAccountById: ACCOUNT,
        findPasswordHash: ACCOUNT,
        touchStaffLogin: ACCOUNT,
        insertPasswordResetToken: ACCOUNT,
        consumePasswordResetToken: ACCOUNT,
        updatePasswordHash: ACCOUNT,
        updateAccountLanguage: ACCOUNT,
      },
    },
  },
  'modules/auth/sessions.repository.ts': {
    module: sessionsRepository,
    tenancy: {
      unscoped: {
        findLiveSession: SESSION,
        insertSession: VALUES,
        revokeSession: SESSION,
        revokeSessionByTokenHash: SESSION,
        revokeSessionsOfAccount: SESSION,
        moveSession: 'moves the session to a restaurant its owner owns (checked by the caller)',
      },
    },
  },
  'modules/dashboard/dashboard.repository.ts': {
    module: dashboardRepository,
    tenancy: {
      reads: {
        sumRevenue: (r) => dashboardRepository.sumRevenue(db, r, [around()]),
        summarizeOrders: (r) => dashboardRepository.summarizeOrders(db, r, [around()]),
        countOrdersByStatus: (r) => dashboardRepository.countOrdersByStatus(db, r, around()),
        countOpenOrders: (r) => dashboardRepository.countOpenOrders(db, r),
        findWalletBalances: (r) =>
          dashboardRepository.findWalletBalances(db, r, new Date(Date.now() - 7 * day)),
        sumMenuItemSales: (r) => dashboardRepository.sumMenuItemSales(db, r, around()),
      },
    },
  },
  'modules/health/health.repository.ts': {
    module: healthRepository,
    tenancy: { unscoped: { pingDatabase: 'reads no rows' } },
  },
  'modules/menu/categories.repository.ts': {
    module: categoriesRepository,
    tenancy: {
      reads: {
        findCategories: (r) => categoriesRepository.findCategories(db, r),
        findCategory: (r) => categoriesRepository.findCategory(db, r, a.category.id),
        countItemsInCategory: (r) => categoriesRepository.countItemsInCategory(db, r, a.category.id),
        findCategoryIds: (r) => inTransaction((tx) => categoriesRepository.findCategoryIds(tx, r)),
      },
      changes: {
        updateCategory: (r) => categoriesRepository.updateCategory(db, r, a.category.id, { name: TAKEN }),
        updateCategoryPositions: (r) =>
          categoriesRepository.updateCategoryPositions(db, r, [a.emptyCategory.id, a.category.id]),
        deleteCategory: (r) => categoriesRepository.deleteCategory(db, r, a.emptyCategory.id),
      },
      unscoped: { insertCategory: VALUES },
      pure: ['toCategory'],
    },
  },
  'modules/menu/menu.repository.ts': {
    module: menuRepository,
    tenancy: {
      reads: {
        findMenuItems: (r) => menuRepository.findMenuItems(db, r),
        findItemsServedOn: (r) => menuRepository.findItemsServedOn(db, r, new Date().getDay()),
        lockMenuItems: (r) => inTransaction((tx) => menuRepository.lockMenuItems(tx, r)),
        findMenuItem: (r) => menuRepository.findMenuItem(db, r, a.item.id),
      },
      changes: {
        updateMenuItem: (r) => menuRepository.updateMenuItem(db, r, a.item.id, { name: TAKEN }),
        deleteMenuItem: (r) => menuRepository.deleteMenuItem(db, r, a.item.id),
      },
      unscoped: { insertMenuItem: VALUES, insertMenuItems: VALUES },
      // endOfCategory is a SQL fragment that filters on the restaurant it is given.
      pure: ['toMenuItem', 'toStaffMenuItem', 'endOfCategory'],
    },
  },
  'modules/menu/menu-import.repository.ts': {
    module: menuImportRepository,
    tenancy: {
      reads: {
        lockMenuImportPreview: (r) =>
          inTransaction((tx) => menuImportRepository.lockMenuImportPreview(tx, r, a.menuImportId)),
      },
      changes: {
        markMenuImportApplied: (r) => menuImportRepository.markMenuImportApplied(db, r, a.menuImportId),
        // Every preview of A's has expired by a century from now.
        deleteExpiredMenuImports: (r) =>
          menuImportRepository.deleteExpiredMenuImports(db, r, new Date('2126-01-01T00:00:00Z')),
      },
      unscoped: { insertMenuImportPreview: VALUES },
    },
  },
  'modules/data-export/data-export.repository.ts': {
    module: dataExportRepository,
    tenancy: {
      reads: {
        findOrderBatch: (r) => dataExportRepository.findOrderBatch(db, r, 0, 100),
        findPaymentBatch: (r) => dataExportRepository.findPaymentBatch(db, r, null, 100),
        findRefundBatch: (r) => dataExportRepository.findRefundBatch(db, r, null, 100),
        findReceiptBatch: (r) => dataExportRepository.findReceiptBatch(db, r, null, 100),
        findReviewBatch: (r) => dataExportRepository.findReviewBatch(db, r, null, 100),
        findAuditBatch: (r) => dataExportRepository.findAuditBatch(db, r, null, 100),
        findWalletBatch: (r) => dataExportRepository.findWalletBatch(db, r, null, 100),
        findTablesForExport: (r) => dataExportRepository.findTablesForExport(db, r),
        findStaffForExport: (r) => dataExportRepository.findStaffForExport(db, r),
        findRolesForExport: (r) => dataExportRepository.findRolesForExport(db, r),
        findSettlementAccountsForExport: (r) => dataExportRepository.findSettlementAccountsForExport(db, r),
        findClosedDaysForExport: (r) => dataExportRepository.findClosedDaysForExport(db, r),
      },
    },
  },
  'modules/menu/stock.repository.ts': {
    module: stockRepository,
    tenancy: {
      changes: {
        moveStockCounts: (r) => stockRepository.moveStockCounts(db, r, [{ menuItemId: a.item.id, delta: 1 }]),
      },
      reads: {
        // Locked in a transaction of its own: A's dish, found for A only.
        lockDishCounts: (r) => inTransaction((tx) => stockRepository.lockDishCounts(tx, r, [a.item.id])),
      },
    },
  },
  'modules/online-payments/online-payments.repository.ts': {
    module: onlinePaymentsRepository,
    tenancy: {
      reads: {
        findPendingOnlinePayment: (r) =>
          onlinePaymentsRepository.findPendingOnlinePayment(db, r, {
            orderId: a.onlineOrder.id,
            provider: 'sandbox',
          }),
      },
      unscoped: {
        findProviderPayment: PROVIDER,
      },
    },
  },
  'modules/money/money.repository.ts': {
    module: moneyRepository,
    tenancy: {
      reads: {
        lockPayment: (r) => inTransaction((tx) => moneyRepository.lockPayment(tx, r, a.payment.id)),
      },
      changes: {
        updatePayment: (r) => moneyRepository.updatePayment(db, r, a.payment.id, { refundedMinor: 0 }),
      },
      unscoped: {
        insertPayment: VALUES,
        insertRefund: VALUES,
        recordWebhookEvent: "a provider's event ids: the provider's, not a restaurant's",
      },
    },
  },
  'modules/orders/orders.repository.ts': {
    module: ordersRepository,
    tenancy: {
      reads: {
        findMenuSnapshot: (r) => ordersRepository.findMenuSnapshot(db, r).then((s) => s?.items),
        findOrder: (r) => ordersRepository.findOrder(db, r, a.order.id),
        lockOrder: (r) => inTransaction((tx) => ordersRepository.lockOrder(tx, r, a.order.id)),
        findOrders: (r) => ordersRepository.findOrders(db, r, {}, page),
        lockRestaurantsForOrders: (r) =>
          inTransaction((tx) => ordersRepository.lockRestaurantsForOrders(tx, [r])).then((m) => [
            ...m.keys(),
          ]),
      },
      changes: {
        updateOrder: (r) => ordersRepository.updateOrder(db, r, a.order.id, { note: TAKEN }),
      },
      unscoped: {
        findOrderByGuestToken: "a guest's order by its token, which names one order of one restaurant",
        placeOrdersAtVersions: 'each order of the batch carries the restaurant its table resolved to',
      },
      pure: ['toOrder', 'withLineDefaults'],
    },
  },
  'modules/payments/payments.repository.ts': {
    module: paymentsRepository,
    tenancy: {
      reads: {
        findPayment: (r) => paymentsRepository.findPayment(db, r, a.payment.id),
        findPayments: (r) => paymentsRepository.findPayments(db, r, {}, page),
        findPaymentsOfOrder: (r) => paymentsRepository.findPaymentsOfOrder(db, r, a.order.id),
        findPaymentWithOrder: (r) => paymentsRepository.findPaymentWithOrder(db, r, a.payment.id),
        // The map's keys are the ids asked for: its values are what was found.
        findRefundsOfPayments: (r) =>
          paymentsRepository.findRefundsOfPayments(db, r, [a.payment.id]).then((m) => [...m.values()]),
        sumPaymentsByDay: (r) => paymentsRepository.sumPaymentsByDay(db, r, everything),
        sumRefundsByDay: (r) => paymentsRepository.sumRefundsByDay(db, r, everything),
      },
      pure: ['toPayment', 'toPaymentRefund', 'toPaymentListItem'],
    },
  },
  'modules/restaurants/restaurants.repository.ts': {
    module: restaurantsRepository,
    tenancy: {
      unscoped: {
        insertRestaurant: 'makes a restaurant (and its default roles)',
        findRestaurantById: RESTAURANT,
        findRestaurantsOfOwner: RESTAURANT,
        updateRestaurant: RESTAURANT,
        lockRestaurantForUpdate: RESTAURANT,
        findRestaurantOfOwner: RESTAURANT,
        bumpMenuVersion: RESTAURANT,
        deleteRestaurantOfOwner: RESTAURANT,
      },
      pure: ['toRestaurant'],
    },
  },
  'modules/reviews/reviews.repository.ts': {
    module: reviewsRepository,
    tenancy: {
      reads: {
        findReviewOfOrder: (r) => reviewsRepository.findReviewOfOrder(db, r, a.reviewedOrder.id),
        findReviews: (r) => reviewsRepository.findReviews(db, r, {}, page),
        countReviewsByRating: (r) => reviewsRepository.countReviewsByRating(db, r),
        sumRatings: (r) => reviewsRepository.sumRatings(db, r, new Date(Date.now() + 60_000)),
      },
      unscoped: { insertReviewOnce: VALUES },
      pure: ['toReview'],
    },
  },
  'modules/service-requests/service-requests.repository.ts': {
    module: serviceRequestsRepository,
    tenancy: {
      reads: {
        lockTable: (r) =>
          inTransaction(async (tx) => {
            await serviceRequestsRepository.lockTable(tx, r, a.table.id);
            return lockedHere(tx, 'dining_tables', [a.table.id]);
          }),
        findOpenRequestOfKind: (r) =>
          serviceRequestsRepository.findOpenRequestOfKind(db, r, a.table.id, 'waiter'),
        findTableRequests: (r) => serviceRequestsRepository.findTableRequests(db, r, a.table.id, 3600),
        findRequestsByStatus: (r) => serviceRequestsRepository.findRequestsByStatus(db, r, 'open'),
        findServiceRequest: (r) => serviceRequestsRepository.findServiceRequest(db, r, a.serviceRequest.id),
      },
      changes: {
        acknowledgeOpenRequest: (r) =>
          serviceRequestsRepository.acknowledgeOpenRequest(db, r, a.serviceRequest.id, {
            id: randomUUID(),
            name: 'Intruder',
          }),
      },
      unscoped: { insertServiceRequest: VALUES },
      pure: ['toServiceRequest'],
    },
  },
  'modules/settlement/settlement-accounts.repository.ts': {
    module: settlementRepository,
    tenancy: {
      reads: {
        findPayoutAccountSummary: (r) => settlementRepository.findPayoutAccountSummary(db, r),
        findLiveAccounts: (r) => settlementRepository.findLiveAccounts(db, r),
        findLiveAccount: (r) =>
          inTransaction((tx) => settlementRepository.findLiveAccount(tx, r, a.account.id)),
        findLiveAccountForPayout: (r) =>
          inTransaction((tx) => settlementRepository.findLiveAccountForPayout(tx, r, a.account.id)),
        countLiveAccounts: (r) => settlementRepository.countLiveAccounts(db, r),
        accountHasTransactions: (r) => settlementRepository.accountHasTransactions(db, r, a.account.id),
        findNewestLiveAccount: (r) => settlementRepository.findNewestLiveAccount(db, r),
      },
      changes: {
        clearDefaultAccount: (r) => settlementRepository.clearDefaultAccount(db, r),
        updateAccount: (r) => settlementRepository.updateAccount(db, r, a.account.id, { bankName: TAKEN }),
        deleteAccount: (r) => settlementRepository.deleteAccount(db, r, a.spareAccount.id),
      },
      unscoped: {
        insertAccount: VALUES,
        lockAccountsOf: "an advisory lock keyed by the restaurant's id: it holds no row",
      },
      pure: ['toSettlementAccount'],
    },
  },
  'modules/staff/roles.repository.ts': {
    module: rolesRepository,
    tenancy: {
      reads: {
        findRoles: (r) => rolesRepository.findRoles(db, r),
        findRole: (r) => rolesRepository.findRole(db, r, a.role.id),
        roleNameTaken: (r) => rolesRepository.roleNameTaken(db, r, a.role.name),
      },
      changes: {
        updateRole: (r) => rolesRepository.updateRole(db, r, a.role.id, { name: TAKEN }),
        deleteRole: (r) => rolesRepository.deleteRole(db, r, a.spareRole.id),
      },
      unscoped: { insertRole: VALUES },
      pure: ['toRole'],
    },
  },
  'modules/staff/staff.repository.ts': {
    module: staffRepository,
    tenancy: {
      reads: {
        findStaff: (r) => staffRepository.findStaff(db, r, {}, page),
        findStaffMember: (r) => staffRepository.findStaffMember(db, r, a.staff.id),
        // A's staff member's PIN, as A's restaurant hashes it.
        pinHashTaken: async (r) =>
          staffRepository.pinHashTaken(db, r, await hashPin(STAFF_PIN, a.restaurantId), randomUUID()),
        findActiveMemberByPinHash: async (r) =>
          staffRepository.findActiveMemberByPinHash(db, r, await hashPin(STAFF_PIN, a.restaurantId)),
        // A's sommelier holds orders.view and has a PIN.
        findPinHoldersWith: (r) => staffRepository.findPinHoldersWith(db, r, 'orders.view'),
        findMembersWithPin: (r) => staffRepository.findMembersWithPin(db, r, a.staff.id),
      },
      changes: {
        updateStaffMember: (r) => staffRepository.updateStaffMember(db, r, a.staff.id, { name: TAKEN }),
        deleteStaffMember: (r) => staffRepository.deleteStaffMember(db, r, a.staff.id),
        setStaffPinHash: (r) => staffRepository.setStaffPinHash(db, r, a.staff.id, null),
      },
      unscoped: {
        staffEmailTaken: 'staff sign in by e-mail alone, so an e-mail is unique across every restaurant',
        insertStaffMember: VALUES,
      },
      pure: ['toStaffMember'],
    },
  },
  'modules/table-bill/table-bill.repository.ts': {
    module: tableBillRepository,
    tenancy: {
      reads: {
        findBillUnits: (r) => tableBillRepository.findBillUnits(db, r, [a.order.id, a.onlineOrder.id]),
        findVisitBillPayments: (r) =>
          tableBillRepository.findVisitBillPayments(db, r, { tableId: a.table.id, visitId: a.visitId }),
        findOrderPaymentsOutsideBill: (r) =>
          tableBillRepository.findOrderPaymentsOutsideBill(db, r, [a.order.id]),
        lockBillPayment: (r) =>
          inTransaction((tx) => tableBillRepository.lockBillPayment(tx, r, a.billPaymentId)),
        findBillPaymentOfTable: (r) =>
          tableBillRepository.findBillPaymentOfTable(db, r, { id: a.billPaymentId, tableId: a.table.id }),
        findBillPaymentItems: (r) => tableBillRepository.findBillPaymentItems(db, r, a.billPaymentId),
        findOpenBills: (r) => tableBillRepository.findOpenBills(db, r),
      },
      changes: {
        updateBillPayment: (r) =>
          tableBillRepository.updateBillPayment(db, r, a.billPaymentId, { status: 'failed' }),
      },
      unscoped: {
        findProviderBillPayment: PROVIDER,
        insertBillPayment: VALUES,
        insertBillPaymentItems:
          'its rows carry no restaurant: their bill payment, inserted just before, does',
      },
    },
  },
  'modules/stations/stations.repository.ts': {
    module: stationsRepository,
    tenancy: {
      reads: {
        // Every restaurant has its Kitchen: what A's call finds of its own is its ids.
        findStations: async (r) => (await stationsRepository.findStations(db, r)).map((s) => s.id),
        findStation: (r) => stationsRepository.findStation(db, r, a.station.id),
        countStations: async (r) =>
          (await stationsRepository.countStations(db, r)) > 1 ? a.station.id : null,
      },
      changes: {
        updateStation: (r) => stationsRepository.updateStation(db, r, a.station.id, { name: 'Taken' }),
        deleteStation: (r) => stationsRepository.deleteStation(db, r, a.station.id),
      },
      unscoped: { insertStation: VALUES },
      pure: ['toStation'],
    },
  },
  'modules/kitchen/kitchen.repository.ts': {
    module: kitchenRepository,
    tenancy: {
      reads: {
        findKitchenOrders: (r) => kitchenRepository.findKitchenOrders(db, r),
        findPreparedLines: (r) => kitchenRepository.findPreparedLines(db, r, everything),
      },
    },
  },
  'modules/printing/print-jobs.repository.ts': {
    module: printJobsRepository,
    tenancy: {
      reads: {
        // A's station has one ticket waiting.
        findStationPrintStatus: (r) =>
          printJobsRepository.findStationPrintStatus(db, r, a.printJob.stationId),
      },
      changes: {
        markJobPrinted: (r) => printJobsRepository.markJobPrinted(db, r, a.printJob.id),
        markJobFailed: (r) => printJobsRepository.markJobFailed(db, r, a.printJob.id, TAKEN),
        markJobExpired: (r) => printJobsRepository.markJobExpired(db, r, a.printJob.id),
        renewJobClaims: (r) =>
          printJobsRepository.renewJobClaims(db, r, { instanceId: a.printJob.claimedBy, leaseMs: 1 }, [
            a.printJob.id,
          ]),
        releaseJobClaims: (r) =>
          printJobsRepository.releaseJobClaims(db, r, a.printJob.claimedBy, [a.printJob.id]),
      },
      unscoped: {
        insertPrintJob: VALUES,
        claimLapsedJobs:
          'the sweep takes over jobs whose instance stopped, of every restaurant, as that instance held them',
        deleteFinishedJobs:
          "the sweep's upkeep, of the whole installation: printed and expired jobs past their time",
      },
    },
  },
  'modules/floor/floor.repository.ts': {
    module: floorRepository,
    tenancy: {
      reads: {
        // Its tables (the clock and the event number beside them are the asker's own).
        findTableFigures: async (r) => [
          (await floorRepository.findTableFigures(db, r)).tables,
          (await floorRepository.findTableFigures(db, r, [a.table.id, a.closedTable.id])).tables,
        ],
        findOpenBillOrderMarks: async (r) => [
          await floorRepository.findOpenBillOrderMarks(db, r),
          await floorRepository.findOpenBillOrderMarks(db, r, [a.table.id]),
        ],
        findFloorFigures: async (r) => [
          await floorRepository.findFloorFigures(db, r),
          await floorRepository.findFloorFigures(db, r, [a.table.id, a.closedTable.id]),
        ],
        findVisitOrders: (r) => floorRepository.findVisitOrders(db, r, a.table.id),
        findActiveStaffNames: (r) => floorRepository.findActiveStaffNames(db, r),
        findActiveStaffMember: (r) => floorRepository.findActiveStaffMember(db, r, a.staff.id),
      },
      changes: {
        saveVisit: (r) => floorRepository.saveVisit(db, r, a.table.id, { covers: 9, waiterId: null }),
      },
      unscoped: {
        lockRestaurantEvents: "its key is the restaurant itself: it holds the caller's own restaurant's row",
      },
    },
  },
  'modules/taxes/taxes.repository.ts': {
    module: taxesRepository,
    tenancy: {
      reads: {
        findTaxRates: (r) => taxesRepository.findTaxRates(db, r),
        findTaxRate: (r) => taxesRepository.findTaxRate(db, r, a.taxRate.id),
        countTaxRates: (r) => taxesRepository.countTaxRates(db, r),
        countTaxRateUses: (r) => taxesRepository.countTaxRateUses(db, r, a.taxRate.id),
        allTaxRatesOf: (r) => taxesRepository.allTaxRatesOf(db, r, [a.taxRate.id]),
      },
      changes: {
        clearDefaultTaxRate: (r) => taxesRepository.clearDefaultTaxRate(db, r),
        updateTaxRate: (r) =>
          taxesRepository.updateTaxRate(db, r, a.taxRate.id, {
            name: TAKEN,
            rateBasisPoints: 0,
            isDefault: false,
          }),
        deleteTaxRate: (r) => taxesRepository.deleteTaxRate(db, r, a.taxRate.id),
      },
      unscoped: { insertTaxRate: VALUES },
      pure: ['toTaxRate'],
    },
  },
  'modules/receipts/receipts.repository.ts': {
    module: receiptsRepository,
    tenancy: {
      reads: {
        findReceiptRow: (r) => receiptsRepository.findReceiptRow(db, r, a.receipt.id),
        findPartsOfOrders: (r) => receiptsRepository.findPartsOfOrders(db, r, [a.order.id]),
        findReceiptOfPayment: (r) =>
          receiptsRepository.findReceiptOfPayment(db, r, { id: a.payment.id, billPaymentId: null }),
        findCreditNotesOf: (r) => receiptsRepository.findCreditNotesOf(db, r, a.receipt.id),
        findReceiptsOfPayments: (r) =>
          receiptsRepository.findReceiptsOfPayments(db, r, [a.payment.id], [a.billPaymentId]),
        findReceiptNumbers: (r) => receiptsRepository.findReceiptNumbers(db, r, [a.receipt.id]),
        findReceiptPage: (r) => receiptsRepository.findReceiptPage(db, r, {}, page),
        findReceiptBatch: (r) =>
          receiptsRepository.findReceiptBatch(
            db,
            r,
            { fromDate: '2000-01-01', toDate: '2100-01-01' },
            null,
            100,
          ),
        guestMayRead: (r) =>
          receiptsRepository.guestMayRead(
            db,
            { restaurantId: r, orderIds: [a.order.id] },
            a.order.guestToken,
            hashToken(a.order.guestToken),
          ),
        findClosedDatesFrom: async (r) =>
          (await receiptsRepository.findClosedDatesFrom(db, r, '2000-01-01')).size,
        findClosedDay: (r) => receiptsRepository.findClosedDay(db, r, a.closedDate),
        findClosedDayPage: (r) => receiptsRepository.findClosedDayPage(db, r, page),
        sumReceiptsOfDay: (r) => receiptsRepository.sumReceiptsOfDay(db, r, a.receipt.businessDate),
        sumTaxesOfDay: (r) => receiptsRepository.sumTaxesOfDay(db, r, a.receipt.businessDate),
        sumTaxOfDays: (r) => receiptsRepository.sumTaxOfDays(db, r, [a.receipt.businessDate]),
        countOrdersBetween: (r) =>
          receiptsRepository.countOrdersBetween(db, r, everything.start, everything.end),
        findOpenBillsBefore: (r) => receiptsRepository.findOpenBillsBefore(db, r, everything.end),
        sumHoldingCheckouts: async (r) => (await receiptsRepository.sumHoldingCheckouts(db, r)).count,
      },
      changes: {
        // Each makes (or moves) C's own counter of a year A never issued in; A's stays as it was.
        lockReceiptCounter: (r) => receiptsRepository.lockReceiptCounter(db, r, 1999),
        nextReceiptSeq: async (r) => {
          await receiptsRepository.nextReceiptSeq(db, r, 1999);
        },
      },
      unscoped: {
        insertReceipt: VALUES,
        insertClosedDay: VALUES,
        findReceiptById:
          "a guest's request names the receipt alone: guestMayRead checks the token against its orders before anything is shown",
      },
      pure: ['toReceiptSummary', 'toReceipt'],
    },
  },
  'modules/visits/visits.repository.ts': {
    module: visitsRepository,
    tenancy: {
      reads: {
        sumCoversBetween: (r) => visitsRepository.sumCoversBetween(db, r, everything.start, everything.end),
        lockTable: (r) => inTransaction((tx) => visitsRepository.lockTable(tx, r, a.table.id)),
        lockOpenBillOrders: (r) =>
          inTransaction((tx) => visitsRepository.lockOpenBillOrders(tx, r, a.table.id)),
        lockTableOfOrder: (r) => inTransaction((tx) => visitsRepository.lockTableOfOrder(tx, r, a.order.id)),
        findOpenBillOrders: (r) => visitsRepository.findOpenBillOrders(db, r, a.table.id),
        lockEndedVisitOrders: (r) =>
          inTransaction((tx) =>
            visitsRepository.lockEndedVisitOrders(tx, r, {
              tableId: a.closedTable.id,
              visitId: a.endedVisitId,
            }),
          ),
      },
      changes: {
        endVisit: async (r) => visitsRepository.endVisit(db, r, await tableRowOfA(), [a.order.id]),
        moveWholeVisit: async (r) =>
          visitsRepository.moveWholeVisit(
            db,
            r,
            (await tablesRepository.findTable(db, a.restaurantId, a.closedTable.id))!,
            await tableRowOfA(),
          ),
        moveVisitSeating: async (r) =>
          visitsRepository.moveVisitSeating(
            db,
            r,
            (await tablesRepository.findTable(db, a.restaurantId, a.closedTable.id))!,
            await tableRowOfA(),
          ),
      },
    },
  },
  'modules/tables/tables.repository.ts': {
    module: tablesRepository,
    tenancy: {
      reads: {
        findTables: (r) => tablesRepository.findTables(db, r),
        findTable: (r) => tablesRepository.findTable(db, r, a.table.id),
        countOpenOrdersAtTable: (r) => tablesRepository.countOpenOrdersAtTable(db, r, a.table.id),
        // By its code (a guest), the code is the whole claim; by id or number, the restaurant scopes it.
        findActiveTableWithRestaurant: async (r) => [
          await tablesRepository.findActiveTableWithRestaurant(db, { restaurantId: r, tableId: a.table.id }),
          await tablesRepository.findActiveTableWithRestaurant(db, {
            restaurantId: r,
            tableNumber: a.table.number,
          }),
        ],
      },
      changes: {
        updateTable: (r) => tablesRepository.updateTable(db, r, a.table.id, { label: TAKEN }),
        deleteTable: (r) => tablesRepository.deleteTable(db, r, a.table.id),
      },
      unscoped: { insertTable: VALUES },
      pure: ['toTable'],
    },
  },
  'modules/uploads/uploads.repository.ts': {
    module: uploadsRepository,
    tenancy: {
      reads: {
        findUploadData: (r) => uploadsRepository.findUploadData(db, r, `${a.image.owner}/${a.image.file}`),
      },
      changes: {
        setUploadData: async (r) => {
          const [waiting] = await uploadsRepository.findUploadsWithoutData(db);
          return uploadsRepository.setUploadData(db, r, waiting!.id, Buffer.from('taken over'));
        },
      },
      unscoped: {
        insertUpload: VALUES,
        findUploadsWithoutData: "the start-up move's list, of the whole installation",
      },
    },
  },
  'modules/wallet/wallet.repository.ts': {
    module: walletRepository,
    tenancy: {
      reads: { findWalletTransactions: (r) => walletRepository.findWalletTransactions(db, r, {}, page) },
    },
  },
};

describe('in the repositories, a restaurant with nothing of its own', () => {
  it('every repository is in the table, and every function of each is read, changed or said to be unscoped', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(src, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.repository.ts'))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(Object.keys(REPOSITORIES).sort()).toEqual(files);
    const unlisted: string[] = [];
    const stale: string[] = [];
    for (const [file, { module, tenancy }] of Object.entries(REPOSITORIES)) {
      const listed = [
        ...Object.keys(tenancy.reads ?? {}),
        ...Object.keys(tenancy.changes ?? {}),
        ...Object.keys(tenancy.unscoped ?? {}),
        ...(tenancy.pure ?? []),
      ];
      const functions = Object.keys(module).filter((name) => typeof module[name] === 'function');
      unlisted.push(...functions.filter((name) => !listed.includes(name)).map((name) => `${file}: ${name}`));
      stale.push(...listed.filter((name) => !functions.includes(name)).map((name) => `${file}: ${name}`));
    }
    expect(unlisted, 'add these to REPOSITORIES in tenancy.test.ts').toEqual([]);
    expect(stale).toEqual([]);
  });

  it('finds nothing of A’s, where the same call for A finds A’s rows', async () => {
    const wrong: string[] = [];
    for (const [file, { tenancy }] of Object.entries(REPOSITORIES)) {
      for (const [name, read] of Object.entries(tenancy.reads ?? {})) {
        const own = tracesOfA(await read(a.restaurantId));
        if (own.length === 0)
          wrong.push(`${file}: ${name} finds nothing for A either: the check proves nothing`);
        const traces = tracesOfA(await read(c.restaurantId));
        if (traces.length > 0) wrong.push(`${file}: ${name} found ${traces.join(', ')}`);
      }
    }
    // Beyond the repositories, the wallet's balance.
    expect(await walletBalance(db, a.restaurantId)).toBeGreaterThan(0);
    expect(await walletBalance(db, c.restaurantId)).toBe(0);
    expect(wrong).toEqual([]);
  });

  it('changes nothing of A’s and answers nothing', async () => {
    const wrong: string[] = [];
    for (const [file, { tenancy }] of Object.entries(REPOSITORIES)) {
      for (const [name, change] of Object.entries(tenancy.changes ?? {})) {
        const traces = tracesOfA(await change(c.restaurantId));
        if (traces.length > 0) wrong.push(`${file}: ${name} answered ${traces.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('afterwards', () => {
  it('every row of A is as it was', async () => {
    const after = await rowsOf(a.restaurantId);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(20);
    // A had rows in every table with a restaurant to change.
    expect(Object.keys(before).filter((table) => before[table]!.length === 0)).toEqual([]);
    for (const [table, rows] of Object.entries(before)) expect(after[table], table).toEqual(rows);
  });

  it('A’s own owner and guests reach every one of those things with the same calls', async () => {
    // So the 404s above are the tenant rule's, not calls that could reach nothing. Reads first, then
    // the calls with ids in a body, changes, and deletes last (the restaurant itself at the very end).
    const phase = (op: TOperationId, method: string) =>
      op === 'deleteRestaurant' ? 4 : method === 'GET' ? 0 : method === 'DELETE' ? 3 : 2;
    const calls: { phase: number; label: string; run: () => Promise<string | undefined> }[] = [];
    for (const [op, endpoint] of NAMING_ENDPOINTS) {
      if (isStream(endpoint)) continue;
      for (const call of callsOf(op, a, a)) {
        calls.push({
          phase: phase(op, endpoint.method),
          label: `${op} (${call.token ? 'staff' : 'guest'})`,
          run: async () => {
            const { statusCode, body } = await injectApi(t.app, endpoint, call);
            // A conflict with the thing's state (a table with open orders, a category with dishes)
            // found it.
            return statusCode < 300 || statusCode === 409 ? undefined : `answered ${statusCode}: ${body}`;
          },
        });
      }
    }
    for (const [key, naming] of Object.entries(NAMED_IN_BODY)) {
      if (typeof naming === 'string') continue;
      const endpoint = API_ENDPOINTS[key.split(' ')[0] as TOperationId] as Endpoint;
      calls.push({
        phase: 1,
        label: key,
        run: async () => {
          const { statusCode, body } = await injectApi(t.app, endpoint, naming.call(a, a));
          const expected = naming.own ?? endpoint.status ?? 200;
          return statusCode === expected ? undefined : `answered ${statusCode}: ${body}`;
        },
      });
    }
    const wrong: string[] = [];
    for (const call of calls.sort((x, y) => x.phase - y.phase)) {
      const problem = await call.run();
      if (problem) wrong.push(`${call.label} ${problem}`);
    }
    expect(wrong).toEqual([]);
  });
});

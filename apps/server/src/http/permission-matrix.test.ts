import { API_ENDPOINTS, type TOperationId } from '@tavolo/contract/api';
import { authEndpoints, type TSessionResponse } from '@tavolo/contract/auth';
import type { Endpoint } from '@tavolo/contract/endpoint';
import { floorEndpoints } from '@tavolo/contract/floor';
import { kitchenEndpoints, stationsEndpoints, type TStation } from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { menuImportEndpoints, type TMenuImportPreview } from '@tavolo/contract/menu-import';
import { ordersEndpoints, type TCreatedOrder, type TRecordedPayment } from '@tavolo/contract/orders';
import { PERMISSIONS, type TPermission } from '@tavolo/contract/permissions';
import { receiptsEndpoints } from '@tavolo/contract/receipts';
import { rolesEndpoints, staffEndpoints, type TRole, type TStaffMember } from '@tavolo/contract/staff';
import { serviceRequestsEndpoints, type TServiceRequest } from '@tavolo/contract/table-service';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { type TTaxRate, taxRatesEndpoints } from '@tavolo/contract/taxes';
import type { TSettlementAccount } from '@tavolo/contract/wallet';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers';
import { createAccount, creditWallet } from '../../test/money';
import { REQUIRED_ACCESS } from '../../test/required-access';

/**
 * Every protected operation of the API, walked from the contract's endpoint table: 401 without a
 * session; 403 for a staff member whose role holds every permission but the ones the operation
 * needs; 404 when its path names a real row of another restaurant; and success for a member holding
 * exactly one of the permissions it needs (each in turn). Signed-in operations that need no
 * permission succeed for a member whose role holds none.
 */

type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (an upload). */
  raw?: { payload: Buffer; contentType: string };
};
type Example = {
  /** A valid call in the session's restaurant, made fresh for each use (it may delete what it names). */
  call: () => Promise<Call>;
  /** The same call naming another restaurant's real row in its path. */
  foreign?: () => Call;
  /** Streams never end: their success is shown in events/sse.test.ts. */
  noSuccess?: true;
};

let t: TestApp;
let a: SeededRestaurant;
let b: SeededRestaurant & {
  order: TCreatedOrder;
  role: TRole;
  member: TStaffMember;
  payment: TRecordedPayment['payment'];
  account: TSettlementAccount;
  serviceRequest: TServiceRequest;
  station: TStation;
  taxRate: TTaxRate;
  receiptId: string;
  menuImportId: string;
};
let aAccount: TSettlementAccount;
let emptyRoleId: string;
let aOrder: TCreatedOrder;
let aMember: TStaffMember;
let counter = 100;
const next = () => ++counter;
const APPROVER_PIN = '424242';

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000', ORDER_LIMIT_PER_TABLE: '100000' },
  });
  a = await seedRestaurant(t.app, { tables: [1, 2] });
  const seededB = await seedRestaurant(t.app, { tables: [1] });
  const order = await placeGuestOrder(seededB);
  const role = await callApi(t.app, seededB.owner.token, rolesEndpoints.createRole, {
    body: { name: 'Theirs', permissions: [] },
  });
  const member = await callApi(t.app, seededB.owner.token, staffEndpoints.createStaffMember, {
    body: {
      name: 'Their Member',
      email: uniqueEmail('theirs'),
      password: 'their password 1',
      roleId: role.id,
    },
  });
  const { payment } = await callApi(t.app, seededB.owner.token, ordersEndpoints.recordPayment, {
    params: { id: order.id },
    body: { method: 'cash', amountMinor: order.totalMinor },
  });
  const account = await createAccount(t.app, seededB.owner.token);
  const serviceRequest = await callWaiter(seededB.tables[0]!);
  const [station] = (await callApi(t.app, seededB.owner.token, stationsEndpoints.listStations)).items;
  const taxRate = await callApi(t.app, seededB.owner.token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'Theirs', rateBasisPoints: 1000 },
  });
  const [receipt] = (await callApi(t.app, seededB.owner.token, receiptsEndpoints.listReceipts)).items;
  b = {
    ...seededB,
    order,
    role,
    member,
    payment,
    account,
    serviceRequest,
    station: station!,
    taxRate,
    receiptId: receipt!.id,
    menuImportId: await newMenuImport(seededB.owner.token),
  };
  emptyRoleId = (
    await callApi(t.app, a.owner.token, rolesEndpoints.createRole, {
      body: { name: 'Nothing', permissions: [] },
    })
  ).id;
  aOrder = await placeGuestOrder(a);
  aMember = await newMember();
  aAccount = await createAccount(t.app, a.owner.token);
  await creditWallet(t.database.db, a.owner.restaurantId, 1_000_000);
  // A colleague whose PIN approves voids and discounts for a member holding orders.create alone.
  const approver = await memberHolding(['orders.void', 'orders.discount']);
  const { staffId } = await callApi(t.app, approver, authEndpoints.me);
  await callApi(t.app, approver, staffEndpoints.setStaffPin, {
    params: { id: staffId! },
    body: { pin: APPROVER_PIN },
  });
});
afterAll(() => t.close());

// ---- fresh rows in restaurant A, made by its owner ------------------------------------------------

function placeGuestOrder(where: SeededRestaurant, table: TTable = where.tables[0]!) {
  return callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: table.qrToken, items: [{ menuItemId: where.items[0]!.id, quantity: 1 }] },
  });
}
const newCategory = () =>
  callApi(t.app, a.owner.token, categoriesEndpoints.createCategory, { body: { name: `Category ${next()}` } });
const newItem = () =>
  callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
    body: { categoryId: a.category.id, name: `Dish ${next()}`, priceMinor: 500 },
  });
const newTable = () =>
  callApi(t.app, a.owner.token, tablesEndpoints.createTable, { body: { number: next() } });
const newAccount = () => createAccount(t.app, a.owner.token, { accountNumber: `${next()}0000` });
async function newPayment() {
  const order = await placeGuestOrder(a);
  return (
    await callApi(t.app, a.owner.token, ordersEndpoints.recordPayment, {
      params: { id: order.id },
      body: { method: 'cash', amountMinor: order.totalMinor },
    })
  ).payment;
}
/** A guest's call from a table of its own (each table's requests are limited). */
const callWaiter = (table: TTable) =>
  callApi(t.app, null, serviceRequestsEndpoints.createServiceRequest, {
    body: { qrToken: table.qrToken, kind: 'waiter' },
  });
const newTaxRate = () =>
  callApi(t.app, a.owner.token, taxRatesEndpoints.createTaxRate, {
    body: { name: `Rate ${next()}`, rateBasisPoints: 1000 },
  });
/** A payment of A's new order, and its receipt. */
async function newReceipt(): Promise<string> {
  await newPayment();
  return (await callApi(t.app, a.owner.token, receiptsEndpoints.listReceipts)).items[0]!.id;
}
/** A business day of its own for each close (a day closes once), long begun. */
const pastDay = () => new Date(Date.UTC(2020, 0, 1) + next() * 86_400_000).toISOString().slice(0, 10);
/** A station with a printer that is off: the receipt is queued, and retried, all the same. */
let printing: Promise<TStation> | undefined;
const printingStation = () => {
  printing ??= callApi(t.app, a.owner.token, stationsEndpoints.createStation, {
    body: { name: 'Till', printer: { host: '127.0.0.1', port: 9 } },
  });
  return printing;
};
const newStation = () =>
  callApi(t.app, a.owner.token, stationsEndpoints.createStation, { body: { name: `Station ${next()}` } });
/** An order of restaurant A with its line 0 fired and made ready (recall takes it back). */
async function readyOrder() {
  const order = await placeGuestOrder(a);
  await callApi(t.app, a.owner.token, kitchenEndpoints.bumpLines, {
    body: { orderId: order.id, lineIndexes: [0], status: 'ready' },
  });
  return order;
}
const newRole = () =>
  callApi(t.app, a.owner.token, rolesEndpoints.createRole, {
    body: { name: `Role ${next()}`, permissions: [] },
  });
function newMember() {
  return callApi(t.app, a.owner.token, staffEndpoints.createStaffMember, {
    body: {
      name: 'Someone',
      email: uniqueEmail('member'),
      password: 'member password 1',
      roleId: emptyRoleId,
    },
  });
}

/** A CSV in the multipart field "file", as the web sends a spreadsheet to the menu import. */
function menuCsvUpload(csv: string) {
  const boundary = 'matrixcsvboundary';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A preview of an import adding one dish to the session's restaurant, as `token`. */
async function newMenuImport(token: string): Promise<string> {
  const { payload, contentType } = menuCsvUpload(`category,dish,price\r\nMains,Imported ${next()},5.00\r\n`);
  const response = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
    token,
    headers: { 'content-type': contentType },
    payload,
  });
  const preview = response.json<TMenuImportPreview>();
  if (response.statusCode !== 200 || preview.errors.length > 0) throw new Error(response.body);
  return preview.previewId;
}

async function png() {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abcdef' } })
    .png()
    .toBuffer();
  const boundary = 'matrixboundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const id = (value: string) => ({ id: value });
const restaurant = () => ({ restaurantId: a.owner.restaurantId });

// ---- one valid call per operation -----------------------------------------------------------------

const EXAMPLES: Partial<Record<TOperationId, Example>> = {
  // signed in, no permission
  me: { call: async () => ({}) },
  updatePreferences: { call: async () => ({ body: { language: 'it' } }) },
  logOut: { call: async () => ({}), noSuccess: true },
  changePassword: {
    call: async () => ({ body: { currentPassword: 'x', newPassword: 'new password 1' } }),
    noSuccess: true,
  },
  switchRestaurant: { call: async () => ({ body: { restaurantId: a.owner.restaurantId } }), noSuccess: true },
  listRestaurants: { call: async () => ({}) },
  // Owners only; here no backups are set up, so taking one answers 409 (backups.test.ts takes them).
  listBackups: { call: async () => ({}) },
  takeBackup: { call: async () => ({}), noSuccess: true },
  createRestaurant: {
    call: async () => ({ body: { name: 'More', currency: 'EUR', timezone: 'UTC' } }),
    noSuccess: true,
  },
  getRestaurant: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
  },
  deleteRestaurant: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
    noSuccess: true,
  },
  exportRestaurant: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
  },
  listCategories: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
  },
  listMenuItems: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  todayMenu: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  getMenuItem: {
    call: async () => ({ params: id(a.items[0]!.id) }),
    foreign: () => ({ params: id(b.items[0]!.id) }),
  },

  // settings
  updateRestaurant: {
    call: async () => ({ params: id(a.owner.restaurantId), body: { phone: '+39 000' } }),
    foreign: () => ({ params: id(b.owner.restaurantId), body: { phone: '+39 000' } }),
  },
  // menu
  createCategory: { call: async () => ({ body: { name: `Category ${next()}` } }) },
  reorderCategories: {
    call: async () => {
      const list = await callApi(t.app, a.owner.token, categoriesEndpoints.listCategories, {
        params: { id: a.owner.restaurantId },
      });
      return { body: { ids: list.items.map((c) => c.id).reverse() } };
    },
  },
  updateCategory: {
    call: async () => ({ params: id((await newCategory()).id), body: { name: `Category ${next()}` } }),
    foreign: () => ({ params: id(b.category.id), body: { name: `Category ${next()}` } }),
  },
  deleteCategory: {
    call: async () => ({ params: id((await newCategory()).id) }),
    foreign: () => ({ params: id(b.category.id) }),
  },
  createMenuItem: {
    call: async () => ({ body: { categoryId: a.category.id, name: `Dish ${next()}`, priceMinor: 100 } }),
  },
  updateMenuItem: {
    call: async () => ({ params: id((await newItem()).id), body: { priceMinor: 700 } }),
    foreign: () => ({ params: id(b.items[0]!.id), body: { priceMinor: 700 } }),
  },
  setSoldOut: {
    call: async () => ({ params: id((await newItem()).id), body: { soldOut: true } }),
    foreign: () => ({ params: id(b.items[0]!.id), body: { soldOut: true } }),
  },
  setStock: {
    call: async () => ({ params: id((await newItem()).id), body: { count: 12 } }),
    foreign: () => ({ params: id(b.items[0]!.id), body: { count: 12 } }),
  },
  deleteMenuItem: {
    call: async () => ({ params: id((await newItem()).id) }),
    foreign: () => ({ params: id(b.items[0]!.id) }),
  },
  uploadImage: { call: async () => ({ raw: await png() }) },
  menuCsv: { call: async () => ({}) },
  menuCsvTemplate: { call: async () => ({}) },
  previewMenuImport: {
    call: async () => ({ raw: menuCsvUpload(`category,dish,price\r\nMains,Dish ${next()},5.00\r\n`) }),
  },
  applyMenuImport: {
    call: async () => ({ params: { previewId: await newMenuImport(a.owner.token) } }),
    foreign: () => ({ params: { previewId: b.menuImportId } }),
  },
  // tables
  listTables: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  getTable: {
    call: async () => ({ params: id(a.tables[0]!.id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  createTable: { call: async () => ({ body: { number: next() } }) },
  updateTable: {
    call: async () => ({ params: id((await newTable()).id), body: { label: 'Window' } }),
    foreign: () => ({ params: id(b.tables[0]!.id), body: { label: 'Window' } }),
  },
  rotateTableQr: {
    call: async () => ({ params: id((await newTable()).id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  deleteTable: {
    call: async () => ({ params: id((await newTable()).id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  tableQrSvg: {
    call: async () => ({ params: id(a.tables[0]!.id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  tableQrPng: {
    call: async () => ({ params: id(a.tables[0]!.id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  // orders
  placeOrder: {
    call: async () => ({
      body: { tableId: a.tables[1]!.id, items: [{ menuItemId: a.items[0]!.id, quantity: 1 }] },
    }),
  },
  getOrder: { call: async () => ({ params: id(aOrder.id) }), foreign: () => ({ params: id(b.order.id) }) },
  listOrders: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  exportOrdersCsv: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  updateOrderStatus: {
    call: async () => ({ params: id((await placeGuestOrder(a)).id), body: { status: 'accepted' } }),
    foreign: () => ({ params: id(b.order.id), body: { status: 'accepted' } }),
  },
  restaurantStream: { call: async () => ({}), noSuccess: true },
  recordPayment: {
    call: async () => ({
      params: id((await placeGuestOrder(a)).id),
      body: { method: 'cash', amountMinor: 100 },
    }),
    foreign: () => ({ params: id(b.order.id), body: { method: 'cash', amountMinor: 100 } }),
  },
  // payments
  listPayments: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  paymentStats: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  orderPayments: {
    call: async () => ({ params: id(aOrder.id) }),
    foreign: () => ({ params: id(b.order.id) }),
  },
  refundPayment: {
    call: async () => ({ params: id((await newPayment()).id), body: { amountMinor: 1 } }),
    foreign: () => ({ params: id(b.payment.id), body: { amountMinor: 1 } }),
  },
  // wallet and settlement accounts
  listWalletTransactions: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  requestPayout: {
    call: async () => ({ body: { kind: 'payout', amountMinor: 1, settlementAccountId: aAccount.id } }),
  },
  listSettlementAccounts: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
  },
  createSettlementAccount: {
    call: async () => ({ body: { bankName: 'Bank', accountName: 'Name', accountNumber: `${next()}0000` } }),
  },
  updateSettlementAccount: {
    call: async () => ({ params: id((await newAccount()).id), body: { bankName: 'Renamed' } }),
    foreign: () => ({ params: id(b.account.id), body: { bankName: 'Renamed' } }),
  },
  deleteSettlementAccount: {
    call: async () => ({ params: id((await newAccount()).id) }),
    foreign: () => ({ params: id(b.account.id) }),
  },
  // online payments (staff start a checkout with their session; a guest's token is tested in online-payments.test.ts)
  startCheckout: {
    call: async () => ({ params: id((await placeGuestOrder(a)).id) }),
    foreign: () => ({ params: id(b.order.id) }),
  },
  // the table's bill (guests read and pay it with the table's code: table-bill.test.ts)
  listTableBills: {
    call: async () => ({ params: restaurant() }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  getStaffTableBill: {
    call: async () => ({ params: id(a.tables[0]!.id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  takeBillPayment: {
    call: async () => {
      const table = await newTable();
      await placeGuestOrder(a, table);
      return { params: id(table.id), body: { mode: 'full', method: 'cash', tenderedMinor: 100_000 } };
    },
    foreign: () => ({ params: id(b.tables[0]!.id), body: { mode: 'full', method: 'card' } }),
  },
  closeTableBill: {
    call: async () => ({ params: id(a.tables[1]!.id), body: {} }),
    foreign: () => ({ params: id(b.tables[0]!.id), body: {} }),
  },
  // the floor (floor.test.ts): B's table 1 has a guest's order, so its visit is open
  getFloor: { call: async () => ({}) },
  getFloorTable: {
    call: async () => ({ params: id(a.tables[0]!.id) }),
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  openTable: {
    call: async () => ({ params: id((await newTable()).id), body: { covers: 2 } }),
    foreign: () => ({ params: id(b.tables[0]!.id), body: { covers: 2 } }),
  },
  updateVisit: {
    call: async () => {
      const table = await newTable();
      await callApi(t.app, a.owner.token, floorEndpoints.openTable, {
        params: id(table.id),
        body: { covers: 2 },
      });
      return { params: id(table.id), body: { covers: 3 } };
    },
    foreign: () => ({ params: id(b.tables[0]!.id), body: { covers: 3 } }),
  },
  // roles and staff
  listRoles: { call: async () => ({}) },
  createRole: { call: async () => ({ body: { name: `Role ${next()}`, permissions: [] } }) },
  updateRole: {
    call: async () => ({ params: id((await newRole()).id), body: { name: `Role ${next()}` } }),
    foreign: () => ({ params: id(b.role.id), body: { name: `Role ${next()}` } }),
  },
  deleteRole: {
    call: async () => ({ params: id((await newRole()).id) }),
    foreign: () => ({ params: id(b.role.id) }),
  },
  listStaff: {
    call: async () => ({ params: id(a.owner.restaurantId) }),
    foreign: () => ({ params: id(b.owner.restaurantId) }),
  },
  getStaffMember: {
    call: async () => ({ params: id(aMember.id) }),
    foreign: () => ({ params: id(b.member.id) }),
  },
  createStaffMember: {
    call: async () => ({
      body: { name: 'New One', email: uniqueEmail('new'), password: 'new password 1', roleId: emptyRoleId },
    }),
  },
  updateStaffMember: {
    call: async () => ({ params: id((await newMember()).id), body: { name: 'Changed' } }),
    foreign: () => ({ params: id(b.member.id), body: { name: 'Changed' } }),
  },
  deleteStaffMember: {
    call: async () => ({ params: id((await newMember()).id) }),
    foreign: () => ({ params: id(b.member.id) }),
  },
  setStaffPin: {
    // One's own PIN: the member the matrix signs in without permissions.
    call: async () => {
      const { staffId } = await callApi(t.app, await memberHolding([]), authEndpoints.me);
      return { params: id(staffId!), body: { pin: String(100_000 + next()) } };
    },
    foreign: () => ({ params: id(b.member.id), body: { pin: '5150' } }),
  },
  // order changes (a member holding orders.create alone is approved by a colleague's PIN)
  changeOrderLine: {
    call: async () => ({
      params: { id: (await placeGuestOrder(a)).id, lineIndex: '0' },
      body: { note: 'no onions' },
    }),
    foreign: () => ({ params: { id: b.order.id, lineIndex: '0' }, body: { note: 'no onions' } }),
  },
  voidOrderLine: {
    call: async () => ({
      params: { id: (await placeGuestOrder(a)).id, lineIndex: '0' },
      body: { quantity: 1, reason: 'guest_changed_mind', approvalPin: APPROVER_PIN },
    }),
    foreign: () => ({ params: { id: b.order.id, lineIndex: '0' }, body: { quantity: 1, reason: 'other' } }),
  },
  discountOrder: {
    call: async () => ({
      params: id((await placeGuestOrder(a)).id),
      body: { percent: 10, reason: 'complaint', approvalPin: APPROVER_PIN },
    }),
    foreign: () => ({ params: id(b.order.id), body: { percent: 10, reason: 'other' } }),
  },
  moveOrder: {
    call: async () => ({ params: id((await placeGuestOrder(a)).id), body: { tableId: a.tables[1]!.id } }),
    foreign: () => ({ params: id(b.order.id), body: { tableId: a.tables[1]!.id } }),
  },
  mergeTables: {
    call: async () => {
      const [into, from] = [await newTable(), await newTable()];
      await placeGuestOrder(a, from);
      return { params: id(into.id), body: { fromTableId: from.id } };
    },
    foreign: () => ({ params: id(b.tables[0]!.id), body: { fromTableId: a.tables[0]!.id } }),
  },
  transferTable: {
    call: async () => {
      const [from, to] = [await newTable(), await newTable()];
      await placeGuestOrder(a, from);
      return { params: id(from.id), body: { toTableId: to.id } };
    },
    foreign: () => ({ params: id(b.tables[0]!.id), body: { toTableId: a.tables[1]!.id } }),
  },
  clearTable: {
    call: async () => {
      const table = await newTable();
      await callApi(t.app, a.owner.token, floorEndpoints.openTable, {
        params: id(table.id),
        body: { covers: 2 },
      });
      return { params: id(table.id) };
    },
    foreign: () => ({ params: id(b.tables[0]!.id) }),
  },
  listWaiters: { call: async () => ({}) },
  // stations and the kitchen
  listStations: { call: async () => ({}) },
  createStation: { call: async () => ({ body: { name: `Station ${next()}` } }) },
  updateStation: {
    call: async () => ({ params: id((await newStation()).id), body: { name: `Station ${next()}` } }),
    foreign: () => ({ params: id(b.station.id), body: { name: 'Mine' } }),
  },
  deleteStation: {
    call: async () => ({ params: id((await newStation()).id) }),
    foreign: () => ({ params: id(b.station.id) }),
  },
  getKitchen: {
    call: async () => ({}),
    foreign: () => ({ query: { stationId: b.station.id } }),
  },
  bumpLines: {
    call: async () => ({
      body: { orderId: (await placeGuestOrder(a)).id, lineIndexes: [0], status: 'preparing' },
    }),
    foreign: () => ({ body: { orderId: b.order.id, lineIndexes: [0], status: 'preparing' } }),
  },
  recallLines: {
    call: async () => ({ body: { orderId: (await readyOrder()).id, lineIndexes: [0] } }),
    foreign: () => ({ body: { orderId: b.order.id, lineIndexes: [0] } }),
  },
  acknowledgeLines: {
    call: async () => ({ body: { orderId: (await placeGuestOrder(a)).id, lineIndexes: [0] } }),
    foreign: () => ({ body: { orderId: b.order.id, lineIndexes: [0] } }),
  },
  reprintTicket: {
    call: async () => {
      // A station with a printer (that refuses: printing is retried in the background) and a dish of its own.
      const station = await callApi(t.app, a.owner.token, stationsEndpoints.createStation, {
        body: { name: `Printing ${next()}`, printer: { host: '127.0.0.1', port: 9 } },
      });
      const category = await callApi(t.app, a.owner.token, categoriesEndpoints.createCategory, {
        body: { name: `Printed ${next()}`, stationId: station.id },
      });
      const dish = await callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
        body: { categoryId: category.id, name: `Printed dish ${next()}`, priceMinor: 500 },
      });
      const order = await callApi(t.app, a.owner.token, ordersEndpoints.placeOrder, {
        body: { tableId: a.tables[0]!.id, items: [{ menuItemId: dish.id, quantity: 1 }] },
      });
      return { body: { orderId: order.id, stationId: station.id, course: 2 } };
    },
    foreign: () => ({ body: { orderId: b.order.id, stationId: b.station.id, course: 2 } }),
  },
  fireCourse: {
    call: async () => {
      const order = await callApi(t.app, a.owner.token, ordersEndpoints.placeOrder, {
        body: {
          tableId: a.tables[0]!.id,
          items: [
            { menuItemId: a.items[0]!.id, quantity: 1, course: 1 },
            { menuItemId: a.items[0]!.id, quantity: 1, course: 2 },
          ],
        },
      });
      return { params: id(order.id), body: { course: 2 } };
    },
    foreign: () => ({ params: id(b.order.id), body: { course: 2 } }),
  },
  kitchenStats: { call: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }) },
  // dashboard: figures of the session's restaurant, nothing named in the path
  dashboardOverview: { call: async () => ({}) },
  revenueChart: { call: async () => ({ query: { year: '2026' } }) },
  orderSummary: { call: async () => ({ query: { period: 'week' } }) },
  menuItemStats: { call: async () => ({ query: { period: 'month' } }) },
  // the audit log: the session's restaurant's, nothing named in the path
  listAudit: { call: async () => ({ query: { kind: 'payment.recorded', page: '1', pageSize: '10' } }) },
  auditSummary: { call: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }) },
  // shared devices: the matrix sends no device cookie, so forgetting one finds none (devices.test.ts)
  markDevice: { call: async () => ({ body: { name: `Till ${next()}` } }) },
  forgetDevice: { call: async () => ({}), noSuccess: true },
  // service requests: guests make them with the table's code (service-requests.test.ts); staff read and acknowledge
  listServiceRequests: { call: async () => ({ query: { status: 'open' } }) },
  acknowledgeServiceRequest: {
    call: async () => ({
      params: id((await callWaiter(await newTable())).id),
      body: { status: 'acknowledged' },
    }),
    foreign: () => ({ params: id(b.serviceRequest.id), body: { status: 'acknowledged' } }),
  },
  // reviews: guests post them (no session, not in the matrix); staff with reviews.view read them
  getOrderReview: {
    call: async () => ({ params: { orderId: aOrder.id } }),
    foreign: () => ({ params: { orderId: b.order.id } }),
  },
  listReviews: {
    call: async () => ({ params: restaurant(), query: { rating: '5', page: '1', pageSize: '10' } }),
    foreign: () => ({ params: { restaurantId: b.owner.restaurantId } }),
  },
  // taxes, receipts and the day's close
  listTaxRates: { call: async () => ({}) },
  createTaxRate: { call: async () => ({ body: { name: `Rate ${next()}`, rateBasisPoints: 2200 } }) },
  updateTaxRate: {
    call: async () => ({
      params: id((await newTaxRate()).id),
      body: { name: `Rate ${next()}`, rateBasisPoints: 500 },
    }),
    foreign: () => ({ params: id(b.taxRate.id), body: { name: 'Mine', rateBasisPoints: 0 } }),
  },
  deleteTaxRate: {
    call: async () => ({ params: id((await newTaxRate()).id) }),
    foreign: () => ({ params: id(b.taxRate.id) }),
  },
  listReceipts: { call: async () => ({ query: { page: '1', pageSize: '5' } }) },
  exportReceiptsCsv: { call: async () => ({}) },
  getReceipt: {
    call: async () => ({ params: id(await newReceipt()) }),
    foreign: () => ({ params: id(b.receiptId) }),
  },
  getReceiptPdf: {
    call: async () => ({ params: id(await newReceipt()) }),
    foreign: () => ({ params: id(b.receiptId) }),
  },
  emailReceipt: {
    call: async () => ({ params: id(await newReceipt()), body: { email: 'guest@example.com' } }),
    foreign: () => ({ params: id(b.receiptId), body: { email: 'guest@example.com' } }),
  },
  printReceipt: {
    call: async () => ({ params: id(await newReceipt()), body: { stationId: (await printingStation()).id } }),
    foreign: () => ({ params: id(b.receiptId), body: { stationId: b.station.id } }),
  },
  listClosedDays: { call: async () => ({}) },
  getDay: { call: async () => ({ params: { date: pastDay() } }) },
  closeDay: { call: async () => ({ params: { date: pastDay() }, body: { cashCountedMinor: 0 } }) },
};

// ---- members of restaurant A holding chosen permissions -------------------------------------------

const members = new Map<string, Promise<string>>();

/** A signed-in staff member of restaurant A whose role holds exactly `permissions`. */
function memberHolding(permissions: readonly TPermission[]): Promise<string> {
  const key = [...permissions].sort().join(',');
  let token = members.get(key);
  if (!token) {
    token = (async () => {
      const role = await callApi(t.app, a.owner.token, rolesEndpoints.createRole, {
        body: { name: `Holds ${next()}`, permissions: [...permissions] },
      });
      const email = uniqueEmail('matrix');
      await callApi(t.app, a.owner.token, staffEndpoints.createStaffMember, {
        body: { name: 'Matrix', email, password: 'matrix password 1', roleId: role.id },
      });
      const login = await injectApi(t.app, authEndpoints.logIn, {
        query: { staff: 'true' },
        body: { email, password: 'matrix password 1' },
      });
      return login.json<TSessionResponse>().token!;
    })();
    members.set(key, token);
  }
  return token;
}

async function send(endpoint: Endpoint, call: Call, token?: string) {
  const { params, query, body, raw } = call;
  if (raw) {
    return injectApi(t.app, endpoint, {
      token,
      params,
      query,
      headers: { 'content-type': raw.contentType },
      payload: raw.payload,
    });
  }
  return injectApi(t.app, endpoint, { token, params, query, body });
}

// ---- the matrix -------------------------------------------------------------------------------------

// Expectations come from REQUIRED_ACCESS, written apart from the contract: an operation whose access
// changes in one and not the other fails here, by what the server answers.
const operations = Object.entries(API_ENDPOINTS) as [TOperationId, Endpoint][];
const protectedOperations = operations.filter(([operationId]) => {
  const required = REQUIRED_ACCESS[operationId];
  return (
    required !== 'public' &&
    !(typeof required === 'object' && 'guest' in required && required.staff.length === 0)
  );
});
const needed = (operationId: TOperationId): readonly TPermission[] => {
  const required = REQUIRED_ACCESS[operationId];
  if (Array.isArray(required)) return required;
  return typeof required === 'object' && 'guest' in required ? required.staff : [];
};
const ownersOnly = (operationId: TOperationId) => REQUIRED_ACCESS[operationId] === 'owner';

describe('the permission matrix', () => {
  it('knows who may call every operation of the contract, and nothing else', () => {
    expect(Object.keys(REQUIRED_ACCESS).sort()).toEqual(
      operations.map(([operationId]) => operationId).sort(),
    );
  });

  it('has an example for every protected operation of the contract', () => {
    const missing = protectedOperations.map(([operationId]) => operationId).filter((op) => !EXAMPLES[op]);
    expect(missing).toEqual([]);
    expect(protectedOperations.length).toBeGreaterThanOrEqual(40);
  });

  it.each(protectedOperations)('%s', async (operationId, endpoint) => {
    const example = EXAMPLES[operationId]!;
    const label = `${endpoint.method} ${endpoint.path}`;
    const success = endpoint.status ?? 200;

    // No session: 401, however valid the call.
    expect((await send(endpoint, await example.call())).statusCode, `${label} without a session`).toBe(401);

    const permissions = needed(operationId);
    if (ownersOnly(operationId)) {
      // A member holding every permission is still not the owner: 403.
      const everything = await memberHolding(PERMISSIONS);
      const refused = await send(endpoint, await example.call(), everything);
      expect(refused.statusCode, `${label} as staff: ${refused.body.slice(0, 200)}`).toBe(403);
    }
    if (permissions.length > 0) {
      // Every permission but the needed ones: 403.
      const lacking = await memberHolding(PERMISSIONS.filter((p) => !permissions.includes(p)));
      const refused = await send(endpoint, await example.call(), lacking);
      expect(
        refused.statusCode,
        `${label} lacking ${permissions.join('|')}: ${refused.body.slice(0, 200)}`,
      ).toBe(403);
    }

    // Another restaurant's row named in the path: 404, as for the owner who holds everything.
    if (example.foreign) {
      const foreign = await send(endpoint, example.foreign(), a.owner.token);
      expect(
        foreign.statusCode,
        `${label} naming another restaurant's row: ${foreign.body.slice(0, 200)}`,
      ).toBe(404);
    }

    if (example.noSuccess) return;
    // Exactly one of the needed permissions (each in turn), or none for a signed-in operation;
    // the owner for an owners-only one.
    if (ownersOnly(operationId)) {
      const response = await send(endpoint, await example.call(), a.owner.token);
      expect(response.statusCode, `${label} as the owner: ${response.body.slice(0, 300)}`).toBe(success);
      return;
    }
    for (const holding of permissions.length > 0 ? permissions.map((p) => [p]) : [[]]) {
      const token = await memberHolding(holding);
      const response = await send(endpoint, await example.call(), token);
      expect(
        response.statusCode,
        `${label} holding [${holding.join(',')}]: ${response.body.slice(0, 300)}`,
      ).toBe(success);
    }
  });
});

import type { TAuditKind } from '@tavolo/contract/audit';
import type { Language } from '@tavolo/contract/languages';
import type { TCategoryTranslations, TMenuItemTranslations, TOptionGroup } from '@tavolo/contract/menu';
import type { TOrderLine, TStatusChange } from '@tavolo/contract/orders';
import type { TDayReport, TReceiptLine, TReceiptSeller } from '@tavolo/contract/receipts';
import type { TTaxPart } from '@tavolo/contract/taxes';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** Raw bytes; node-postgres answers a Buffer, the embedded engine a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const owners = pgTable('owners', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** The language the dashboard speaks to them; null: their browser's. */
  language: text('language').$type<Language>(),
  createdAt: createdAt(),
});

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    currency: text('currency').notNull(),
    timezone: text('timezone').notNull(),
    /** Hundredths of a percent, so 12.5 % is 1250: exact, no floats in the database. */
    serviceChargeBasisPoints: integer('service_charge_bp').notNull().default(0),
    /** The menu's languages; the first is the working language (the base texts, tickets, receipts). */
    languages: text('languages').array().$type<Language[]>().notNull().default(sql`'{en}'::text[]`),
    /** Bumped by every change a guest's menu shows (menu, profile, tables): guest-menu caches key on it. */
    menuVersion: integer('menu_version').notNull().default(0),
    /** The last order number handed out: order numbers are short and per restaurant. */
    orderSeq: integer('order_seq').notNull().default(0),
    /** The last live event's number: events are numbered per restaurant, in commit order. */
    eventSeq: integer('event_seq').notNull().default(0),
    /** The legal block of receipts (PRODUCT.md §11). */
    legalName: text('legal_name'),
    taxId: text('tax_id'),
    /** Menu prices include tax (what the guest pays); false: tax is added on top. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /** When a business day ends and the next begins, local time, as minutes after midnight (04:00 = 240). */
    businessDayStartMinutes: smallint('business_day_start_minutes').notNull().default(240),
    createdAt: createdAt(),
  },
  (t) => [
    index('restaurants_owner_idx').on(t.ownerId),
    check('restaurants_languages_not_empty', sql`cardinality(${t.languages}) >= 1`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_restaurant_name_idx').on(t.restaurantId, t.name)],
);

export const staff = pgTable(
  'staff',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language the dashboard speaks to them; null: their browser's. */
    language: text('language').$type<Language>(),
    /**
     * Their approval PIN (PRODUCT.md §9), hashed with the restaurant's id so it can be looked up
     * and kept unique in the restaurant; null: none set.
     */
    pinHash: text('pin_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_restaurant_idx').on(t.restaurantId),
    uniqueIndex('staff_restaurant_pin_idx')
      .on(t.restaurantId, t.pinHash)
      .where(sql`${t.pinHash} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userType: text('user_type', { enum: ['owner', 'staff'] }).notNull(),
    ownerId: uuid('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_owner_idx').on(t.ownerId), index('sessions_staff_idx').on(t.staffId)],
);

/**
 * Shared devices (PRODUCT.md §9): a browser an owner or a manager marked as the restaurant's, by an
 * HttpOnly cookie whose token is kept here only as a hash. Staff switch in on it by name and PIN.
 */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** SHA-256 of the device cookie's token. */
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    /** Minutes without input before the device locks to its name picker. */
    lockMinutes: integer('lock_minutes').notNull().default(5),
    /** The owner or staff member who marked it (either kind of account: no foreign key). */
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('devices_restaurant_idx').on(t.restaurantId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userType: text('user_type', { enum: ['owner', 'staff'] }).notNull(),
  ownerId: uuid('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
  staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every e-mail the server "sent" while no SMTP server is configured (SMTP_URL unset). */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server instance (login, reset, order spam). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Where lines are prepared (PRODUCT.md §10): every restaurant has its default station, "Kitchen",
 * made with the restaurant by a trigger (migration 0025), which takes what no other station does.
 */
export const stations = pgTable(
  'stations',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    printerHost: text('printer_host'),
    printerPort: integer('printer_port'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stations_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`),
    // One default station per restaurant.
    uniqueIndex('stations_restaurant_default_idx').on(t.restaurantId).where(sql`${t.isDefault}`),
  ],
);

/** A restaurant's tax rates; exactly one is the default once there is one (PRODUCT.md §11). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rateBasisPoints: integer('rate_bp').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`),
    uniqueIndex('tax_rates_restaurant_default_idx').on(t.restaurantId).where(sql`${t.isDefault}`),
    check('tax_rates_rate_bp_range', sql`${t.rateBasisPoints} BETWEEN 0 AND 10000`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Name and description in the restaurant's other languages (decision 028). */
    translations: jsonb('translations').$type<TCategoryTranslations>().notNull().default({}),
    position: integer('position').notNull(),
    /** Where its dishes are prepared; null = the default station. */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** Its dishes' course: 0 fires at once, 1–5 in turn; Mains unless set (DEFAULT_CATEGORY_COURSE). */
    course: smallint('course').notNull().default(2),
    /** The rate its dishes are sold at; null = the default rate. A rate in use cannot be deleted. */
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique per restaurant whatever their case: "Pizza" and "pizza" are one category.
  (t) => [uniqueIndex('categories_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    priceMinor: integer('price_minor').notNull(),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    availableDays: smallint('available_days').array().notNull().default(sql`'{}'::smallint[]`),
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    /** Units left to order; null: not counted. Orders take from it, voids give back (decision 035). */
    stockCount: integer('stock_count'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    prepMinutes: integer('prep_minutes'),
    options: jsonb('options').$type<TOptionGroup[]>().notNull().default([]),
    /** Texts in the restaurant's other languages, options by their working-language names (decision 028). */
    translations: jsonb('translations').$type<TMenuItemTranslations>().notNull().default({}),
    position: integer('position').notNull(),
    /** Where it is prepared instead of its category's station; null = the category's. */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** The rate it is sold at instead of its category's; null = the category's. */
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('menu_items_restaurant_category_idx').on(t.restaurantId, t.categoryId, t.position),
    check('menu_items_stock_count_not_negative', sql`${t.stockCount} >= 0`),
  ],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    label: text('label'),
    seats: integer('seats'),
    /** Where it stands ("Terrace"): the floor groups tables by it. */
    area: text('area'),
    active: boolean('active').notNull().default(true),
    /** What the printed QR code carries; rotating it invalidates the printed code. */
    qrToken: text('qr_token').notNull().unique(),
    /** The current visit (its bill): orders placed here since the last bill was settled or closed. */
    visitId: uuid('visit_id').notNull().defaultRandom(),
    /**
     * The current visit as staff opened it (PRODUCT.md §9): its guests, its waiter and since when.
     * Null until staff seat the table (a guest's QR order opens a visit without them); emptied when
     * the visit ends.
     */
    visitCovers: integer('visit_covers'),
    visitWaiterId: uuid('visit_waiter_id').references(() => staff.id, { onDelete: 'set null' }),
    visitOpenedAt: timestamp('visit_opened_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dining_tables_restaurant_number_idx').on(t.restaurantId, t.number)],
);

/**
 * Stored images and their bytes, so every instance serves every image (docs/decisions/011).
 * `storageKey` is `<restaurantId>/<uuid>.webp`, the tail of the URL the image is served at.
 */
export const uploads = pgTable('uploads', {
  id: id(),
  restaurantId: uuid('restaurant_id')
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  url: text('url').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** The re-encoded image. Null only for an image still on the disk of the instance that took it (before 011). */
  data: bytea('data'),
  createdAt: createdAt(),
});

/** An order line as stored: lines written before migration 0023 lack seat, course, voids and discounts. */
/** Fields lines placed before them were stored without (migrations 0023, 0025, 0029; kitchen notices). */
type LaterLineFields =
  | 'seat'
  | 'course'
  | 'voidedQuantity'
  | 'discountMinor'
  | 'stationId'
  | 'kitchenStatus'
  | 'firedAt'
  | 'startedAt'
  | 'readyAt'
  | 'voidedAt'
  | 'kitchenNotice'
  | 'tax';
export type StoredOrderLine = Omit<TOrderLine, LaterLineFields> & Partial<Pick<TOrderLine, LaterLineFields>>;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    tableNumber: integer('table_number').notNull(),
    source: text('source', { enum: ['qr', 'staff'] }).notNull(),
    /** Who took a staff order (kept by name too: the member may be deleted later). */
    takenById: uuid('taken_by_id'),
    takenByName: text('taken_by_name'),
    status: text('status', {
      enum: ['pending', 'accepted', 'preparing', 'ready', 'served', 'completed', 'cancelled'],
    }).notNull(),
    /** Names and prices copied at order time: later menu edits never change a placed order. */
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    /** Discounts given on the order, already taken off its lines and subtotal. */
    discountMinor: integer('discount_minor').notNull().default(0),
    serviceChargeMinor: integer('service_charge_minor').notNull(),
    tipMinor: integer('tip_minor').notNull(),
    /** Taxes frozen at order time (PRODUCT.md §11); orders placed before migration 0029 have none. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /** Null on orders placed before taxes: their net is their total less their tip. */
    netMinor: integer('net_minor'),
    taxMinor: integer('tax_minor').notNull().default(0),
    taxes: jsonb('taxes').$type<TTaxPart[]>().notNull().default([]),
    serviceChargeTax: jsonb('service_charge_tax').$type<TTaxPart>(),
    totalMinor: integer('total_minor').notNull(),
    paidMinor: integer('paid_minor').notNull().default(0),
    /** Refunds given back on the order's payments (paidMinor is already net of them). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'refunded', 'partially_refunded'] })
      .notNull()
      .default('unpaid'),
    currency: text('currency').notNull(),
    note: text('note'),
    customerName: text('customer_name'),
    /** SHA-256 of the token that lets the guest who placed it follow it. */
    guestTokenHash: text('guest_token_hash'),
    statusHistory: jsonb('status_history').$type<TStatusChange[]>().notNull(),
    /** One more with every change, so clients keep the newer of two copies. */
    version: integer('version').notNull().default(1),
    /**
     * The table visit whose bill it was on, set when that visit ends; null while the order is on its
     * table's current bill (so the open bill is a small partial index however long the history).
     */
    visitId: uuid('visit_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_restaurant_number_idx').on(t.restaurantId, t.number),
    index('orders_restaurant_status_created_idx').on(t.restaurantId, t.status, t.createdAt),
    // Migration 0012 rebuilds it covering (INCLUDE status, total_minor), which drizzle cannot declare.
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('orders_table_idx').on(t.tableId),
    // The orders under way (the Overview's live counts): a small index however long the history.
    index('orders_table_open_bill_idx').on(t.tableId).where(sql`${t.visitId} IS NULL`),
    index('orders_restaurant_open_idx')
      .on(t.restaurantId, t.status)
      .where(sql`${t.status} NOT IN ('completed', 'cancelled')`),
  ],
);

/**
 * Each table's open bill in figures (its orders with no visit yet, cancelled ones left out), kept
 * by triggers on orders (migration 0020) so placing orders reads one row per table instead of
 * summing the bill. A missing row means "not counted yet": the next change counts it in full.
 */
export const tableOpenBills = pgTable('table_open_bills', {
  tableId: uuid('table_id')
    .primaryKey()
    .references(() => diningTables.id, { onDelete: 'cascade' }),
  restaurantId: uuid('restaurant_id').notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  paidMinor: bigint('paid_minor', { mode: 'number' }).notNull(),
});

/**
 * Answers already given to requests with an Idempotency-Key, so a retry replays the first answer.
 * `scope` keeps one client's keys apart from another's (a table's code, a signed-in user).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Set with `response` when the work under the key committed; null while it runs. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The live layer's log: every order and menu change, written in the change's own transaction and
 * numbered per restaurant under the restaurant's row lock, so numbers follow commit order and a
 * client that reconnects with Last-Event-ID misses nothing.
 */
export const restaurantEvents = pgTable(
  'restaurant_events',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    /** The order the event is about, so a guest's stream can follow just theirs. */
    orderId: uuid('order_id'),
    /** The table the event is about, so a table's stream can follow just its own. */
    tableId: uuid('table_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.seq] }),
    index('restaurant_events_created_idx').on(t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    method: text('method', { enum: ['cash', 'card', 'transfer', 'online'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] }).notNull(),
    /** The provider's fee for online payments (0 for cash, card, transfer). */
    feeMinor: integer('fee_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    provider: text('provider'),
    reference: text('reference'),
    /** An online payment's page at its provider, handed out again when the same checkout is retried. */
    checkoutUrl: text('checkout_url'),
    /** Where the provider's page sends the payer back to (a path in this app). */
    returnUrl: text('return_url'),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name'),
    /** The payment at the table this one is the order's part of (bill_payments); null otherwise. */
    billPaymentId: uuid('bill_payment_id').references(() => billPayments.id, { onDelete: 'set null' }),
    /** When the money arrived (revenue is dated by it); null while an online payment is pending. */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    // Migration 0012 rebuilds it covering (INCLUDE status, amount_minor), which drizzle cannot declare.
    index('payments_restaurant_succeeded_idx').on(t.restaurantId, t.succeededAt),
  ],
);

/** Money given back against a payment; the payment keeps the running `refundedMinor`. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason'),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('payment_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Provider events already handled, by the provider's own event id: a replayed webhook finds its
 * row and changes nothing.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Where payouts go. Exactly one live account per restaurant is the default. */
export const settlementAccounts = pgTable(
  'settlement_accounts',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Set instead of deleting an account that received payouts, so the ledger keeps pointing at it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('settlement_accounts_restaurant_idx').on(t.restaurantId),
    uniqueIndex('settlement_accounts_one_default_idx')
      .on(t.restaurantId)
      .where(sql`${t.isDefault} AND ${t.archivedAt} IS NULL`),
  ],
);

/**
 * One row per restaurant holding the wallet's balance. Every ledger entry locks it first, so
 * concurrent payouts queue; the check makes a negative balance impossible even for a bug.
 */
export const wallets = pgTable(
  'wallets',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balanceMinor} >= 0`)],
);

/** The wallet's ledger: the balance always equals credits minus debits. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['credit', 'debit'] }).notNull(),
    kind: text('kind', { enum: ['payment', 'tip', 'fee', 'payout', 'refund', 'adjustment'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    reference: text('reference'),
    description: text('description').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    settlementAccountId: uuid('settlement_account_id').references(() => settlementAccounts.id),
    createdAt: createdAt(),
    /**
     * Write order: entries written at the same instant (a test's, or a bulk load's) still have a
     * last one, so "the balance after the last entry before an instant" is one index probe.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('wallet_transactions_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.seq),
    index('wallet_transactions_settlement_account_idx').on(t.settlementAccountId),
    check('wallet_transactions_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/*
 * The dashboard's daily rollups, per restaurant and local day (the restaurant's time zone). Kept by
 * triggers on orders, payments, payment_refunds and restaurants.timezone in the transaction of the
 * change that moves them; dashboard_rebuild(restaurant) recomputes them from the base tables.
 * Decision 018 explains the design. Rows are never read without their restaurant.
 */

/** Orders placed that day (cancelled excluded) and their totals; revenue received minus refunds given. */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    ordersTotalMinor: bigint('orders_total_minor', { mode: 'number' }).notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day] })],
);

/** Orders placed that day, every status (cancelled included), counted in their current status. */
export const dashboardDailyStatus = pgTable(
  'dashboard_daily_status',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.status] })],
);

/**
 * The lines of that day's orders (cancelled excluded) by dish id and the name they were ordered by.
 * `lines` counts them, so a group whose orders were all cancelled (0 lines) is no dish sold.
 */
export const dashboardDailyDishes = pgTable(
  'dashboard_daily_dishes',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    menuItemId: uuid('menu_item_id').notNull(),
    name: text('name').notNull(),
    lines: integer('lines').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.menuItemId, t.name] })],
);

/**
 * Every review of a restaurant summed, kept by a trigger on reviews in the review's own transaction,
 * so the Overview's rating reads one row however many reviews there are (decision 018).
 */
export const dashboardRatings = pgTable('dashboard_ratings', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
});

/**
 * A guest's review of an order: one per order (the unique index turns a racing second post into a
 * conflict). The comment is kept as the guest wrote it; it is only ever shown as text.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    guestName: text('guest_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_idx').on(t.orderId),
    index('reviews_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A guest calling staff to their table: a waiter, the bill, or a short message. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    tableNumber: integer('table_number').notNull(),
    kind: text('kind', { enum: ['waiter', 'bill', 'message'] }).notNull(),
    message: text('message'),
    status: text('status', { enum: ['open', 'acknowledged'] })
      .notNull()
      .default('open'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: uuid('acknowledged_by_id'),
    acknowledgedByName: text('acknowledged_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_requests_restaurant_status_idx').on(t.restaurantId, t.status, t.createdAt),
    index('service_requests_table_created_idx').on(t.tableId, t.createdAt),
  ],
);

/**
 * A payment towards a table's bill (the whole of it, an equal share, or chosen items) with its tip.
 * When it succeeds it becomes one `payments` row per order it pays (`amount_minor` spread over the
 * orders, revenue as any payment), and the tip stays here, apart from revenue.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').notNull(),
    mode: text('mode', { enum: ['full', 'equal', 'items', 'amount'] }).notNull(),
    parts: integer('parts'),
    /**
     * An equal share's split: every share of one split carries its id and what it splits (what
     * was free to pay when its first share started), so its shares keep one size (decision 022).
     * Null for other modes and for shares taken before migration 0021.
     */
    splitId: uuid('split_id'),
    splitDueMinor: integer('split_due_minor'),
    amountMinor: integer('amount_minor').notNull(),
    tipMinor: integer('tip_minor').notNull().default(0),
    currency: text('currency').notNull(),
    method: text('method', { enum: ['online', 'cash', 'card'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider'),
    reference: text('reference'),
    checkoutUrl: text('checkout_url'),
    returnUrl: text('return_url'),
    /** Until when a pending checkout holds its items and amount against other payers. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    feeMinor: integer('fee_minor').notNull().default(0),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bill_payments_table_visit_idx').on(t.tableId, t.visitId),
    index('bill_payments_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('bill_payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('bill_payments_tip_not_negative', sql`${t.tipMinor} >= 0`),
    check(
      'bill_payments_split_of_equal_share',
      sql`${t.splitId} IS NULL OR (${t.mode} = 'equal' AND ${t.parts} IS NOT NULL AND ${t.splitDueMinor} IS NOT NULL)`,
    ),
  ],
);

/** The units of order lines a bill payment in `items` mode pays for, and what they cost. */
export const billPaymentItems = pgTable(
  'bill_payment_items',
  {
    billPaymentId: uuid('bill_payment_id')
      .notNull()
      .references(() => billPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineIndex: integer('line_index').notNull(),
    quantity: integer('quantity').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.billPaymentId, t.orderId, t.lineIndex] }),
    index('bill_payment_items_order_idx').on(t.orderId),
  ],
);

/**
 * The audit log (PRODUCT.md §9): changes, voids, discounts, moves, cancellations, payments, refunds
 * and closes, each written in the transaction of its change. Append-only: a trigger (migration
 * 0023) refuses updates and deletes, but for the cascade of a restaurant being deleted. Names are
 * copied, so a deleted member's entries still say who.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<TAuditKind>().notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    approvedById: uuid('approved_by_id'),
    approvedByName: text('approved_by_name'),
    orderId: uuid('order_id'),
    orderNumber: integer('order_number'),
    tableNumber: integer('table_number'),
    amountMinor: integer('amount_minor'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Write order within one instant, so the newest-first list is stable. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_log_restaurant_at_idx').on(t.restaurantId, t.at, t.seq),
    index('audit_log_restaurant_kind_at_idx').on(t.restaurantId, t.kind, t.at),
  ],
);

/**
 * Kitchen tickets sent to station printers (PRODUCT.md §10, decision 034). Every instance hears a
 * fired course and offers its ticket; the unique key lets one row in, and the instance that wrote it
 * prints it. The row keeps what to send and where until it is printed (or expires), and a lease:
 * a job whose instance stopped renewing it is taken over by another, so a ticket survives a crash.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    stationId: uuid('station_id').notNull(),
    course: smallint('course').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    /** A copy asked for by staff: never deduplicated, printed marked REPRINT. */
    reprint: boolean('reprint').notNull().default(false),
    state: text('state').$type<'pending' | 'failing' | 'printed' | 'expired'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedSince: timestamp('failed_since', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** The last attempt to print it: what the station's printer did last is that job's outcome. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Past this moment an unprinted ticket is not printed any more (the station screen has it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    printerHost: text('printer_host').notNull(),
    printerPort: integer('printer_port').notNull(),
    /** The ESC/POS bytes; emptied once the job is printed or expired. */
    payload: bytea('payload'),
    /** The instance printing it, and until when it holds it unless it renews. */
    claimedBy: uuid('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_ticket_idx')
      .on(t.restaurantId, t.orderId, t.stationId, t.course, t.firedAt)
      .where(sql`NOT ${t.reprint}`),
    // Open jobs: few, read by the sweeps (all of them) and the stations' statuses (one station's).
    index('print_jobs_open_idx')
      .on(t.restaurantId, t.stationId)
      .where(sql`${t.state} IN ('pending', 'failing')`),
    index('print_jobs_station_attempted_idx').on(t.restaurantId, t.stationId, t.attemptedAt),
  ],
);

/**
 * What one receipt took of one order: its goods at each rate, its service charge, its tip (so the
 * next receipt knows what is left; see modules/receipts/receipt-allocation.ts).
 */
export type StoredReceiptPart = {
  orderId: string;
  components: (TTaxPart & { kind: 'goods' | 'service' | 'tip' })[];
};

/**
 * Receipts and credit notes (PRODUCT.md §11), frozen when issued. Numbers run per restaurant and
 * year without gaps (receipt_counters, in the issuing transaction); a credit note's figures are
 * negative and it points at its receipt.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** The payment (a bill payment: its first order's part) or the refund it was issued for. */
    paymentId: uuid('payment_id'),
    billPaymentId: uuid('bill_payment_id'),
    refundId: uuid('refund_id'),
    creditForId: uuid('credit_for_id'),
    method: text('method', { enum: ['cash', 'card', 'transfer', 'online'] }).notNull(),
    tableNumber: integer('table_number'),
    orderIds: uuid('order_ids').array().notNull(),
    orderNumbers: integer('order_numbers').array().notNull(),
    netMinor: integer('net_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    serviceChargeMinor: integer('service_charge_minor').notNull(),
    tipMinor: integer('tip_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    taxes: jsonb('taxes').$type<TTaxPart[]>().notNull(),
    lines: jsonb('lines').$type<TReceiptLine[]>().notNull(),
    coverage: text('coverage', { enum: ['items', 'whole', 'part'] }).notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    seller: jsonb('seller').$type<TReceiptSeller>().notNull(),
    language: text('language').notNull(),
    parts: jsonb('parts').$type<StoredReceiptPart[]>().notNull(),
  },
  (t) => [
    uniqueIndex('receipts_restaurant_number_idx').on(t.restaurantId, t.year, t.seq),
    index('receipts_restaurant_day_idx').on(t.restaurantId, t.businessDate, t.issuedAt),
    // The receipts list, newest first.
    index('receipts_restaurant_issued_idx').on(t.restaurantId, t.issuedAt),
    index('receipts_order_ids_idx').using('gin', t.orderIds),
    uniqueIndex('receipts_refund_idx').on(t.refundId),
    index('receipts_payment_idx').on(t.paymentId),
  ],
);

/**
 * Each business day's receipts and credit notes summed by tax rate, kept in the issuing
 * transaction (receipts of a restaurant take turns on its counter already): the day's report
 * reads a few rows instead of every receipt's taxes.
 */
export const receiptDayTaxes = pgTable(
  'receipt_day_taxes',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    rateBasisPoints: integer('rate_bp').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDate, t.rateBasisPoints, t.name] })],
);

/** The last receipt number handed out, per restaurant and year. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.year] })],
);

/** Closed business days: the Z report frozen with the cash counted (PRODUCT.md §11). */
export const businessDays = pgTable(
  'business_days',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    report: jsonb('report').$type<TDayReport>().notNull(),
    cashCountedMinor: integer('cash_counted_minor').notNull(),
    cashDifferenceMinor: integer('cash_difference_minor').notNull(),
    note: text('note'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedById: uuid('closed_by_id'),
    closedByName: text('closed_by_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.date] })],
);

/** Visits that ended, with their guests (covers): what a day's report counts covers from. */
export const pastVisits = pgTable(
  'past_visits',
  {
    visitId: uuid('visit_id').primaryKey(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id'),
    covers: integer('covers').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('past_visits_restaurant_opened_idx').on(t.restaurantId, t.openedAt)],
);

/**
 * A menu import read and not yet applied (PRODUCT.md §14, decision 044): the file as it came, so
 * any instance behind a load balancer applies what another previewed, and a fingerprint of what it
 * would do, which applying reads again against the menu as it is then (409 when they differ).
 */
export const menuImportPreviews = pgTable(
  'menu_import_previews',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The CSV's text, decoded (at most 2 MB). */
    csv: text('csv').notNull(),
    /** SHA-256 of what applying it would write and what it read to decide so. */
    fingerprint: text('fingerprint').notNull(),
    hasErrors: boolean('has_errors').notNull(),
    createdById: uuid('created_by_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('menu_import_previews_restaurant_expires_idx').on(t.restaurantId, t.expiresAt)],
);

import { randomUUID } from 'node:crypto';
import { pathOf } from '@tavolo/contract/endpoint';
import {
  orderTaxesOf,
  percentToBasisPoints,
  serviceChargeOf,
  type TaxRateRef,
  taxOf,
} from '@tavolo/contract/money';
import type { TOrderLine, TOrderStatus, TStatusChange } from '@tavolo/contract/orders';
import { DEFAULT_ROLES } from '@tavolo/contract/permissions';
import { uploadsEndpoints } from '@tavolo/contract/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import {
  categories,
  diningTables,
  menuItems,
  owners,
  restaurants,
  roles,
  type StoredOrderLine,
  settlementAccounts,
  staff,
  stations,
  taxRates,
  uploads,
  wallets,
} from '../db/schema';
import { rebuildDashboardRollups } from '../modules/dashboard/dashboard-rollups';
import { createSandboxProvider } from '../modules/online-payments/sandbox-provider';
import { orderPaymentStatus } from '../modules/orders/order-payment-status';
import { maskAccountNumber } from '../modules/settlement/account-number';
import { hashPassword } from '../security/passwords';
import { hashPin } from '../security/pins';
import { generateToken } from '../security/tokens';
import { BulkTable, BulkWriter } from './demo-bulk';
import {
  DEMO_IMAGE_HEIGHT,
  DEMO_IMAGE_WIDTH,
  type RenderedImage,
  renderBanner,
  renderDishImage,
  renderLogo,
} from './demo-images';
import { withOpenKitchenState } from './demo-kitchen';
import { DEMO_LANGUAGES, DEMO_MENU, DEMO_STATIONS, demoDishTranslations } from './demo-menu';
import { closeDemoDays, DemoReceipts, numberDemoReceipts } from './demo-receipts';
import { createRandom, orderInstants, weeklyPayoutInstants } from './demo-rhythm';

/**
 * The demo restaurant: "Trattoria Demo" with a menu in Italian (its working language), English and
 * German (generated photos), tables, a team in every default role, a settlement account and a year
 * of orders, payments, refunds and wallet entries, written in bulk (thousands of rows per
 * statement) inside one transaction. Running it again replaces the owner's previous demo
 * restaurant, so there is never a second one.
 */

export const DEMO_RESTAURANT_NAME = 'Trattoria Demo';
/** The demo's category of drinks, sold at 22 % VAT; everything else at 10 %. */
const DEMO_DRINKS = 'Bevande';
const FOOD_RATE: TaxRateRef = { name: 'IVA 10 %', rateBasisPoints: 1000 };
const DRINKS_RATE: TaxRateRef = { name: 'IVA 22 %', rateBasisPoints: 2200 };
export const DEMO_DEFAULT_EMAIL = 'demo@tavolo.test';
export const DEMO_DEFAULT_PASSWORD = 'tavolo-demo';
export const DEMO_DEFAULT_ORDERS = 20_000;
export const DEMO_TIMEZONE = 'Europe/Rome';
export const DEMO_CURRENCY = 'EUR';
export const DEMO_SERVICE_CHARGE_PERCENT = 10;
export const DEMO_TABLES = 20;
/** The manager's approval PIN (voids, discounts: PRODUCT.md §9), printed with the logins. */
export const DEMO_MANAGER_PIN = '2468';

export type DemoProgress = { step: string; done?: number; total?: number };

export type DemoOptions = {
  email?: string;
  password?: string;
  orders?: number;
  /** The instant the history ends at (tests pin it); now by default. */
  now?: Date;
  seed?: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  onProgress?: (progress: DemoProgress) => void;
};

export type DemoStaffLogin = { name: string; email: string; role: string };

export type DemoResult = {
  restaurantId: string;
  ownerEmail: string;
  password: string;
  /** The owner already had a demo restaurant, deleted and rebuilt. */
  replaced: boolean;
  /** Bulk inserts ran with triggers off (session_replication_role = replica: needs a superuser). */
  triggersOff: boolean;
  staff: DemoStaffLogin[];
  /** Who holds an approval PIN, and which. */
  approvalPin: { name: string; pin: string };
  counts: {
    orders: number;
    payments: number;
    refunds: number;
    walletTransactions: number;
    /** Receipts and credit notes: one per succeeded payment, one per refund. */
    receipts: number;
    /** Past business days closed with their Z report. */
    closedDays: number;
  };
  walletBalanceMinor: number;
};

const TEAM: readonly { role: string; name: string; slug: string }[] = [
  { role: 'Manager', name: 'Giulia Romano', slug: 'manager' },
  { role: 'Waiter', name: 'Marco Bianchi', slug: 'waiter' },
  { role: 'Waiter', name: 'Sara Esposito', slug: 'waiter2' },
  { role: 'Waiter', name: 'Luca Ricci', slug: 'waiter3' },
  { role: 'Kitchen', name: 'Antonio Greco', slug: 'kitchen' },
  { role: 'Kitchen', name: 'Francesca Bruno', slug: 'kitchen2' },
  { role: 'Cashier', name: 'Elena Conti', slug: 'cashier' },
];

const GUEST_NAMES = [
  'Lucia',
  'Matteo',
  'Chiara',
  'Paolo',
  'Anna',
  'Tom',
  'Sophie',
  'Hiro',
  'Fatima',
  'Jonas',
  'Valentina',
  'Diego',
  'Emma',
  'Noah',
];
const LINE_NOTES = [
  'senza cipolla',
  'ben cotto',
  'salsa a parte',
  'senza formaggio',
  'poco sale',
  'per il bambino',
];
const ORDER_NOTES = [
  'Allergia alle noci',
  'Compleanno: candelina sul dolce',
  'Portare tutto insieme',
  'Seggiolone per bambino',
];
const CANCEL_REASONS = [
  'Guest left before the order was confirmed',
  'Dish sold out',
  'Duplicate order',
  'Guest changed their mind',
  'Ordered at the wrong table',
];
const REFUND_REASONS = [
  'Dish arrived cold',
  'Charged twice for one dish',
  'Wrong dish served',
  'Long wait, goodwill gesture',
];

/** Staff e-mails from the owner's: demo@tavolo.test → demo.manager@tavolo.test. */
export function demoStaffEmail(ownerEmail: string, slug: string): string {
  const at = ownerEmail.lastIndexOf('@');
  return `${ownerEmail.slice(0, at)}.${slug}@${ownerEmail.slice(at + 1)}`;
}

type Actor = TStatusChange['by'];
type Dish = {
  id: string;
  name: string;
  /** The rate its lines are taxed at: its category's. */
  tax: TaxRateRef;
  priceMinor: number;
  prepMinutes: number;
  options: (typeof DEMO_MENU)[number]['dishes'][number]['options'];
  /** Its category's course and station (null: the Kitchen). */
  course: number;
  stationId: string | null;
};
type Course = { share: number; dishes: Dish[]; popularity: number[] };

const ORDER_COLUMNS = [
  ['id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['number', 'int'],
  ['table_id', 'uuid'],
  ['table_number', 'int'],
  ['source', 'text'],
  ['status', 'text'],
  ['items', 'jsonb'],
  ['subtotal_minor', 'int'],
  ['service_charge_minor', 'int'],
  ['tip_minor', 'int'],
  ['prices_include_tax', 'boolean'],
  ['net_minor', 'int'],
  ['tax_minor', 'int'],
  ['taxes', 'jsonb'],
  ['service_charge_tax', 'jsonb'],
  ['total_minor', 'int'],
  ['paid_minor', 'int'],
  ['refunded_minor', 'int'],
  ['payment_status', 'text'],
  ['currency', 'text'],
  ['note', 'text'],
  ['customer_name', 'text'],
  ['status_history', 'jsonb'],
  ['version', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['visit_id', 'uuid'],
] as const;

const PAYMENT_COLUMNS = [
  ['id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['order_id', 'uuid'],
  ['amount_minor', 'int'],
  ['method', 'text'],
  ['status', 'text'],
  ['fee_minor', 'int'],
  ['refunded_minor', 'int'],
  ['provider', 'text'],
  ['reference', 'text'],
  ['checkout_url', 'text'],
  ['return_url', 'text'],
  ['recorded_by_id', 'uuid'],
  ['recorded_by_name', 'text'],
  ['succeeded_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

const REFUND_COLUMNS = [
  ['id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['payment_id', 'uuid'],
  ['order_id', 'uuid'],
  ['amount_minor', 'int'],
  ['reason', 'text'],
  ['recorded_by_id', 'uuid'],
  ['recorded_by_name', 'text'],
  ['created_at', 'timestamptz'],
] as const;

const WALLET_COLUMNS = [
  ['id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['type', 'text'],
  ['kind', 'text'],
  ['amount_minor', 'int'],
  ['balance_after_minor', 'bigint'],
  ['reference', 'text'],
  ['description', 'text'],
  ['payment_id', 'uuid'],
  ['settlement_account_id', 'uuid'],
  ['created_at', 'timestamptz'],
] as const;

const PAST_VISIT_COLUMNS = [
  ['visit_id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['table_id', 'uuid'],
  ['covers', 'int'],
  ['opened_at', 'timestamptz'],
  ['ended_at', 'timestamptz'],
] as const;

type LedgerEvent = {
  at: number;
  type: 'credit' | 'debit';
  kind: 'payment' | 'fee' | 'refund';
  amountMinor: number;
  description: string;
  reference: string | null;
  paymentId: string;
};

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

/** Builds (or rebuilds) the demo restaurant. The caller opened and migrated `db`. */
export async function buildDemo(db: Db, options: DemoOptions = {}): Promise<DemoResult> {
  const email = (options.email ?? DEMO_DEFAULT_EMAIL).trim().toLowerCase();
  const password = options.password ?? DEMO_DEFAULT_PASSWORD;
  const orderCount = Math.max(1, Math.floor(options.orders ?? DEMO_DEFAULT_ORDERS));
  const now = (options.now ?? new Date()).getTime();
  const batchSize = options.batchSize ?? 2_000;
  const report = options.onProgress ?? (() => {});
  const random = createRandom(options.seed ?? 20_240_501);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (a: number, b: number) => a + random() * (b - a);

  report({ step: 'Hashing the password and drawing the menu photos' });
  // Hash before the transaction: the embedded database runs one transaction at a time.
  const passwordHash = await hashPassword(password);
  const dishImages: RenderedImage[][] = [];
  for (const course of DEMO_MENU) {
    dishImages.push(await Promise.all(course.dishes.map((dish) => renderDishImage(dish.name, course.hue))));
  }
  const [logo, banner] = await Promise.all([
    renderLogo(DEMO_RESTAURANT_NAME),
    renderBanner(DEMO_RESTAURANT_NAME),
  ]);

  return db.transaction(async (tx) => {
    // Triggers off for the bulk work (the dashboard rollups' triggers, and foreign-key checks):
    // needs a superuser; without one everything still works, only slower.
    const [su] = await queryRows<{ su: string }>(tx, sql`SELECT current_setting('is_superuser') AS su`);
    const triggersOff = su?.su === 'on';
    const replica = async (on: boolean) => {
      if (triggersOff)
        await tx.execute(sql.raw(`SET LOCAL session_replication_role = ${on ? 'replica' : 'origin'}`));
    };

    // 1. The owner, and away with their previous demo restaurant.
    report({ step: 'Looking for an earlier demo' });
    const [existingOwner] = await tx.select().from(owners).where(eq(owners.email, email));
    let ownerId: string;
    let replaced = false;
    if (existingOwner) {
      ownerId = existingOwner.id;
      await tx.update(owners).set({ passwordHash }).where(eq(owners.id, ownerId));
      const previous = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(and(eq(restaurants.ownerId, ownerId), eq(restaurants.name, DEMO_RESTAURANT_NAME)));
      for (const { id } of previous) {
        report({ step: 'Deleting the previous demo restaurant' });
        await deleteRestaurant(tx, id, replica);
        replaced = true;
      }
    } else {
      const [row] = await tx
        .insert(owners)
        .values({ name: 'Demo Owner', email, passwordHash, createdAt: new Date(now - 400 * 86_400_000) })
        .returning();
      ownerId = row!.id;
    }
    const teamEmails = TEAM.map((m) => demoStaffEmail(email, m.slug));
    const taken = await queryRows<{ email: string }>(
      tx,
      sql`SELECT email FROM staff WHERE email IN (${sql.join(
        teamEmails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
    if (taken.length > 0) {
      throw new Error(
        `These staff e-mails belong to another restaurant already: ${taken.map((t) => t.email).join(', ')}; pick another --email`,
      );
    }

    // 2. The restaurant and everything around it: small, through the ORM.
    report({ step: 'Creating the restaurant, team, tables and menu' });
    const openedAt = new Date(now - 380 * 86_400_000);
    const [restaurant] = await tx
      .insert(restaurants)
      .values({
        ownerId,
        name: DEMO_RESTAURANT_NAME,
        address: 'Via dei Coronari 42, 00186 Roma',
        phone: '+39 06 1234 5678',
        email: `info@${email.slice(email.lastIndexOf('@') + 1)}`,
        currency: DEMO_CURRENCY,
        timezone: DEMO_TIMEZONE,
        serviceChargeBasisPoints: percentToBasisPoints(DEMO_SERVICE_CHARGE_PERCENT),
        languages: [...DEMO_LANGUAGES],
        legalName: `${DEMO_RESTAURANT_NAME} S.r.l.`,
        taxId: 'IT01234567897',
        pricesIncludeTax: true,
        createdAt: openedAt,
      })
      .returning();
    const restaurantId = restaurant!.id;
    // Italian VAT as the demo sells: 10 % on food (the default), 22 % on drinks.
    const [foodRate, drinksRate] = await tx
      .insert(taxRates)
      .values([
        { restaurantId, ...FOOD_RATE, isDefault: true, createdAt: openedAt },
        { restaurantId, ...DRINKS_RATE, isDefault: false, createdAt: openedAt },
      ])
      .returning();
    const serviceBasisPoints = restaurant!.serviceChargeBasisPoints;

    const roleRows = await tx
      .insert(roles)
      .values(
        DEFAULT_ROLES.map((role) => ({
          restaurantId,
          name: role.name,
          permissions: [...role.permissions],
          createdAt: openedAt,
        })),
      )
      .returning();
    const roleIdOf = new Map(roleRows.map((r) => [r.name, r.id]));
    const staffRows = await tx
      .insert(staff)
      .values(
        TEAM.map((member, i) => ({
          restaurantId,
          roleId: roleIdOf.get(member.role)!,
          name: member.name,
          email: teamEmails[i]!,
          phone: `+39 333 000 10${i}`,
          passwordHash,
          createdAt: openedAt,
        })),
      )
      .returning();
    // The manager approves voids and discounts with a PIN typed on the waiter's phone.
    const managerRow = staffRows[TEAM.findIndex((m) => m.role === 'Manager')]!;
    await tx
      .update(staff)
      .set({ pinHash: await hashPin(DEMO_MANAGER_PIN, restaurantId) })
      .where(eq(staff.id, managerRow.id));
    const actor = (row: (typeof staffRows)[number]): Actor => ({ type: 'staff', id: row.id, name: row.name });
    const byRole = (role: string) => staffRows.filter((_, i) => TEAM[i]!.role === role).map(actor);
    const managers = byRole('Manager');
    const waiters = byRole('Waiter');
    const kitchen = byRole('Kitchen');
    const cashiers = byRole('Cashier');
    const ownerActor: Actor = { type: 'owner', id: ownerId, name: existingOwner?.name ?? 'Demo Owner' };

    const accountNumber = 'IT60X0542811101000000123456';
    const [account] = await tx
      .insert(settlementAccounts)
      .values({
        restaurantId,
        bankName: 'Banca di Roma',
        accountName: 'Trattoria Demo S.r.l.',
        accountNumber,
        isDefault: true,
        createdAt: openedAt,
      })
      .returning();
    const payoutDescription = `Payout to ${account!.bankName} ${maskAccountNumber(accountNumber)}`;

    const storeImage = async (image: RenderedImage) => {
      const file = `${randomUUID()}.webp`;
      const url = pathOf(uploadsEndpoints.image, { owner: restaurantId, file });
      await tx.insert(uploads).values({
        restaurantId,
        storageKey: `${restaurantId}/${file}`,
        url,
        contentType: 'image/webp',
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        data: image.data,
        createdAt: openedAt,
      });
      return url;
    };
    await tx
      .update(restaurants)
      .set({ logoUrl: await storeImage(logo), bannerUrl: await storeImage(banner) })
      .where(eq(restaurants.id, restaurantId));

    // The Kitchen every restaurant has (made with it), the bar and the pizza oven; a category at
    // the Kitchen names none (null), as the app's own do.
    const stationIdOf = new Map<string, string | null>([['Kitchen', null]]);
    const more = DEMO_STATIONS.filter((name) => name !== 'Kitchen').map((name) => ({
      restaurantId,
      name,
      createdAt: openedAt,
    }));
    for (const row of await tx.insert(stations).values(more).returning()) stationIdOf.set(row.name, row.id);

    const courses: Course[] = [];
    for (const [c, course] of DEMO_MENU.entries()) {
      const [category] = await tx
        .insert(categories)
        .values({
          restaurantId,
          name: course.name,
          description: course.description,
          translations: course.translations,
          position: c,
          course: course.course,
          stationId: stationIdOf.get(course.station) ?? null,
          taxRateId: course.name === DEMO_DRINKS ? drinksRate!.id : foodRate!.id,
          createdAt: openedAt,
        })
        .returning();
      const dishes: Dish[] = [];
      for (const [d, dish] of course.dishes.entries()) {
        const [item] = await tx
          .insert(menuItems)
          .values({
            restaurantId,
            categoryId: category!.id,
            name: dish.name,
            description: dish.description,
            priceMinor: dish.priceMinor,
            imageUrl: await storeImage(dishImages[c]![d]!),
            tags: dish.tags,
            allergens: dish.allergens,
            prepMinutes: dish.prepMinutes,
            options: dish.options ?? [],
            stockCount: dish.stockCount ?? null,
            translations: demoDishTranslations(dish),
            position: d,
            createdAt: openedAt,
          })
          .returning();
        dishes.push({
          id: item!.id,
          name: dish.name,
          tax: course.name === DEMO_DRINKS ? DRINKS_RATE : FOOD_RATE,
          priceMinor: dish.priceMinor,
          prepMinutes: dish.prepMinutes,
          options: dish.options,
          course: course.course,
          stationId: stationIdOf.get(course.station) ?? null,
        });
      }
      courses.push({ share: course.share, dishes, popularity: course.dishes.map((d) => d.popularity) });
    }

    const prepMinutesOf = new Map(
      courses.flatMap((c) => c.dishes.map((d) => [d.id, d.prepMinutes] as const)),
    );
    const tableRows = await tx
      .insert(diningTables)
      .values(
        Array.from({ length: DEMO_TABLES }, (_, i) => ({
          restaurantId,
          number: i + 1,
          // The floor groups tables by area; a few carry a name guests know them by.
          area: i < 14 ? 'Sala' : 'Terrazza',
          label: i === 0 ? 'Finestra' : i === 14 ? 'Sotto il glicine' : null,
          seats: [2, 4, 4, 6][i % 4]!,
          qrToken: generateToken(),
          createdAt: openedAt,
        })),
      )
      .returning();
    await tx.insert(wallets).values({ restaurantId, balanceMinor: 0 });

    // 3. The history, in bulk.
    await replica(true);
    const writer = new BulkWriter(tx);
    const ordersOut = new BulkTable(writer, 'orders', ORDER_COLUMNS);
    const paymentsOut = new BulkTable(writer, 'payments', PAYMENT_COLUMNS);
    const refundsOut = new BulkTable(writer, 'payment_refunds', REFUND_COLUMNS);
    const walletOut = new BulkTable(writer, 'wallet_transactions', WALLET_COLUMNS);
    const receiptsOut = new DemoReceipts(writer, {
      restaurantId,
      currency: DEMO_CURRENCY,
      seller: {
        name: restaurant!.name,
        legalName: restaurant!.legalName,
        taxId: restaurant!.taxId,
        address: restaurant!.address,
        phone: restaurant!.phone,
        email: restaurant!.email,
      },
      language: restaurant!.languages[0] ?? 'en',
    });
    // Parents before children: also right with foreign keys checked (without a superuser).
    const visitsOut = new BulkTable(writer, 'past_visits', PAST_VISIT_COLUMNS);
    const bulk = [ordersOut, paymentsOut, refundsOut, walletOut, receiptsOut.out, visitsOut];
    let previousRound: Promise<void> = Promise.resolve();
    const flushAll = async () => {
      await previousRound;
      for (const out of bulk) out.flush();
      previousRound = writer.settled();
      // Rejections surface at the next round or at the end.
      previousRound.catch(() => {});
    };
    const sandbox = createSandboxProvider({ secret: 'demo-fee-only-never-signs' });

    const pickWeighted = (weights: readonly number[]): number => {
      let total = 0;
      for (const w of weights) total += w;
      let u = random() * total;
      for (let i = 0; i < weights.length; i++) {
        u -= weights[i]!;
        if (u < 0) return i;
      }
      return weights.length - 1;
    };
    const courseShares = courses.map((c) => c.share);
    const pickLines = (): StoredOrderLine[] => {
      const count = 1 + pickWeighted([22, 33, 25, 13, 7]);
      const lines: StoredOrderLine[] = [];
      const used = new Set<string>();
      for (let attempt = 0; lines.length < count && attempt < 20; attempt++) {
        const course = courses[pickWeighted(courseShares)]!;
        const dish = course.dishes[pickWeighted(course.popularity)]!;
        if (used.has(dish.id)) continue;
        used.add(dish.id);
        const options: TOrderLine['options'] = [];
        for (const group of dish.options ?? []) {
          if (group.required || random() < 0.25) {
            const choice = pick(group.choices);
            options.push({ group: group.name, choice: choice.name, priceMinor: choice.priceMinor });
          }
        }
        const quantity = 1 + pickWeighted([70, 22, 6, 2]);
        const unitPriceMinor = dish.priceMinor + options.reduce((sum, o) => sum + o.priceMinor, 0);
        lines.push({
          menuItemId: dish.id,
          name: dish.name,
          unitPriceMinor,
          quantity,
          options,
          note: random() < 0.04 ? pick(LINE_NOTES) : null,
          lineTotalMinor: unitPriceMinor * quantity,
          tax: taxOf(unitPriceMinor * quantity, dish.tax, true),
          course: dish.course,
          stationId: dish.stationId,
        });
      }
      return lines;
    };

    // The wallet's ledger, in time order: online payments' credits and fees and refunds wait here
    // until the history passes their instant; payouts run every Monday morning.
    const ledger: LedgerEvent[] = [];
    let ledgerSorted = true;
    let balance = 0;
    let lastLedgerAt = 0;
    const windowStart = now - 365 * 86_400_000;
    const payouts = weeklyPayoutInstants(windowStart, now, DEMO_TIMEZONE);
    let nextPayout = 0;
    const writeLedger = (
      at: number,
      entry:
        | Omit<LedgerEvent, 'at'>
        | {
            type: 'debit';
            kind: 'payout';
            amountMinor: number;
            description: string;
            reference: null;
            paymentId: null;
          },
    ) => {
      // Strictly increasing instants: the ledger's order is its created_at order.
      const when = Math.max(at, lastLedgerAt + 1);
      lastLedgerAt = when;
      balance += entry.type === 'credit' ? entry.amountMinor : -entry.amountMinor;
      if (balance < 0) throw new Error(`demo ledger went below zero at ${iso(when)}`);
      walletOut.add({
        id: randomUUID(),
        restaurant_id: restaurantId,
        type: entry.type,
        kind: entry.kind,
        amount_minor: entry.amountMinor,
        balance_after_minor: balance,
        reference: entry.reference,
        description: entry.description,
        payment_id: entry.paymentId,
        settlement_account_id: entry.kind === 'payout' ? account!.id : null,
        created_at: iso(when),
      });
    };
    const settleLedgerUntil = (until: number) => {
      if (!ledgerSorted) {
        ledger.sort((a, b) => a.at - b.at);
        ledgerSorted = true;
      }
      for (;;) {
        const event = ledger[0];
        const payoutAt = payouts[nextPayout];
        const eventDue = event !== undefined && event.at <= until;
        const payoutDue = payoutAt !== undefined && payoutAt <= until;
        if (payoutDue && (!eventDue || payoutAt <= event!.at)) {
          nextPayout += 1;
          if (balance > 0) {
            writeLedger(payoutAt, {
              type: 'debit',
              kind: 'payout',
              amountMinor: balance,
              description: payoutDescription,
              reference: null,
              paymentId: null,
            });
          }
        } else if (eventDue) {
          ledger.shift();
          writeLedger(event!.at, event!);
        } else return;
      }
    };

    const openCount = Math.min(12, Math.max(1, Math.round(orderCount * 0.02)));
    const historyCount = orderCount - openCount;
    const historyEnd = now - 90 * MINUTE;
    const instants = orderInstants({
      count: historyCount,
      from: windowStart,
      to: historyEnd,
      timeZone: DEMO_TIMEZONE,
      random,
    });
    const openAges = Array.from({ length: openCount }, () => between(2, 85) * MINUTE).sort((a, b) => b - a);
    const latest = now - MINUTE;
    const STEPS: readonly TOrderStatus[] = [
      'pending',
      'accepted',
      'preparing',
      'ready',
      'served',
      'completed',
    ];
    const openStatusOf = (ageMinutes: number): TOrderStatus =>
      ageMinutes > 55
        ? 'served'
        : ageMinutes > 40
          ? 'ready'
          : ageMinutes > 22
            ? 'preparing'
            : ageMinutes > 10
              ? 'accepted'
              : 'pending';

    let payments = 0;
    let refunds = 0;
    const progressEvery = Math.max(1, Math.floor(orderCount / 100));
    report({ step: 'Orders', done: 0, total: orderCount });

    for (let n = 1; n <= orderCount; n++) {
      const isOpen = n > historyCount;
      const createdAt = isOpen ? now - openAges[n - historyCount - 1]! : instants[n - 1]!;
      settleLedgerUntil(createdAt);

      const table = pick(tableRows);
      const source = random() < 0.65 ? 'qr' : 'staff';
      const customerName = source === 'qr' && random() < 0.5 ? pick(GUEST_NAMES) : null;
      const lines = pickLines();
      const subtotalMinor = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);
      const serviceChargeMinor = serviceChargeOf(subtotalMinor, serviceBasisPoints);
      const tips = random() < (source === 'qr' ? 0.18 : 0.08);
      const tipMinor = tips ? Math.max(100, Math.round((subtotalMinor * between(0.05, 0.1)) / 50) * 50) : 0;
      const taxes = orderTaxesOf({
        lines: lines.map((line) => ({ lineTotalMinor: line.lineTotalMinor, tax: line.tax! })),
        serviceChargeMinor,
        serviceChargeRate: FOOD_RATE,
        pricesIncludeTax: true,
        tipMinor,
      });
      const totalMinor = taxes.totalMinor;
      const waiter = pick(waiters);
      const cook = pick(kitchen);
      const placedBy: Actor =
        source === 'qr' ? { type: 'guest', id: null, name: customerName ?? 'Guest' } : waiter;

      // Where the order's life ends, and the minutes each move takes.
      let finalStatus: TOrderStatus;
      let cancelFrom: TOrderStatus | null = null;
      if (isOpen) finalStatus = openStatusOf((now - createdAt) / MINUTE);
      else if (random() < 0.035) {
        finalStatus = 'cancelled';
        cancelFrom = pick(['pending', 'pending', 'pending', 'accepted', 'accepted', 'preparing'] as const);
      } else finalStatus = 'completed';
      const prep = Math.max(...lines.map((l) => prepMinutesOf.get(l.menuItemId) ?? 10));
      const gaps: Record<string, number> = {
        accepted: between(0.5, 4),
        preparing: between(1, 5),
        ready: prep * between(0.8, 1.5),
        served: between(1, 6),
        completed: between(15, 70),
        cancelled: between(1, 10),
      };
      const moves: TOrderStatus[] = [];
      if (finalStatus === 'cancelled') {
        moves.push(...STEPS.slice(1, STEPS.indexOf(cancelFrom!) + 1), 'cancelled');
      } else moves.push(...STEPS.slice(1, STEPS.indexOf(finalStatus) + 1));
      const offsets: number[] = [];
      let elapsed = 0;
      for (const move of moves) {
        elapsed += gaps[move]! * MINUTE;
        offsets.push(elapsed);
      }
      // Nothing may happen after now: squeeze the timeline of the latest orders.
      const room = latest - createdAt;
      const squeeze = elapsed > room ? room / elapsed : 1;
      const history: TStatusChange[] = [
        { status: 'pending', at: iso(createdAt), by: placedBy, reason: null },
      ];
      const paymentMethod =
        finalStatus === 'completed'
          ? random() < 0.3
            ? 'online'
            : pick([
                'card',
                'card',
                'card',
                'card',
                'card',
                'card',
                'cash',
                'cash',
                'cash',
                'transfer',
              ] as const)
          : null;
      const cashier: Actor = random() < 0.6 ? pick(cashiers) : waiter;
      moves.forEach((move, i) => {
        const by: Actor =
          move === 'accepted'
            ? random() < 0.5
              ? waiter
              : cook
            : move === 'preparing' || move === 'ready'
              ? cook
              : move === 'served'
                ? waiter
                : move === 'completed'
                  ? paymentMethod === 'online'
                    ? waiter
                    : cashier
                  : random() < 0.2
                    ? pick(managers)
                    : random() < 0.1
                      ? ownerActor
                      : waiter;
        history.push({
          status: move,
          at: iso(createdAt + offsets[i]! * squeeze),
          by,
          reason: move === 'cancelled' ? pick(CANCEL_REASONS) : null,
        });
      });
      let updatedAt = createdAt + elapsed * squeeze;

      const orderId = randomUUID();
      let paidMinor = 0;
      let refundedMinor = 0;
      let version = history.length;
      if (paymentMethod) {
        const completedAt = createdAt + elapsed * squeeze;
        const succeededAt = completedAt - between(0.2, 2) * MINUTE * squeeze;
        const paymentId = randomUUID();
        const online = paymentMethod === 'online';
        const feeMinor = online ? sandbox.feeMinor(totalMinor) : 0;
        const reference = online
          ? `sandbox_${paymentId}`
          : paymentMethod === 'transfer'
            ? `BONIFICO-${n}`
            : null;
        paidMinor = totalMinor;
        version += 1;
        // A few refunds, recorded the way the server allows: never more than what is left of the
        // payment, and an online one never more than the wallet got from it (amount less fee), so
        // the wallet can always cover it.
        let refund: { amountMinor: number; at: number; by: Actor } | null = null;
        if (random() < 0.006) {
          const at = succeededAt + between(10, 120) * MINUTE;
          const line = pick(lines);
          const full = !online && random() < 0.5;
          const amountMinor = full ? totalMinor : Math.min(line.lineTotalMinor, totalMinor - feeMinor - 1);
          if (at < latest && amountMinor > 0)
            refund = { amountMinor, at, by: random() < 0.5 ? pick(managers) : pick(cashiers) };
        }
        const refundedOnPayment = refund?.amountMinor ?? 0;
        const paidOrder = {
          id: orderId,
          number: n,
          tableNumber: table.number,
          items: lines,
          serviceChargeTax: taxes.serviceChargeTax,
          tipMinor,
        };
        const issued = receiptsOut.receipt({
          order: paidOrder,
          paymentId,
          method: paymentMethod,
          at: succeededAt,
        });
        paymentsOut.add({
          id: paymentId,
          restaurant_id: restaurantId,
          order_id: orderId,
          amount_minor: totalMinor,
          method: paymentMethod,
          status: refundedOnPayment >= totalMinor ? 'refunded' : 'succeeded',
          fee_minor: feeMinor,
          refunded_minor: refundedOnPayment,
          provider: online ? 'sandbox' : null,
          reference,
          checkout_url: online ? `/pay/sandbox/${paymentId}` : null,
          return_url: online ? `/t/${encodeURIComponent(table.qrToken)}/orders/${orderId}` : null,
          recorded_by_id: online ? null : cashier.id,
          recorded_by_name: online ? null : cashier.name,
          succeeded_at: iso(succeededAt),
          created_at: iso(online ? succeededAt - between(1, 4) * MINUTE : succeededAt),
          updated_at: iso(refund?.at ?? succeededAt),
        });
        payments += 1;
        if (online) {
          ledger.push(
            {
              at: succeededAt,
              type: 'credit',
              kind: 'payment',
              amountMinor: totalMinor,
              description: `Online payment, order #${n}`,
              reference,
              paymentId,
            },
            ...(feeMinor > 0
              ? [
                  {
                    at: succeededAt,
                    type: 'debit' as const,
                    kind: 'fee' as const,
                    amountMinor: feeMinor,
                    description: `Payment provider fee, order #${n}`,
                    reference,
                    paymentId,
                  },
                ]
              : []),
          );
          ledgerSorted = false;
        }
        if (refund) {
          refunds += 1;
          version += 1;
          paidMinor -= refund.amountMinor;
          refundedMinor = refund.amountMinor;
          updatedAt = Math.max(updatedAt, refund.at);
          const refundId = randomUUID();
          receiptsOut.creditNote(issued, {
            order: paidOrder,
            refundId,
            amountMinor: refund.amountMinor,
            at: refund.at,
          });
          refundsOut.add({
            id: refundId,
            restaurant_id: restaurantId,
            payment_id: paymentId,
            order_id: orderId,
            amount_minor: refund.amountMinor,
            reason: pick(REFUND_REASONS),
            recorded_by_id: refund.by.id,
            recorded_by_name: refund.by.name,
            created_at: iso(refund.at),
          });
          if (online) {
            ledger.push({
              at: refund.at,
              type: 'debit',
              kind: 'refund',
              amountMinor: refund.amountMinor,
              description: `Refund on order #${n}`,
              reference,
              paymentId,
            });
            ledgerSorted = false;
          }
        }
      }

      const visitId = finalStatus === 'completed' || finalStatus === 'cancelled' ? randomUUID() : null;
      ordersOut.add({
        id: orderId,
        restaurant_id: restaurantId,
        number: n,
        table_id: table.id,
        table_number: table.number,
        source,
        status: finalStatus,
        // The live orders' lines are where the kitchen has them: the later courses held.
        items: isOpen ? withOpenKitchenState(lines, finalStatus, history) : lines,
        subtotal_minor: subtotalMinor,
        service_charge_minor: serviceChargeMinor,
        tip_minor: tipMinor,
        prices_include_tax: true,
        net_minor: taxes.netMinor,
        tax_minor: taxes.taxMinor,
        taxes: taxes.taxes,
        service_charge_tax: taxes.serviceChargeTax,
        total_minor: totalMinor,
        paid_minor: paidMinor,
        refunded_minor: refundedMinor,
        payment_status: orderPaymentStatus({ totalMinor, paidMinor, refundedMinor }),
        currency: DEMO_CURRENCY,
        note: random() < 0.03 ? pick(ORDER_NOTES) : null,
        customer_name: customerName,
        status_history: history,
        version,
        created_at: iso(createdAt),
        updated_at: iso(updatedAt),
        // A finished order's visit is over (its own, in the demo): tables' open bills hold only live orders.
        visit_id: visitId,
      });
      // Its guests, for the day's covers: about one per dish that is not a drink.
      if (visitId && finalStatus === 'completed') {
        const food = lines.filter((l) => l.course !== 0).reduce((s, l) => s + l.quantity, 0);
        visitsOut.add({
          visit_id: visitId,
          restaurant_id: restaurantId,
          table_id: table.id,
          covers: Math.min(8, Math.max(1, food)),
          opened_at: iso(createdAt),
          ended_at: iso(updatedAt),
        });
      }
      if (ordersOut.size >= batchSize) await flushAll();
      if (n % progressEvery === 0 || n === orderCount) report({ step: 'Orders', done: n, total: orderCount });
    }
    settleLedgerUntil(now);
    report({ step: 'Writing the last rows' });
    await flushAll();
    await writer.settled();

    await tx.update(restaurants).set({ orderSeq: orderCount }).where(eq(restaurants.id, restaurantId));
    await tx.update(wallets).set({ balanceMinor: balance }).where(eq(wallets.restaurantId, restaurantId));

    report({ step: 'Numbering the receipts and closing the past days' });
    await numberDemoReceipts(tx, restaurantId);
    const closedDays = await closeDemoDays(tx, { restaurantId, now, closer: managers[0]!, random });

    report({ step: 'Writing reviews' });
    await insertDemoReviews(tx, restaurantId);

    await replica(false);
    report({ step: 'Rebuilding the dashboard rollups' });
    // The bulk inserts above ran with triggers off, so the rollups know nothing of them yet.
    await rebuildDashboardRollups(tx, restaurantId);

    return {
      restaurantId,
      ownerEmail: email,
      password,
      replaced,
      triggersOff,
      staff: TEAM.map((m, i) => ({ name: m.name, email: teamEmails[i]!, role: m.role })),
      approvalPin: { name: managerRow.name, pin: DEMO_MANAGER_PIN },
      counts: {
        orders: orderCount,
        payments,
        refunds,
        walletTransactions: walletOut.inserted,
        receipts: receiptsOut.issued,
        closedDays,
      },
      walletBalanceMinor: balance,
    };
  });
}

/**
 * Reviews for about a third of the served and completed orders, in one statement: ratings lean to
 * 4 and 5 as real ones do, a short comment on some, written 40 to 100 minutes after the order.
 * The order's id picks everything, so a rebuild writes the same reviews.
 */
async function insertDemoReviews(db: Db, restaurantId: string): Promise<void> {
  const comments = [
    'Wonderful pasta, we will be back.',
    'Friendly staff and quick service.',
    'The tiramisù alone is worth the trip.',
    'A little noisy on a Saturday, food was great.',
    'Pizza was perfect, crust just right.',
    'Waited a while for the mains.',
    'Lovely evening, thank you!',
  ];
  await db.execute(sql`
    INSERT INTO reviews (restaurant_id, order_id, rating, comment, guest_name, created_at)
    SELECT o.restaurant_id, o.id,
      (ARRAY[5, 5, 5, 5, 4, 4, 4, 3, 2, 1])[1 + (h.v % 10)],
      CASE WHEN h.v % 3 = 0 THEN (ARRAY[${sql.join(
        comments.map((comment) => sql`${comment}::text`),
        sql`, `,
      )}])[1 + (h.v / 7) % ${sql.raw(String(comments.length))}] END,
      CASE WHEN h.v % 4 = 0 THEN (ARRAY['Anna', 'Marco', 'Sofia', 'Luca', 'Giulia'])[1 + (h.v / 11) % 5] END,
      o.created_at + make_interval(mins => 40 + (h.v % 61))
    FROM orders o
    CROSS JOIN LATERAL (SELECT abs(hashtext(o.id::text)) AS v) h
    WHERE o.restaurant_id = ${restaurantId}
      AND o.status IN ('served', 'completed')
      AND h.v % 100 < 35
      AND o.created_at + make_interval(mins => 40 + (h.v % 61)) < now()
  `);
}

/**
 * Deletes a restaurant and everything of it. The big tables go first with triggers off (when
 * allowed): a cascade would visit every order's payments one by one.
 */
async function deleteRestaurant(
  db: Db,
  restaurantId: string,
  replica: (on: boolean) => Promise<void>,
): Promise<void> {
  await replica(true);
  for (const table of [
    'reviews',
    'receipts',
    'past_visits',
    'wallet_transactions',
    'payment_refunds',
    'payments',
    'orders',
    'restaurant_events',
    'uploads',
  ]) {
    await db.execute(sql`DELETE FROM ${sql.raw(table)} WHERE restaurant_id = ${restaurantId}`);
  }
  await replica(false);
  // The rest cascades from the restaurant, except what a RESTRICT key guards.
  await db.execute(sql`DELETE FROM menu_items WHERE restaurant_id = ${restaurantId}`);
  await db.execute(sql`DELETE FROM staff WHERE restaurant_id = ${restaurantId}`);
  await db.execute(sql`DELETE FROM restaurants WHERE id = ${restaurantId}`);
}

export { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH };

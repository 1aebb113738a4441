import type { Language } from '@tavolo/contract/languages';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { owners, passwordResetTokens, restaurants, staff } from '../../db/schema';
import type { UserType } from './sessions.repository';

export type Account = {
  userType: UserType;
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  restaurantId: string | null;
  active: boolean;
};

export async function insertOwner(db: Db, values: { name: string; email: string; passwordHash: string }) {
  const [row] = await db.insert(owners).values(values).returning();
  return row!;
}

/** The account behind an e-mail; an owner's restaurantId is their oldest restaurant. */
export async function findAccountByEmail(
  db: Db,
  userType: UserType,
  email: string,
): Promise<Account | undefined> {
  if (userType === 'staff') {
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    return (
      row && {
        userType,
        id: row.id,
        name: row.name,
        email: row.email,
        passwordHash: row.passwordHash,
        restaurantId: row.restaurantId,
        active: row.active,
      }
    );
  }
  const [row] = await db
    .select({ owner: owners, restaurantId: restaurants.id })
    .from(owners)
    .leftJoin(restaurants, eq(restaurants.ownerId, owners.id))
    .where(eq(owners.email, email))
    .orderBy(asc(restaurants.createdAt))
    .limit(1);
  return (
    row && {
      userType,
      id: row.owner.id,
      name: row.owner.name,
      email: row.owner.email,
      passwordHash: row.owner.passwordHash,
      restaurantId: row.restaurantId,
      active: true,
    }
  );
}

export async function findAccountById(db: Db, userType: UserType, id: string) {
  if (userType === 'owner') {
    const [row] = await db
      .select({
        name: owners.name,
        email: owners.email,
        language: owners.language,
        hasPin: sql<boolean>`false`,
      })
      .from(owners)
      .where(eq(owners.id, id));
    return row;
  }
  const [row] = await db
    .select({
      name: staff.name,
      email: staff.email,
      language: staff.language,
      hasPin: sql<boolean>`${staff.pinHash} IS NOT NULL`,
    })
    .from(staff)
    .where(eq(staff.id, id));
  return row;
}

/** Sets the language an account works in (null: the browser's); answers the one stored, if any account. */
export async function updateAccountLanguage(
  db: Db,
  userType: UserType,
  id: string,
  language: Language | null,
): Promise<{ language: Language | null } | undefined> {
  const table = userType === 'owner' ? owners : staff;
  const [row] = await db
    .update(table)
    .set({ language })
    .where(eq(table.id, id))
    .returning({ language: table.language });
  return row;
}

export async function findPasswordHash(db: Db, userType: UserType, id: string): Promise<string | undefined> {
  const table = userType === 'owner' ? owners : staff;
  const [row] = await db.select({ passwordHash: table.passwordHash }).from(table).where(eq(table.id, id));
  return row?.passwordHash;
}

export async function touchStaffLogin(db: Db, staffId: string): Promise<void> {
  await db.update(staff).set({ lastLoginAt: sql`now()` }).where(eq(staff.id, staffId));
}

export async function insertPasswordResetToken(
  db: Db,
  values: { tokenHash: string; userType: UserType; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values({
    tokenHash: values.tokenHash,
    userType: values.userType,
    ownerId: values.userType === 'owner' ? values.userId : null,
    staffId: values.userType === 'staff' ? values.userId : null,
    expiresAt: values.expiresAt,
  });
}

/** Marks a live reset token used and returns whose it was; a second use finds nothing. */
export async function consumePasswordResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) return undefined;
  return row.userType === 'owner'
    ? { userType: 'owner' as const, userId: row.ownerId! }
    : { userType: 'staff' as const, userId: row.staffId! };
}

export async function updatePasswordHash(db: Db, userType: UserType, userId: string, passwordHash: string) {
  const table = userType === 'owner' ? owners : staff;
  await db.update(table).set({ passwordHash }).where(eq(table.id, userId));
}

import type {
  TChangePasswordRequest,
  TForgotPasswordRequest,
  TLoginRequest,
  TMeResponse,
  TPreferences,
  TRegisterRequest,
  TResetPasswordRequest,
  TSwitchRestaurantRequest,
  TUpdatePreferencesRequest,
} from '@tavolo/contract/auth';
import type { Config } from '../../config';
import { AppError, notFound, unauthenticated } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { consumeRateLimit } from '../../core/rate-limit';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { generateToken, hashToken } from '../../security/tokens';
import { findOwnedRestaurant, findRestaurantRow, openRestaurant } from '../restaurants/restaurants.service';
import { findCompanyPayoutAccount } from '../settlement/settlement-accounts.service';
import { accountSummaryKey } from './account-summary-cache';
import {
  consumePasswordResetToken,
  findAccountByEmail,
  findAccountById,
  findPasswordHash,
  insertOwner,
  insertPasswordResetToken,
  touchStaffLogin,
  updateAccountLanguage,
  updatePasswordHash,
} from './auth.repository';
import {
  insertSession,
  moveSession,
  revokeSession,
  revokeSessionByTokenHash,
  revokeSessionsOfAccount,
  type UserType,
} from './sessions.repository';

export type NewSession = {
  token: string;
  restaurantId: string;
  userType: UserType;
  staffId: string | null;
  expiresAt: Date;
};

const RESET_TOKEN_MINUTES = 30;

async function openSession(
  db: Db,
  config: Config,
  account: { userType: UserType; userId: string; restaurantId: string },
): Promise<NewSession> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + config.sessionTtlHours * 3_600_000);
  await insertSession(db, { tokenHash: hashToken(token), ...account, expiresAt });
  return {
    token,
    restaurantId: account.restaurantId,
    userType: account.userType,
    staffId: account.userType === 'staff' ? account.userId : null,
    expiresAt,
  };
}

export async function registerOwner(ctx: ServiceContext, input: TRegisterRequest): Promise<NewSession> {
  const { db, config } = ctx;
  // Hash before the transaction: the embedded database runs one transaction at a time.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const owner = await insertOwner(tx, { name: input.name, email: input.email, passwordHash });
      const restaurant = await openRestaurant(tx, {
        ownerId: owner.id,
        name: input.restaurantName,
        currency: input.currency,
        timezone: input.timezone,
      });
      return openSession(tx, config, { userType: 'owner', userId: owner.id, restaurantId: restaurant.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('DUPLICATE', 'An account with this e-mail already exists', {
        email: 'is already registered',
      });
    }
    throw error;
  }
}

export async function logIn(
  ctx: ServiceContext,
  input: TLoginRequest & { userType: UserType },
): Promise<NewSession> {
  const { db, config, ip } = ctx;
  const { userType } = input;
  const windowSeconds = config.rateLimits.windowSeconds;
  await consumeRateLimit(db, { key: `login:ip:${ip}`, limit: config.rateLimits.loginPerIp, windowSeconds });
  await consumeRateLimit(db, {
    key: `login:account:${userType}:${input.email}`,
    limit: config.rateLimits.loginPerAccount,
    windowSeconds,
  });
  const account = await findAccountByEmail(db, userType, input.email);
  const passwordOk = await verifyPassword(account?.passwordHash, input.password);
  // One answer for an unknown e-mail, a wrong password and a deactivated account.
  if (!account || !passwordOk || !account.active || !account.restaurantId) {
    throw new AppError('LOGIN_FAILED', 'Incorrect e-mail or password');
  }
  if (userType === 'staff') await touchStaffLogin(db, account.id);
  return openSession(db, config, { userType, userId: account.id, restaurantId: account.restaurantId });
}

/**
 * Signs in a staff member whose identity the caller has already proven (a shared device checked
 * their PIN): a normal staff session, as login opens, in the caller's transaction.
 */
export async function openStaffSession(
  db: Db,
  config: Config,
  member: { staffId: string; restaurantId: string },
): Promise<NewSession> {
  await touchStaffLogin(db, member.staffId);
  return openSession(db, config, {
    userType: 'staff',
    userId: member.staffId,
    restaurantId: member.restaurantId,
  });
}

/** Ends the session behind `token`, if it is live: the last person on a shared device, when the next switches in. */
export async function endSessionOfToken(db: Db, token: string): Promise<void> {
  await revokeSessionByTokenHash(db, hashToken(token));
}

export async function logOut({ db, principal }: StaffContext): Promise<void> {
  await revokeSession(db, principal.sessionId);
}

/** The caller as the dashboard shows them; the account and restaurant part from memory on a hit. */
export async function describeSession(ctx: StaffContext): Promise<TMeResponse> {
  const { db, principal, accountSummaries } = ctx;
  const key = accountSummaryKey(principal);
  let summary = accountSummaries.get(key);
  if (!summary) {
    const readAt = accountSummaries.begin();
    const [account, restaurant, payoutAccount] = await Promise.all([
      findAccountById(db, principal.userType, principal.userId),
      findRestaurantRow(db, principal.restaurantId),
      findCompanyPayoutAccount(db, principal.restaurantId),
    ]);
    if (!account || !restaurant) throw unauthenticated();
    summary = {
      name: account.name,
      email: account.email,
      language: account.language ?? null,
      hasPin: Boolean(account.hasPin),
      restaurant: {
        id: restaurant.id,
        name: restaurant.name,
        currency: restaurant.currency,
        timezone: restaurant.timezone,
        logoUrl: restaurant.logoUrl,
        languages: restaurant.languages,
        payoutAccount,
      },
    };
    accountSummaries.set(key, summary, readAt);
  }
  return {
    userType: principal.userType,
    userId: principal.userId,
    staffId: principal.staffId,
    name: summary.name,
    email: summary.email,
    language: summary.language,
    restaurantId: principal.restaurantId,
    restaurant: summary.restaurant,
    permissions: [...principal.permissions],
    hasPin: summary.hasPin,
    expiresAt: principal.expiresAt.toISOString(),
  };
}

/**
 * Changes the caller's own preferences (the language they work in). What GET /auth/me keeps in
 * memory is emptied before this is answered (an `auth` write) and on every instance (the NOTIFY of
 * migration 0022), so the next /auth/me shows it.
 */
export async function changePreferences(
  { db, principal }: StaffContext,
  input: TUpdatePreferencesRequest,
): Promise<TPreferences> {
  if (input.language === undefined) {
    const account = await findAccountById(db, principal.userType, principal.userId);
    if (!account) throw unauthenticated();
    return { language: account.language ?? null };
  }
  const row = await updateAccountLanguage(db, principal.userType, principal.userId, input.language);
  if (!row) throw unauthenticated();
  return { language: row.language ?? null };
}

export async function requestPasswordReset(
  ctx: ServiceContext,
  input: TForgotPasswordRequest & { userType: UserType },
): Promise<void> {
  const { db, config, mailer, ip } = ctx;
  const { userType } = input;
  const windowSeconds = config.rateLimits.windowSeconds;
  await consumeRateLimit(db, { key: `reset:ip:${ip}`, limit: config.rateLimits.loginPerIp, windowSeconds });
  await consumeRateLimit(db, {
    key: `reset:account:${userType}:${input.email}`,
    limit: config.rateLimits.loginPerAccount,
    windowSeconds,
  });
  const account = await findAccountByEmail(db, userType, input.email);
  if (!account?.active) return;
  const token = generateToken();
  await insertPasswordResetToken(db, {
    tokenHash: hashToken(token),
    userType,
    userId: account.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: account.email,
    subject: 'Reset your Tavolo password',
    text: `Hello ${account.name},\n\nSomeone asked to reset the password of your Tavolo account. If it was you, open this link within ${RESET_TOKEN_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  });
}

export async function resetPassword(ctx: ServiceContext, input: TResetPasswordRequest): Promise<void> {
  const { db, config, ip } = ctx;
  await consumeRateLimit(db, {
    key: `reset-confirm:ip:${ip}`,
    limit: config.rateLimits.loginPerIp,
    windowSeconds: config.rateLimits.windowSeconds,
  });
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const owner = await consumePasswordResetToken(tx, hashToken(input.token));
    if (!owner) return false;
    await updatePasswordHash(tx, owner.userType, owner.userId, passwordHash);
    // A reset locks out whoever held the old password.
    await revokeSessionsOfAccount(tx, owner.userType, owner.userId);
    return true;
  });
  if (!done)
    throw new AppError('INVALID_TOKEN', 'This reset link is invalid, used or expired; ask for a new one');
}

/**
 * Changes the caller's own password once they prove the current one; every other session of the
 * account ends (a stolen session does not outlive the change), this one stays. Rate-limited per
 * account like login, so a hijacked session cannot guess the password.
 */
export async function changePassword(ctx: StaffContext, input: TChangePasswordRequest): Promise<void> {
  const { db, config, principal } = ctx;
  await consumeRateLimit(db, {
    key: `change-password:account:${principal.userType}:${principal.userId}`,
    limit: config.rateLimits.loginPerAccount,
    windowSeconds: config.rateLimits.windowSeconds,
  });
  const currentHash = await findPasswordHash(db, principal.userType, principal.userId);
  if (!(await verifyPassword(currentHash, input.currentPassword))) {
    throw new AppError('UNPROCESSABLE', 'The current password is not right', {
      currentPassword: 'is not your current password',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, principal.userType, principal.userId, passwordHash);
    await revokeSessionsOfAccount(tx, principal.userType, principal.userId, { except: principal.sessionId });
  });
}

/**
 * Moves an owner's session to another restaurant they own. The token stays the same (the cookie
 * too), so the answer carries none; open streams of the session end at their next heartbeat.
 */
export async function switchRestaurant(
  { db, principal }: StaffContext,
  input: TSwitchRestaurantRequest,
): Promise<Omit<NewSession, 'token'>> {
  if (!(await findOwnedRestaurant(db, principal.userId, input.restaurantId))) throw notFound('Restaurant');
  const session = await moveSession(db, principal.sessionId, input.restaurantId);
  if (!session) throw unauthenticated();
  return {
    restaurantId: session.restaurantId,
    userType: 'owner',
    staffId: null,
    expiresAt: session.expiresAt,
  };
}

import { z } from 'zod';
import { textPattern, ZCurrency, ZId, ZTimezone } from './common';
import { access, endpoint } from './endpoint';
import { ZErrorResponse } from './errors';
import { ZLanguage, ZRestaurantLanguages } from './languages';
import { ZPermission } from './permissions';
import { ZRestaurantName } from './restaurants';
import { ZPayoutAccountSummary } from './wallet';

/** An e-mail address, kept in lower case (browsers' e-mail fields already trim it). */
export const ZEmail = z.email({ message: 'must be an e-mail address' }).max(254).toLowerCase();

export const ZPassword = z
  .string()
  .min(8, { message: 'must be at least 8 characters' })
  .max(200, { message: 'must be at most 200 characters' });

export const ZPersonName = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(120, { message: 'must be at most 120 characters' })
  .meta({ pattern: textPattern(1) });

export const ZRegisterRequest = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    password: ZPassword,
    restaurantName: ZRestaurantName,
    currency: ZCurrency,
    timezone: ZTimezone,
  })
  .strict();
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: 'is required' }).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginQuery = z.object({
  staff: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const ZUserType = z.enum(['owner', 'staff']);
export type TUserType = z.infer<typeof ZUserType>;

/**
 * Answer of login and register. `token` is left out when the client sends
 * `X-Session-Transport: cookie` (the web app), so page scripts never see it.
 */
export const ZSessionResponse = z.object({
  token: z.string().optional(),
  restaurantId: ZId,
  userType: ZUserType,
  staffId: ZId.nullable(),
  expiresAt: z.iso.datetime(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZMeResponse = z.object({
  userType: ZUserType,
  userId: ZId,
  staffId: ZId.nullable(),
  name: z.string(),
  email: z.string(),
  /** The language this person works in; null: their browser's. */
  language: ZLanguage.nullable(),
  restaurantId: ZId,
  restaurant: z.object({
    id: ZId,
    name: z.string(),
    currency: z.string(),
    timezone: z.string(),
    logoUrl: z.string().nullable(),
    languages: ZRestaurantLanguages,
    /** The default settlement account, part of the company information; null until one is added. */
    payoutAccount: ZPayoutAccountSummary.nullable(),
  }),
  permissions: z.array(ZPermission),
  /** A staff member has set an approval PIN (PRODUCT.md §9); always false for an owner. */
  hasPin: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, { message: 'is required' }).max(200),
  password: ZPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1, { message: 'is required' }).max(200), newPassword: ZPassword })
  .strict();
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Owners move their session to another restaurant they own; open streams follow. */
export const ZSwitchRestaurantRequest = z.object({ restaurantId: ZId }).strict();
export type TSwitchRestaurantRequest = z.infer<typeof ZSwitchRestaurantRequest>;

/** One's own settings: the language the dashboard speaks to them (null: follow the browser). */
export const ZPreferences = z.object({ language: ZLanguage.nullable() });
export type TPreferences = z.infer<typeof ZPreferences>;

/** Like every PUT, it changes the fields it carries. */
export const ZUpdatePreferencesRequest = ZPreferences.partial().strict();
export type TUpdatePreferencesRequest = z.infer<typeof ZUpdatePreferencesRequest>;

export const ZAcceptedResponse = z.object({ status: z.literal('accepted') });
export const ZOkResponse = z.object({ status: z.literal('ok') });

export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    tag: 'auth',
    summary: 'Sign up an owner with their first restaurant',
    access: access.public,
    body: ZRegisterRequest,
    status: 201,
    response: ZSessionResponse,
    errors: [409],
  }),
  logIn: endpoint({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Sign in (as staff with ?staff=true)',
    access: access.public,
    query: ZLoginQuery,
    body: ZLoginRequest,
    response: ZSessionResponse,
    errors: [401, 429],
  }),
  loginFailed: endpoint({
    method: 'GET',
    path: '/auth/loginfail',
    tag: 'auth',
    summary: 'The answer of a failed sign-in',
    access: access.public,
    status: 401,
    response: ZErrorResponse,
  }),
  me: endpoint({
    method: 'GET',
    path: '/auth/me',
    tag: 'auth',
    summary: 'The signed-in user, their restaurant and permissions',
    access: access.signedIn,
    response: ZMeResponse,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/auth/me/preferences',
    tag: 'auth',
    summary: "Change one's own preferences: the language one works in (null: the browser's)",
    access: access.signedIn,
    body: ZUpdatePreferencesRequest,
    response: ZPreferences,
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Sign out: the session is revoked',
    access: access.signedIn,
    response: ZOkResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    tag: 'auth',
    summary: "Change one's own password; every other session of the account ends",
    access: access.signedIn,
    body: ZChangePasswordRequest,
    response: ZOkResponse,
    errors: [422, 429],
  }),
  switchRestaurant: endpoint({
    method: 'POST',
    path: '/auth/switch-restaurant',
    tag: 'auth',
    summary: 'Move the session to another restaurant the owner owns',
    access: access.owner,
    body: ZSwitchRestaurantRequest,
    response: ZSessionResponse,
    errors: [404],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    tag: 'auth',
    summary: 'E-mail a password reset link (always 202)',
    access: access.public,
    query: ZLoginQuery,
    body: ZForgotPasswordRequest,
    status: 202,
    response: ZAcceptedResponse,
    errors: [429],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    tag: 'auth',
    summary: "Set a new password with a reset link's token",
    access: access.public,
    body: ZResetPasswordRequest,
    response: ZOkResponse,
    errors: [429],
  }),
};

import { z } from 'zod';
import { ZSessionResponse } from './auth';
import { textPattern, ZId } from './common';
import { access, endpoint } from './endpoint';
import {
  DEVICE_LOCK_MINUTES_DEFAULT,
  DEVICE_LOCK_MINUTES_MAX,
  DEVICE_LOCK_MINUTES_MIN,
  DEVICE_PIN_ATTEMPTS_PER_DEVICE,
  DEVICE_PIN_ATTEMPTS_PER_PERSON,
  DEVICE_PIN_WINDOW_SECONDS,
} from './values/devices';

export {
  DEVICE_LOCK_MINUTES_DEFAULT,
  DEVICE_LOCK_MINUTES_MAX,
  DEVICE_LOCK_MINUTES_MIN,
  DEVICE_PIN_ATTEMPTS_PER_DEVICE,
  DEVICE_PIN_ATTEMPTS_PER_PERSON,
  DEVICE_PIN_WINDOW_SECONDS,
};

/*
 * Shared devices (PRODUCT.md §9): a tablet or a till that an owner or a manager marked once as the
 * restaurant's. The browser keeps an HttpOnly device cookie; on it, staff switch in by tapping their
 * name and typing their PIN, and it locks back to the names after `lockMinutes` without input.
 */

/** The HttpOnly cookie that makes a browser a shared device (its token; the server keeps a hash). */
export const DEVICE_COOKIE = 'tavolo_device';

const ZDeviceName = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(60, { message: 'must be at most 60 characters' })
  .meta({ pattern: textPattern(1) });

const ZLockMinutes = z
  .number()
  .int({ message: 'must be a whole number' })
  .min(DEVICE_LOCK_MINUTES_MIN, { message: `must be at least ${DEVICE_LOCK_MINUTES_MIN}` })
  .max(DEVICE_LOCK_MINUTES_MAX, { message: `must be at most ${DEVICE_LOCK_MINUTES_MAX}` });

export const ZMarkDeviceRequest = z
  .object({ name: ZDeviceName.optional(), lockMinutes: ZLockMinutes.optional() })
  .strict();
export type TMarkDeviceRequest = z.infer<typeof ZMarkDeviceRequest>;

export const ZDevice = z.object({
  id: ZId,
  name: z.string(),
  lockMinutes: z.number().int(),
  restaurant: z.object({ id: ZId, name: z.string() }),
  createdAt: z.iso.datetime(),
});
export type TDevice = z.infer<typeof ZDevice>;

/** What GET /api/devices/current answers: the device this browser is, or null. */
export const ZCurrentDevice = z.object({ device: ZDevice.nullable() });
export type TCurrentDevice = z.infer<typeof ZCurrentDevice>;

/** Who may switch in on the device: active members with a PIN, by name (nothing else about them). */
export const ZDeviceStaff = z.object({
  items: z.array(z.object({ id: ZId, name: z.string(), roleName: z.string() })),
});
export type TDeviceStaff = z.infer<typeof ZDeviceStaff>;

export const ZSwitchUserRequest = z
  .object({
    staffId: ZId,
    pin: z.string().regex(/^\d{4,6}$/, { message: 'must be 4 to 6 digits' }),
  })
  .strict();
export type TSwitchUserRequest = z.infer<typeof ZSwitchUserRequest>;

const deviceCookie = `the device cookie (\`${DEVICE_COOKIE}\`, set by POST /api/devices)`;

export const devicesEndpoints = {
  markDevice: endpoint({
    method: 'POST',
    path: '/api/devices',
    tag: 'devices',
    summary: 'Mark this browser as a shared device of the restaurant',
    description: `Sets ${deviceCookie}, HttpOnly. A browser already marked for this restaurant is marked afresh (its old device is forgotten). lockMinutes defaults to ${DEVICE_LOCK_MINUTES_DEFAULT}.`,
    access: access.permission('staff.manage'),
    body: ZMarkDeviceRequest,
    status: 201,
    response: ZDevice,
  }),
  getCurrentDevice: endpoint({
    method: 'GET',
    path: '/api/devices/current',
    tag: 'devices',
    summary: 'The shared device this browser is, if any',
    description: `Reads ${deviceCookie}; \`device\` is null when this browser is not a shared device (every page asks, so it is no error).`,
    access: access.public,
    response: ZCurrentDevice,
  }),
  listDeviceStaff: endpoint({
    method: 'GET',
    path: '/api/devices/current/staff',
    tag: 'devices',
    summary: "Who may switch in on this shared device: the restaurant's active staff with a PIN",
    description: `Reads ${deviceCookie}; 404 when this browser is not a shared device.`,
    access: access.public,
    response: ZDeviceStaff,
    errors: [404],
  }),
  switchUser: endpoint({
    method: 'POST',
    path: '/api/devices/current/switch',
    tag: 'devices',
    summary: 'Sign a staff member in on this shared device with their PIN',
    description: `Reads ${deviceCookie} and answers like POST /auth/login (a session cookie; the token too unless X-Session-Transport: cookie); a session the browser held ends. 401 for a wrong PIN; ${DEVICE_PIN_ATTEMPTS_PER_PERSON} wrong PINs for one person (or ${DEVICE_PIN_ATTEMPTS_PER_DEVICE} on one device) in ${DEVICE_PIN_WINDOW_SECONDS / 60} minutes: 429. 404 for someone not active in the device's restaurant. Every switch and every wrong PIN is in the audit log. 403 for a request from another origin.`,
    access: access.public,
    body: ZSwitchUserRequest,
    response: ZSessionResponse,
    errors: [401, 403, 404, 429],
  }),
  forgetDevice: endpoint({
    method: 'DELETE',
    path: '/api/devices/current',
    tag: 'devices',
    summary: 'This browser is no longer a shared device',
    description: `Forgets the device named by ${deviceCookie} (404 when it is not one of the session's restaurant) and clears the cookie.`,
    access: access.permission('staff.manage'),
    status: 204,
    errors: [404],
  }),
};

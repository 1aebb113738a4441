import { auditEndpoints } from '@tavolo/contract/audit';
import { authEndpoints, type TSessionResponse } from '@tavolo/contract/auth';
import {
  DEVICE_COOKIE,
  DEVICE_PIN_ATTEMPTS_PER_DEVICE,
  DEVICE_PIN_ATTEMPTS_PER_PERSON,
  devicesEndpoints,
  type TDevice,
  type TDeviceStaff,
} from '@tavolo/contract/devices';
import { staffEndpoints } from '@tavolo/contract/staff';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { SESSION_COOKIE } from '../../http/authenticate';

/*
 * Shared devices (PRODUCT.md §9): an owner or a manager marks a browser once; staff then switch in
 * on it by name and PIN, every switch and wrong PIN in the audit log.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let pins = 4000;
/** A PIN no one of either restaurant has yet (PINs are unique in a restaurant). */
const nextPin = () => String(++pins);

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' } });
  owner = await registerOwner(t.app, { restaurantName: 'Trattoria Device' });
  other = await registerOwner(t.app, { restaurantName: 'Osteria Other' });
});
afterAll(() => t.close());

/** A member of `of`'s restaurant in the default role, with a PIN of their own. */
async function memberWithPin(of: Owner, roleName: string) {
  const member = await createStaffMember(t, of, roleName);
  const pin = nextPin();
  await callApi(t.app, of.token, staffEndpoints.setStaffPin, {
    params: { id: member.staffId },
    body: { pin },
  });
  return { ...member, pin };
}

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** Marks a browser as a shared device as `token`, and answers the device cookie's token. */
async function markDevice(token: string, body: { name?: string; lockMinutes?: number } = {}) {
  const response = await injectApi(t.app, devicesEndpoints.markDevice, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = cookieOf(response, DEVICE_COOKIE)!;
  return { device: response.json<TDevice>(), deviceToken: cookie.value, cookie };
}

const switchUser = (
  deviceToken: string | undefined,
  body: { staffId: string; pin: string },
  cookies: Record<string, string> = {},
) =>
  injectApi(t.app, devicesEndpoints.switchUser, {
    body,
    cookies: { ...(deviceToken ? { [DEVICE_COOKIE]: deviceToken } : {}), ...cookies },
    headers: { 'x-session-transport': 'cookie' },
  });

const auditOf = async (of: Owner, kind: 'device.switched' | 'device.switch_refused' | 'device.marked') =>
  (await callApi(t.app, of.token, auditEndpoints.listAudit, { query: { kind, pageSize: 100 } })).items;

describe('POST /api/devices', () => {
  it('marks the browser with an HttpOnly, SameSite=Lax device cookie, kept hashed, for owners and managers', async () => {
    const { device, cookie } = await markDevice(owner.token, { name: 'Bar tablet', lockMinutes: 3 });
    expect(device).toMatchObject({
      name: 'Bar tablet',
      lockMinutes: 3,
      restaurant: { id: owner.restaurantId, name: 'Trattoria Device' },
    });
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device).not.toHaveProperty('token');
    const manager = await createStaffMember(t, owner, 'Manager');
    const byManager = await markDevice(manager.token);
    expect(byManager.device).toMatchObject({ name: 'Shared device', lockMinutes: 5 });
    const marked = await auditOf(owner, 'device.marked');
    expect(marked.map((entry) => entry.actor.id)).toEqual([manager.staffId, expect.any(String)]);
  });

  it('is refused to a waiter (403) and checks its fields (400)', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const refused = await injectApi(t.app, devicesEndpoints.markDevice, { token: waiter.token, body: {} });
    expect(refused.statusCode).toBe(403);
    const invalid = await injectApi(t.app, devicesEndpoints.markDevice, {
      token: owner.token,
      body: { lockMinutes: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toHaveProperty('lockMinutes');
  });

  it('marks a browser afresh: the device it was before is forgotten', async () => {
    const first = await markDevice(owner.token, { name: 'Old' });
    const again = await injectApi(t.app, devicesEndpoints.markDevice, {
      token: owner.token,
      body: { name: 'New' },
      cookies: { [DEVICE_COOKIE]: first.deviceToken },
    });
    expect(again.statusCode).toBe(201);
    const old = await injectApi(t.app, devicesEndpoints.getCurrentDevice, {
      cookies: { [DEVICE_COOKIE]: first.deviceToken },
    });
    expect(old.json()).toEqual({ device: null });
  });
});

describe('GET /api/devices/current and its staff', () => {
  it('names the device, and lists the active staff with a PIN by name and role only', async () => {
    const { device, deviceToken } = await markDevice(owner.token, { name: 'Pass' });
    const waiter = await memberWithPin(owner, 'Waiter');
    const withoutPin = await createStaffMember(t, owner, 'Waiter');
    const leaving = await memberWithPin(owner, 'Kitchen');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: leaving.staffId },
      body: { active: false },
    });
    const cookies = { [DEVICE_COOKIE]: deviceToken };
    const current = await injectApi(t.app, devicesEndpoints.getCurrentDevice, { cookies });
    expect(current.json()).toEqual({ device });
    const response = await injectApi(t.app, devicesEndpoints.listDeviceStaff, { cookies });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<TDeviceStaff>();
    expect(items).toContainEqual({ id: waiter.staffId, name: 'Waiter Person', roleName: 'Waiter' });
    const ids = items.map((member) => member.id);
    expect(ids).not.toContain(withoutPin.staffId);
    expect(ids).not.toContain(leaving.staffId);
    expect(response.body).not.toContain('@');
  });

  it('says a browser without a device cookie (or with an unknown one) is no device, and lists no one for it (404)', async () => {
    for (const cookies of [undefined, { [DEVICE_COOKIE]: 'not-a-device' }]) {
      const current = await injectApi(t.app, devicesEndpoints.getCurrentDevice, { cookies });
      expect([current.statusCode, current.json()]).toEqual([200, { device: null }]);
      expect((await injectApi(t.app, devicesEndpoints.listDeviceStaff, { cookies })).statusCode).toBe(404);
    }
    const signedIn = await injectApi(t.app, devicesEndpoints.listDeviceStaff, { token: owner.token });
    expect(signedIn.statusCode).toBe(404);
  });

  it('lists only its own restaurant’s staff', async () => {
    const theirs = await memberWithPin(other, 'Waiter');
    const { deviceToken } = await markDevice(owner.token);
    const { items } = (
      await injectApi(t.app, devicesEndpoints.listDeviceStaff, { cookies: { [DEVICE_COOKIE]: deviceToken } })
    ).json<TDeviceStaff>();
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((member) => member.id)).not.toContain(theirs.staffId);
  });
});

describe('POST /api/devices/current/switch', () => {
  it('signs the member in with their PIN (a cookie session, as login) and ends the session the browser held', async () => {
    const { deviceToken } = await markDevice(owner.token, { name: 'Floor tablet' });
    const waiter = await memberWithPin(owner, 'Waiter');
    const cook = await memberWithPin(owner, 'Kitchen');
    const first = await switchUser(deviceToken, { staffId: waiter.staffId, pin: waiter.pin });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json<TSessionResponse>();
    expect(session).toMatchObject({
      userType: 'staff',
      staffId: waiter.staffId,
      restaurantId: owner.restaurantId,
    });
    expect(session.token).toBeUndefined();
    const waiterCookie = cookieOf(first, SESSION_COOKIE)!;
    expect(waiterCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await injectApi(t.app, authEndpoints.me, {
      cookies: { [SESSION_COOKIE]: waiterCookie.value },
    });
    expect(me.json()).toMatchObject({ staffId: waiter.staffId, name: 'Waiter Person' });

    // The cook switches in on the same browser: the waiter's session there ends.
    const second = await switchUser(
      deviceToken,
      { staffId: cook.staffId, pin: cook.pin },
      { [SESSION_COOKIE]: waiterCookie.value },
    );
    expect(second.statusCode).toBe(200);
    const after = await injectApi(t.app, authEndpoints.me, {
      cookies: { [SESSION_COOKIE]: waiterCookie.value },
    });
    expect(after.statusCode).toBe(401);

    // Both in the audit log, each as the person who switched in, with the device's name.
    const switched = await auditOf(owner, 'device.switched');
    expect(switched.slice(0, 2).map((entry) => [entry.actor, entry.details.deviceName])).toEqual([
      [{ id: cook.staffId, name: 'Kitchen Person' }, 'Floor tablet'],
      [{ id: waiter.staffId, name: 'Waiter Person' }, 'Floor tablet'],
    ]);
  });

  it('refuses a wrong PIN (401, audited); five wrong PINs lock that person alone for the window (429)', async () => {
    const { deviceToken } = await markDevice(owner.token, { name: 'Till' });
    const waiter = await memberWithPin(owner, 'Waiter');
    const colleague = await memberWithPin(owner, 'Waiter');
    const refusedBefore = (await auditOf(owner, 'device.switch_refused')).length;
    for (let attempt = 1; attempt <= DEVICE_PIN_ATTEMPTS_PER_PERSON; attempt++) {
      const wrong = await switchUser(deviceToken, { staffId: waiter.staffId, pin: '999999' });
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).code).toBe('LOGIN_FAILED');
    }
    // The right PIN too, now: a 429 for right PINs only would tell one.
    const locked = await switchUser(deviceToken, { staffId: waiter.staffId, pin: waiter.pin });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A colleague on the same device is not locked out.
    expect(
      (await switchUser(deviceToken, { staffId: colleague.staffId, pin: colleague.pin })).statusCode,
    ).toBe(200);

    const refused = await auditOf(owner, 'device.switch_refused');
    expect(refused.length - refusedBefore).toBe(DEVICE_PIN_ATTEMPTS_PER_PERSON);
    expect(refused[0]).toMatchObject({
      actor: { id: waiter.staffId, name: 'Waiter Person' },
      reason: 'wrong_pin',
      details: { deviceName: 'Till' },
    });
  });

  it('a right PIN is not counted as a guess: typos up to the limit, then the right PIN, leave one typo', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const waiter = await memberWithPin(owner, 'Waiter');
    const typo = () => switchUser(deviceToken, { staffId: waiter.staffId, pin: '000001' });
    for (let n = 1; n < DEVICE_PIN_ATTEMPTS_PER_PERSON; n++) expect((await typo()).statusCode).toBe(401);
    expect((await switchUser(deviceToken, { staffId: waiter.staffId, pin: waiter.pin })).statusCode).toBe(
      200,
    );
    expect((await typo()).statusCode).toBe(401);
    expect((await typo()).statusCode).toBe(429);
  });

  it('caps wrong PINs per device, across people', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const perPerson = DEVICE_PIN_ATTEMPTS_PER_PERSON - 1;
    const people = Math.ceil(DEVICE_PIN_ATTEMPTS_PER_DEVICE / perPerson);
    let wrong = 0;
    for (let n = 0; n < people; n++) {
      const member = await memberWithPin(owner, 'Waiter');
      for (let i = 0; i < perPerson && wrong < DEVICE_PIN_ATTEMPTS_PER_DEVICE; i++, wrong++)
        expect((await switchUser(deviceToken, { staffId: member.staffId, pin: '000002' })).statusCode).toBe(
          401,
        );
    }
    const fresh = await memberWithPin(owner, 'Waiter');
    expect((await switchUser(deviceToken, { staffId: fresh.staffId, pin: fresh.pin })).statusCode).toBe(429);
    // Another device of the restaurant is not held by this one's guesses.
    const elsewhere = await markDevice(owner.token);
    expect(
      (await switchUser(elsewhere.deviceToken, { staffId: fresh.staffId, pin: fresh.pin })).statusCode,
    ).toBe(200);
  });

  it('does not let a deactivated member switch in, nor one without a PIN', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const leaving = await memberWithPin(owner, 'Waiter');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: leaving.staffId },
      body: { active: false },
    });
    const refused = await switchUser(deviceToken, { staffId: leaving.staffId, pin: leaving.pin });
    expect(refused.statusCode).toBe(404);
    const noPin = await createStaffMember(t, owner, 'Waiter');
    expect((await switchUser(deviceToken, { staffId: noPin.staffId, pin: '1234' })).statusCode).toBe(404);
  });

  it('keeps restaurants apart: another restaurant’s member is not found, and their PIN opens no one here', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const ours = await memberWithPin(owner, 'Waiter');
    const theirs = await memberWithPin(other, 'Waiter');
    const foreign = await switchUser(deviceToken, { staffId: theirs.staffId, pin: theirs.pin });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    const theirPin = await switchUser(deviceToken, { staffId: ours.staffId, pin: theirs.pin });
    expect(theirPin.statusCode).toBe(401);
    // Nothing of it in the other restaurant's log.
    expect((await auditOf(other, 'device.switch_refused')).length).toBe(0);
  });

  it('needs a device cookie (404) and our own origin (403)', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const waiter = await memberWithPin(owner, 'Waiter');
    expect((await switchUser(undefined, { staffId: waiter.staffId, pin: waiter.pin })).statusCode).toBe(404);
    const crossOrigin = await injectApi(t.app, devicesEndpoints.switchUser, {
      body: { staffId: waiter.staffId, pin: waiter.pin },
      cookies: { [DEVICE_COOKIE]: deviceToken },
      headers: { origin: 'https://evil.example', host: 'tavolo.test' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    const malformed = await switchUser(deviceToken, { staffId: waiter.staffId, pin: '12' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/devices/current', () => {
  it('forgets the device and clears its cookie; the device then lists no one', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const response = await injectApi(t.app, devicesEndpoints.forgetDevice, {
      token: owner.token,
      cookies: { [DEVICE_COOKIE]: deviceToken },
    });
    expect(response.statusCode).toBe(204);
    expect(cookieOf(response, DEVICE_COOKIE)?.value).toBe('');
    const gone = await injectApi(t.app, devicesEndpoints.listDeviceStaff, {
      cookies: { [DEVICE_COOKIE]: deviceToken },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 to another restaurant’s owner, who cannot forget it, and to a browser that is no device', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const foreign = await injectApi(t.app, devicesEndpoints.forgetDevice, {
      token: other.token,
      cookies: { [DEVICE_COOKIE]: deviceToken },
    });
    expect(foreign.statusCode).toBe(404);
    const still = await injectApi(t.app, devicesEndpoints.getCurrentDevice, {
      cookies: { [DEVICE_COOKIE]: deviceToken },
    });
    expect(still.json().device).not.toBeNull();
    expect((await injectApi(t.app, devicesEndpoints.forgetDevice, { token: owner.token })).statusCode).toBe(
      404,
    );
  });

  it('is refused to a waiter (403)', async () => {
    const { deviceToken } = await markDevice(owner.token);
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const refused = await injectApi(t.app, devicesEndpoints.forgetDevice, {
      token: waiter.token,
      cookies: { [DEVICE_COOKIE]: deviceToken },
    });
    expect(refused.statusCode).toBe(403);
  });
});

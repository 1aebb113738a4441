import { authEndpoints } from '@tavolo/contract/auth';
import { PIN_ATTEMPTS } from '@tavolo/contract/order-changes';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { sql } from 'drizzle-orm';
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
  uniqueEmail,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';

let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000' } });
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
});
afterAll(() => t.close());

const setPin = (token: string, id: string, pin: string | null) =>
  injectApi(t.app, staffEndpoints.setStaffPin, { token, params: { id }, body: { pin } });

const hasPin = async (id: string) =>
  (await callApi(t.app, owner.token, staffEndpoints.getStaffMember, { params: { id } })).hasPin;

const storedHash = async (id: string) =>
  (
    await queryRows<{ pin_hash: string | null }>(
      t.database.db,
      sql`SELECT pin_hash FROM staff WHERE id = ${id}`,
    )
  )[0]!.pin_hash;

describe('PUT /api/staff/{id}/pin', () => {
  it('lets a member set their own PIN (stored hashed), shows hasPin, and removes it with null', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(await hasPin(waiter.staffId)).toBe(false);
    expect((await setPin(waiter.token, waiter.staffId, '4821')).statusCode).toBe(204);
    expect(await hasPin(waiter.staffId)).toBe(true);
    const { items } = await callApi(t.app, owner.token, staffEndpoints.listStaff, {
      params: { id: owner.restaurantId },
    });
    expect(items.find((m) => m.id === waiter.staffId)?.hasPin).toBe(true);
    const hash = await storedHash(waiter.staffId);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('4821');
    // The same PIN again is theirs already: no conflict.
    expect((await setPin(waiter.token, waiter.staffId, '4821')).statusCode).toBe(204);
    expect((await setPin(waiter.token, waiter.staffId, null)).statusCode).toBe(204);
    expect(await hasPin(waiter.staffId)).toBe(false);
    expect(await storedHash(waiter.staffId)).toBeNull();
  });

  it('tells a member on /auth/me whether they have a PIN (an owner never has one)', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const me = () => callApi(t.app, waiter.token, authEndpoints.me);
    expect((await me()).hasPin).toBe(false);
    expect((await setPin(waiter.token, waiter.staffId, '7314')).statusCode).toBe(204);
    expect((await me()).hasPin).toBe(true);
    // Cleared by the owner: the member's next /auth/me says so (the account summary is forgotten).
    await callApi(t.app, owner.token, staffEndpoints.setStaffPin, {
      params: { id: waiter.staffId },
      body: { pin: null },
    });
    expect((await me()).hasPin).toBe(false);
    expect((await callApi(t.app, owner.token, authEndpoints.me)).hasPin).toBe(false);
  });

  it('takes 4 to 6 digits, nothing else (400)', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    for (const pin of ['123', '1234567', 'abcd', '12 34', ' 1234', '١٢٣٤']) {
      const response = await setPin(waiter.token, waiter.staffId, pin);
      expect(response.statusCode, pin).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('pin');
    }
    for (const pin of ['0000', '12345', '987654']) {
      expect((await setPin(waiter.token, waiter.staffId, pin)).statusCode, pin).toBe(204);
    }
  });

  it("sets another member's PIN only with staff.manage, and never a stronger member's (403)", async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const colleague = await createStaffMember(t, owner, 'Waiter');
    const manager = await createStaffMember(t, owner, 'Manager');
    const refused = await setPin(waiter.token, colleague.staffId, '5555');
    expect(refused.statusCode).toBe(403);
    expect(await hasPin(colleague.staffId)).toBe(false);
    expect((await setPin(manager.token, colleague.staffId, '5556')).statusCode).toBe(204);
    expect((await setPin(owner.token, manager.staffId, '5557')).statusCode).toBe(204);
    // Whoever knows a PIN approves with its holder's permissions: a member with staff.manage alone
    // sets no PIN of someone holding more.
    const role = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
      body: { name: 'Staff office', permissions: ['staff.manage'] },
    });
    const email = uniqueEmail('office');
    await callApi(t.app, owner.token, staffEndpoints.createStaffMember, {
      body: { name: 'Office', email, password: 'office password 1', roleId: role.id },
    });
    const office = (
      await callApi(t.app, null, authEndpoints.logIn, {
        query: { staff: 'true' },
        body: { email, password: 'office password 1' },
      })
    ).token!;
    const stronger = await setPin(office, manager.staffId, '5558');
    expect(stronger.statusCode).toBe(403);
    expect(await storedHash(manager.staffId)).not.toBeNull();
  });

  it("answers 404 for another restaurant's member, as for none", async () => {
    const theirs = await createStaffMember(t, other, 'Waiter');
    const response = await setPin(owner.token, theirs.staffId, '7777');
    expect(response.statusCode).toBe(404);
    expect(await storedHash(theirs.staffId)).toBeNull();
    expect((await setPin(owner.token, '00000000-0000-4000-8000-000000000000', '7777')).statusCode).toBe(404);
  });

  it('keeps a PIN unique in the restaurant (409), not across restaurants', async () => {
    const first = await createStaffMember(t, owner, 'Waiter');
    const second = await createStaffMember(t, owner, 'Waiter');
    const theirs = await createStaffMember(t, other, 'Waiter');
    expect((await setPin(first.token, first.staffId, '24680')).statusCode).toBe(204);
    const taken = await setPin(second.token, second.staffId, '24680');
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'DUPLICATE', fields: { pin: expect.any(String) } });
    expect(await hasPin(second.staffId)).toBe(false);
    expect((await setPin(theirs.token, theirs.staffId, '24680')).statusCode).toBe(204);
    // Salted by the restaurant: the same PIN hashes apart in two restaurants.
    expect(await storedHash(theirs.staffId)).not.toBe(await storedHash(first.staffId));
  });

  it("counts a PIN found taken as a guess of a colleague's: after the limit, 429 for any PIN", async () => {
    const fresh = await registerOwner(t.app);
    const holder = await createStaffMember(t, fresh, 'Manager');
    const guesser = await createStaffMember(t, fresh, 'Waiter');
    expect((await setPin(holder.token, holder.staffId, '1357')).statusCode).toBe(204);
    // Free PINs are no guess: they do not count.
    for (const pin of ['2001', '2002', '2003', '2004', '2005', '2006']) {
      expect((await setPin(guesser.token, guesser.staffId, pin)).statusCode).toBe(204);
    }
    for (let i = 0; i < PIN_ATTEMPTS; i++) {
      expect((await setPin(guesser.token, guesser.staffId, '1357')).statusCode).toBe(409);
    }
    const limited = await setPin(guesser.token, guesser.staffId, '1357');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A free PIN too: a 429 only for taken ones would tell them apart.
    expect((await setPin(guesser.token, guesser.staffId, '8642')).statusCode).toBe(429);
    // Another restaurant's limit is its own.
    const theirs = await createStaffMember(t, other, 'Waiter');
    expect((await setPin(theirs.token, theirs.staffId, '8642')).statusCode).toBe(204);
  });
});

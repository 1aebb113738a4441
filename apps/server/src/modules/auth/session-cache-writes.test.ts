import { authEndpoints } from '@tavolo/contract/auth';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { rolesEndpoints, staffEndpoints } from '@tavolo/contract/staff';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';

/*
 * The session cache with the database's notifications off: no trigger announces a change to staff,
 * roles or sessions, so only this instance's own write can empty the cache before its answer
 * (decision 023). On the embedded database the notification arrives before the writer's answer, so
 * with it on, a write that forgot to empty the cache would still pass; here it cannot.
 */

const AUTH_TRIGGERS = [
  ['staff', 'staff_auth_change'],
  ['staff', 'staff_summary_change'],
  ['roles', 'roles_auth_change'],
  ['sessions', 'sessions_auth_change'],
] as const;

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  for (const [table, trigger] of AUTH_TRIGGERS) {
    await t.database.db.execute(
      sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER ${sql.identifier(trigger)}`,
    );
  }
});
afterAll(() => t.close());

/** Signs a member in and makes a request, so their session is in the cache. */
async function cachedMember(roleName: string) {
  const member = await createStaffMember(t, owner, roleName);
  await callApi(t.app, member.token, authEndpoints.me);
  await callApi(t.app, member.token, ordersEndpoints.listOrders, {
    params: { restaurantId: owner.restaurantId },
  });
  return member;
}

describe('the session cache without notifications', () => {
  it('ends a deactivated member’s session on their very next request', async () => {
    const member = await cachedMember('Waiter');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { active: false },
    });
    const next = await injectApi(t.app, authEndpoints.me, { token: member.token });
    expect(next.statusCode).toBe(401);
  });

  it('takes a permission away on the very next request when the role changes', async () => {
    const member = await cachedMember('Kitchen');
    await callApi(t.app, owner.token, rolesEndpoints.updateRole, {
      params: { id: member.roleId },
      body: { permissions: ['menu.availability'] },
    });
    const next = await injectApi(t.app, ordersEndpoints.listOrders, {
      token: member.token,
      params: { restaurantId: owner.restaurantId },
    });
    expect(next.statusCode).toBe(403);
  });

  it('ends a deleted member’s session on their very next request', async () => {
    const member = await cachedMember('Cashier');
    await callApi(
      t.app,
      owner.token,
      staffEndpoints.deleteStaffMember,
      { params: { id: member.staffId } },
      204,
    );
    const next = await injectApi(t.app, authEndpoints.me, { token: member.token });
    expect(next.statusCode).toBe(401);
  });
});

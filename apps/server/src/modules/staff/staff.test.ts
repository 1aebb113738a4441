import { authEndpoints, type TSessionResponse } from '@tavolo/contract/auth';
import type { QueryOf } from '@tavolo/contract/endpoint';

import { PERMISSIONS } from '@tavolo/contract/permissions';
import { rolesEndpoints, staffEndpoints, type TStaffMember } from '@tavolo/contract/staff';
import { tablesEndpoints } from '@tavolo/contract/tables';
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

const rolesOf = async (who: { token: string }) =>
  (await callApi(t.app, who.token, rolesEndpoints.listRoles)).items;
const roleNamed = async (who: { token: string }, name: string) =>
  (await rolesOf(who)).find((r) => r.name === name)!;

const newMember = (roleId: string, extra: object = {}) => ({
  name: 'Nora Staff',
  email: uniqueEmail('staff'),
  password: 'first password 1',
  roleId,
  ...extra,
});

async function logIn(email: string, password: string) {
  return injectApi(t.app, authEndpoints.logIn, { query: { staff: 'true' }, body: { email, password } });
}

describe('roles', () => {
  it("lists the restaurant's roles with how many staff hold each", async () => {
    const fresh = await registerOwner(t.app);
    await createStaffMember(t, fresh, 'Waiter');
    const roles = await rolesOf(fresh);
    expect(roles.map((r) => r.name)).toEqual(['Cashier', 'Kitchen', 'Manager', 'Waiter']);
    expect(roles.find((r) => r.name === 'Waiter')).toMatchObject({
      staffCount: 1,
      permissions: [
        'orders.view',
        'orders.create',
        'orders.manage',
        'menu.availability',
        'reviews.view',
        'payments.take',
      ],
    });
    expect(roles.find((r) => r.name === 'Kitchen')?.staffCount).toBe(0);
    // Another restaurant's roles never show.
    expect((await rolesOf(other)).every((r) => !roles.some((mine) => mine.id === r.id))).toBe(true);
  });

  it('creates, renames and deletes a role; names are unique per restaurant whatever their case', async () => {
    const created = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
      body: { name: 'Runner', permissions: ['orders.view', 'orders.view', 'dashboard.view'] },
    });
    // De-duplicated, in the catalogue's order.
    expect(created).toMatchObject({
      name: 'Runner',
      permissions: ['dashboard.view', 'orders.view'],
      staffCount: 0,
    });

    const duplicate = await injectApi(t.app, rolesEndpoints.createRole, {
      token: owner.token,
      body: { name: 'runner', permissions: [] },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({ code: 'DUPLICATE', fields: { name: 'is already used' } });
    // The same name in another restaurant is fine.
    await callApi(t.app, other.token, rolesEndpoints.createRole, {
      body: { name: 'Runner', permissions: [] },
    });

    const clash = await injectApi(t.app, rolesEndpoints.updateRole, {
      token: owner.token,
      params: { id: created.id },
      body: { name: 'WAITER' },
    });
    expect(clash.statusCode).toBe(409);
    const renamed = await callApi(t.app, owner.token, rolesEndpoints.updateRole, {
      params: { id: created.id },
      body: { name: 'Food runner' },
    });
    expect(renamed).toMatchObject({ name: 'Food runner', permissions: ['dashboard.view', 'orders.view'] });

    expect(
      (await injectApi(t.app, rolesEndpoints.deleteRole, { token: owner.token, params: { id: created.id } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await injectApi(t.app, rolesEndpoints.deleteRole, { token: owner.token, params: { id: created.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 422 naming a permission outside the catalogue', async () => {
    const response = await injectApi(t.app, rolesEndpoints.createRole, {
      token: owner.token,
      body: { name: 'Hacker', permissions: ['orders.view', 'root.everything'] },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields?.permissions).toContain('root.everything');
    const update = await injectApi(t.app, rolesEndpoints.updateRole, {
      token: owner.token,
      params: { id: (await roleNamed(owner, 'Kitchen')).id },
      body: { permissions: ['menu.everything'] },
    });
    expect(update.statusCode).toBe(422);
    expect(errorOf(update).fields?.permissions).toContain('menu.everything');
  });

  it('answers 409 when deleting a role still assigned', async () => {
    const fresh = await registerOwner(t.app);
    await createStaffMember(t, fresh, 'Cashier');
    const response = await injectApi(t.app, rolesEndpoints.deleteRole, {
      token: fresh.token,
      params: { id: (await roleNamed(fresh, 'Cashier')).id },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CONFLICT');
  });

  it("answers 404 for another restaurant's role", async () => {
    const theirs = await roleNamed(other, 'Kitchen');
    expect(
      (
        await injectApi(t.app, rolesEndpoints.updateRole, {
          token: owner.token,
          params: { id: theirs.id },
          body: { name: 'Mine now' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await injectApi(t.app, rolesEndpoints.deleteRole, { token: owner.token, params: { id: theirs.id } }))
        .statusCode,
    ).toBe(404);
    expect((await roleNamed(other, 'Kitchen')).id).toBe(theirs.id);
  });

  it('refuses with 403 to grant, through a role, a permission the caller does not hold', async () => {
    const fresh = await registerOwner(t.app);
    const manager = await createStaffMember(t, fresh, 'Manager');
    const grab = await injectApi(t.app, rolesEndpoints.createRole, {
      token: manager.token,
      body: { name: 'Boss', permissions: ['orders.view', 'settings.manage'] },
    });
    expect(grab.statusCode).toBe(403);
    expect(errorOf(grab).message).toContain('settings.manage');
    // Their own role neither.
    const managerRole = await roleNamed(fresh, 'Manager');
    const own = await injectApi(t.app, rolesEndpoints.updateRole, {
      token: manager.token,
      params: { id: managerRole.id },
      body: { permissions: [...managerRole.permissions, 'wallet.withdraw'] },
    });
    expect(own.statusCode).toBe(403);
    // What they hold they may grant, and they may rename a role with more than they hold.
    await callApi(t.app, manager.token, rolesEndpoints.createRole, {
      body: { name: 'Bar', permissions: ['orders.view'] },
    });
    const strong = await callApi(t.app, fresh.token, rolesEndpoints.createRole, {
      body: { name: 'Deputy', permissions: ['settings.manage', 'orders.view'] },
    });
    const renamed = await callApi(t.app, manager.token, rolesEndpoints.updateRole, {
      params: { id: strong.id },
      body: { name: 'Deputy owner', permissions: ['settings.manage', 'orders.view'] },
    });
    expect(renamed.permissions).toEqual(['orders.view', 'settings.manage']);
  });

  it("applies a role change from the member's next request", async () => {
    const fresh = await registerOwner(t.app);
    const kitchen = await createStaffMember(t, fresh, 'Kitchen');
    const tables = () =>
      injectApi(t.app, tablesEndpoints.listTables, {
        token: kitchen.token,
        params: { restaurantId: fresh.restaurantId },
      });
    expect((await tables()).statusCode).toBe(403);
    const role = await roleNamed(fresh, 'Kitchen');
    await callApi(t.app, fresh.token, rolesEndpoints.updateRole, {
      params: { id: role.id },
      body: { permissions: [...role.permissions, 'tables.manage'] },
    });
    expect((await tables()).statusCode).toBe(200);
    await callApi(t.app, fresh.token, rolesEndpoints.updateRole, {
      params: { id: role.id },
      body: { permissions: ['orders.view'] },
    });
    expect((await tables()).statusCode).toBe(403);
  });
});

describe('staff', () => {
  it('creates a member who can sign in, and never answers the password or its hash', async () => {
    const waiter = await roleNamed(owner, 'Waiter');
    const body = newMember(waiter.id, { phone: '+39 055 1234' });
    const response = await injectApi(t.app, staffEndpoints.createStaffMember, {
      token: owner.token,
      body,
    });
    expect(response.statusCode).toBe(201);
    const member = response.json<TStaffMember>();
    expect(member).toMatchObject({
      name: 'Nora Staff',
      email: body.email,
      phone: '+39 055 1234',
      roleId: waiter.id,
      roleName: 'Waiter',
      active: true,
      lastLoginAt: null,
    });
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('$argon2');
    const login = await logIn(body.email, body.password);
    expect(login.statusCode).toBe(200);
    expect(login.json<TSessionResponse>()).toMatchObject({ userType: 'staff', staffId: member.id });
    const read = await callApi(t.app, owner.token, staffEndpoints.getStaffMember, {
      params: { id: member.id },
    });
    expect(read.lastLoginAt).not.toBeNull();
    expect(JSON.stringify(read)).not.toContain('argon2');
  });

  it('lists staff newest first, a page at a time, searching name and e-mail, filtering by active', async () => {
    const fresh = await registerOwner(t.app);
    const role = await roleNamed(fresh, 'Kitchen');
    const names = ['Alba Rossi', 'Bruno Verdi', 'Carla Bianchi'];
    const made: TStaffMember[] = [];
    for (const name of names) {
      made.push(
        await callApi(t.app, fresh.token, staffEndpoints.createStaffMember, {
          body: newMember(role.id, { name }),
        }),
      );
    }
    await callApi(t.app, fresh.token, staffEndpoints.updateStaffMember, {
      params: { id: made[1]!.id },
      body: { active: false },
    });
    const params = { id: fresh.restaurantId };
    const list = (query: QueryOf<typeof staffEndpoints.listStaff>) =>
      callApi(t.app, fresh.token, staffEndpoints.listStaff, { params, query });
    const first = await list({ pageSize: 2 });
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((m) => m.name)).toEqual(['Carla Bianchi', 'Bruno Verdi']);
    const second = await list({ pageSize: 2, page: 2 });
    expect(second.items.map((m) => m.name)).toEqual(['Alba Rossi']);
    const byName = await list({ q: 'bruno' });
    expect(byName.items.map((m) => m.id)).toEqual([made[1]!.id]);
    const byEmail = await list({ q: made[0]!.email.slice(0, 20) });
    expect(byEmail.items.map((m) => m.id)).toEqual([made[0]!.id]);
    const wildcard = await list({ q: '%' });
    expect(wildcard.total).toBe(0);
    const active = await list({ active: 'true' });
    expect(active.items.map((m) => m.name)).toEqual(['Carla Bianchi', 'Alba Rossi']);
    const inactive = await list({ active: 'false' });
    expect(inactive.items.map((m) => m.name)).toEqual(['Bruno Verdi']);
    // Another restaurant's list is a 404, as is its member.
    expect(
      (await injectApi(t.app, staffEndpoints.listStaff, { token: owner.token, params })).statusCode,
    ).toBe(404);
    expect(
      (
        await injectApi(t.app, staffEndpoints.getStaffMember, {
          token: owner.token,
          params: { id: made[0]!.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 409 DUPLICATE for an e-mail a staff member already has, in any restaurant', async () => {
    const member = await createStaffMember(t, other, 'Waiter');
    const waiter = await roleNamed(owner, 'Waiter');
    const response = await injectApi(t.app, staffEndpoints.createStaffMember, {
      token: owner.token,
      body: newMember(waiter.id, { email: member.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'DUPLICATE', fields: { email: expect.any(String) } });
    const mine = await createStaffMember(t, owner, 'Waiter');
    const change = await injectApi(t.app, staffEndpoints.updateStaffMember, {
      token: owner.token,
      params: { id: mine.staffId },
      body: { email: member.email },
    });
    expect(change.statusCode).toBe(409);
    expect(errorOf(change).fields?.email).toBeDefined();
    // Keeping one's own e-mail is no conflict.
    expect(
      (
        await injectApi(t.app, staffEndpoints.updateStaffMember, {
          token: owner.token,
          params: { id: mine.staffId },
          body: { email: mine.email },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("answers 422 for another restaurant's role (on create and on update)", async () => {
    const theirs = await roleNamed(other, 'Manager');
    const create = await injectApi(t.app, staffEndpoints.createStaffMember, {
      token: owner.token,
      body: newMember(theirs.id),
    });
    expect(create.statusCode).toBe(422);
    expect(errorOf(create).fields).toEqual({ roleId: 'is not a role of this restaurant' });
    const mine = await createStaffMember(t, owner, 'Kitchen');
    const update = await injectApi(t.app, staffEndpoints.updateStaffMember, {
      token: owner.token,
      params: { id: mine.staffId },
      body: { roleId: theirs.id },
    });
    expect(update.statusCode).toBe(422);
    expect(errorOf(update).fields?.roleId).toBeDefined();
  });

  it('changes only what the request carries', async () => {
    const member = await createStaffMember(t, owner, 'Kitchen');
    const cashier = await roleNamed(owner, 'Cashier');
    const changed = await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { name: 'Renamed', phone: '12345', roleId: cashier.id },
    });
    expect(changed).toMatchObject({
      name: 'Renamed',
      phone: '12345',
      roleName: 'Cashier',
      email: member.email,
    });
    const cleared = await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { phone: null },
    });
    expect(cleared).toMatchObject({ name: 'Renamed', phone: null, roleName: 'Cashier' });
    // Still signed in: neither a new name nor a new role signs anyone out.
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(200);
  });

  it('signs a member out at once when deactivated, and reactivating does not bring the session back', async () => {
    const member = await createStaffMember(t, owner, 'Waiter');
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(200);
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { active: false },
    });
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(401);
    expect((await logIn(member.email, member.password)).statusCode).toBe(401);
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { active: true },
    });
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(401);
    expect((await logIn(member.email, member.password)).statusCode).toBe(200);
  });

  it('signs a member out when their password is set, and the new one works', async () => {
    const member = await createStaffMember(t, owner, 'Waiter');
    await callApi(t.app, owner.token, staffEndpoints.updateStaffMember, {
      params: { id: member.staffId },
      body: { password: 'a new password 2' },
    });
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(401);
    expect((await logIn(member.email, member.password)).statusCode).toBe(401);
    expect((await logIn(member.email, 'a new password 2')).statusCode).toBe(200);
  });

  it('signs a member out at once when deleted; their sessions are gone', async () => {
    const member = await createStaffMember(t, owner, 'Waiter');
    expect(
      (
        await injectApi(t.app, staffEndpoints.deleteStaffMember, {
          token: owner.token,
          params: { id: member.staffId },
        })
      ).statusCode,
    ).toBe(204);
    expect((await injectApi(t.app, authEndpoints.me, { token: member.token })).statusCode).toBe(401);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE staff_id = ${member.staffId}`,
    );
    expect(left!.n).toBe(0);
    expect(
      (
        await injectApi(t.app, staffEndpoints.deleteStaffMember, {
          token: owner.token,
          params: { id: member.staffId },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses escalation with 403', async () => {
    const fresh = await registerOwner(t.app);
    const manager = await createStaffMember(t, fresh, 'Manager');
    const kitchen = await createStaffMember(t, fresh, 'Kitchen');
    const roles = await rolesOf(fresh);
    const cashierRole = roles.find((r) => r.name === 'Cashier')!;
    const deputy = await callApi(t.app, fresh.token, rolesEndpoints.createRole, {
      body: { name: 'Deputy', permissions: [...PERMISSIONS] },
    });

    // Their own role, their own deactivation, their own deletion.
    const ownRole = await injectApi(t.app, staffEndpoints.updateStaffMember, {
      token: manager.token,
      params: { id: manager.staffId },
      body: { roleId: cashierRole.id },
    });
    expect(ownRole.statusCode).toBe(403);
    expect(
      (
        await injectApi(t.app, staffEndpoints.updateStaffMember, {
          token: manager.token,
          params: { id: manager.staffId },
          body: { roleId: deputy.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await injectApi(t.app, staffEndpoints.updateStaffMember, {
          token: manager.token,
          params: { id: manager.staffId },
          body: { active: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await injectApi(t.app, staffEndpoints.deleteStaffMember, {
          token: manager.token,
          params: { id: manager.staffId },
        })
      ).statusCode,
    ).toBe(403);
    // Their own name they may change, and their role stays as it is.
    const renamed = await callApi(t.app, manager.token, staffEndpoints.updateStaffMember, {
      params: { id: manager.staffId },
      body: { name: 'Manny', roleId: roles.find((r) => r.name === 'Manager')!.id },
    });
    expect(renamed).toMatchObject({ name: 'Manny', roleName: 'Manager' });

    // A role that grants what they lack, to someone else or to a new member.
    const promote = await injectApi(t.app, staffEndpoints.updateStaffMember, {
      token: manager.token,
      params: { id: kitchen.staffId },
      body: { roleId: deputy.id },
    });
    expect(promote.statusCode).toBe(403);
    expect(
      (
        await injectApi(t.app, staffEndpoints.createStaffMember, {
          token: manager.token,
          body: newMember(deputy.id),
        })
      ).statusCode,
    ).toBe(403);
    // What they hold, they may give.
    expect(
      (
        await injectApi(t.app, staffEndpoints.updateStaffMember, {
          token: manager.token,
          params: { id: kitchen.staffId },
          body: { roleId: cashierRole.id },
        })
      ).statusCode,
    ).toBe(200);

    // A member stronger than them: no new password, e-mail, deactivation or deletion.
    const strong = await callApi(t.app, fresh.token, staffEndpoints.createStaffMember, {
      body: newMember(deputy.id),
    });
    for (const change of [{ password: 'taken over 123' }, { email: uniqueEmail('x') }, { active: false }]) {
      expect(
        (
          await injectApi(t.app, staffEndpoints.updateStaffMember, {
            token: manager.token,
            params: { id: strong.id },
            body: change,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await injectApi(t.app, staffEndpoints.deleteStaffMember, {
          token: manager.token,
          params: { id: strong.id },
        })
      ).statusCode,
    ).toBe(403);
    // The owner holds everything.
    expect(
      (
        await injectApi(t.app, staffEndpoints.updateStaffMember, {
          token: fresh.token,
          params: { id: strong.id },
          body: { active: false },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 403 to a member without staff.manage, and lets staff.manage list roles', async () => {
    const fresh = await registerOwner(t.app);
    const waiter = await createStaffMember(t, fresh, 'Waiter');
    expect(
      (
        await injectApi(t.app, staffEndpoints.listStaff, {
          token: waiter.token,
          params: { id: fresh.restaurantId },
        })
      ).statusCode,
    ).toBe(403);
    expect((await injectApi(t.app, rolesEndpoints.listRoles, { token: waiter.token })).statusCode).toBe(403);
    const hr = await callApi(t.app, fresh.token, rolesEndpoints.createRole, {
      body: { name: 'HR', permissions: ['staff.manage'] },
    });
    const person = await callApi(t.app, fresh.token, staffEndpoints.createStaffMember, {
      body: newMember(hr.id),
    });
    const login = await logIn(person.email, 'first password 1');
    const token = login.json<TSessionResponse>().token!;
    expect((await injectApi(t.app, rolesEndpoints.listRoles, { token })).statusCode).toBe(200);
    expect(
      (
        await injectApi(t.app, rolesEndpoints.createRole, {
          token,
          body: { name: 'X', permissions: [] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

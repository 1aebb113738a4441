import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_ROLES } from '@tavolo/contract/permissions';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/helpers';
import { migrationsFolder, queryRows } from './client';

const MIGRATION = '0009_default_roles_menu_availability';

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-migrations-'));
  await fs.cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

// On PGlite of its own, whichever database the suite runs on: the PostgreSQL pass would repeat it.
describe.skipIf(onPostgres)(`migration ${MIGRATION}`, () => {
  it('gives every restaurant the default roles it lacks, and menu.availability to Waiter, Kitchen and Manager', async () => {
    const before = await migrationsBefore(MIGRATION);
    const pglite = await PGlite.create();
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: before });
      await pglite.exec(`
        INSERT INTO owners (id, name, email, password_hash)
          VALUES ('00000000-0000-4000-8000-000000000001', 'O', 'o@example.test', 'x');
        INSERT INTO restaurants (id, owner_id, name, currency, timezone) VALUES
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Old', 'EUR', 'UTC'),
          ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'Bare', 'EUR', 'UTC');
        INSERT INTO roles (restaurant_id, name, permissions) VALUES
          ('00000000-0000-4000-8000-0000000000a1', 'Waiter', '{orders.view,orders.create,orders.manage,reviews.view}'),
          ('00000000-0000-4000-8000-0000000000a1', 'kitchen', '{orders.view,orders.manage}'),
          ('00000000-0000-4000-8000-0000000000a1', 'Barista', '{orders.view}');`);
      await migrate(db, { migrationsFolder });

      const rows = await queryRows<{ restaurant: string; name: string; permissions: string[] }>(
        db as never,
        sql`SELECT r.name AS restaurant, ro.name, ro.permissions FROM roles ro
            JOIN restaurants r ON r.id = ro.restaurant_id ORDER BY r.name, ro.name`,
      );
      const of = (restaurant: string) =>
        Object.fromEntries(
          rows.filter((r) => r.restaurant === restaurant).map((r) => [r.name, [...r.permissions].sort()]),
        );
      // A role's permissions are a set: later migrations (0023) append theirs.
      const defaults = Object.fromEntries(DEFAULT_ROLES.map((r) => [r.name, [...r.permissions].sort()]));
      // A restaurant without roles gets exactly the contract's defaults.
      expect(of('Bare')).toEqual(defaults);
      // One with roles keeps them (a renamed "kitchen" counts as Kitchen), gains the missing ones,
      // and its Waiter and Kitchen may mark dishes sold out, as they did through orders.manage.
      expect(of('Old')).toEqual({
        Barista: ['orders.view'],
        Cashier: defaults.Cashier,
        Manager: defaults.Manager,
        // 0033 gives the Waiter payments.take.
        Waiter: [
          'menu.availability',
          'orders.create',
          'orders.manage',
          'orders.view',
          'payments.take',
          'reviews.view',
        ],
        kitchen: ['menu.availability', 'orders.manage', 'orders.view'],
      });
    } finally {
      await pglite.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  }, 60_000);
});

const PAYMENTS_TAKE = '0033_payments_take';

describe.skipIf(onPostgres)(`migration ${PAYMENTS_TAKE}`, () => {
  it('gives payments.take to the built-in Waiter, Cashier and Manager roles, not to Kitchen or a role of its own', async () => {
    const before = await migrationsBefore(PAYMENTS_TAKE);
    const pglite = await PGlite.create();
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: before });
      await pglite.exec(`
        INSERT INTO owners (id, name, email, password_hash)
          VALUES ('00000000-0000-4000-8000-000000000001', 'O', 'o@example.test', 'x');
        INSERT INTO restaurants (id, owner_id, name, currency, timezone) VALUES
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Old', 'EUR', 'UTC');
        INSERT INTO roles (restaurant_id, name, permissions) VALUES
          ('00000000-0000-4000-8000-0000000000a1', 'Host', '{orders.view}'),
          ('00000000-0000-4000-8000-0000000000a1', 'waiter', '{orders.view,orders.create}'),
          ('00000000-0000-4000-8000-0000000000a1', 'Cashier', '{orders.view,payments.manage}'),
          ('00000000-0000-4000-8000-0000000000a1', 'Manager', '{orders.view,payments.take}'),
          ('00000000-0000-4000-8000-0000000000a1', 'Kitchen', '{orders.view}');`);
      await migrate(db, { migrationsFolder });
      const rows = await queryRows<{ name: string; permissions: string[] }>(
        db as never,
        sql`SELECT name, permissions FROM roles ORDER BY name`,
      );
      const holds = Object.fromEntries(rows.map((r) => [r.name, r.permissions.includes('payments.take')]));
      expect(holds).toEqual({ Cashier: true, Host: false, Kitchen: false, Manager: true, waiter: true });
      // Appended once: a role that held it already does not hold it twice.
      const manager = rows.find((r) => r.name === 'Manager')!.permissions;
      expect(manager.filter((p) => p === 'payments.take')).toHaveLength(1);
      // Refunds stay with payments.manage: the Waiter does not gain it.
      expect(rows.find((r) => r.name === 'waiter')?.permissions).not.toContain('payments.manage');
    } finally {
      await pglite.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  }, 60_000);
});

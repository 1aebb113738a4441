import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backupsEndpoints, type TBackupsState } from '@tavolo/contract/backups';
import { PERMISSIONS } from '@tavolo/contract/permissions';
import { rolesEndpoints } from '@tavolo/contract/staff';
import { afterEach, describe, expect, it } from 'vitest';
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
import { type BackupMade, backupFileName, CHECKSUM_SUFFIX } from '../../backups/backup-files';
import { createBackupKeeper } from '../../backups/backup-schedule';

/*
 * Settings → Backups through the API: owners see the installation's backups and take one now (it
 * runs out of the request's way); staff never, whatever their role; where none can be taken, 409
 * says why. The backups here are made by a stand-in `make` (src/backups/backups.test.ts makes real
 * ones, and the Playwright spec takes one on the built server).
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: () => {}, error: () => {} };

/** A backup directory holding two complete backups and one whose checksum never came. */
async function backupDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-backups-screen-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  const older = new Date(Date.now() - 2 * 86_400_000);
  const newer = new Date(Date.now() - 86_400_000);
  for (const [at, bytes] of [
    [older, 1000],
    [newer, 2500],
  ] as const) {
    const file = path.join(dir, backupFileName('embedded', at));
    await fs.writeFile(file, Buffer.alloc(bytes));
    await fs.writeFile(file + CHECKSUM_SUFFIX, 'checksum');
  }
  await fs.writeFile(path.join(dir, backupFileName('embedded', new Date())), 'cut short');
  return { dir, older, newer };
}

/** A keeper whose backups wait until `finish` is called, then write 300 bytes and their checksum. */
function gatedKeeper(dir: string, options: { kind?: 'embedded' | 'postgres'; tools?: boolean } = {}) {
  let finish: () => void = () => {};
  const made: string[] = [];
  const keeper = createBackupKeeper({
    dir,
    intervalMs: null,
    keep: 14,
    kind: options.kind ?? 'embedded',
    log,
    toolsPresent: async () => options.tools ?? true,
    make: async (out): Promise<BackupMade> => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      await fs.writeFile(out, Buffer.alloc(300));
      await fs.writeFile(out + CHECKSUM_SUFFIX, 'checksum');
      made.push(out);
      return { file: out, at: new Date(), bytes: 300, sha256: 'x', heldMs: 0, ms: 1, read: [] };
    },
  });
  return { keeper, made, finish: () => finish() };
}

async function appWith(backups?: ReturnType<typeof gatedKeeper>['keeper']) {
  if (backups) {
    await backups.start();
    cleanups.push(async () => backups.stop());
  }
  const t = await createTestApp({ backups });
  cleanups.push(() => t.close());
  return t;
}

const state = (t: TestApp, owner: Owner) => callApi(t.app, owner.token, backupsEndpoints.listBackups);

describe('Settings → Backups', () => {
  it('lists the kept backups newest first by name and size, and takes one now out of the request’s way', async () => {
    const { dir, older, newer } = await backupDir();
    const gate = gatedKeeper(dir);
    const t = await appWith(gate.keeper);
    const owner = await registerOwner(t.app);

    const before = await state(t, owner);
    expect(before).toEqual({
      database: 'embedded',
      automatic: false,
      intervalHours: null,
      keep: 14,
      lastAt: newer.toISOString(),
      nextAt: null,
      lastAttemptFailed: false,
      lastFailure: null,
      running: null,
      available: true,
      unavailableReason: null,
      items: [
        { name: backupFileName('embedded', newer), at: newer.toISOString(), bytes: 2500 },
        { name: backupFileName('embedded', older), at: older.toISOString(), bytes: 1000 },
      ],
    });
    // Names only: nothing says where the backup directory is.
    expect(JSON.stringify(before)).not.toContain(dir);

    const taken = await injectApi(t.app, backupsEndpoints.takeBackup, { token: owner.token });
    expect(taken.statusCode, taken.body).toBe(202);
    expect(taken.json<TBackupsState>().running).toEqual({ startedAt: expect.any(String) });
    // One at a time.
    const again = await injectApi(t.app, backupsEndpoints.takeBackup, { token: owner.token });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('BACKUP_RUNNING');
    expect((await state(t, owner)).running).not.toBeNull();

    gate.finish();
    await expect.poll(async () => (await state(t, owner)).running, { timeout: 5000 }).toBeNull();
    const after = await state(t, owner);
    expect(gate.made).toHaveLength(1);
    expect(after.items).toHaveLength(3);
    expect(after.items[0]).toEqual({
      name: path.basename(gate.made[0]!),
      at: expect.any(String),
      bytes: 300,
    });
    expect(Date.parse(after.lastAt!)).toBeGreaterThan(newer.getTime());
  });

  it('are the owner’s: 401 without a session, 403 for staff even holding every permission', async () => {
    const { dir } = await backupDir();
    const t = await appWith(gatedKeeper(dir).keeper);
    const owner = await registerOwner(t.app);
    const role = await callApi(t.app, owner.token, rolesEndpoints.createRole, {
      body: { name: 'Everything', permissions: [...PERMISSIONS] },
    });
    expect(role.permissions).toContain('settings.manage');
    const manager = await createStaffMember(t, owner, 'Everything');
    for (const operation of [backupsEndpoints.listBackups, backupsEndpoints.takeBackup]) {
      const anonymous = await injectApi(t.app, operation, {});
      expect(anonymous.statusCode).toBe(401);
      const staff = await injectApi(t.app, operation, { token: manager.token });
      expect(staff.statusCode).toBe(403);
      expect(errorOf(staff).code).toBe('FORBIDDEN');
    }
    // Another restaurant's owner sees the same installation's backups: they are not a restaurant's.
    const other = await registerOwner(t.app);
    expect((await state(t, other)).items).toHaveLength(2);
  });

  it('says why none can be taken: not set up here, or PostgreSQL without pg_dump', async () => {
    const bare = await appWith();
    const owner = await registerOwner(bare.app);
    expect(await state(bare, owner)).toMatchObject({
      available: false,
      unavailableReason: 'not_configured',
      items: [],
    });
    const refused = await injectApi(bare.app, backupsEndpoints.takeBackup, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('BACKUPS_UNAVAILABLE');

    const { dir } = await backupDir();
    const noTools = await appWith(gatedKeeper(dir, { kind: 'postgres', tools: false }).keeper);
    const pgOwner = await registerOwner(noTools.app);
    expect(await state(noTools, pgOwner)).toMatchObject({
      database: 'postgres',
      available: false,
      unavailableReason: 'tools_missing',
    });
    const missing = await injectApi(noTools.app, backupsEndpoints.takeBackup, { token: pgOwner.token });
    expect(missing.statusCode).toBe(409);
    expect(errorOf(missing)).toMatchObject({ code: 'BACKUPS_UNAVAILABLE', message: /pg_dump/ });
  });

  it('says when the last attempt failed, and whether for missing tools', async () => {
    const { dir } = await backupDir();
    const keeper = createBackupKeeper({
      dir,
      intervalMs: 3_600_000,
      keep: 3,
      kind: 'embedded',
      log,
      make: async () => {
        throw new Error('the disk is full');
      },
    });
    const t = await appWith(keeper as never);
    const owner = await registerOwner(t.app);
    const fresh = await state(t, owner);
    expect(fresh).toMatchObject({ automatic: true, intervalHours: 1, keep: 3, lastFailure: null });
    expect(fresh.nextAt).not.toBeNull();
    expect((await injectApi(t.app, backupsEndpoints.takeBackup, { token: owner.token })).statusCode).toBe(
      202,
    );
    await expect.poll(async () => (await state(t, owner)).lastFailure, { timeout: 5000 }).toBe('failed');
    expect(await state(t, owner)).toMatchObject({ lastAttemptFailed: true, running: null });
  });
});

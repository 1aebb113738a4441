import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, wrapPglite, wrapPool } from '../src/db/client';
import { TEMPLATE_DATABASE, TEMPLATE_TAR, withDatabase } from './template';

/**
 * Migrates one template database per run; every test file then clones it, so no test pays
 * for migrations and no two files share data. PostgreSQL when TEST_DATABASE_URL is set.
 */
export default async function setup(_project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    try {
      await admin.connect();
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached (${url}): ${String(error)}`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = wrapPool(
      new pg.Pool({ connectionString: withDatabase(url, TEMPLATE_DATABASE), max: 1 }),
    );
    await migrateDatabase(database);
    await database.close();
    return;
  }
  const pglite = await PGlite.create();
  const database = wrapPglite(pglite);
  await migrateDatabase(database);
  const tar = await pglite.dumpDataDir('none');
  await fs.mkdir(path.dirname(TEMPLATE_TAR), { recursive: true });
  await fs.writeFile(TEMPLATE_TAR, Buffer.from(await tar.arrayBuffer()));
  await database.close();
}

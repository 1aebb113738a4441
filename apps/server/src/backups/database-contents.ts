import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/** The app's tables (schema public) that hold at least one row: a database is empty without any. */
export async function findTablesWithRows(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  if (tables.length === 0) return [];
  // Names come from the catalogue, quoted by format('%I'): safe to put in the statement.
  const probes = tables.map(
    ({ name }) => `SELECT '${name.replace(/'/g, "''")}' AS name WHERE EXISTS (SELECT 1 FROM ${name})`,
  );
  return (await queryRows<{ name: string }>(db, sql.raw(probes.join(' UNION ALL ')))).map(({ name }) => name);
}

/** The newest migration applied (drizzle's journal "when"), or null before any. */
export const LATEST_MIGRATION_SQL =
  'SELECT max(created_at)::text AS migration FROM drizzle.__drizzle_migrations';

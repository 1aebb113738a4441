import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { migrateDatabase, openDatabase, queryRows, readAll } from './client';
import { owners } from './schema';

describe('the embedded database', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-db-'));
    try {
      const first = await openDatabase({ dataDir });
      await migrateDatabase(first);
      await first.db
        .insert(owners)
        .values({ name: 'Persisted', email: 'persisted@example.test', passwordHash: 'x' });
      await first.close();

      const second = await openDatabase({ dataDir });
      await migrateDatabase(second);
      const rows = await second.db.select().from(owners).where(eq(owners.email, 'persisted@example.test'));
      await second.close();
      expect(rows.map((r) => r.name)).toEqual(['Persisted']);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('readAll', () => {
  it('reads side by side on the pool, one after another in a transaction, answering in order', async () => {
    const database = await createTestDatabase();
    try {
      const reads = (db: typeof database.db, seen: string[]) =>
        [1, 2, 3].map((n) => async () => {
          seen.push(`start ${n}`);
          const [row] = await queryRows<{ n: number }>(db, sql`SELECT ${n}::int AS n`);
          seen.push(`end ${n}`);
          return row!.n;
        });
      const onPool: string[] = [];
      expect(await readAll(database.db, reads(database.db, onPool))).toEqual([1, 2, 3]);
      expect(onPool.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);

      const inTransaction: string[] = [];
      const answers = await database.db.transaction((tx) => readAll(tx, reads(tx, inTransaction)));
      expect(answers).toEqual([1, 2, 3]);
      expect(inTransaction).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    } finally {
      await database.close();
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client';
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

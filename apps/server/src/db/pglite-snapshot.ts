// A consistent copy of the embedded database's files while it serves (decision 043). PGlite is one
// PostgreSQL backend with no background processes: while a transaction of ours holds its
// transaction lock, no other statement runs and nothing writes to the data directory, so the files
// copied then are exactly what a crash at that instant would leave. Opening the copy replays the
// write-ahead log from the last checkpoint, as after a SIGKILL, and finds every commit made before it.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What the snapshot needs of PGlite: its transaction (in process, or inside the worker). */
type TransactionRunner = {
  transaction<T>(
    callback: (tx: { query(sql: string): Promise<{ rows: unknown[] }> }) => Promise<T>,
  ): Promise<T>;
};

/** Files copied at once: enough to keep the disk busy, few enough not to run out of descriptors. */
const PARALLEL_COPIES = 8;

/**
 * Copies the directory `from` into `into` (which must not exist yet), file by file, as a reflink
 * where the filesystem has them (btrfs, XFS: instant) and a kernel-side copy elsewhere.
 */
export async function copyTree(from: string, into: string): Promise<{ files: number; bytes: number }> {
  const files: string[] = [];
  async function walk(relative: string) {
    await fs.mkdir(path.join(into, relative), { recursive: relative !== '', mode: 0o700 });
    for (const entry of await fs.readdir(path.join(from, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
    }
  }
  await walk('');
  let bytes = 0;
  let next = 0;
  const copyNext = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await fs.copyFile(path.join(from, file), path.join(into, file), constants.COPYFILE_FICLONE);
      bytes += (await fs.stat(path.join(into, file))).size;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, copyNext));
  return { files: files.length, bytes };
}

/**
 * Copies the data directory `dataDir` into `into` between two commits, after running `queries` in
 * the same instant: the rows they answer describe exactly the copy.
 */
export async function snapshotDataDir(
  pglite: TransactionRunner,
  dataDir: string,
  into: string,
  queries: string[],
): Promise<Record<string, unknown>[][]> {
  return pglite.transaction(async (tx) => {
    const answers: Record<string, unknown>[][] = [];
    for (const query of queries) answers.push((await tx.query(query)).rows as Record<string, unknown>[]);
    await copyTree(dataDir, into);
    return answers;
  });
}

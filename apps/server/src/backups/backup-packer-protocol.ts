import { z } from 'zod';

/** What the server asks of the backup's packer process, and what it answers (backup-packer.ts). */
const ZPackerTask = z.discriminatedUnion('kind', [
  /** Copy the data directory `from` into `into`, as the database writes to it. */
  z.object({ kind: z.literal('copy'), from: z.string(), into: z.string() }),
  /** Pack `entries` of `staging` into the compressed file `out`. */
  z.object({ kind: z.literal('pack'), staging: z.string(), entries: z.array(z.string()), out: z.string() }),
]);
export type PackerTask = z.infer<typeof ZPackerTask>;

export type PackerResult = { kind: 'copy'; bytes: number } | { kind: 'pack'; sha256: string; bytes: number };

export type PackerAnswer = { result: PackerResult } | { error: string };

export function readPackerTask(message: unknown): PackerTask | null {
  const parsed = ZPackerTask.safeParse(message);
  return parsed.success ? parsed.data : null;
}

import { z } from 'zod';
import { access, endpoint } from './endpoint';
import { RELEASE_HEADER } from './values/health';

/** What an instance says of its backups (PRODUCT.md §14). */
export const ZBackupHealth = z.object({
  /** Whether this instance backs its database up on its own (the embedded database). */
  automatic: z.boolean(),
  /** When the newest complete backup in the backup directory was made. */
  lastAt: z.iso.datetime().nullable(),
  /** When the next automatic backup is due. */
  nextAt: z.iso.datetime().nullable(),
  /** Whether the last attempt failed (the log says why; it is tried again later). */
  lastAttemptFailed: z.boolean(),
});

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  release: z
    .string()
    .nullable()
    .describe(
      `The release (build id) of the web app this server serves, also sent with every answer as \`${RELEASE_HEADER}\`; null when it serves none`,
    ),
  backup: ZBackupHealth,
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary:
      'Answers ok when the database answers, 503 UNAVAILABLE when it does not (within 2 s); says when the last backup was made',
    description: `Also names the release of the web app this server serves: a page built for another release offers to reload.`,
    access: access.public,
    response: ZHealthResponse,
    errors: [503],
  }),
};

import { z } from 'zod';
import { access, endpoint } from './endpoint';
import { RELEASE_HEADER } from './values/health';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  release: z
    .string()
    .nullable()
    .describe(
      `The release (build id) of the web app this server serves, also sent with every answer as \`${RELEASE_HEADER}\`; null when it serves none`,
    ),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Answers ok when the database answers, 503 UNAVAILABLE when it does not (within 2 s)',
    description: `Also names the release of the web app this server serves: a page built for another release offers to reload.`,
    access: access.public,
    response: ZHealthResponse,
    errors: [503],
  }),
};

import { z } from 'zod';
import { access, endpoint } from './endpoint';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Answers ok when the database answers, 503 UNAVAILABLE when it does not (within 2 s)',
    access: access.public,
    response: ZHealthResponse,
    errors: [503],
  }),
};

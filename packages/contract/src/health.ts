import { z } from 'zod';
import { access, endpoint } from './endpoint';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Answers ok once the database is ready',
    access: access.public,
    response: ZHealthResponse,
  }),
};

import { z } from 'zod';
import { errorAnswer, operation } from '../api/operation.ts';

const engine = z.enum(['sqlite', 'postgres']);

export const healthApi = {
  check: operation({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tag: 'Health',
    access: 'public',
    responses: {
      200: z.strictObject({ status: z.literal('ok'), database: engine }),
      503: z.strictObject({ status: z.literal('unavailable'), database: engine, ...errorAnswer.shape }),
    },
  }),
};

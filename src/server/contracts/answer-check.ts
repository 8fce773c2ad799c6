import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { errorAnswer } from '#shared/api/operation.ts';
import { apiError } from '#shared/api-errors.ts';

/**
 * Checks every JSON answer of a declared route against its contract and turns one that does not
 * match into a 500 naming the difference, so a test that receives it fails where the drift is.
 * The integration tests switch it on; a running server does not pay for it.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || reply.statusCode === 304) return payload;
    const status = reply.statusCode;
    const declared = operation.responses[status];
    const problem = (text: string) => {
      request.log.error({ operation: `${operation.method} ${operation.path}`, status }, text);
      reply.code(500).type('application/json; charset=utf-8');
      return JSON.stringify(
        apiError('server.answer_mismatch', {
          operation: `${operation.method} ${operation.path}`,
          status,
          problem: text,
        }),
      );
    };
    if (declared === undefined && status < 400) return problem('a status its contract does not list');
    const schema: z.ZodType | null | string = declared ?? errorAnswer;
    if (schema === null || typeof schema === 'string') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return problem('an answer that is not JSON');
    }
    const result = schema.safeParse(body);
    if (result.success) return payload;
    const issue = result.error.issues[0];
    return problem(`${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'does not match'}`);
  });
}

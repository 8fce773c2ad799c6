import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Runs `work` once the answer has left (or the client has gone): for what the answer must not
 * wait for, or must not depend on. A failure is logged; there is nobody left to tell.
 */
export function afterAnswer(request: FastifyRequest, reply: FastifyReply, what: string, work: () => unknown) {
  reply.raw.once('close', () => {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed after the answer`));
  });
}

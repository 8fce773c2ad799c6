import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Operation } from '#shared/api/operation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract this route implements (src/shared/<area>/api.ts). */
    operation?: Operation;
  }
}

/** What a handler may give back: its success answer, raw JSON bytes, or the reply it sent itself. */
type Returned<O extends Operation> =
  | (O['responses'][200] extends z.ZodType
      ? z.input<O['responses'][200]>
      : O['responses'][201] extends z.ZodType
        ? z.input<O['responses'][201]>
        : undefined)
  | Buffer
  | FastifyReply
  | undefined;

type Handler<O extends Operation> = (request: FastifyRequest, reply: FastifyReply) => Promise<Returned<O>>;

/**
 * Registers the route of an operation at its method and path, with the operation in its config
 * for the reference document and the answer checks. `options` carries Fastify's own route
 * options (a larger body limit, `config.writes`).
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: Handler<O>,
  options: Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> = {},
): void {
  app.route({
    method: operation.method,
    url: operation.path,
    ...options,
    config: { ...options.config, operation },
    handler,
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '#shared/api-errors.ts';
import { HttpError } from '../http/errors.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * The route label of an answer: the API's route patterns (`/api/chores/:id`, never the address
 * with its ids), `static` for the web build's files, `unrouted` for what no route matched (the
 * web app's pages, unknown addresses). A bounded set, whatever clients ask for.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'unrouted';
  return pattern.startsWith('/api/') || pattern === METRICS_PATH ? pattern : 'static';
}

// Both sides hashed to the same length, so the comparison takes the same time whatever is sent.
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in the Prometheus text format for a scraper with the bearer token, and the one
 * hook that times every request Fastify answers. Registered only when METRICS_TOKEN is set.
 */
export function registerMetrics(app: FastifyInstance, token: string, metrics: Metrics): void {
  const expected = digest(token);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.method,
      routeLabel(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(METRICS_PATH, async (request, reply) => {
    const sent = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), expected)) {
      throw new HttpError(401, apiError('auth.not_signed_in'), { 'www-authenticate': 'Bearer' });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

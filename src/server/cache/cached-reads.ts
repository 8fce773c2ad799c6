import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, preferredEncoding, varyOnEncoding, weakened } from '../http/compression.ts';
import { type CachedRead, etagOf, type Fill, matches, type ReadCache } from './read-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer is kept in memory: the same for the whole household, or different for
     * each member ('member': balance, home). Only after the membership check; dropped on writes.
     */
    cache?: 'household' | 'member';
  }
  interface FastifyRequest {
    /** The answer this request is computing for the read cache. */
    readFill?: Fill;
  }
}

export interface CachedReadsOptions {
  reads: ReadCache;
  /** Off: every read is computed afresh, with the same answers (READ_CACHE=off). */
  enabled: boolean;
  /** The asking member's household, or a thrown 401/404 as the route itself would answer. */
  member: (request: FastifyRequest, reply: FastifyReply) => Promise<{ userId: string; householdId: string }>;
}

// With the cache off, answers still carry their ETag, so clients revalidate as before.
const uncached: Fill = {
  store: (body) => ({
    householdId: '',
    userId: null,
    route: '',
    body,
    etag: etagOf(body),
    bytes: 0,
    createdAt: 0,
  }),
  abandon: () => {},
};

/** ETag and Cache-Control on a read's answer; a 304 when the client already holds this body. */
function validated(request: FastifyRequest, reply: FastifyReply, entry: CachedRead): boolean {
  reply
    .header('ETag', entry.etag)
    .header('Cache-Control', 'private, no-cache')
    .type('application/json; charset=utf-8');
  if (!matches(request.headers['if-none-match'], entry.etag)) return false;
  // The headers the 200 would carry (compression.ts adds them to a 200 as it leaves).
  if (entry.body.length >= COMPRESS_MIN_BYTES) {
    reply.header('Vary', varyOnEncoding(reply.getHeader('vary')));
    if (preferredEncoding(request.headers['accept-encoding'])) reply.header('ETag', weakened(entry.etag));
  }
  reply.code(304);
  return true;
}

/**
 * Serves the reads a route marks with `config.cache`: after the membership check, from memory
 * when held, else the route computes the answer and it is kept as it leaves. Register before
 * compression, so the kept answer is the one compression sees.
 */
export function registerCachedReads(app: FastifyInstance, options: CachedReadsOptions): void {
  const { reads } = options;

  app.addHook('preHandler', async (request, reply) => {
    const kind = request.routeOptions.config.cache;
    if (!kind || request.method !== 'GET') return;
    const member = await options.member(request, reply);
    reply.type('application/json; charset=utf-8');
    if (!options.enabled) {
      request.readFill = uncached;
      return;
    }
    const scope = {
      householdId: member.householdId,
      ...(kind === 'member' ? { userId: member.userId } : {}),
      viewerId: member.userId,
      url: request.url,
      route: request.routeOptions.url ?? '',
    };
    const key = JSON.stringify([
      request.routeOptions.url,
      request.query,
      scope.householdId,
      scope.userId ?? null,
    ]);
    const entry = reads.lookup(key, member.userId, request.url);
    if (entry) return validated(request, reply, entry) ? reply.send() : reply.send(entry.body);
    request.readFill = reads.begin(key, scope);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.readFill;
    if (!fill) return payload;
    request.readFill = undefined;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      fill.abandon();
      return payload;
    }
    const entry = fill.store(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
    return validated(request, reply, entry) ? null : entry.body;
  });

  app.addHook('onRequestAbort', async (request) => {
    request.readFill?.abandon();
    request.readFill = undefined;
  });
}

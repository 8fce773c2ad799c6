import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serialized answers of the hot household reads (chores, expenses, balance, home), kept in
 * memory after authorisation. Correctness comes from invalidation, not from the TTL: every
 * household event on the bus, and every state-changing request by a member, drops the
 * household's entries on every instance (see app.ts). The TTL only bounds answers that depend
 * on the clock ('today', overdue). Decision record: docs/decisions/0010-read-cache.md.
 */
export interface ReadCacheOptions {
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

interface Entry {
  householdId: string;
  userId: string | null;
  body: string;
  etag: string;
  bytes: number;
  createdAt: number;
}

/** Which household (and, for per-user answers, which member) an answer belongs to. */
export interface ReadScope {
  householdId: string;
  /** Set when the answer differs between members (balance, home). */
  userId?: string;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export interface ReadCache {
  /**
   * Answers from the cache, or computes, stores and answers. Sets ETag and Cache-Control and
   * answers 304 when the client already holds this body. Call only after authorisation.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    query: unknown,
    scope: ReadScope,
    compute: () => Promise<unknown>,
  ): Promise<string | FastifyReply>;
  dropHousehold(householdId: string): void;
  dropUser(userId: string): void;
  clear(): void;
  stats(): ReadCacheStats;
}

export const READ_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

/** A fill in progress; an invalidation while it runs means its result must not be stored. */
interface Fill {
  householdId: string;
  userId: string | null;
  stale: boolean;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least used.
  const entries = new Map<string, Entry>();
  const fills = new Set<Fill>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const dropWhere = (test: (scope: { householdId: string; userId: string | null }) => boolean) => {
    for (const fill of fills) if (test(fill)) fill.stale = true;
    for (const [key, entry] of entries) if (test(entry)) remove(key);
  };

  const store = (key: string, entry: Entry) => {
    if (entry.bytes > maxBytes) return;
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  return {
    serve: async (request, reply, route, query, scope, compute) => {
      const userId = scope.userId ?? null;
      const key = JSON.stringify([route, query, scope.householdId, userId]);
      const now = options.now();
      let entry = entries.get(key);
      // A clock that went back (tests move it) counts as expired too.
      if (entry && (now - entry.createdAt >= ttlMs || now < entry.createdAt)) {
        remove(key);
        entry = undefined;
      }
      if (entry) {
        hits += 1;
        entries.delete(key);
        entries.set(key, entry);
      } else {
        misses += 1;
        const fill: Fill = { householdId: scope.householdId, userId, stale: false };
        fills.add(fill);
        try {
          const body = JSON.stringify(await compute());
          entry = {
            householdId: scope.householdId,
            userId,
            body,
            etag: etagOf(body),
            bytes: Buffer.byteLength(body) + key.length,
            createdAt: now,
          };
          if (!fill.stale) store(key, entry);
        } finally {
          fills.delete(fill);
        }
      }
      reply
        .header('ETag', entry.etag)
        .header('Cache-Control', 'private, no-cache')
        .type('application/json; charset=utf-8');
      if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return entry.body;
    },
    dropHousehold: (householdId) => dropWhere((scope) => scope.householdId === householdId),
    dropUser: (userId) => dropWhere((scope) => scope.userId === userId),
    clear: () => dropWhere(() => true),
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { dueForExtension, SESSION_COOKIE } from '../auth/sessions.ts';
import { COMPRESS_MIN_BYTES, type Compressor, preferredEncoding, weakened } from '../http/compression.ts';
import type { AuthCache } from './auth-cache.ts';
import { matches, type ReadCache } from './read-cache.ts';

/**
 * Answers a repeated household read straight from memory, before the request reaches Fastify:
 * a GET whose session, membership and answer are all already held (auth-cache.ts,
 * read-cache.ts) gets the very bytes and headers Fastify sent for it last time, with no
 * database query, hook or route lookup. Anything else (no cookie, a session due for extension,
 * an answer not held or expired, a closing server) returns false and Fastify handles it as
 * before, so the fast path can only answer what the full path already answered for this member
 * at this address, and is dropped by the same invalidations. Decision record:
 * docs/decisions/0011-auth-cache-and-fast-reads.md.
 */
export interface FastReadOptions {
  /** Off (READ_CACHE=off): every request goes to Fastify. */
  enabled: boolean;
  reads: ReadCache;
  auth: AuthCache;
  /** The compressed copies compression.ts made of cached answers. */
  compressor: Compressor;
  /** The headers every answer carries (security.ts). */
  headers: Record<string, string>;
  log: FastifyBaseLogger;
  /** True once the server is shutting down (Fastify then closes connections itself). */
  closing: () => boolean;
  /** Told of each answer from memory, as Fastify's requests are (the metrics, when they are on). */
  onAnswer?: (route: string, statusCode: number, seconds: number) => void;
}

export interface FastReads {
  /** Answers the request and returns true, or returns false and leaves it untouched. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many answers came from memory this way. */
  served(): number;
}

/** The session cookie's value as @fastify/cookie would read it, or undefined to let it read it. */
export function sessionToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const name = `${SESSION_COOKIE}=`;
  let at = header.startsWith(name) ? 0 : header.indexOf(`; ${name}`);
  if (at < 0) return undefined;
  if (at > 0) at += 2;
  const end = header.indexOf(';', at);
  const value = header.slice(at + name.length, end < 0 ? undefined : end).trim();
  // Encoded or quoted values are left to the cookie parser.
  return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
}

export function createFastReads(options: FastReadOptions): FastReads {
  const { reads, auth, log } = options;
  // Fastify logs each request at info; so do answers from memory, once each.
  const infoLogged = ['info', 'debug', 'trace'].includes(log.level);
  const common = Object.entries(options.headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  let served = 0;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (!options.enabled || request.method !== 'GET' || options.closing()) return false;
    const url = request.url ?? '';
    if (!url.startsWith('/api/')) return false;
    const token = sessionToken(request.headers.cookie);
    if (!token) return false;
    const session = auth.peekSession(token);
    const now = Date.now();
    if (!session || session.expiresAt <= now || dueForExtension(session.expiresAt, now)) return false;
    const membership = auth.peekMembership(session.userId);
    if (!membership) return false;
    const entry = reads.peek(session.userId, url, membership.householdId);
    if (!entry) return false;

    // Compressed as compression.ts would; a copy it has not made yet is left to it.
    const large = entry.body.length >= COMPRESS_MIN_BYTES;
    const encoding = large ? preferredEncoding(request.headers['accept-encoding']) : null;
    const notModified = matches(request.headers['if-none-match'], entry.etag);
    let body = entry.body;
    if (encoding && !notModified) {
      const copy = options.compressor.ready(entry.body, encoding);
      if (!copy) return false;
      body = copy;
    }

    const started = performance.now();
    for (const [name, value] of common) response.setHeader(name, value);
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('etag', encoding ? weakened(entry.etag) : entry.etag);
    response.setHeader('cache-control', 'private, no-cache');
    if (large) response.setHeader('vary', 'Accept-Encoding');
    if (notModified) {
      response.writeHead(304);
      response.end();
    } else {
      if (encoding) response.setHeader('content-encoding', encoding);
      response.setHeader('content-length', body.length);
      response.writeHead(200);
      response.end(body);
    }
    if (infoLogged) {
      log.info(
        {
          req: { method: 'GET', url },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - started,
        },
        'request completed from memory',
      );
    }
    options.onAnswer?.(entry.route, response.statusCode, (performance.now() - started) / 1000);
    served += 1;
    return true;
  };
  return { handle, served: () => served };
}

import { createHash } from 'node:crypto';

/**
 * Serialized answers of the hot household reads (chores, expenses, balances, home), kept in
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

export interface CachedRead {
  householdId: string;
  userId: string | null;
  /** The route's pattern (`/api/chores`), under which an answer from memory is counted. */
  route: string;
  body: Buffer;
  etag: string;
  bytes: number;
  createdAt: number;
}

/** Which household (and, for per-user answers, which member) an answer belongs to. */
export interface ReadScope {
  householdId: string;
  /** Set when the answer differs between members (balance, home). */
  userId?: string;
  /** The member asking: the answer is found again by them at the address they asked. */
  viewerId: string;
  /** That address: path and query as sent. */
  url: string;
  /** The route's pattern, kept with the answer. */
  route: string;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** An answer being computed; an invalidation of its scope meanwhile keeps it from being stored. */
export interface Fill {
  /** Keeps the answer (unless it went stale) and returns it with its ETag. */
  store(body: Buffer): CachedRead;
  /** The answer was not a success: nothing is kept. */
  abandon(): void;
}

export interface ReadCache {
  /** The fresh answer stored under this key for this member, found again by them at `url`. */
  lookup(key: string, viewerId: string, url: string): CachedRead | undefined;
  /** Starts computing the answer for a key; see Fill. */
  begin(key: string, scope: ReadScope): Fill;
  /**
   * The answer already served to this member at this address (path and query as sent), while
   * it is fresh and belongs to their household; undefined otherwise. See fast-reads.ts.
   */
  peek(viewerId: string, url: string, householdId: string): CachedRead | undefined;
  dropHousehold(householdId: string): void;
  dropUser(userId: string): void;
  clear(): void;
  stats(): ReadCacheStats;
}

export const READ_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
// Addresses already answered, per member (see peek); each is a short string pair.
const MAX_ADDRESSES = 20_000;

/** A fill in progress; an invalidation while it runs means its result must not be stored. */
interface Pending {
  householdId: string;
  userId: string | null;
  stale: boolean;
}

export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least used.
  const entries = new Map<string, CachedRead>();
  // viewer + address as sent -> key of entries; checked against the entry on every use.
  const addresses = new Map<string, string>();
  const fills = new Set<Pending>();
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

  const fresh = (key: string, entry: CachedRead | undefined, now: number) => {
    // A clock that went back (tests move it) counts as expired too.
    if (entry && (now - entry.createdAt >= ttlMs || now < entry.createdAt)) {
      remove(key);
      return undefined;
    }
    return entry;
  };

  const remember = (viewerId: string, url: string, key: string) => {
    const address = `${viewerId} ${url}`;
    if (addresses.get(address) === key) return;
    addresses.delete(address);
    addresses.set(address, key);
    if (addresses.size > MAX_ADDRESSES) addresses.delete(addresses.keys().next().value as string);
  };

  const store = (key: string, entry: CachedRead) => {
    if (entry.bytes > maxBytes) return;
    remove(key);
    // Answers past their TTL go as another is stored, the least recently used first, up to the
    // first one still fresh: a household nobody reads any more does not keep its answers in
    // memory until the cache is full, which would let the process grow over a long run.
    for (const [oldestKey, oldest] of entries) {
      if (fresh(oldestKey, oldest, entry.createdAt)) break;
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  return {
    lookup: (key, viewerId, url) => {
      const entry = fresh(key, entries.get(key), options.now());
      if (!entry) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      entries.delete(key);
      entries.set(key, entry);
      remember(viewerId, url, key);
      return entry;
    },
    begin: (key, scope) => {
      const pending: Pending = { householdId: scope.householdId, userId: scope.userId ?? null, stale: false };
      fills.add(pending);
      const createdAt = options.now();
      return {
        store: (body) => {
          fills.delete(pending);
          const entry: CachedRead = {
            householdId: pending.householdId,
            userId: pending.userId,
            route: scope.route,
            body,
            etag: etagOf(body),
            bytes: body.length + key.length,
            createdAt,
          };
          if (!pending.stale) {
            store(key, entry);
            if (entries.get(key) === entry) remember(scope.viewerId, scope.url, key);
          }
          return entry;
        },
        abandon: () => {
          fills.delete(pending);
        },
      };
    },
    peek: (viewerId, url, householdId) => {
      const key = addresses.get(`${viewerId} ${url}`);
      if (key === undefined) return undefined;
      const entry = fresh(key, entries.get(key), options.now());
      if (!entry || entry.householdId !== householdId || (entry.userId !== null && entry.userId !== viewerId))
        return undefined;
      hits += 1;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    dropHousehold: (householdId) => dropWhere((scope) => scope.householdId === householdId),
    dropUser: (userId) => dropWhere((scope) => scope.userId === userId),
    clear: () => dropWhere(() => true),
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  };
}

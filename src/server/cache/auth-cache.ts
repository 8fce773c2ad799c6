/**
 * Sessions and household memberships, kept in memory after they are read, so a signed-in read
 * costs no database query. Correctness comes from invalidation, as for the read cache: every
 * state-changing request by a signed-in user drops that user's entries and those of the members
 * of their household (before and after the request), here before the answer leaves and on the
 * other instances through the bus (see invalidation.ts). The TTL only bounds a change made
 * behind the API. Decision record: docs/decisions/0011-auth-cache-and-fast-reads.md.
 */
import type { MessageAuthor } from '#shared/accounts/api.ts';
import type { Membership } from '../auth/members.ts';

export interface CachedSession {
  userId: string;
  expiresAt: number;
}

/** A household's currency and its members as they are shown (never changed by the caller). */
export interface HouseholdPeople {
  currency: string;
  members: Map<string, MessageAuthor>;
}

export interface AuthCache {
  /** The session of a token, from memory or from `load` (a missing session is not kept). */
  session(token: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null>;
  /** A user's membership (null: in no household), from memory or from `load`. */
  membership(userId: string, load: () => Promise<Membership | null>): Promise<Membership | null>;
  /**
   * A session and its user's membership; when the session is not held, both come from
   * `loadBoth` (one query instead of two), else a membership not held from `loadMembership`.
   */
  sessionAndMembership(
    token: string,
    loadBoth: () => Promise<{ session: CachedSession; membership: Membership | null } | null>,
    loadMembership: (userId: string) => Promise<Membership | null>,
  ): Promise<{ session: CachedSession; membership: Membership | null } | null>;
  /**
   * A household's currency and members, from memory or from `load`: they change only with the
   * writes that change memberships, so they are kept and dropped with them.
   */
  people(householdId: string, load: () => Promise<HouseholdPeople>): Promise<HouseholdPeople>;
  /** The session's expiry was moved (sliding expiry). */
  extended(token: string, expiresAt: number): void;
  /** What `session` would answer from memory alone (fast-reads.ts); undefined when not held. */
  peekSession(token: string): CachedSession | undefined;
  /** What `membership` would answer from memory alone; undefined when not held. */
  peekMembership(userId: string): Membership | null | undefined;
  dropUser(userId: string): void;
  dropHousehold(householdId: string): void;
  clear(): void;
  /** Lookups by `session` and `membership` answered from memory (hits) or loaded (misses). */
  stats(): AuthCacheStats;
}

export interface AuthCacheStats {
  sessions: { hits: number; misses: number };
  memberships: { hits: number; misses: number };
  people: { hits: number; misses: number };
}

export interface AuthCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock entries age by (wall clock: sessions expire by it). */
  now?: () => number;
}

export const AUTH_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
// Drops remembered for fills still running; a fill older than all of them is not stored.
const RECENT_DROPS = 256;

interface Entry<V> {
  value: V;
  groups: string[];
  createdAt: number;
}

/**
 * A map whose entries belong to groups ('user:<id>', 'household:<id>') that can be dropped at
 * once. A value loaded while one of its groups was dropped is not stored: it may predate the
 * write that caused the drop.
 */
function createGroupedCache<V>(ttlMs: number, maxEntries: number, now: () => number) {
  // Insertion order: the first key is the oldest.
  const entries = new Map<string, Entry<V>>();
  const members = new Map<string, Set<string>>();
  const recent: { generation: number; group: string | null }[] = [];
  let generation = 0;

  const unlink = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    for (const group of entry.groups) {
      const keys = members.get(group);
      keys?.delete(key);
      if (keys?.size === 0) members.delete(group);
    }
  };

  const remember = (group: string | null) => {
    generation += 1;
    recent.push({ generation, group });
    if (recent.length > RECENT_DROPS) recent.shift();
  };

  /** Whether any of `groups` (or everything) was dropped after `since`. */
  const droppedSince = (since: number, groups: string[]) => {
    if (since === generation) return false;
    if ((recent[0]?.generation ?? Number.POSITIVE_INFINITY) > since + 1) return true;
    return recent.some(
      (drop) => drop.generation > since && (drop.group === null || groups.includes(drop.group)),
    );
  };

  const get = (key: string): Entry<V> | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now() - entry.createdAt;
    if (age >= ttlMs || age < 0) {
      unlink(key, entry);
      return undefined;
    }
    return entry;
  };

  return {
    get,
    /** The count of drops so far, for a fill whose value was read before `fill` was called. */
    generation: () => generation,
    async fill(
      key: string,
      load: () => Promise<V | null>,
      groupsOf: (value: V) => string[],
      since = generation,
    ) {
      const value = await load();
      if (value === null) return null;
      const groups = groupsOf(value);
      if (droppedSince(since, groups)) return value;
      const old = entries.get(key);
      if (old) unlink(key, old);
      entries.set(key, { value, groups, createdAt: now() });
      for (const group of groups) {
        const keys = members.get(group) ?? new Set<string>();
        keys.add(key);
        members.set(group, keys);
      }
      if (entries.size > maxEntries) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, Entry<V>];
        unlink(oldestKey, oldest);
      }
      return value;
    },
    drop(group: string) {
      remember(group);
      const keys = members.get(group);
      if (!keys) return;
      for (const key of [...keys]) {
        const entry = entries.get(key);
        if (entry) unlink(key, entry);
      }
    },
    clear() {
      remember(null);
      entries.clear();
      members.clear();
    },
  };
}

// A membership of nobody (null) is stored as this, so that "not cached" stays undefined.
const NO_HOUSEHOLD = Symbol('no household');

export function createAuthCache(options: AuthCacheOptions = {}): AuthCache {
  const ttlMs = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const sessions = createGroupedCache<CachedSession>(ttlMs, maxEntries, now);
  const memberships = createGroupedCache<Membership | typeof NO_HOUSEHOLD>(ttlMs, maxEntries, now);
  const people = createGroupedCache<HouseholdPeople>(ttlMs, maxEntries, now);
  const counts: AuthCacheStats = {
    sessions: { hits: 0, misses: 0 },
    memberships: { hits: 0, misses: 0 },
    people: { hits: 0, misses: 0 },
  };

  const membershipGroups = (userId: string) => (membership: Membership | typeof NO_HOUSEHOLD) =>
    membership === NO_HOUSEHOLD
      ? [`user:${userId}`]
      : [`user:${userId}`, `household:${membership.householdId}`];

  const membershipOf = async (userId: string, load: () => Promise<Membership | null>, since?: number) => {
    const held = memberships.get(userId);
    if (held) counts.memberships.hits += 1;
    else counts.memberships.misses += 1;
    const value =
      held?.value ??
      (await memberships.fill(
        userId,
        async () => (await load()) ?? NO_HOUSEHOLD,
        membershipGroups(userId),
        since,
      ));
    return value === NO_HOUSEHOLD ? null : value;
  };

  const sessionOf = async (token: string, load: () => Promise<CachedSession | null>) => {
    const held = sessions.get(token);
    if (held) {
      counts.sessions.hits += 1;
      return held.value;
    }
    counts.sessions.misses += 1;
    return sessions.fill(token, load, (session) => [`user:${session.userId}`]);
  };

  return {
    session: sessionOf,
    membership: (userId, load) => membershipOf(userId, load),
    sessionAndMembership: async (token, loadBoth, loadMembership) => {
      const held = sessions.get(token);
      if (held) {
        counts.sessions.hits += 1;
        const { userId } = held.value;
        return { session: held.value, membership: await membershipOf(userId, () => loadMembership(userId)) };
      }
      // The membership read with the session is kept only if nothing dropped memberships meanwhile.
      const since = memberships.generation();
      let read: Membership | null | undefined;
      const session = await sessionOf(token, async () => {
        const both = await loadBoth();
        read = both?.membership;
        return both?.session ?? null;
      });
      if (!session) return null;
      const load = read === undefined ? () => loadMembership(session.userId) : async () => read ?? null;
      return { session, membership: await membershipOf(session.userId, load, since) };
    },
    people: async (householdId, load) => {
      const held = people.get(householdId);
      if (held) {
        counts.people.hits += 1;
        return held.value;
      }
      counts.people.misses += 1;
      return (await people.fill(householdId, load, () => [`household:${householdId}`]))!;
    },
    extended: (token, expiresAt) => {
      const entry = sessions.get(token);
      if (entry) entry.value = { ...entry.value, expiresAt };
    },
    peekSession: (token) => sessions.get(token)?.value,
    peekMembership: (userId) => {
      const value = memberships.get(userId)?.value;
      return value === NO_HOUSEHOLD ? null : value;
    },
    dropUser: (userId) => {
      sessions.drop(`user:${userId}`);
      memberships.drop(`user:${userId}`);
    },
    dropHousehold: (householdId) => {
      memberships.drop(`household:${householdId}`);
      people.drop(`household:${householdId}`);
    },
    clear: () => {
      sessions.clear();
      memberships.clear();
      people.clear();
    },
    stats: () => ({
      sessions: { ...counts.sessions },
      memberships: { ...counts.memberships },
      people: { ...counts.people },
    }),
  };
}

/**
 * How the service worker answers a request (docs/decisions/0007-service-worker.md):
 * - 'shell': page navigations, network first, the precached index.html when offline;
 * - 'cache-first': files of this build (hashed assets, icons, manifest), from the precache;
 * - 'image': /api/images/*, immutable by id, cache-first in a bounded runtime cache;
 * - 'network-only': everything else, above all the API's JSON, which is never cached so that
 *   stale data is never shown as fresh. The worker does not even intercept these requests.
 */
export type CachePolicy = 'shell' | 'cache-first' | 'image' | 'network-only';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for page loads. */
  mode: string;
}

export function cachePolicy(
  request: RequestFacts,
  origin: string,
  precached: ReadonlySet<string>,
): CachePolicy {
  if (request.method !== 'GET') return 'network-only';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network-only';
  const path = url.pathname;
  if (path.startsWith('/api/images/') && path.length > '/api/images/'.length) return 'image';
  if (path === '/api' || path.startsWith('/api/') || path === '/ws') return 'network-only';
  if (request.mode === 'navigate') return 'shell';
  if (precached.has(path)) return 'cache-first';
  // A hashed file this build did not precache (e.g. one a newer index.html asks for) never
  // changes under its name: whatever copy the caches hold is right.
  if (path.startsWith('/assets/')) return 'cache-first';
  return 'network-only';
}

/** The keys to delete so that a cache of `keys` (oldest first) keeps at most `max` entries. */
export function evictOldest<T>(keys: readonly T[], max: number): T[] {
  return keys.length > max ? keys.slice(0, keys.length - max) : [];
}

/** Caches this app owns that belong to no current build: deleted when a new worker activates. */
export function staleCaches(names: readonly string[], current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith('hearth-') && !current.includes(name));
}

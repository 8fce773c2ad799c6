import { describe, expect, it } from 'vitest';
import { cachePolicy, evictOldest, staleCaches } from './cache-policy.ts';

const origin = 'https://hearth.example';
const precached = new Set(['/index.html', '/favicon.svg', '/icons/icon-192.png', '/assets/index-abc.js']);
const policy = (path: string, { method = 'GET', mode = 'cors', base = origin } = {}) =>
  cachePolicy({ method, mode, url: `${base}${path}` }, origin, precached);

describe('cachePolicy', () => {
  it('never caches the API: JSON reads and writes go to the network', () => {
    for (const path of ['/api/user', '/api/chores?x=1', '/api', '/api/images', '/api/images/', '/ws']) {
      expect(policy(path), path).toBe('network-only');
    }
    expect(policy('/api/user', { mode: 'navigate' })).toBe('network-only');
    expect(policy('/api/chores/1', { method: 'PATCH' })).toBe('network-only');
  });

  it('serves page navigations network first with the shell as the offline fallback', () => {
    for (const path of ['/', '/chores', '/listings/abc?x=1', '/no-such-page']) {
      expect(policy(path, { mode: 'navigate' }), path).toBe('shell');
    }
  });

  it('serves the files of the build from the cache, hashed assets included', () => {
    expect(policy('/assets/index-abc.js')).toBe('cache-first');
    expect(policy('/assets/chores-page-def.js')).toBe('cache-first');
    expect(policy('/icons/icon-192.png')).toBe('cache-first');
    expect(policy('/favicon.svg')).toBe('cache-first');
  });

  it('keeps uploaded images in the runtime image cache', () => {
    expect(policy('/api/images/abc_123')).toBe('image');
    expect(policy('/api/images/abc_123', { method: 'HEAD' })).toBe('network-only');
  });

  it('leaves other sites, other methods and unknown files to the network', () => {
    expect(policy('/assets/index-abc.js', { base: 'https://cdn.example' })).toBe('network-only');
    expect(policy('/', { method: 'POST', mode: 'navigate' })).toBe('network-only');
    expect(policy('/sw.js')).toBe('network-only');
    expect(policy('/robots.txt')).toBe('network-only');
  });
});

describe('evictOldest', () => {
  it('removes the oldest entries beyond the limit', () => {
    expect(evictOldest([1, 2, 3, 4, 5], 3)).toEqual([1, 2]);
    expect(evictOldest([1, 2], 3)).toEqual([]);
    expect(evictOldest([1, 2, 3], 3)).toEqual([]);
  });
});

describe('staleCaches', () => {
  it("deletes this app's caches of older builds and nobody else's", () => {
    expect(
      staleCaches(
        ['hearth-precache-old', 'hearth-precache-new', 'hearth-images-v1', 'other-app'],
        ['hearth-precache-new', 'hearth-images-v1'],
      ),
    ).toEqual(['hearth-precache-old']);
  });
});

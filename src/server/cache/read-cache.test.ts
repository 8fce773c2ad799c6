import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCachedReads } from './cached-reads.ts';
import { createReadCache, READ_CACHE_TTL_MS } from './read-cache.ts';

let clock = 0;
const cache = createReadCache({ now: () => clock });
// A household's chores, as a route of the app reads them through the cache.
const app = Fastify();
registerCachedReads(app, {
  reads: cache,
  enabled: true,
  member: async (request) => ({
    householdId: (request.params as { household: string }).household,
    userId: 'ann',
  }),
});
app.get<{ Params: { household: string } }>(
  '/households/:household/chores',
  { config: { cache: 'household' } },
  async (request) => ({
    household: request.params.household,
    chores: Array.from({ length: 50 }, (_, i) => `Chore ${i}`),
  }),
);
const read = (household: string) => app.inject({ method: 'GET', url: `/households/${household}/chores` });

afterEach(() => {
  cache.clear();
  clock = 0;
});

describe('the read cache', () => {
  it('answers from memory while fresh, and lets go of answers past their TTL as others are stored', async () => {
    for (const household of ['h1', 'h2', 'h3']) expect((await read(household)).statusCode).toBe(200);
    expect(cache.stats()).toMatchObject({ entries: 3, hits: 0, misses: 3 });
    await read('h1');
    expect(cache.stats()).toMatchObject({ entries: 3, hits: 1 });
    const { bytes } = cache.stats();

    // Nobody reads h1 to h3 any more; other households' answers come in.
    clock = READ_CACHE_TTL_MS;
    await read('h4');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 4 });
    expect(cache.stats().bytes).toBeLessThan(bytes / 2);
  });

  it('keeps every answer still fresh', async () => {
    await read('h1');
    clock = 1_000;
    await read('h2');
    // h1's TTL has run out; h2 is the least recently used still fresh, so it stops the sweep.
    clock = READ_CACHE_TTL_MS + 500;
    await read('h3');
    expect(cache.stats().entries).toBe(2);
    const { hits } = cache.stats();
    expect(JSON.parse((await read('h2')).body).household).toBe('h2');
    expect(cache.stats()).toMatchObject({ hits: hits + 1, entries: 2 });
  });
});

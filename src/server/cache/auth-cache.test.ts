import { describe, expect, it } from 'vitest';
import type { Membership } from '../auth/members.ts';
import { createAuthCache } from './auth-cache.ts';

const ann = { userId: 'ann', expiresAt: 10_000 };
const annHome: Membership = { userId: 'ann', householdId: 'h1', role: 'admin' };

/** A load that counts how often the database would have been asked. */
function counting<T>(value: T) {
  const load = async () => {
    load.calls += 1;
    return value;
  };
  load.calls = 0;
  return load;
}

/** A load that waits until released, for a drop to land while it runs. */
function held<T>(value: T) {
  let begin = () => {};
  let release = () => {};
  const started = new Promise<void>((ready) => {
    begin = ready;
  });
  const load = () => {
    begin();
    return new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { load, started, release: () => release() };
}

describe('auth cache', () => {
  it('reads a session and a membership once, then from memory', async () => {
    const cache = createAuthCache();
    const session = counting(ann);
    const membership = counting(annHome);
    expect(await cache.session('token', session)).toEqual(ann);
    expect(await cache.session('token', session)).toEqual(ann);
    expect(await cache.membership('ann', membership)).toEqual(annHome);
    expect(await cache.membership('ann', membership)).toEqual(annHome);
    expect([session.calls, membership.calls]).toEqual([1, 1]);
    expect(cache.peekSession('token')).toEqual(ann);
    expect(cache.peekMembership('ann')).toEqual(annHome);
  });

  it('keeps a household’s people until that household is dropped, and not one read while it was', async () => {
    const cache = createAuthCache();
    const people = { currency: 'EUR', members: new Map() };
    const load = counting(people);
    expect(await cache.people('h1', load)).toBe(people);
    expect(await cache.people('h1', load)).toBe(people);
    cache.dropHousehold('h2');
    cache.dropUser('ann');
    expect(await cache.people('h1', load)).toBe(people);
    expect(load.calls).toBe(1);
    cache.dropHousehold('h1');
    expect(await cache.people('h1', load)).toBe(people);
    expect(load.calls).toBe(2);
    const slow = held(people);
    const reading = cache.people('h3', slow.load);
    await slow.started;
    cache.dropHousehold('h3');
    slow.release();
    await reading;
    const again = counting(people);
    await cache.people('h3', again);
    expect(again.calls).toBe(1);
    expect(cache.stats().people).toEqual({ hits: 2, misses: 4 });
  });

  it('keeps "in no household" but never an unknown session', async () => {
    const cache = createAuthCache();
    const nobody = counting(null);
    expect(await cache.membership('lou', nobody)).toBeNull();
    expect(await cache.membership('lou', nobody)).toBeNull();
    expect(nobody.calls).toBe(1);
    expect(cache.peekMembership('lou')).toBeNull();
    const forged = counting(null);
    expect(await cache.session('forged', forged)).toBeNull();
    expect(await cache.session('forged', forged)).toBeNull();
    expect(forged.calls).toBe(2);
    expect(cache.peekSession('forged')).toBeUndefined();
  });

  it("drops a user's sessions and membership, and a household's memberships", async () => {
    const cache = createAuthCache();
    await cache.session('phone', counting(ann));
    await cache.session('laptop', counting(ann));
    await cache.session('ben-phone', counting({ userId: 'ben', expiresAt: 10_000 }));
    await cache.membership('ann', counting(annHome));
    await cache.membership('ben', counting({ ...annHome, userId: 'ben', role: 'member' as const }));
    await cache.membership('cat', counting({ ...annHome, userId: 'cat', householdId: 'h2' }));

    cache.dropUser('ann');
    expect(cache.peekSession('phone')).toBeUndefined();
    expect(cache.peekSession('laptop')).toBeUndefined();
    expect(cache.peekMembership('ann')).toBeUndefined();
    expect(cache.peekSession('ben-phone')).toBeDefined();

    cache.dropHousehold('h1');
    expect(cache.peekMembership('ben')).toBeUndefined();
    expect(cache.peekSession('ben-phone')).toBeDefined();
    expect(cache.peekMembership('cat')).toBeDefined();

    cache.clear();
    expect(cache.peekMembership('cat')).toBeUndefined();
    expect(cache.peekSession('ben-phone')).toBeUndefined();
  });

  it('does not keep what was read while its user or household was dropped', async () => {
    const cache = createAuthCache();
    const slow = held(annHome);
    const reading = cache.membership('ann', slow.load);
    await slow.started;
    cache.dropHousehold('h1');
    slow.release();
    // The caller gets what was read, but the next caller reads again.
    expect(await reading).toEqual(annHome);
    expect(cache.peekMembership('ann')).toBeUndefined();

    const slowSession = held(ann);
    const signingIn = cache.session('token', slowSession.load);
    await slowSession.started;
    cache.dropUser('ann');
    slowSession.release();
    await signingIn;
    expect(cache.peekSession('token')).toBeUndefined();
  });

  it('keeps what was read while someone else was dropped', async () => {
    const cache = createAuthCache();
    const slow = held(annHome);
    const reading = cache.membership('ann', slow.load);
    await slow.started;
    cache.dropHousehold('h2');
    cache.dropUser('ben');
    slow.release();
    await reading;
    expect(cache.peekMembership('ann')).toEqual(annHome);
  });

  it('does not keep a read that outlived hundreds of drops (it cannot tell whose)', async () => {
    const cache = createAuthCache();
    const slow = held(annHome);
    const reading = cache.membership('ann', slow.load);
    await slow.started;
    for (let i = 0; i < 300; i++) cache.dropUser(`someone-${i}`);
    slow.release();
    await reading;
    expect(cache.peekMembership('ann')).toBeUndefined();
  });

  it('forgets entries after the TTL, or when the clock goes back', async () => {
    let clock = 1_000;
    const cache = createAuthCache({ ttlMs: 100, now: () => clock });
    await cache.session('token', counting(ann));
    clock = 1_099;
    expect(cache.peekSession('token')).toEqual(ann);
    clock = 1_100;
    expect(cache.peekSession('token')).toBeUndefined();
    await cache.session('token', counting(ann));
    clock = 999;
    expect(cache.peekSession('token')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createAuthCache({ maxEntries: 2 });
    for (const token of ['a', 'b', 'c']) await cache.session(token, counting(ann));
    expect(cache.peekSession('a')).toBeUndefined();
    expect(cache.peekSession('b')).toEqual(ann);
    expect(cache.peekSession('c')).toEqual(ann);
    // The evicted one is gone from its group too: dropping the user leaves nothing behind.
    cache.dropUser('ann');
    expect(cache.peekSession('c')).toBeUndefined();
  });

  it('reads a session and its membership in one load when the session is not held', async () => {
    const cache = createAuthCache();
    const both = counting({ session: ann, membership: annHome });
    const membership = counting(annHome);
    expect(await cache.sessionAndMembership('token', both, membership)).toEqual({
      session: ann,
      membership: annHome,
    });
    expect(both.calls).toBe(1);
    expect(membership.calls).toBe(0);
    // Both are now held, for the route's own guard.
    expect(await cache.session('token', counting(null))).toEqual(ann);
    expect(await cache.membership('ann', membership)).toEqual(annHome);
    expect(membership.calls).toBe(0);
    // A held session needs only the membership, when that was dropped.
    cache.dropHousehold('h1');
    expect(await cache.sessionAndMembership('token', both, membership)).toEqual({
      session: ann,
      membership: annHome,
    });
    expect([both.calls, membership.calls]).toEqual([1, 1]);
  });

  it('does not keep a membership read with the session while the household was dropped', async () => {
    const cache = createAuthCache();
    const both = held({ session: ann, membership: annHome });
    const reading = cache.sessionAndMembership('token', both.load, counting(annHome));
    await both.started;
    cache.dropHousehold('h1');
    both.release();
    expect(await reading).toEqual({ session: ann, membership: annHome });
    expect(cache.peekSession('token')).toEqual(ann);
    expect(cache.peekMembership('ann')).toBeUndefined();
  });

  it('records an extended expiry', async () => {
    const cache = createAuthCache();
    await cache.session('token', counting(ann));
    cache.extended('token', 99_000);
    expect(cache.peekSession('token')).toEqual({ userId: 'ann', expiresAt: 99_000 });
  });
});

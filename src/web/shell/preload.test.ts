import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '#shared/accounts/session-cookie.ts';
import { userQueryKey } from '../features/auth/index.ts';
import { choresQueryKey } from '../features/chores/index.ts';
import { currentHouseholdQueryKey } from '../features/households/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { FIRST_DATA_WAIT_MS, firstScreenArrival, preloadFirstScreen } from './preload.ts';
import { screens } from './screens.ts';

/** The answers the page asked for, by address, each answered when the test says so. */
let asked: Map<string, (body: unknown) => void>;

beforeEach(() => {
  asked = new Map();
  vi.stubGlobal('fetch', (url: string) => {
    return new Promise<Response>((resolve) => {
      asked.set(url, (body) => resolve(Response.json(body)));
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const signedIn = () => vi.stubGlobal('document', { cookie: `${SIGNED_IN_COOKIE}=1` });
const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };
const household = { id: 'h1', name: 'Flat 3', members: [] };

/** Whether the promise has settled once the microtasks already queued have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return done;
}

describe('the first screen', () => {
  it('arrives, for a member, once the user, the household and the screen’s first read are in', async () => {
    signedIn();
    preloadFirstScreen('/chores');
    const arrival = firstScreenArrival();
    await vi.waitFor(() => expect([...asked.keys()]).toEqual(['/api/user', '/api/households/current']));
    asked.get('/api/households/current')!(household);
    // The screen's read goes out once its code and the household are in, before React renders.
    await vi.waitFor(() => expect(asked.has('/api/chores')).toBe(true));
    asked.get('/api/chores')!([]);
    await vi.waitFor(() => expect(queryClient.getQueryData(choresQueryKey)).toEqual([]));
    expect(await settled(arrival)).toBe(false);
    // The app renders once, with every answer the screen starts from.
    asked.get('/api/user')!(user);
    await arrival;
    expect(queryClient.getQueryData(userQueryKey)).toEqual(user);
    expect(queryClient.getQueryData(currentHouseholdQueryKey)).toEqual(household);
    expect(queryClient.getQueryData(choresQueryKey)).toEqual([]);
  });

  it('does not wait for answers longer than FIRST_DATA_WAIT_MS', async () => {
    await screens.chores.load();
    vi.useFakeTimers();
    signedIn();
    preloadFirstScreen('/chores');
    const arrival = firstScreenArrival();
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(await settled(arrival)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await arrival;
    // Nothing was answered: the screen shows with its placeholders, and its reads go on.
    expect(queryClient.getQueryData(userQueryKey)).toBeUndefined();
  });

  it('arrives, signed out, with the screen’s code alone: nothing is asked', async () => {
    vi.stubGlobal('document', { cookie: '' });
    preloadFirstScreen('/auth');
    await firstScreenArrival();
    expect(screens.auth.loaded()).toBeDefined();
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    expect(asked.size).toBe(0);
  });
});

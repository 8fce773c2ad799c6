import type { QueryKey } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { FIRST_SCREEN_STATE_ID } from '#shared/first-screen.ts';
import { maybeSignedIn, userQueryOptions } from '../features/auth/api/get-user.ts';
import { viewerTimeZone } from '../features/dashboard/api/time-zone.ts';
import { currentHouseholdQueryOptions } from '../features/households/api/get-household.ts';
import { queryClient } from '../lib/query-client.ts';
import { readLocal, storageKeys } from '../lib/storage.ts';
import { pages } from './pages.ts';

type Loader = () => Promise<unknown>;
/** A screen module may say what it reads as it mounts (its `prefetch`), settled once read. */
type ScreenModule = { prefetch?: (client: typeof queryClient) => Promise<unknown> };

/**
 * How long the first screen waits for its first answers before it shows without them (with its
 * placeholders). Until then the splash stays: the screen is drawn once, as it will stay, rather
 * than drawn with placeholders that the answers then push around.
 */
export const FIRST_DATA_WAIT_MS = 2_000;

/** The screen a member of a household sees at each address, the usual case when signed in. */
const memberScreens: Record<string, Loader> = {
  '/': pages.home.load,
  '/chores': pages.chores.load,
  '/expenses': pages.expenses.load,
  '/calendar': pages.calendar.load,
  '/messages': pages.messages.load,
  '/dashboard': pages.dashboard.load,
  '/settings': pages.settings.load,
  '/profile': pages.settings.load,
  '/roommates': pages.roommates.load,
};

const signedOutScreens: Record<string, Loader> = {
  '/': () => (readLocal(storageKeys.returning) ? pages.auth.load() : pages.landing.load()),
  '/landing': pages.landing.load,
  '/auth': pages.auth.load,
};

let firstScreen: Promise<void> = Promise.resolve();
/** Set once firstScreen has settled: the app's first render then shows the screen at once. */
let firstScreenSettled = false;

/**
 * Starts, before React first renders, what the first screen will wait for. The user check, and
 * when a session may exist the household check beside it rather than after it; and the code of
 * the screen at this address, which the route table would only
 * ask for once both answers were in. A wrong guess (a signed-in user without a household) costs
 * a download, nothing else: the route table still decides what shows.
 */
export function preloadFirstScreen(pathname: string): void {
  // Signed out, this settles at once: the browser is not asked about (maybeSignedIn).
  const user = queryClient.prefetchQuery(userQueryOptions);
  const signedIn = maybeSignedIn();
  const screen = (signedIn ? memberScreens : signedOutScreens)[pathname];
  const code = screen ? screen().catch(() => undefined) : Promise.resolve();
  let arrived: Promise<unknown> = Promise.all([code, user]);
  if (signedIn) {
    // With the household known and the screen's code in, the screen's own reads go out at once,
    // not after React has rendered it. Without a household there is nothing of it to read.
    const household = queryClient.fetchQuery(currentHouseholdQueryOptions);
    const answers = Promise.all([code, household])
      .then(([module, found]) => found && (module as ScreenModule | undefined)?.prefetch?.(queryClient))
      .catch(() => undefined);
    const waited = new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS));
    arrived = Promise.all([code, Promise.race([Promise.all([user, answers]), waited])]);
  }
  firstScreen = arrived.then(() => {
    firstScreenSettled = true;
  });
  // The home screen's first request names the time zone. When it has to be asked of Intl (a
  // first visit, a new offset: time-zone.ts), the first Intl.DateTimeFormat of a page is slow
  // (its locale data loads): pay that while the network works, in a task of its own, rather than
  // between the screen's code arriving and its request.
  if (signedIn && pathname === '/') setTimeout(viewerTimeZone, 0);
}

/**
 * What the data block after a rendered screen (FIRST_SCREEN_STATE_ID) holds: the address rendered, the viewer's time zone it was rendered in (a
 * member's screen), and the answers it was rendered from (each query's key and data).
 */
export interface FirstScreenState {
  path: string;
  timeZone?: string | undefined;
  queries: { queryKey: QueryKey; data: unknown }[];
}

/**
 * The answers the server rendered this page's first screen with (entry-server.tsx), taken out of
 * the page (it sits in #root, after the screen: React must find only the screen there), or null
 * when the page carries none (the splash), carries another address's, or was rendered in a time
 * zone the browser is no longer in (its days and times are another zone's: the app asks again).
 */
export function takeServerFirstScreen(pathname: string): FirstScreenState | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as FirstScreenState;
    if (state.path !== pathname || !Array.isArray(state.queries)) return null;
    return state.timeZone === undefined || state.timeZone === viewerTimeZone() ? state : null;
  } catch {
    return null;
  }
}

/**
 * Readies the app to take over the screen the server rendered: its answers go into the query
 * cache as the server had them, and the screen's code is loaded. Nothing is asked of the API:
 * the first render then draws exactly what the server drew (hydration, main.tsx).
 */
export function hydrateFirstScreen(pathname: string, state: FirstScreenState): Promise<void> {
  for (const { queryKey, data } of state.queries) queryClient.setQueryData(queryKey, data);
  const screen = (maybeSignedIn() ? memberScreens : signedOutScreens)[pathname];
  firstScreen = (screen ? screen().catch(() => undefined) : Promise.resolve()).then(() => {
    firstScreenSettled = true;
  });
  return firstScreen;
}

/** For the server's rendering of a first screen (entry-server.tsx): its answers are all in. */
export function markFirstScreenArrived(): void {
  firstScreenSettled = true;
}

/**
 * Settles when the first screen can show (see useFirstScreenArrived). main.tsx renders the app
 * only then: its first render is the screen with its answers, rather than a render while they
 * were on their way and another, not in short tasks, as soon as they had come.
 */
export function firstScreenArrival(): Promise<void> {
  return firstScreen;
}

/**
 * False until the screen code preloadFirstScreen asked for has arrived (or failed), and for a
 * signed-in browser its first answers too (or FIRST_DATA_WAIT_MS has passed). The route
 * table keeps the splash until then: were it to render the screen earlier, the screen
 * would suspend, and React reveals a Suspense boundary's content no sooner than 300 ms after its
 * fallback showed, holding back the screen and its requests.
 */
export function useFirstScreenArrived(): boolean {
  const [arrived, setArrived] = useState(firstScreenSettled);
  useEffect(() => {
    if (arrived) return;
    let live = true;
    // Built in the background, in short tasks, while the splash stays: a screen is a few
    // hundred elements, too many to build in one go without holding up the page.
    void firstScreen.then(() => live && startTransition(() => setArrived(true)));
    return () => {
      live = false;
    };
  }, [arrived]);
  return arrived;
}

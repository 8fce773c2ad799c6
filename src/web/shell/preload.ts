import { onlineManager } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { readies, readsNameTimeZone, type ScreenName, screenAt } from '#shared/screens/screens.ts';
import { maybeSignedIn, userQueryOptions } from '../features/auth/index.ts';
import { viewerTimeZone } from '../features/dashboard/index.ts';
import { currentHouseholdQueryOptions } from '../features/households/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { readLocal, storageKeys } from '../lib/storage.ts';
import {
  type FirstScreenState,
  hydrateFirstScreenState,
  takeFirstScreenState,
} from './first-screen-state.ts';
import { firstReadsOf, screens } from './screens.ts';

/**
 * How long the first screen waits for its first answers before it shows without them (with its
 * placeholders). Until then the splash stays: the screen is drawn once, as it will stay, rather
 * than drawn with placeholders that the answers then push around.
 */
export const FIRST_DATA_WAIT_MS = 2_000;

/**
 * The screen whose code the page loads before React renders (src/shared/screens/screens.ts, `load`). A
 * browser that may be signed in is taken for a member of a household, the usual case.
 */
function screenToLoad(pathname: string, signedIn: boolean): ScreenName | undefined {
  const [audience, state] = signedIn
    ? (['member', 'with-household'] as const)
    : (['guest', readLocal(storageKeys.returning) ? 'returning' : 'signed-out'] as const);
  const name = screenAt(state, pathname);
  return name !== undefined && readies(name, audience, 'load') ? name : undefined;
}

/**
 * Keeps the member's answers and chat outbox on the device (src/web/offline/), in a chunk of its
 * own that signed-out pages never load; offline, what was kept is put back first.
 */
function keepOffline(): Promise<void> {
  return import('../offline/saved-answers.ts')
    .then((m) => m.startOffline(queryClient, onlineManager.isOnline()))
    .catch(() => undefined);
}

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
  const name = screenToLoad(pathname, signedIn);
  const code = name ? screens[name].load().catch(() => undefined) : Promise.resolve();
  let arrived: Promise<unknown> = Promise.all([code, user]);
  const offline = signedIn ? keepOffline() : undefined;
  if (offline && !onlineManager.isOnline()) {
    // Offline, no answer is coming: the screen opens with what the device kept.
    arrived = Promise.all([code, offline]);
  } else if (signedIn) {
    // With the household known and the screen's code in, the screen's own reads go out at once,
    // not after React has rendered it. Without a household there is nothing of it to read.
    const household = queryClient.fetchQuery(currentHouseholdQueryOptions);
    const answers = Promise.all([code, household])
      .then(([, found]) => found && name && firstReadsOf(name)?.prefetch(queryClient))
      .catch(() => undefined);
    const waited = new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS));
    arrived = Promise.all([code, Promise.race([Promise.all([user, answers]), waited])]);
  }
  firstScreen = arrived.then(() => {
    firstScreenSettled = true;
  });
  // A first read that names the time zone (the home screen's) asks Intl for it when no cookie
  // holds it (a first visit, a new offset: time-zone.ts), and the first Intl.DateTimeFormat of a
  // page is slow (its locale data loads): pay that while the network works, in a task of its own,
  // rather than between the screen's code arriving and its request.
  if (signedIn && name && readsNameTimeZone(name)) setTimeout(viewerTimeZone, 0);
}

/**
 * The answers the server rendered this page's first screen with (entry-server.tsx), or null when
 * the page carries none, carries another address's, or was rendered in a time zone the browser is
 * no longer in (its days and times are another zone's: the app asks again).
 */
export function takeServerFirstScreen(pathname: string): FirstScreenState | null {
  const state = takeFirstScreenState(pathname);
  if (!state) return null;
  return state.timeZone === undefined || state.timeZone === viewerTimeZone() ? state : null;
}

/**
 * Readies the app to take over the screen the server rendered: its answers go into the query
 * cache as the server had them, and the screen's code is loaded. Nothing is asked of the API:
 * the first render then draws exactly what the server drew (hydration, main.tsx).
 */
export function hydrateFirstScreen(pathname: string, state: FirstScreenState): Promise<void> {
  hydrateFirstScreenState(queryClient, state);
  if (maybeSignedIn()) void keepOffline();
  const name = screenToLoad(pathname, maybeSignedIn());
  firstScreen = (name ? screens[name].load().catch(() => undefined) : Promise.resolve()).then(() => {
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

import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_STATE_ID } from '#shared/screens/first-screen.ts';

/**
 * What the data block after a screen the server rendered holds (decision 0018): the address
 * rendered, the time zone it was rendered in (a member's screen), and the query cache it was
 * rendered from, as TanStack Query dehydrates it.
 */
export interface FirstScreenState {
  path: string;
  timeZone?: string | undefined;
  cache: DehydratedState;
}

/**
 * The data block for a screen rendered from `client` (entry-server.tsx). It is JSON, which no
 * Content-Security-Policy runs, with `<` escaped so that no text in an answer can end it. The
 * answers go without the times they were read: the same answers make the same page, and ETag.
 */
export function firstScreenStateBlock(client: QueryClient, path: string, timeZone?: string): string {
  const { queries } = dehydrate(client);
  const cache: DehydratedState = {
    mutations: [],
    queries: queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0 },
    })),
  };
  const state: FirstScreenState = { path, timeZone, cache };
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
}

/**
 * The page's data block, taken out of it (it sits in #root, after the screen: React must find only
 * the screen there), or null when the page carries none (the splash), carries another address's,
 * or one cut short on its way.
 */
export function takeFirstScreenState(pathname: string): FirstScreenState | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as FirstScreenState;
    return state.path === pathname && Array.isArray(state.cache?.queries) ? state : null;
  } catch {
    return null;
  }
}

/** Puts the block's answers in the app's cache as the server had them, fresh from the page's load. */
export function hydrateFirstScreenState(client: QueryClient, state: FirstScreenState): void {
  const loaded = Date.now();
  hydrate(client, {
    queries: state.cache.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: loaded },
    })),
  });
}

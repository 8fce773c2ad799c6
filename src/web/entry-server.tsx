/**
 * The server's rendering of a member's first screen (docs/decisions/0017-first-screen-html.md).
 * The page then carries the screen as HTML, painted before any script has arrived, instead of
 * the splash. It is a preview: out of reach (inert) until the app, once its code is in, takes it
 * over as it is (hydration, main.tsx; docs/decisions/0018-first-screen-hydration.md) from the
 * answers the page carries after it, so nothing typed or clicked into it is lost.
 *
 * Built by Vite for Node (scripts/build.mjs) into dist/ssr/, loaded by the server
 * (src/server/http/first-screen.ts), which passes the answers of the screen's reads exactly as
 * the API gives them to this viewer. Rendering is synchronous, one screen at a time.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { reconcileLatest } from '#shared/chat.ts';
import { FIRST_SCREEN_STATE_ID } from '#shared/first-screen.ts';
import { type ChatMessage, MESSAGES_PAGE_SIZE } from '#shared/message-rules.ts';
import { Shell } from './app.tsx';
import { userQueryKey } from './features/auth/api/get-user.ts';
import { choresQueryKey } from './features/chores/api/get-chores.ts';
import { homeQueryKey } from './features/dashboard/api/get-home.ts';
import { balanceQueryKey } from './features/expenses/api/get-balance.ts';
import { balancesQueryKey } from './features/expenses/api/get-balances.ts';
import { expensesQueryOptions } from './features/expenses/api/get-expenses.ts';
import { currentHouseholdQueryKey } from './features/households/api/get-household.ts';
import { messagesQueryKey } from './features/messages/api/get-messages.ts';
import { createQueryClient } from './lib/query-client.ts';
import { pages } from './shell/pages.ts';
import { type FirstScreenState, markFirstScreenArrived } from './shell/preload.ts';

type QueryClient = ReturnType<typeof createQueryClient>;
/** A read's address and its answer's body, parsed. */
export type Answers = Record<string, unknown>;

interface Screen {
  /** The reads the screen shows, beside the user and household (at the addresses the app asks). */
  reads: string[];
  /** Puts the answers where the screen's queries look for them. */
  seed: (client: QueryClient, answers: Answers) => void;
}

/** The first screens rendered on the server, by address. `home` names the time zone in its read. */
export function firstScreens(homeRead: string): Record<string, Screen> {
  return {
    '/': {
      reads: [homeRead],
      seed: (client, answers) => client.setQueryData(homeQueryKey, answers[homeRead]),
    },
    '/chores': {
      reads: ['/api/chores'],
      seed: (client, answers) => client.setQueryData(choresQueryKey, answers['/api/chores']),
    },
    '/expenses': {
      reads: ['/api/expenses', '/api/balance', '/api/balances'],
      seed: (client, answers) => {
        client.setQueryData(expensesQueryOptions.queryKey, {
          pages: [answers['/api/expenses'] as never],
          pageParams: [undefined],
        });
        client.setQueryData(balanceQueryKey, answers['/api/balance']);
        client.setQueryData(balancesQueryKey, answers['/api/balances']);
      },
    },
    '/messages': {
      reads: ['/api/messages'],
      seed: (client, answers) =>
        client.setQueryData(
          messagesQueryKey,
          reconcileLatest([], answers['/api/messages'] as ChatMessage[], MESSAGES_PAGE_SIZE, []),
        ),
    },
  };
}

/** The user and household reads every signed-in screen starts from. */
export const SHELL_READS = ['/api/user', '/api/households/current'] as const;

/** Loads the screens' code once, before the first rendering: afterwards each renders at once. */
export async function prepare(): Promise<void> {
  markFirstScreenArrived();
  await Promise.all([
    pages.home.load(),
    pages.chores.load(),
    pages.expenses.load(),
    pages.messages.load(),
    pages.auth.load(),
  ]);
}

/** The screens rendered for a browser nobody is signed in on: they read nothing. */
export const GUEST_SCREENS = ['/auth'];

/**
 * The HTML of the screen at `pathname` with these answers, or null for an address this file does
 * not render. The page's time zone is the process's: the caller sets it (first-screen.ts), and
 * names it for the page (the app takes the screen over only in the same zone).
 */
export function renderFirstScreen(
  pathname: string,
  homeRead: string,
  answers: Answers,
  timeZone?: string,
): string | null {
  const screen = firstScreens(homeRead)[pathname];
  if (!screen) return null;
  const client = createQueryClient();
  client.setQueryData(userQueryKey, answers['/api/user']);
  client.setQueryData(currentHouseholdQueryKey, answers['/api/households/current']);
  screen.seed(client, answers);
  return render(client, pathname, timeZone);
}

/** The HTML of a GUEST_SCREENS screen, as it shows to a browser nobody is signed in on. */
export function renderGuestScreen(pathname: string): string | null {
  if (!GUEST_SCREENS.includes(pathname)) return null;
  const client = createQueryClient();
  client.setQueryData(userQueryKey, null);
  return render(client, pathname);
}

/**
 * The screen's HTML, followed by the answers it was rendered with (a JSON data block, which no
 * Content-Security-Policy runs): the app takes them out of the page and renders its first
 * screen from exactly these, so that it matches the server's HTML and takes it over as it is
 * (hydration, main.tsx). `<` is escaped: no text in an answer can close the element.
 */
function render(client: QueryClient, pathname: string, timeZone?: string): string {
  try {
    const html = renderToString(
      <QueryClientProvider client={client}>
        <StaticRouter location={pathname}>
          <Shell preview />
        </StaticRouter>
      </QueryClientProvider>,
    );
    // A part that failed to render on the server leaves a marker for the client to render it:
    // the page is better off with its splash than with a screen missing a part.
    if (html.includes('<!--$!-->')) throw new Error('A part of the first screen failed to render');
    // The answers alone, without the times they were read: the page is the same, and its ETag
    // too, for as long as they are (the app counts them fresh from the page's load).
    const queries = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
    const state: FirstScreenState = { path: pathname, timeZone, queries };
    const json = JSON.stringify(state).replace(/</g, '\\u003c');
    return `${html}<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
  } finally {
    client.clear();
  }
}

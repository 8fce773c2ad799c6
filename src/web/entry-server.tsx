/**
 * The server's rendering of a first screen (docs/decisions/0017-first-screen-html.md). The page
 * then carries the screen as HTML, painted before any script has arrived, instead of the splash.
 * It is a preview: out of reach (inert) until the app, once its code is in, takes it over as it
 * is (hydration, main.tsx; docs/decisions/0018-first-screen-hydration.md) from the query cache
 * the page carries after it, so nothing typed or clicked into it is lost.
 *
 * Which screens, and from which reads, is the screen list's to say (src/shared/screens/screens.ts,
 * `render`). Built by Vite for Node (scripts/build.mjs) into dist/ssr/, loaded by the server
 * (src/server/pages/first-screen.ts), which passes the answers of those reads exactly as the API
 * gives them to this viewer. Rendering is synchronous, one screen at a time.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { i18nFor } from '#shared/i18n/catalogs.ts';
import type { Locale } from '#shared/i18n/languages.ts';
import { firstScreenAt, firstScreens, readsOf, SHELL_READS } from '#shared/screens/screens.ts';
import { Shell } from './app.tsx';
import { userQueryKey } from './features/auth/index.ts';
import { currentHouseholdQueryKey } from './features/households/index.ts';
import { TimeZoneContext } from './lib/clock.ts';
import { createQueryClient } from './lib/query-client.ts';
import { firstScreenStateBlock } from './shell/first-screen-state.ts';
import { markFirstScreenArrived } from './shell/preload.ts';
import { firstReadsOf, screens } from './shell/screens.ts';

type QueryClient = ReturnType<typeof createQueryClient>;
/** A read's address and its answer's body, parsed. */
export type Answers = Record<string, unknown>;
/** The language to render in, and the tag its dates and numbers follow (src/server/pages/page-language.ts). */
export type PageLanguage = { locale: Locale; tag: string };
const ENGLISH: PageLanguage = { locale: 'en', tag: 'en-US' };

/** Loads the rendered screens' code once, before the first rendering: afterwards each renders at once. */
export async function prepare(): Promise<void> {
  markFirstScreenArrived();
  const rendered = [...firstScreens('member', 'render'), ...firstScreens('guest', 'render')];
  await Promise.all(rendered.map(({ name }) => screens[name].load()));
}

/**
 * The HTML of a member's screen at `pathname`, from the answers to SHELL_READS and the screen's
 * reads in `timeZone`, with its days and times in that zone; null for an address not rendered.
 */
export function renderFirstScreen(
  pathname: string,
  answers: Answers,
  timeZone: string,
  language: PageLanguage = ENGLISH,
): string | null {
  const name = firstScreenAt('member', pathname, 'render');
  if (!name) return null;
  const client = createQueryClient();
  const [user, household] = SHELL_READS.map((url) => answers[url]);
  client.setQueryData(userQueryKey, user);
  client.setQueryData(currentHouseholdQueryKey, household);
  const screenAnswers = readsOf(name, timeZone).map((url) => answers[url]);
  firstReadsOf(name)?.seed(client, screenAnswers, timeZone);
  return render(client, pathname, language, timeZone);
}

/** The HTML of a screen as it shows to a browser nobody is signed in on (it reads nothing). */
export function renderGuestScreen(pathname: string, language: PageLanguage = ENGLISH): string | null {
  if (!firstScreenAt('guest', pathname, 'render')) return null;
  const client = createQueryClient();
  client.setQueryData(userQueryKey, null);
  return render(client, pathname, language);
}

/**
 * The screen's HTML, followed by the data block of the cache it was rendered from: the app
 * renders its first screen from exactly that, so that it matches the server's HTML and takes it
 * over as it is (hydration, main.tsx). A member's screen names the zone it was drawn in.
 */
function render(client: QueryClient, pathname: string, language: PageLanguage, timeZone?: string): string {
  try {
    const html = renderToString(
      <I18nProvider i18n={i18nFor(language.locale, language.tag)}>
        <QueryClientProvider client={client}>
          <TimeZoneContext.Provider value={timeZone}>
            <StaticRouter location={pathname}>
              <Shell preview />
            </StaticRouter>
          </TimeZoneContext.Provider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    // A part that failed to render on the server leaves a marker for the client to render it:
    // the page is better off with its splash than with a screen missing a part.
    if (html.includes('<!--$!-->')) throw new Error('A part of the first screen failed to render');
    return `${html}${firstScreenStateBlock(client, pathname, timeZone)}`;
  } finally {
    client.clear();
  }
}

/**
 * A member's first screen as HTML in the page (docs/decisions/0017-first-screen-html.md): the
 * server reads what the screen shows, as this viewer, through its own API, and renders the
 * screen with the web app's own components (src/web/entry-server.tsx, built into dist/ssr/).
 * The browser paints it with the page, before any script; the app then takes it over as it is
 * (hydration, docs/decisions/0018-first-screen-hydration.md). Which screens, from which reads:
 * the screen list (src/shared/screens/screens.ts, `render`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '#shared/i18n/languages.ts';
import { FIRST_SCREEN_STATE_ID } from '#shared/screens/first-screen.ts';
import { firstScreenAt, readsOf, SHELL_READS } from '#shared/screens/screens.ts';
import { type PageLanguage, pageLanguage } from './page-language.ts';

/** What dist/ssr/entry-server.js exports (src/web/entry-server.tsx). */
interface EntryServer {
  prepare(): Promise<void>;
  /** The screen drawn from the answers to its reads (by address), its days and times in `timeZone`. */
  renderFirstScreen(
    pathname: string,
    answers: Record<string, unknown>,
    timeZone: string,
    language: PageLanguage,
  ): string | null;
  renderGuestScreen(pathname: string, language: PageLanguage): string | null;
}

const MAX_GUEST_SCREENS = 1_000;

/** Where the build leaves the server's rendering of the first screens: beside the web root. */
export const ssrRoot = (webRoot: string) => path.join(webRoot, '..', 'ssr');
const ssrManifest = (webRoot: string) => path.join(ssrRoot(webRoot), '.vite', 'manifest.json');

/** The entry file the build's manifest names (its name changes with each build). */
function entryFile(webRoot: string): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(ssrManifest(webRoot), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    return entry ? path.join(ssrRoot(webRoot), entry.file) : null;
  } catch {
    return null;
  }
}

/**
 * Holds the page's first paint until the parser has reached the data block after the screen:
 * a paint of a screen parsed in part (the browser may paint while it parses) would show, say,
 * the chat's older messages, then move them all up as the newest arrived (a visible layout
 * shift; decision 0018). Browsers without render-blocking links ignore it.
 */
const RENDER_BLOCKING_EXPECT = `<link rel="expect" href="#${FIRST_SCREEN_STATE_ID}" blocking="render">`;

/**
 * The splash index.html paints inside #root, replaced by a rendered screen. A screen followed by
 * its data block (entry-server.tsx) paints only once it is all there (RENDER_BLOCKING_EXPECT).
 */
export function withRoot(indexHtml: string, rootHtml: string): string | null {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  // #root is the body's last element (the build moves the page's scripts into its head).
  const body = indexHtml.indexOf('</body>', start);
  const end = start < 0 || body < 0 ? -1 : indexHtml.lastIndexOf('</div>', body);
  const head = indexHtml.indexOf('</head>');
  if (end < 0 || head < 0 || head > start) return null;
  const expect = rootHtml.includes(`id="${FIRST_SCREEN_STATE_ID}"`) ? `  ${RENDER_BLOCKING_EXPECT}\n  ` : '';
  return `${indexHtml.slice(0, head)}${expect}${indexHtml.slice(head, start + open.length)}${rootHtml}${indexHtml.slice(end)}`;
}

export interface FirstScreenRenderer {
  /**
   * A member's screen, from the answers the API gives them, in their time zone (null: none),
   * and the cookies those reads set (a session extended by them), for the page to carry.
   */
  member(
    request: FastifyRequest,
    pathname: string,
    timeZone: string,
  ): Promise<{ html: string | null; setCookies: string[]; language: PageLanguage }>;
  /** A screen for a browser nobody is signed in on (the same for every such browser in `language`). */
  guest(request: FastifyRequest, pathname: string, language: PageLanguage): Promise<string | null>;
}

/**
 * The renderer for the build in `webRoot`, or null when the build has none. The module is loaded
 * on first use and again for each new build, so a server running while dist/ is rebuilt renders
 * with the files the page names.
 */
export function firstScreenRenderer(app: FastifyInstance, webRoot: string): FirstScreenRenderer | null {
  if (!fs.existsSync(ssrManifest(webRoot))) return null;
  let loaded: { file: string; module: Promise<EntryServer | null> } | null = null;
  const entry = () => {
    const file = entryFile(webRoot);
    if (!file) return Promise.resolve(null);
    if (loaded?.file !== file) {
      const module = import(pathToFileURL(file).href).then(
        async (m: EntryServer) => {
          await m.prepare();
          return m;
        },
        (error: unknown) => {
          app.log.warn({ err: error }, 'The first screens could not be loaded; pages go out with the splash');
          return null;
        },
      );
      loaded = { file, module };
    }
    return loaded.module;
  };

  // A guest screen is the same for every browser of a language: rendered once per build.
  const guestScreens = new Map<string, { module: EntryServer; html: string | null }>();
  const guest: FirstScreenRenderer['guest'] = async (request, pathname, language) => {
    const module = await entry();
    if (!module) return null;
    const key = `${pathname} ${language.locale} ${language.tag}`;
    const rendered = guestScreens.get(key);
    if (rendered?.module === module) return rendered.html;
    try {
      const html = module.renderGuestScreen(pathname, language);
      // Browsers' tags are many: the count is bounded.
      if (guestScreens.size >= MAX_GUEST_SCREENS) guestScreens.clear();
      guestScreens.set(key, { module, html });
      return html;
    } catch (error) {
      request.log.warn(
        { err: error },
        'The first screen could not be rendered; the page goes out with the splash',
      );
      return null;
    }
  };

  const member: FirstScreenRenderer['member'] = async (request, pathname, timeZone) => {
    const screen = firstScreenAt('member', pathname, 'render');
    const module = screen && (await entry());
    if (!module || !screen) return { html: null, setCookies: [], language: pageLanguage(request) };
    const reads = [...SHELL_READS, ...readsOf(screen, timeZone)];
    // Read as this viewer, through the same routes, checks and caches as the browser's reads.
    const answers = await Promise.all(
      reads.map((url) =>
        app.inject({ method: 'GET', url, headers: { cookie: request.headers.cookie ?? '' } }),
      ),
    );
    // A read may extend the session (or end it): the page takes the cookies it set, or the
    // browser's would lapse while the session lives on.
    const setCookies = answers.flatMap((answer) => {
      const header = answer.headers['set-cookie'];
      return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
    });
    // Any answer but 200 (a session just ended, a household just left, the database out): the
    // page goes out with the splash, and the app shows what the API says.
    if (answers.some((answer) => answer.statusCode !== 200))
      return { html: null, setCookies, language: pageLanguage(request) };
    const bodies = Object.fromEntries(reads.map((url, i) => [url, answers[i]!.json()]));
    // The member's own setting, from the same answer the app reads it from.
    const user = bodies[SHELL_READS[0]] as { language?: Language | null } | undefined;
    const language = pageLanguage(request, user?.language);
    try {
      return { html: module.renderFirstScreen(pathname, bodies, timeZone, language), setCookies, language };
    } catch (error) {
      request.log.warn(
        { err: error },
        'The first screen could not be rendered; the page goes out with the splash',
      );
      return { html: null, setCookies, language };
    }
  };
  return { member, guest };
}

/**
 * The page a member of a household gets names, in its head, what its first screen will ask for:
 * the user and household answers, the screen's own first reads, and the code of the screen and
 * of the live connection. The browser then fetches all of it beside index.js, instead of after
 * index.js has run (and the screen's code after the answers, and its reads after its code).
 * The server knows the viewer from the session (web.ts), so every named read answers 200; the
 * app still decides what shows.
 * Decision record: docs/decisions/0014-first-screen.md.
 */

import { homeReadPath } from '#shared/dashboard.ts';
import { isAcceptedTimeZone } from '#shared/time-zone-field.ts';

/** What Vite writes to its manifest (build.manifest), for the fields read here. */
export type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

interface MemberPage {
  /** The screen's module, as the manifest names it (relative to src/web). */
  screen: string;
  /** What the screen reads as it mounts, at the exact addresses the web app asks for. */
  reads: string[];
}

/** What every signed-in page asks for first (get-user.ts, get-household.ts). */
export const SHELL_READS = ['/api/user', '/api/households/current'];
/** The live connection, loaded for every member of a household (app.tsx). */
export const REALTIME_SCREEN = 'features/realtime/realtime-connection.tsx';

/**
 * A time zone the API takes (its own check), written in the letters IANA names use: the page
 * names it in an address, and anything else gets no hint.
 */
export function knownTimeZone(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value) && isAcceptedTimeZone(value);
}

/** The screen at each address for a member of a household (preload.ts memberScreens). */
export const MEMBER_PAGES: Record<string, MemberPage> = {
  // Its read names the browser's time zone: named when the browser has said it (homeReadPath).
  '/': { screen: 'features/home/home-page.tsx', reads: [] },
  '/chores': { screen: 'features/chores/chores-page.tsx', reads: ['/api/chores'] },
  '/expenses': {
    screen: 'features/expenses/expenses-page.tsx',
    reads: ['/api/expenses', '/api/balance', '/api/balances'],
  },
  '/messages': { screen: 'features/messages/messages-page.tsx', reads: ['/api/messages'] },
  '/calendar': { screen: 'features/calendar/calendar-page.tsx', reads: [] },
  '/dashboard': { screen: 'features/dashboard/dashboard-page.tsx', reads: [] },
  '/settings': { screen: 'features/settings/settings-page.tsx', reads: [] },
  '/profile': { screen: 'features/settings/settings-page.tsx', reads: [] },
  '/roommates': { screen: 'features/listings/roommates-page.tsx', reads: [] },
};

/** The files a module needs, itself first, each once (static imports, recursively). */
function filesOf(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The head tags for each address of MEMBER_PAGES: fetch preloads of the reads (credentialed,
 * as the app's fetch() calls are, so that the browser hands their answers over), then module
 * preloads of every file the screen and the live connection need that index.html does not
 * already name, at low priority: the first paint (the splash) needs none of them, and the
 * stylesheet and index.js go first. Addresses whose screen is missing from the manifest get no
 * tags.
 */
export function memberPageHints(manifest: ViteManifest, timeZone?: string): Map<string, string> {
  const hints = new Map<string, string>();
  for (const [pathname, page] of Object.entries(MEMBER_PAGES)) {
    if (!manifest[page.screen]) continue;
    // The home screen's read names the browser's time zone, when the browser has said it.
    const reads = pathname === '/' && timeZone ? [homeReadPath(timeZone)] : page.reads;
    const tags = [
      ...[...SHELL_READS, ...reads].map(
        (url) =>
          `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials">`,
      ),
      ...moduleTags(manifest, [page.screen, REALTIME_SCREEN]),
    ];
    hints.set(pathname, tags.join('\n    '));
  }
  return hints;
}

/**
 * The page without its read preloads: a page whose first screen the server rendered carries that
 * screen's answers in it (entry-server.tsx), and the app reads them from there, not again.
 */
export function withoutReadHints(html: string): string {
  return html.replace(/<link rel="preload" href="[^"]*" as="fetch" crossorigin="use-credentials">\s*/g, '');
}

/** The screen at each address for a browser nobody is signed in on (the landing page needs none). */
export const SIGNED_OUT_PAGES: Record<string, string> = { '/auth': 'features/auth/auth-page.tsx' };

/** For a signed-out browser: module preloads of the sign-in screen's files, nothing to read. */
export function signedOutPageHints(manifest: ViteManifest): Map<string, string> {
  const hints = new Map<string, string>();
  for (const [pathname, screen] of Object.entries(SIGNED_OUT_PAGES))
    if (manifest[screen]) hints.set(pathname, moduleTags(manifest, [screen]).join('\n    '));
  return hints;
}

/** Low-priority module preloads of the files these modules need that index.html does not name. */
function moduleTags(manifest: ViteManifest, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const initial = entry ? filesOf(manifest, entry) : new Set<string>();
  const files = new Set<string>();
  for (const key of modules) filesOf(manifest, key, files);
  return [...files]
    .filter((file) => !initial.has(file))
    .map(
      (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeAttribute(file)}">`,
    );
}

/** index.html with the tags at the end of its head. */
export function withHints(indexHtml: string, tags: string): string {
  const at = indexHtml.indexOf('</head>');
  if (at < 0 || !tags) return indexHtml;
  return `${indexHtml.slice(0, at)}  ${tags}\n  ${indexHtml.slice(at)}`;
}

/**
 * The page a member of a household gets names, in its head, what its first screen will ask for:
 * the user and household answers, the screen's own first reads, and the code of the screen and
 * of the live connection. The browser then fetches all of it beside index.js, instead of after
 * index.js has run (and the screen's code after the answers, and its reads after its code).
 * The server knows the viewer from the session (web.ts), so every named read answers 200; the
 * app still decides what shows. Which screens, reads and modules: the screen list
 * (src/shared/screens/screens.ts, `hint`).
 * Decision record: docs/decisions/0014-first-screen.md.
 */

import { type Locale, SOURCE_LANGUAGE } from '#shared/i18n/languages.ts';
import {
  firstScreenAt,
  firstScreens,
  REALTIME_MODULE,
  readsOf,
  SCREENS,
  SHELL_READS,
} from '#shared/screens/screens.ts';
import { isAcceptedTimeZone } from '#shared/time/zone-field.ts';

/** What Vite writes to its manifest (build.manifest), for the fields read here. */
export type ViteManifest = Record<
  string,
  { file: string; src?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/**
 * A time zone the API takes (its own check), written in the letters IANA names use: the page
 * names it in an address, and anything else gets no hint.
 */
export function knownTimeZone(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value) && isAcceptedTimeZone(value);
}

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
 * The reads a member's page at this address names, in the time zone the browser has said (a
 * read that names the zone is left out without it): SHELL_READS and the screen's.
 */
export function memberReads(pathname: string, timeZone: string | undefined): string[] {
  const name = firstScreenAt('member', pathname, 'hint');
  return name === undefined ? [] : [...SHELL_READS, ...readsOf(name, timeZone)];
}

/**
 * The head tags for each address a member's page hints: fetch preloads of the reads
 * (credentialed, as the app's fetch() calls are, so that the browser hands their answers over),
 * then module preloads of every file the screen and the live connection need that index.html
 * does not already name, at low priority: the first paint (the splash) needs none of them, and
 * the stylesheet and index.js go first. Addresses whose screen is missing from the manifest get
 * no tags.
 */
export function memberPageHints(manifest: ViteManifest, timeZone?: string): Map<string, string> {
  const hints = new Map<string, string>();
  for (const { path, name } of firstScreens('member', 'hint')) {
    const { module } = SCREENS[name];
    if (!manifest[module]) continue;
    const tags = [
      ...memberReads(path, timeZone).map(
        (url) =>
          `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials">`,
      ),
      ...moduleTags(manifest, [module, REALTIME_MODULE]),
    ];
    hints.set(path, tags.join('\n    '));
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

/** For a signed-out browser: module preloads of its screens' files (the sign-in screen's), nothing to read. */
export function signedOutPageHints(manifest: ViteManifest): Map<string, string> {
  const hints = new Map<string, string>();
  for (const { path, name } of firstScreens('guest', 'hint')) {
    const { module } = SCREENS[name];
    if (manifest[module]) hints.set(path, moduleTags(manifest, [module]).join('\n    '));
  }
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

/**
 * A fetch preload of `locale`'s catalogue (none for English, which is built into the app): the
 * app fetches it before its first render (src/web/lib/i18n.tsx), and named in the page it comes
 * beside index.js instead of after index.js has run. The catalogue is the build's file whose
 * source is `compiled/<locale>.json`.
 */
export function catalogueHint(manifest: ViteManifest, locale: Locale): string {
  if (locale === SOURCE_LANGUAGE) return '';
  const chunk = Object.values(manifest).find((c) => c.src?.endsWith(`/i18n/compiled/${locale}.json`));
  return chunk ? `<link rel="preload" href="/${escapeAttribute(chunk.file)}" as="fetch" crossorigin>` : '';
}

/** The page without its catalogue preload (a rendered page names the member's own language). */
export function withoutCatalogueHint(html: string): string {
  return html.replace(/<link rel="preload" href="[^"]*" as="fetch" crossorigin>\s*/g, '');
}

/** index.html with the tags at the end of its head. */
export function withHints(indexHtml: string, tags: string): string {
  const at = indexHtml.indexOf('</head>');
  if (at < 0 || !tags) return indexHtml;
  return `${indexHtml.slice(0, at)}  ${tags}\n  ${indexHtml.slice(at)}`;
}

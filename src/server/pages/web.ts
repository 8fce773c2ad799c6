import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/accounts/session-cookie.ts';
import { apiError } from '#shared/api-errors.ts';
import { LANGUAGE_PARAM, type Locale } from '#shared/i18n/languages.ts';
import type { Viewer } from '../auth/guards.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { matches } from '../cache/read-cache.ts';
import { preferredEncoding } from '../http/compression.ts';
import { firstScreenRenderer, withRoot } from './first-screen.ts';
import {
  catalogueHint,
  knownTimeZone,
  memberPageHints,
  memberReads,
  signedOutPageHints,
  type ViteManifest,
  withHints,
  withoutCatalogueHint,
  withoutReadHints,
} from './page-hints.ts';
import { type PageLanguage, pageLanguage, withLanguage } from './page-language.ts';

/** Where the build leaves Vite's manifest: beside the web root, so it is never served. */
export const manifestPath = (webRoot: string) => path.join(webRoot, '..', 'web-manifest.json');

interface HintedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The pages with hints (page-hints.ts) for the build on disk, made when first asked for (one
 * per address, viewer and, for a screen whose reads name it, known time zone) and again when
 * index.html changes (a new build copied in under a running server).
 */
const MAX_HINTED_PAGES = 1_000;

/**
 * Whether an address's query names nothing but the page's language. Any other parameter picks
 * what the screen shows (a filter, a day, a view, Create Account): such a page goes out with the
 * splash, and the app draws it, rather than the server drawing the screen without it.
 */
function namesOnlyLanguage(url: string): boolean {
  const query = url.split('?')[1];
  return query === undefined || [...new URLSearchParams(query).keys()].every((key) => key === LANGUAGE_PARAM);
}

function hintedPages(webRoot: string) {
  let builtAt = -1;
  let build: { index: string; manifest: ViteManifest } | null = null;
  const pages = new Map<string, HintedPage | null>();
  /** The build on disk, read again when index.html changes; null without a manifest. */
  const current = () => {
    let mtime: number;
    try {
      mtime = fs.statSync(path.join(webRoot, 'index.html')).mtimeMs;
    } catch {
      return null;
    }
    if (mtime !== builtAt) {
      builtAt = mtime;
      pages.clear();
      try {
        build = {
          index: fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'),
          manifest: JSON.parse(fs.readFileSync(manifestPath(webRoot), 'utf8')) as ViteManifest,
        };
      } catch {
        // No manifest (an older build): every page is index.html as it is.
        build = null;
      }
    }
    return build;
  };
  const page = (
    pathname: string,
    viewer: 'member' | 'guest',
    timeZone: string | undefined,
    /** A guest's page names the browser's language (page-language.ts); a member's, once rendered. */
    language?: PageLanguage,
    /** The language whose catalogue the page preloads, when not `language`'s. */
    catalogue: Locale | undefined = language?.locale,
  ): HintedPage | undefined => {
    const build = current();
    if (!build) return undefined;
    const member = viewer === 'member';
    const zone = member && knownTimeZone(timeZone) ? timeZone : undefined;
    // The page differs by zone only where its reads name it.
    const key = `${viewer} ${pathname} ${member ? memberReads(pathname, zone).join(' ') : ''} ${language?.locale} ${language?.tag} ${catalogue}`;
    if (!pages.has(key)) {
      // One per address and time zone; spellings of zones are many, so the count is bounded.
      if (pages.size >= MAX_HINTED_PAGES) pages.clear();
      const hints = member ? memberPageHints(build.manifest, zone) : signedOutPageHints(build.manifest);
      const tags = hints.get(pathname);
      const index = language ? withLanguage(build.index, language) : build.index;
      const catalogueTag = catalogue ? catalogueHint(build.manifest, catalogue) : '';
      const html =
        tags === undefined
          ? null
          : Buffer.from(withHints(index, [tags, catalogueTag].filter(Boolean).join('\n    ')));
      pages.set(
        key,
        html && {
          html,
          br: zlib.brotliCompressSync(html),
          gzip: zlib.gzipSync(html, { level: 9 }),
          etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
        },
      );
    }
    return pages.get(key) ?? undefined;
  };
  return {
    page,
    /** The catalogue preload of `locale` in the build on disk (page-hints.ts). */
    catalogueHint: (locale: Locale) => {
      const build = current();
      return build ? catalogueHint(build.manifest, locale) : '';
    },
  };
}

/** A page made for this request alone (its first screen holds the viewer's data). */
function renderedPage(html: string): HintedPage {
  const bytes = Buffer.from(html);
  return {
    html: bytes,
    br: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: zlib.gzipSync(bytes, { level: 6 }),
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
  };
}

function sendHinted(request: FastifyRequest, reply: FastifyReply, page: HintedPage, personal = false) {
  reply
    .header('Cache-Control', personal ? 'private, no-cache' : 'no-cache')
    .header('Vary', 'Cookie, Accept-Encoding, Accept-Language')
    .header('ETag', page.etag)
    .type('text/html; charset=UTF-8');
  if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? page[encoding] : page.html);
}

/**
 * Serves the production web build: brotli/gzip files made at build time, hashed assets cached
 * for a year, index.html revalidated on every load, client routes answered with index.html
 * (with hints of what the first screen needs, for a member of a household or a signed-out browser).
 */
export async function registerWeb(
  app: FastifyInstance,
  webRoot: string | null,
  viewerOf: (request: FastifyRequest) => Promise<Viewer>,
): Promise<void> {
  const hasBuild = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  // A signed-in browser's page names what its first screen will ask for (page-hints.ts).
  const hintedPage = hasBuild ? hintedPages(webRoot) : undefined;
  // ...and shows that screen before any script runs (first-screen.ts).
  const renderFirstScreen = hasBuild ? firstScreenRenderer(app, webRoot) : null;
  const guestPages = new Map<string, { source: string; page: HintedPage }>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      preCompressed: true,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(webRoot, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  // A rendered page carries its answers, so it names no reads, and it is in the member's own
  // language, whose catalogue it preloads.
  const renderedPageHead = (html: string, locale: Locale) =>
    withHints(withoutCatalogueHint(withoutReadHints(html)), hintedPage?.catalogueHint(locale) ?? '');

  // Who asks, as the server knows it: a guess would name reads that answer 404 or 401.
  const knownViewer = async (request: FastifyRequest): Promise<Viewer> => {
    if (!request.cookies?.[SESSION_COOKIE]) return 'guest';
    try {
      return await viewerOf(request);
    } catch {
      // The database is out (503 on the API): the page goes out without hints.
      return 'user';
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send(apiError('http.no_such_endpoint', { method: request.method, path: pathname }));
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasBuild && wantsPage) {
      const viewer = hintedPage && request.method === 'GET' ? await knownViewer(request) : 'user';
      // A signed-in user in no household gets the page as it is: its screens read nothing yet.
      const timeZone = request.cookies?.[TIME_ZONE_COOKIE];
      const guestLanguage = viewer === 'guest' ? pageLanguage(request) : undefined;
      // A member's page the server does not render starts in the browser's language, as the app
      // does (src/web/lib/i18n.tsx, bootLocale): its catalogue is preloaded.
      const catalogue = viewer === 'member' ? pageLanguage(request).locale : undefined;
      const hinted =
        viewer === 'user'
          ? undefined
          : hintedPage?.page(pathname, viewer, timeZone, guestLanguage, catalogue);
      const plainAddress = namesOnlyLanguage(request.url);
      if (hinted && viewer === 'member' && renderFirstScreen && knownTimeZone(timeZone) && plainAddress) {
        const screen = await renderFirstScreen.member(request, pathname, timeZone);
        if (screen.setCookies.length > 0) reply.header('set-cookie', screen.setCookies);
        const html =
          screen.html === null
            ? null
            : withRoot(
                withLanguage(
                  renderedPageHead(hinted.html.toString(), screen.language.locale),
                  screen.language,
                ),
                screen.html,
              );
        if (html) return sendHinted(request, reply, renderedPage(html), true);
      }
      if (hinted && viewer === 'guest' && renderFirstScreen && plainAddress) {
        const language = guestLanguage ?? pageLanguage(request);
        const screen = await renderFirstScreen.guest(request, pathname, language);
        const html = screen === null ? null : withRoot(hinted.html.toString(), screen);
        if (html) {
          // The same for every such browser of a language: compressed once per build, not per request.
          const key = `${pathname} ${language.locale} ${language.tag}`;
          let page = guestPages.get(key);
          if (page?.source !== html) {
            if (guestPages.size >= MAX_HINTED_PAGES) guestPages.clear();
            page = { source: html, page: renderedPage(html) };
            guestPages.set(key, page);
          }
          return sendHinted(request, reply, page.page);
        }
      }
      if (hinted) return sendHinted(request, reply, hinted);
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile('index.html');
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '#shared/session-cookie.ts';
import { preferredEncoding } from './compression.ts';
import { memberPageHints, signedOutPageHints, type ViteManifest, withHints } from './page-hints.ts';
import { matches } from './read-cache.ts';

/** Where the build leaves Vite's manifest: beside the web root, so it is never served. */
export const manifestPath = (webRoot: string) => path.join(webRoot, '..', 'web-manifest.json');

interface HintedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The pages with hints (page-hints.ts) for the build on disk: made again when index.html
 * changes (a new build copied in under a running server).
 */
function hintedPages(webRoot: string) {
  let builtAt = -1;
  let pages = new Map<string, HintedPage>();
  return (pathname: string, signedIn: boolean): HintedPage | undefined => {
    let mtime: number;
    try {
      mtime = fs.statSync(path.join(webRoot, 'index.html')).mtimeMs;
    } catch {
      return undefined;
    }
    if (mtime !== builtAt) {
      builtAt = mtime;
      pages = new Map();
      try {
        const index = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(manifestPath(webRoot), 'utf8')) as ViteManifest;
        const hints = [
          ...[...memberPageHints(manifest)].map(([route, tags]) => [`in ${route}`, tags] as const),
          ...[...signedOutPageHints(manifest)].map(([route, tags]) => [`out ${route}`, tags] as const),
        ];
        for (const [key, tags] of hints) {
          const html = Buffer.from(withHints(index, tags));
          pages.set(key, {
            html,
            br: zlib.brotliCompressSync(html),
            gzip: zlib.gzipSync(html, { level: 9 }),
            etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
          });
        }
      } catch {
        // No manifest (an older build): every page is index.html as it is.
      }
    }
    return pages.get(`${signedIn ? 'in' : 'out'} ${pathname}`);
  };
}

function sendHinted(request: FastifyRequest, reply: FastifyReply, page: HintedPage) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Cookie, Accept-Encoding')
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
 * (with hints of what the first screen needs, for a signed-in browser).
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasBuild = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  // A signed-in browser's page names what its first screen will ask for (page-hints.ts).
  const hintedPage = hasBuild ? hintedPages(webRoot) : undefined;
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasBuild && wantsPage) {
      const hinted = hintedPage?.(pathname, request.cookies?.[SIGNED_IN_COOKIE] !== undefined);
      if (hinted && request.method === 'GET') return sendHinted(request, reply, hinted);
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile('index.html');
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

import { pipeline, Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the API's JSON and text answers of 1 KB or more for clients that accept it: brotli
 * (quality 5: nearly the smallest output for a fraction of the top quality's time) or gzip. The
 * web build's own files are compressed at build time (web.ts); images and the ZIP export are
 * already compressed. A compressed answer's ETag is weakened (W/), as the bytes differ from the
 * uncompressed ones. A read-cache answer is the same Buffer on every hit, so its compressed copies
 * are kept beside it (WeakMap) until the cache lets it go. Answers written as a stream (the
 * exports) are compressed as a stream, on zlib's threads. Decision record:
 * docs/decisions/0013-compressed-api-answers.md.
 */
export const COMPRESS_MIN_BYTES = 1024;
export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The coding to send for this Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2).trim());
    if (name) accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: string) => accepted.get(coding) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Whether an answer of this type and size is sent compressed (when the client accepts it). */
export function compressible(contentType: unknown, bytes: number): boolean {
  return bytes >= COMPRESS_MIN_BYTES && /^(application\/json|text\/)/i.test(String(contentType ?? ''));
}

/** The ETag a compressed answer carries: the same tag, weak. */
export const weakened = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

export interface Compressor {
  /** The compressed copy of this body, made now or before (same Buffer, same copy). */
  compress(body: Buffer, encoding: Encoding): Promise<Buffer>;
  /** The copy already made of this very Buffer, if any: for the synchronous fast path. */
  ready(body: Buffer, encoding: Encoding): Buffer | undefined;
}

export function createCompressor(): Compressor {
  const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
  return {
    compress: async (body, encoding) => {
      const held = copies.get(body)?.[encoding];
      if (held) return held;
      const out =
        encoding === 'br'
          ? await brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzip(body, { level: 6 });
      copies.set(body, { ...copies.get(body), [encoding]: out });
      return out;
    },
    ready: (body, encoding) => copies.get(body)?.[encoding],
  };
}

/** Adds a coding to the Vary header Fastify is about to send, keeping what is there. */
export function varyOnEncoding(current: unknown): string {
  const names = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/** The same codings as `createCompressor`, for an answer that arrives in pieces. */
function compressingStream(encoding: Encoding): Transform {
  // Streamed answers are the large exports: a lighter quality keeps them quick to send.
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } })
    : zlib.createGzip({ level: 6 });
}

/** Compresses /api answers as they leave (onSend), for every route. */
export function registerCompression(app: FastifyInstance, compressor: Compressor): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const body =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body && !(payload instanceof Readable)) return payload;
    // A stream's size is not known before it ends; the answers sent as streams are the large ones.
    const bytes = body?.length ?? Number.POSITIVE_INFINITY;
    if (!compressible(reply.getHeader('content-type'), bytes)) return payload;
    reply.header('Vary', varyOnEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string') reply.header('ETag', weakened(etag));
    reply.header('Content-Encoding', encoding);
    if (body) return compressor.compress(body, encoding);
    reply.removeHeader('content-length');
    // An error on either side ends both, and Fastify ends the answer.
    return pipeline(payload as Readable, compressingStream(encoding), () => {});
  });
}

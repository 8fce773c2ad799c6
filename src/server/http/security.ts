import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_API_PATH } from '#shared/push/notifications.ts';
import type { Config } from '../config.ts';
import { badRequest, forbidden } from './errors.ts';

/**
 * The policy every answer carries. Scripts are the app's own files, and the page's own inline
 * scripts (index.html's theme script) by the hashes of their text: nothing injected runs.
 */
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Radix and React set inline style attributes; scripts stay strictly same-origin files.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline script of a page (a `<script>` without attributes): its SHA-256. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );
}

/**
 * The inline scripts of the build's index.html, read once: a build copied in under a running
 * server with a changed script runs it only after a restart (until then the app applies the
 * theme itself, a moment later).
 */
function pageScriptHashes(webRoot: string | null): string[] {
  if (!webRoot) return [];
  try {
    return inlineScriptHashes(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to: PUBLIC_ORIGIN when set, else scheme and Host. */
export function ownOrigin(config: Config, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
}

/** True when a browser tells us the request comes from another site. */
export function isCrossSite(config: Config, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin(config, request);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** The headers every answer carries, API and page alike. */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(pageScriptHashes(config.webRoot)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.publicOrigin?.startsWith('https://')
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/**
 * The one-click unsubscribe may be posted from anywhere (a webmail page, a provider's server):
 * the signed token in its address is the proof, and all it can do is stop one kind of e-mail.
 */
function carriesOwnProof(request: FastifyRequest): boolean {
  return request.routeOptions.url === UNSUBSCRIBE_API_PATH;
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);

  app.addHook('onRequest', async (request) => {
    // No engine stores NUL (PostgreSQL refuses it): an address holding one is malformed.
    if (/%00/i.test(request.url)) throw badRequest('http.nul_in_address');
    if (!SAFE_METHODS.has(request.method) && isCrossSite(config, request) && !carriesOwnProof(request)) {
      throw forbidden('http.cross_origin');
    }
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}

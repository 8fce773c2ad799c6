import { TIME_ZONE_COOKIE } from '#shared/session-cookie.ts';

/** The browser's IANA time zone: the server counts days, 'today' and chart buckets in it. */
export function viewerTimeZone(): string {
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {}
  rememberTimeZone(zone);
  return zone;
}

/** Kept in a cookie so that the next page can name the home screen's read (page-hints.ts). */
function rememberTimeZone(zone: string): void {
  if (typeof document === 'undefined') return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

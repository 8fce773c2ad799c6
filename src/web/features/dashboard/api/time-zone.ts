import { readCookie, TIME_ZONE_COOKIE, TIME_ZONE_OFFSET_COOKIE } from '#shared/accounts/session-cookie.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** Whether this page has asked Intl for the zone: after the first time, asking is cheap. */
let asked = false;

/**
 * The browser's IANA time zone: the server counts days, 'today' and chart buckets in it.
 *
 * A page's first Intl.DateTimeFormat is slow, more so on a slow phone (ICU loads its zone and
 * locale data; decision 0016), and the home screen formats no date with Intl. So
 * the zone written on an earlier visit is taken while the clock's offset from UTC is still the
 * one it had then. A new offset (travel, summer time starting or ending) means asking Intl
 * again. A move between zones with the same offset keeps the earlier name until the offsets part,
 * and until then the two agree on what today is (a chart over months may place the hours around
 * a summer-time change differently).
 */
export function viewerTimeZone(): string {
  const offset = String(new Date().getTimezoneOffset());
  if (!asked && typeof document !== 'undefined') {
    const known = readCookie(document.cookie, TIME_ZONE_COOKIE);
    if (known && readCookie(document.cookie, TIME_ZONE_OFFSET_COOKIE) === offset) return known;
  }
  asked = true;
  const zone = browserTimeZone();
  rememberTimeZone(zone, offset);
  return zone;
}

/**
 * Kept in cookies so that the next page can name the home screen's read (page-hints.ts), and
 * take the zone from there while the offset holds (above).
 */
function rememberTimeZone(zone: string, offset: string): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const [name, value] of [
    [TIME_ZONE_COOKIE, zone],
    [TIME_ZONE_OFFSET_COOKIE, offset],
  ] as const) {
    if (readCookie(document.cookie, name) === value) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }
}

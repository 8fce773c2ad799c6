/**
 * The readable companion of the httpOnly session cookie (decision 0012). The server sets it
 * whenever it sets the session cookie, with the same lifetime, and clears it with it. It holds
 * no secret: it only tells the web app that a session may exist, so that a browser without it
 * is known to be signed out without asking GET /api/user (which would answer 401).
 */
export const SIGNED_IN_COOKIE = 'hearth_signed_in';

/**
 * The browser's IANA time zone, which the web app writes (time-zone.ts) so that the page the
 * server sends can name the home screen's read, whose address holds it (page-hints.ts).
 */
export const TIME_ZONE_COOKIE = 'hearth_tz';

/**
 * The browser's offset from UTC in minutes (`Date#getTimezoneOffset`) when it wrote
 * TIME_ZONE_COOKIE. While the offset is the same, the web app takes the zone from the cookie
 * rather than asking Intl again (time-zone.ts). The server does not read it.
 */
export const TIME_ZONE_OFFSET_COOKIE = 'hearth_tz_offset';

/** Whether a Cookie header (or `document.cookie`) holds the named cookie, whatever its value. */
export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((pair) => pair.trimStart().startsWith(`${name}=`));
}

/** The named cookie's value, decoded, from a Cookie header or `document.cookie`; null if absent. */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const trimmed = pair.trimStart();
    if (!trimmed.startsWith(`${name}=`)) continue;
    try {
      return decodeURIComponent(trimmed.slice(name.length + 1));
    } catch {
      return null;
    }
  }
  return null;
}

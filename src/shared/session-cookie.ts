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

/** Whether a Cookie header (or `document.cookie`) holds the named cookie, whatever its value. */
export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((pair) => pair.trimStart().startsWith(`${name}=`));
}

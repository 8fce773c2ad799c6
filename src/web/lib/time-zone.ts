/**
 * The browser's IANA time zone: the viewer's days and clock, the zone new events and chores are
 * stored in and quiet hours are kept in. UTC where the browser does not name one.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

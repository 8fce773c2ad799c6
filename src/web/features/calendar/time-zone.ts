/** The browser's IANA time zone: the viewer's days and clock, and the zone new events are stored in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

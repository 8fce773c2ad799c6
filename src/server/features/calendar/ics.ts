import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
/** A small iCalendar (RFC 5545) writer: escaping, line folding and the few properties we use. */

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char);
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** YYYYMMDD of an instant as seen in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
  return parts.replace(/-/g, '');
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** YYYYMMDDTHHMMSS wall-clock time of an instant in a time zone (for TZID= values). */
export function localDateTime(ms: number, timeZone: string): string {
  let f = wallClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

/** UTC offset of a zone at an instant, in minutes. */
function offsetMinutes(ms: number, timeZone: string): number {
  const l = localDateTime(ms, timeZone);
  const wall = Date.UTC(
    +l.slice(0, 4),
    +l.slice(4, 6) - 1,
    +l.slice(6, 8),
    +l.slice(9, 11),
    +l.slice(11, 13),
  );
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const utcOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

const DAY_MS = 86_400_000;

interface OffsetChange {
  at: number;
  before: number;
  after: number;
}
const changesByYear = new Map<string, OffsetChange[]>();

/** The UTC offset changes of a zone in a (UTC) year, to the minute; remembered once found. */
function offsetChanges(timeZone: string, year: number): OffsetChange[] {
  const key = `${timeZone} ${year}`;
  const known = changesByYear.get(key);
  if (known) return known;
  const changes: OffsetChange[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let previous = offsetMinutes(Date.UTC(year, 0, 1), timeZone);
  for (let day = Date.UTC(year, 0, 1) + DAY_MS; day <= end; day += DAY_MS) {
    const offset = offsetMinutes(day, timeZone);
    if (offset === previous) continue;
    let lo = day - DAY_MS;
    let hi = day;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(mid, timeZone) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, before: previous, after: offset });
    previous = offset;
  }
  if (changesByYear.size >= 10_000) changesByYear.clear();
  changesByYear.set(key, changes);
  return changes;
}

/**
 * A VTIMEZONE for an IANA zone (RFC 5545 §3.6.5: every TZID used needs one), listing each UTC
 * offset change between the first and last year given, found from the platform's time-zone data.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const from = Date.UTC(fromYear, 0, 1);
  const changes: OffsetChange[] = [];
  for (let year = fromYear; year <= toYear; year++) changes.push(...offsetChanges(timeZone, year));
  const start = offsetMinutes(from, timeZone);
  const startsInSummer = changes.length > 0 && changes[0]!.after < changes[0]!.before;
  const observance = (kind: string, at: number, before: number, after: number) => [
    `BEGIN:${kind}`,
    // The onset in the local time in force before it.
    `DTSTART:${utcStamp(at + before * 60_000).slice(0, -1)}`,
    `TZOFFSETFROM:${utcOffset(before)}`,
    `TZOFFSETTO:${utcOffset(after)}`,
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(startsInSummer ? 'DAYLIGHT' : 'STANDARD', from, start, start),
    ...changes.flatMap((c) =>
      observance(c.after > c.before ? 'DAYLIGHT' : 'STANDARD', c.at, c.before, c.after),
    ),
    'END:VTIMEZONE',
  ];
}

/** YYYYMMDD of the day after a YYYYMMDD date. */
function nextDay(date: string): string {
  return utcStamp(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8)) + DAY_MS).slice(0, 8);
}

export interface IcsEvent {
  uid: string;
  summary: string;
  description?: string | null;
  location?: string | null;
  start: number;
  end: number;
  allDay: boolean;
  timeZone: string;
  /** An RRULE value, see `rrule()`. */
  rrule?: string | null;
  exdates?: number[];
  alarmMinutes?: number | null;
  stamp: number;
}

/** Recurring timed events in a zone other than UTC are written in local time with TZID=. */
const usesTzid = (e: IcsEvent) => !e.allDay && Boolean(e.rrule) && e.timeZone !== 'UTC';

export function renderCalendar(name: string, events: IcsEvent[]): string {
  return [...calendarPieces(name, events)].join('');
}

/** The same text, built with a turn for other requests every few hundred events. */
export async function renderCalendarStepwise(name: string, events: IcsEvent[]): Promise<string> {
  const pieces: string[] = [];
  let count = 0;
  for (const piece of calendarPieces(name, events)) {
    pieces.push(piece);
    if (++count % 200 === 0) await yieldToEventLoop();
  }
  return pieces.join('');
}

/** The calendar's text in pieces: the header with its time zones, each event, the end. */
function* calendarPieces(name: string, events: IcsEvent[]): Generator<string> {
  const text = (lines: string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hearth//Household calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  // One VTIMEZONE per zone named, from its first event's year to ten years past the latest
  // start or change (later occurrences keep the last offset listed).
  const years = new Map<string, { from: number; to: number }>();
  for (const e of events.filter(usesTzid)) {
    const from = new Date(e.start).getUTCFullYear() - 1;
    const to = new Date(Math.max(e.start, e.stamp)).getUTCFullYear() + 10;
    const known = years.get(e.timeZone);
    years.set(e.timeZone, { from: Math.min(from, known?.from ?? from), to: Math.max(to, known?.to ?? to) });
  }
  for (const [zone, range] of years) header.push(...vtimezone(zone, range.from, range.to));
  yield text(header);
  for (const e of events) {
    const lines = ['BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utcStamp(e.stamp)}`];
    if (e.allDay) {
      // DTEND of an all-day event is the day after its last day (exclusive), never before the next day.
      const first = localDate(e.start, e.timeZone);
      const after = localDate(e.end + 1000, e.timeZone);
      lines.push(`DTSTART;VALUE=DATE:${first}`, `DTEND;VALUE=DATE:${after > first ? after : nextDay(first)}`);
    } else if (usesTzid(e)) {
      // Recurring timed events carry their zone so each occurrence keeps its local time.
      lines.push(
        `DTSTART;TZID=${e.timeZone}:${localDateTime(e.start, e.timeZone)}`,
        `DTEND;TZID=${e.timeZone}:${localDateTime(e.end, e.timeZone)}`,
      );
    } else {
      lines.push(`DTSTART:${utcStamp(e.start)}`, `DTEND:${utcStamp(e.end)}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.rrule) lines.push(`RRULE:${e.rrule}`);
    for (const ex of e.exdates ?? []) {
      lines.push(
        e.allDay
          ? `EXDATE;VALUE=DATE:${localDate(ex, e.timeZone)}`
          : e.timeZone !== 'UTC'
            ? `EXDATE;TZID=${e.timeZone}:${localDateTime(ex, e.timeZone)}`
            : `EXDATE:${utcStamp(ex)}`,
      );
    }
    if (e.alarmMinutes) {
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${escapeText(e.summary)}`,
        `TRIGGER:-PT${e.alarmMinutes}M`,
        'END:VALARM',
      );
    }
    lines.push('END:VEVENT');
    yield text(lines);
  }
  yield text(['END:VCALENDAR']);
}

export const RRULES = {
  daily: 'FREQ=DAILY',
  weekly: 'FREQ=WEEKLY',
  biweekly: 'FREQ=WEEKLY;INTERVAL=2',
  monthly: 'FREQ=MONTHLY',
  quarterly: 'FREQ=MONTHLY;INTERVAL=3',
  yearly: 'FREQ=YEARLY',
} as const;

/**
 * The RRULE of a series first dated `anchor` (YYYYMMDD, local), repeating as the app does: a
 * monthly series from a day some months lack falls on their last day (Jan 31 → Feb 28 → Mar 31),
 * and a yearly one from Feb 29 on Feb 28 in other years, where a bare FREQ=MONTHLY or YEARLY
 * would skip them (RFC 5545 §3.3.10). `until` (YYYYMMDD) is the last date it may fall on.
 */
export function rrule(recurrence: keyof typeof RRULES, anchor: string, until?: string | null): string {
  let rule: string = RRULES[recurrence];
  const month = Number(anchor.slice(4, 6));
  const day = Number(anchor.slice(6, 8));
  if (recurrence === 'yearly' && month === 2 && day === 29) rule += ';BYMONTH=2;BYMONTHDAY=-1';
  else if (rule.startsWith('FREQ=MONTHLY') && day === 31) rule += ';BYMONTHDAY=-1';
  // The 29th or 30th, else the month's last day: the first of those two each month.
  else if (rule.startsWith('FREQ=MONTHLY') && day > 28) rule += `;BYMONTHDAY=${day},-1;BYSETPOS=1`;
  return until ? `${rule};UNTIL=${until}` : rule;
}

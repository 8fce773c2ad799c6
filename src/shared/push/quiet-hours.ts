import { TZDate } from '@date-fns/tz';

/**
 * Quiet hours: a daily window of local wall-clock time in which pushes wait. The window is
 * given in minutes after local midnight; a start later than the end crosses midnight
 * (22:00-07:00), and equal start and end mean no window at all.
 */
export interface QuietWindow {
  start: number;
  end: number;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "07:30" → 450; null for anything that is not a 24-hour HH:MM time. */
export function parseClock(text: string): number | null {
  const match = CLOCK.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 450 → "07:30". */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes after local midnight of `instant` in `timeZone`. */
export function localMinutes(instant: number, timeZone: string): number {
  const local = new TZDate(instant, timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

export function isQuiet(instant: number, window: QuietWindow, timeZone: string): boolean {
  if (window.start === window.end) return false;
  const m = localMinutes(instant, timeZone);
  return window.start < window.end
    ? m >= window.start && m < window.end
    : m >= window.start || m < window.end;
}

/**
 * The instant the window holding `instant` ends, or null when `instant` is outside it. The end is
 * local wall-clock time, so across a DST change the wait is an hour shorter or longer.
 */
export function quietHoursEnd(instant: number, window: QuietWindow, timeZone: string): number | null {
  if (!isQuiet(instant, window, timeZone)) return null;
  const local = new TZDate(instant, timeZone);
  // In a window that crosses midnight, the evening part ends tomorrow morning.
  const nextDay = window.start > window.end && localMinutes(instant, timeZone) >= window.start ? 1 : 0;
  return new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + nextDay,
    Math.floor(window.end / 60),
    window.end % 60,
    timeZone,
  ).getTime();
}

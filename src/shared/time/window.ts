// Every date and instant the API takes lies in a window that makes sense for a household: from
// 2000-01-01 to ten years from today. A typo of the year (0202 for 2026) or a date centuries
// away would otherwise make recurring work, sweeps and views walk through thousands of periods.
// No validation code (Zod) here, so screens can use the window; the schema fields that apply it
// are in validation.ts.

export const EARLIEST_DATE = '2000-01-01';
export const YEARS_AHEAD = 10;

// An instant written with a far-east offset (up to +14:00) on the first day still counts.
const INSTANT_SLACK_MS = 14 * 3_600_000;

/** The last accepted day (YYYY-MM-DD): today in UTC, ten years on. */
export function latestDate(now = Date.now()): string {
  const today = new Date(now);
  const latest = new Date(
    Date.UTC(today.getUTCFullYear() + YEARS_AHEAD, today.getUTCMonth(), today.getUTCDate()),
  );
  return latest.toISOString().slice(0, 10);
}

export function isDateInWindow(date: string, now = Date.now()): boolean {
  return date >= EARLIEST_DATE && date <= latestDate(now);
}

export function isInstantInWindow(instant: string | number, now = Date.now()): boolean {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const earliest = Date.parse(`${EARLIEST_DATE}T00:00:00Z`) - INSTANT_SLACK_MS;
  const latest = Date.parse(`${latestDate(now)}T23:59:59.999Z`) + INSTANT_SLACK_MS;
  return ms >= earliest && ms <= latest;
}

/** The sentence for a value outside the window; it starts with the field's name. */
export function outOfWindow(field: string, now = Date.now()): string {
  return `${field} must be between ${EARLIEST_DATE} and ${latestDate(now)}`;
}

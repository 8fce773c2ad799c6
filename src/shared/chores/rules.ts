// Chores' constants and rules (ordering, due labels, rotation, streaks, points), with no
// validation code: the screens that only show chores load these and not Zod. The schemas are in
// chores.ts.

import { constructFrom, differenceInCalendarDays } from 'date-fns';
import { dateFormat } from '../i18n/locale-format.ts';
import { nthOccurrence } from '../time/recurrence.ts';
import { registerMessages } from '../validation-rules.ts';

export const CHORE_STATUSES = ['todo', 'doing', 'done'] as const;
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const CHORE_CATEGORIES = [
  'general',
  'kitchen',
  'bathroom',
  'bedroom',
  'living',
  'outdoor',
  'laundry',
  'maintenance',
  'shopping',
  'finance',
] as const;
export const RECURRENCES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;
export const CHORE_REMINDERS = ['none', '5min', '15min', '30min', '1hour', '2hours', '1day'] as const;
export const ROTATIONS = ['fixed', 'round_robin', 'least_done'] as const;
export const MAX_SUBTASKS = 30;

/** The away-mode form's own checks (Settings); the route's sentences name its fields instead. */
export const awayMessages = registerMessages('away', {
  bothDates: 'Choose both the first and the last day',
  order: 'The last day must not be before the first',
} as const);

export type ChoreStatus = (typeof CHORE_STATUSES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type Recurrence = (typeof RECURRENCES)[number];
export type Rotation = (typeof ROTATIONS)[number];

/** The next status when the status icon is tapped: todo → doing → done → todo (docs/chores.md, Status). */
export function nextStatus(status: ChoreStatus): ChoreStatus {
  return status === 'todo' ? 'doing' : status === 'doing' ? 'done' : 'todo';
}

const PRIORITY_RANK: Record<Priority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
const DAY_MS = 86_400_000;

interface Orderable {
  status: ChoreStatus;
  priority: Priority;
  dueDate: string | null;
}

const dueMs = (c: Orderable) => (c.dueDate ? Date.parse(c.dueDate) : null);

export function isOverdue(chore: Orderable, now: number): boolean {
  const due = dueMs(chore);
  return chore.status !== 'done' && due !== null && due < now;
}

/** Due within a day, or overdue (docs/chores.md, Order and urgency). */
export function isUrgent(chore: Orderable, now: number): boolean {
  const due = dueMs(chore);
  return chore.status !== 'done' && due !== null && due - now <= DAY_MS;
}

/**
 * Undone first, overdue first, then priority, then due date with undated last (docs/chores.md,
 * Order and urgency).
 */
export function compareChores(a: Orderable, b: Orderable, now: number): number {
  const doneA = a.status === 'done' ? 1 : 0;
  const doneB = b.status === 'done' ? 1 : 0;
  if (doneA !== doneB) return doneA - doneB;
  const overdueA = isOverdue(a, now) ? 0 : 1;
  const overdueB = isOverdue(b, now) ? 0 : 1;
  if (overdueA !== overdueB) return overdueA - overdueB;
  if (PRIORITY_RANK[a.priority] !== PRIORITY_RANK[b.priority])
    return PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  const dueA = dueMs(a);
  const dueB = dueMs(b);
  if (dueA === dueB) return 0;
  if (dueA === null) return 1;
  if (dueB === null) return -1;
  return dueA - dueB;
}

export function sortChores<T extends Orderable>(chores: T[], now: number): T[] {
  return [...chores].sort((a, b) => compareChores(a, b, now));
}

/** A due label as a message of the chores catalogue (src/shared/i18n/catalogs/chores). */
export type DueLabel =
  | { id: 'chores.due.today' | 'chores.due.tomorrow' | 'chores.due.yesterday'; values?: undefined }
  | { id: 'chores.due.overdue' | 'chores.due.inDays'; values: { days: number } }
  | { id: 'chores.due.date'; values: { date: string } };

/**
 * Today, Tomorrow, Yesterday, 'N days overdue', 'In N days' up to 7, else the date in `locale`
 * (docs/chores.md, Due labels), as a message id and its values. Days are counted on the clock of
 * `now` (its time zone, when a TZDate).
 */
export function dueLabelMessage(due: Date, now: Date, locale = 'en-US'): DueLabel {
  const day = constructFrom(now, due);
  const days = differenceInCalendarDays(day, now);
  if (days === 0) return { id: 'chores.due.today' };
  if (days === 1) return { id: 'chores.due.tomorrow' };
  if (days === -1) return { id: 'chores.due.yesterday' };
  if (days < -1) return { id: 'chores.due.overdue', values: { days: -days } };
  if (days <= 7) return { id: 'chores.due.inDays', values: { days } };
  // The calendar date on the clock of `now`, as a plain date for Intl.
  const date = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12);
  return {
    id: 'chores.due.date',
    values: { date: dateFormat(locale, { month: 'short', day: 'numeric' }).format(date) },
  };
}

/** The due label in English ('Today', '3 days overdue', 'Jun 10'), for texts not translated yet. */
export function dueLabel(due: Date, now: Date): string {
  const label = dueLabelMessage(due, now);
  switch (label.id) {
    case 'chores.due.today':
      return 'Today';
    case 'chores.due.tomorrow':
      return 'Tomorrow';
    case 'chores.due.yesterday':
      return 'Yesterday';
    case 'chores.due.overdue':
      return `${label.values.days} days overdue`;
    case 'chores.due.inDays':
      return `In ${label.values.days} days`;
    case 'chores.due.date':
      return label.values.date;
  }
}

/** A due time of 23:59 means 'no specific time' (docs/chores.md, Creating a chore). */
export function hasSpecificTime(due: Date): boolean {
  return !(due.getHours() === 23 && due.getMinutes() === 59);
}

/**
 * The due date of occurrence `index` of a series, counted from its first due date in the
 * series' time zone: the wall-clock time stays put across daylight-saving changes, and months
 * clamp to their last day (Jan 31 → Feb 28/29 → Mar 31) without drifting.
 */
export function occurrenceDue(
  anchorMs: number,
  index: number,
  recurrence: Recurrence,
  timeZone: string,
): number {
  return nthOccurrence(anchorMs, recurrence, index, timeZone);
}

export interface RotationMember {
  userId: string;
  /** Away on the occurrence's due date. */
  away: boolean;
  /** Left the household: keeps their place in the order, is never chosen. */
  left?: boolean;
}

/**
 * Who gets the next occurrence. `members` are in a stable order (oldest first); members who
 * left keep their place so that the turn passes to whoever came after them; away members are
 * skipped while anyone else can take it.
 */
export function nextAssignee(options: {
  mode: Rotation;
  members: RotationMember[];
  current: string | null;
  completions?: Map<string, number>;
}): string | null {
  const { mode, members, current } = options;
  const staying = members.filter((m) => !m.left);
  if (staying.length === 0) return null;
  if (mode === 'fixed' && staying.some((m) => m.userId === current)) return current;
  const start = members.findIndex((m) => m.userId === current);
  // Round-robin order starting after the current assignee (from the top when unknown).
  const order = members.map((_, i) => members[(start + 1 + i) % members.length]!).filter((m) => !m.left);
  const available = order.filter((m) => !m.away);
  const pool = available.length > 0 ? available : order;
  if (mode === 'least_done') {
    const count = (id: string) => options.completions?.get(id) ?? 0;
    const fewest = Math.min(...pool.map((m) => count(m.userId)));
    return pool.find((m) => count(m.userId) === fewest)!.userId;
  }
  return pool[0]!.userId;
}

/** A series' streak after one more completion (forgiving: an away assignee's lateness never resets it). */
export function nextSeriesStreak(
  previous: number,
  completion: { onTime: boolean; assigneeWasAway: boolean },
): number {
  if (completion.onTime) return previous + 1;
  return completion.assigneeWasAway ? previous : 0;
}

const PRIORITY_WEIGHT: Record<Priority, number> = { low: 1, medium: 1.5, high: 2, urgent: 2.5 };

/** Effort (minutes / 15, at least 1) × priority weight, +50 % on time, rounded. */
export function pointsFor(chore: { estimatedDuration: number; priority: Priority }, onTime: boolean): number {
  const effort = Math.max(1, chore.estimatedDuration / 15);
  return Math.round(effort * PRIORITY_WEIGHT[chore.priority] * (onTime ? 1.5 : 1));
}

/**
 * A member's streak in weeks: consecutive weeks, counting back from now, in which they
 * completed everything assigned to them that week. A week with nothing assigned neither counts
 * nor breaks it; the current week counts once all its chores are done and never breaks it.
 */
export function memberWeekStreak(
  assignments: { dueAt: number; completedAt: number | null }[],
  now: number,
  weekStart: (ms: number) => number,
): number {
  const byWeek = new Map<number, { dueAt: number; completedAt: number | null }[]>();
  for (const a of assignments) {
    const week = weekStart(a.dueAt);
    byWeek.set(week, [...(byWeek.get(week) ?? []), a]);
  }
  const thisWeek = weekStart(now);
  const weeks = [...byWeek.keys()].filter((w) => w <= thisWeek).sort((a, b) => b - a);
  let streak = 0;
  for (const week of weeks) {
    const items = byWeek.get(week)!;
    const nextWeek = weekStart(week + 8 * DAY_MS);
    const allDone = items.every((a) => a.completedAt !== null && a.completedAt < nextWeek);
    if (allDone) streak += 1;
    else if (week !== thisWeek) break;
  }
  return streak;
}

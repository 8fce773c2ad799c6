import { TZDate } from '@date-fns/tz';
import { constructFrom, format } from 'date-fns';
import { dayKeyIn } from '#shared/calendar/days.ts';
import type { ChoreView, Subtask } from '#shared/chores/api.ts';
import {
  awayMessages,
  type CHORE_CATEGORIES,
  type CHORE_REMINDERS,
  type ChoreStatus,
  dueLabelMessage,
  hasSpecificTime,
  nextAssignee,
  occurrenceDue,
  type Priority,
  type Recurrence,
  type Rotation,
} from '#shared/chores/rules.ts';
import type { CreateChoreInput } from '#shared/chores/schemas.ts';
import { dateFormat, uses12HourClock } from '#shared/i18n/locale-format.ts';
import type { MessageId } from '../../lib/i18n.tsx';

export type ChoreCategory = (typeof CHORE_CATEGORIES)[number];
export type ChoreReminder = (typeof CHORE_REMINDERS)[number];

/** What the helpers below write with: the translate function and `Intl` tag of the active language. */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;
export interface Words {
  t: Translate;
  locale: string;
}

export const STATUS_LABELS: Record<ChoreStatus, MessageId> = {
  todo: 'chores.status.todo',
  doing: 'chores.status.doing',
  done: 'chores.status.done',
};

export const PRIORITY_LABELS: Record<Priority, MessageId> = {
  low: 'chores.priority.low',
  medium: 'chores.priority.medium',
  high: 'chores.priority.high',
  urgent: 'chores.priority.urgent',
};

export const CATEGORY_LABELS: Record<ChoreCategory, MessageId> = {
  general: 'chores.category.general',
  kitchen: 'chores.category.kitchen',
  bathroom: 'chores.category.bathroom',
  bedroom: 'chores.category.bedroom',
  living: 'chores.category.living',
  outdoor: 'chores.category.outdoor',
  laundry: 'chores.category.laundry',
  maintenance: 'chores.category.maintenance',
  shopping: 'chores.category.shopping',
  finance: 'chores.category.finance',
};

export const RECURRENCE_LABELS: Record<Recurrence | 'none', MessageId> = {
  none: 'chores.recurrence.none',
  daily: 'chores.recurrence.daily',
  weekly: 'chores.recurrence.weekly',
  biweekly: 'chores.recurrence.biweekly',
  monthly: 'chores.recurrence.monthly',
};

export const ROTATION_LABELS: Record<Rotation, MessageId> = {
  fixed: 'chores.rotation.fixed',
  round_robin: 'chores.rotation.roundRobin',
  least_done: 'chores.rotation.leastDone',
};

export const REMINDER_LABELS: Record<ChoreReminder, MessageId> = {
  none: 'chores.reminder.none',
  '5min': 'chores.reminder.min5',
  '15min': 'chores.reminder.min15',
  '30min': 'chores.reminder.min30',
  '1hour': 'chores.reminder.hour1',
  '2hours': 'chores.reminder.hours2',
  '1day': 'chores.reminder.day1',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A category's name; one this version does not know shows as it came. */
export function categoryLabel(category: string, t: Translate): string {
  const id = CATEGORY_LABELS[category as ChoreCategory];
  return id ? t(id) : capitalize(category);
}

export function reminderLabel(reminder: string, t: Translate): string {
  const id = REMINDER_LABELS[reminder as ChoreReminder];
  return id ? t(id) : reminder;
}

export function durationLabel(minutes: number, t: Translate): string {
  return t('chores.duration', { minutes });
}

/** How many chores are in each column of the counters (To Do, In Progress, Done). */
export function statusCounts(chores: { status: ChoreStatus }[]): Record<ChoreStatus, number> {
  const counts: Record<ChoreStatus, number> = { todo: 0, doing: 0, done: 0 };
  for (const chore of chores) counts[chore.status] += 1;
  return counts;
}

/** What one tap on the status icon does: an open chore is done at once, a done one is reopened. */
export function oneTapStatus(status: ChoreStatus): ChoreStatus {
  return status === 'done' ? 'todo' : 'done';
}

/** The status the chore's menu offers besides completing: In Progress, or back to To Do from it. */
export function menuStatus(status: ChoreStatus): ChoreStatus {
  return status === 'doing' ? 'todo' : 'doing';
}

/** The status icon's name: what tapping it does, e.g. 'Mark "Dishes" as done'. */
export function statusButtonLabel(title: string, status: ChoreStatus, t: Translate): string {
  return t('chores.statusButton', { title, status: oneTapStatus(status) });
}

/** The details' main button: Mark Complete, or Reopen for a done chore (docs/chores.md, Status). */
export function statusAction(status: ChoreStatus): { label: MessageId; next: ChoreStatus } {
  return status === 'done'
    ? { label: 'chores.action.reopen', next: 'todo' }
    : { label: 'chores.action.complete', next: 'done' };
}

/** A member as the rotation needs them: who, and the days they are away (YYYY-MM-DD). */
export interface RotationCandidate {
  userId: string;
  awayFrom: string | null;
  awayUntil: string | null;
}

/**
 * Who the next occurrence of a repeating chore goes to, by the server's rule (`nextAssignee`):
 * members oldest first, away ones skipped on the next due day in the chore's zone. Undefined for
 * "whoever has done it least", whose counts only the server has; null when nobody can take it.
 */
export function nextInRotation(
  chore: Pick<ChoreView, 'recurrence' | 'rotation' | 'dueDate' | 'timeZone' | 'assignedTo'>,
  members: RotationCandidate[],
): string | null | undefined {
  if (!chore.recurrence || chore.rotation === 'least_done') return undefined;
  const day = dayKeyIn(
    occurrenceDue(Date.parse(chore.dueDate), 1, chore.recurrence, chore.timeZone),
    chore.timeZone,
  );
  return nextAssignee({
    mode: chore.rotation,
    members: members.map((m) => ({
      userId: m.userId,
      away: m.awayFrom !== null && m.awayUntil !== null && day >= m.awayFrom && day <= m.awayUntil,
    })),
    current: chore.assignedTo,
  });
}

/** The words of the completion notice (docs/chores.md, Status). */
export function completionMessage(title: string, t: Translate): string {
  return t('chores.completed', { title });
}

/** A time on the locale's clock ('6:30 PM', '18:30'), in the zone of `date` when it is a TZDate. */
function clockTime(date: Date, locale: string): string {
  return (
    dateFormat(locale, {
      hour: uses12HourClock(locale) ? 'numeric' : '2-digit',
      minute: '2-digit',
      ...(date instanceof TZDate && date.timeZone ? { timeZone: date.timeZone } : {}),
    })
      .format(date)
      // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same.
      .replace(/\u202f/g, ' ')
  );
}

/**
 * The card's due line: 'Today', 'In 3 days'…, with the time only when one was chosen; on the
 * clock of `now` (its time zone, when a TZDate).
 */
export function dueText(dueIso: string, now: Date, { t, locale }: Words): string {
  const due = constructFrom(now, dueIso);
  const message = dueLabelMessage(due, now, locale);
  const label = t(message.id, message.values);
  return hasSpecificTime(due) ? t('chores.due.withTime', { label, time: clockTime(due, locale) }) : label;
}

/** The expanded card's date and time rows ('Wed, Jun 10, 2026'; 'Any time' when 23:59). */
export function dueDetails(dueIso: string, { t, locale }: Words): { date: string; time: string } {
  const due = new Date(dueIso);
  return {
    date: dateFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(due),
    time: hasSpecificTime(due) ? clockTime(due, locale) : t('chores.due.anyTime'),
  };
}

/**
 * The list as it will be once the changes still on their way to the server land: what the
 * screen shows, so that a refetch finishing meanwhile cannot undo a tick or a status change.
 */
export function withPendingChanges<T extends { id: string }>(
  list: T[],
  pending: { id: string; changes: Partial<T> }[],
): T[] {
  if (pending.length === 0) return list;
  return list.map((item) => {
    const changes = pending.filter((p) => p.id === item.id).map((p) => p.changes);
    return changes.length === 0 ? item : Object.assign({}, item, ...changes);
  });
}

export function toggleSubtask(subtasks: Subtask[], index: number): Subtask[] {
  return subtasks.map((s, i) => (i === index ? { ...s, done: !s.done } : s));
}

/** The time used when none is chosen: 23:59 means 'no specific time' (docs/chores.md, Creating a chore). */
export const NO_TIME = '23:59:00';

/**
 * A date ('YYYY-MM-DD') and optional time ('HH:MM') as the user's wall clock in `timeZone`, as an
 * ISO date-time with that zone's offset; null without a date.
 */
export function localDueDate(date: string, time: string, timeZone: string): string | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!dateMatch) return null;
  const timeMatch = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time || NO_TIME);
  if (!timeMatch) return null;
  const [, y, mo, d] = dateMatch.map(Number) as [number, number, number, number];
  const [, h, mi, s = 0] = timeMatch.map((part) => Number(part ?? 0)) as [number, number, number, number];
  const due = new TZDate(y, mo - 1, d, h, mi, s, timeZone);
  return format(due, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** The add-chore form as typed. */
export interface ChoreFormValues {
  title: string;
  description: string;
  assignedTo: string;
  dueDate: string;
  dueTime: string;
  priority: Priority;
  category: ChoreCategory;
  recurrence: Recurrence | 'none';
  rotation: Rotation;
  estimatedDuration: number;
  reminder: ChoreReminder;
  notes: string;
  subtasks: string[];
}

/** The form's defaults (docs/chores.md, Fields): 30 min, medium, no reminder, no time (23:59). */
export function defaultChoreForm(assignedTo: string): ChoreFormValues {
  return {
    title: '',
    description: '',
    assignedTo,
    dueDate: '',
    dueTime: '',
    priority: 'medium',
    category: 'general',
    recurrence: 'none',
    rotation: 'round_robin',
    estimatedDuration: 30,
    reminder: 'none',
    notes: '',
    subtasks: [],
  };
}

/** The form as the create payload (before createChoreSchema trims, drops and checks it). */
export function choreCreateInput(
  values: ChoreFormValues,
  timeZone: string,
): Omit<CreateChoreInput, 'dueDate'> & { dueDate?: string } {
  const dueDate = localDueDate(values.dueDate, values.dueTime, timeZone);
  const recurring = values.recurrence !== 'none';
  return {
    title: values.title,
    description: values.description,
    assignedTo: values.assignedTo,
    // Absent without a date, so that the schema says the due date is required.
    ...(dueDate ? { dueDate } : {}),
    priority: values.priority,
    recurrence: recurring ? (values.recurrence as Recurrence) : null,
    // Rotation only means something for a chore that comes back.
    rotation: recurring ? values.rotation : 'fixed',
    status: 'todo',
    category: values.category,
    estimatedDuration: values.estimatedDuration,
    reminder: values.reminder,
    notes: values.notes,
    subtasks: values.subtasks,
    timeZone,
  };
}

/** Adds a typed subtask to the list; blank text adds nothing (docs/chores.md, Creating a chore). */
export function addSubtask(list: string[], text: string): string[] {
  const trimmed = text.trim();
  return trimmed ? [...list, trimmed] : list;
}

export { awayMessages };

/** The away-mode body for PATCH /api/households/current/members/me, or the reason it cannot be sent. */
export function awayPayload(
  from: string,
  until: string,
): { ok: true; body: { awayFrom: string; awayUntil: string } } | { ok: false; error: string } {
  if (!from || !until) return { ok: false, error: awayMessages.bothDates };
  if (until < from) return { ok: false, error: awayMessages.order };
  return { ok: true, body: { awayFrom: from, awayUntil: until } };
}

const calendarDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** 'Away from Jun 10 to Jun 20, 2026', or null when not away (or the range has passed). */
export function awaySummary(
  from: string | null,
  until: string | null,
  today: string,
  locale: string,
): { kind: 'day' | 'range'; first: string; last: string } | null {
  if (!from || !until || until < today) return null;
  const start = calendarDate(from);
  const end = calendarDate(until);
  const sameYear = start.getFullYear() === end.getFullYear();
  const day = (date: Date, withYear: boolean) =>
    new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    }).format(date);
  return { kind: from === until ? 'day' : 'range', first: day(start, !sameYear), last: day(end, true) };
}

/** Today's calendar date on the user's clock as 'YYYY-MM-DD'. */
export function localToday(now: Date): string {
  return format(now, 'yyyy-MM-dd');
}

import { TZDate } from '@date-fns/tz';
import { constructFrom, format } from 'date-fns';
import type { Subtask } from '#shared/chores/api.ts';
import {
  type CHORE_CATEGORIES,
  type CHORE_REMINDERS,
  type ChoreStatus,
  dueLabel,
  hasSpecificTime,
  nextStatus,
  type Priority,
  type Recurrence,
  type Rotation,
} from '#shared/chores/rules.ts';
import type { CreateChoreInput } from '#shared/chores/schemas.ts';

export type ChoreCategory = (typeof CHORE_CATEGORIES)[number];
export type ChoreReminder = (typeof CHORE_REMINDERS)[number];

export const STATUS_LABELS: Record<ChoreStatus, string> = {
  todo: 'To Do',
  doing: 'In Progress',
  done: 'Done',
};

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const RECURRENCE_LABELS: Record<Recurrence | 'none', string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
};

export const ROTATION_LABELS: Record<Rotation, string> = {
  fixed: 'Same person every time',
  round_robin: 'Take turns',
  least_done: 'Whoever has done it least',
};

export const REMINDER_LABELS: Record<ChoreReminder, string> = {
  none: 'No reminder',
  '5min': '5 minutes before',
  '15min': '15 minutes before',
  '30min': '30 minutes before',
  '1hour': '1 hour before',
  '2hours': '2 hours before',
  '1day': '1 day before',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function categoryLabel(category: string): string {
  return capitalize(category);
}

export function reminderLabel(reminder: string): string {
  return REMINDER_LABELS[reminder as ChoreReminder] ?? reminder;
}

export function durationLabel(minutes: number): string {
  return `${minutes} min`;
}

/** How many chores are in each column of the counters (To Do, In Progress, Done). */
export function statusCounts(chores: { status: ChoreStatus }[]): Record<ChoreStatus, number> {
  const counts: Record<ChoreStatus, number> = { todo: 0, doing: 0, done: 0 };
  for (const chore of chores) counts[chore.status] += 1;
  return counts;
}

/** The status icon's name: what tapping it does, e.g. 'Mark "Dishes" as in progress'. */
export function statusButtonLabel(title: string, status: ChoreStatus): string {
  return `Mark "${title}" as ${STATUS_LABELS[nextStatus(status)].toLowerCase()}`;
}

/** The expanded card's button: Start Task, Mark Complete or Reopen (docs/chores.md, Status). */
export function statusAction(status: ChoreStatus): { label: string; next: ChoreStatus } {
  switch (status) {
    case 'todo':
      return { label: 'Start Task', next: 'doing' };
    case 'doing':
      return { label: 'Mark Complete', next: 'done' };
    case 'done':
      return { label: 'Reopen', next: 'todo' };
  }
}

/** The words of the completion notice (docs/chores.md, Status). */
export function completionMessage(title: string): string {
  return `✅ ${title} completed!`;
}

/**
 * The card's due line: 'Today', 'In 3 days'…, with the time only when one was chosen; on the
 * clock of `now` (its time zone, when a TZDate).
 */
export function dueText(dueIso: string, now: Date): string {
  const due = constructFrom(now, dueIso);
  const label = dueLabel(due, now);
  return hasSpecificTime(due) ? `${label}, ${format(due, 'h:mm a')}` : label;
}

/** The expanded card's date and time rows ('Wed, Jun 10, 2026'; 'Any time' when 23:59). */
export function dueDetails(dueIso: string): { date: string; time: string } {
  const due = new Date(dueIso);
  return {
    date: format(due, 'EEE, MMM d, yyyy'),
    time: hasSpecificTime(due) ? format(due, 'h:mm a') : 'Any time',
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

export const awayMessages = {
  bothDates: 'Choose both the first and the last day',
  order: 'The last day must not be before the first',
} as const;

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
export function awaySummary(from: string | null, until: string | null, today: string): string | null {
  if (!from || !until || until < today) return null;
  const start = calendarDate(from);
  const end = calendarDate(until);
  const sameYear = start.getFullYear() === end.getFullYear();
  const first = format(start, sameYear ? 'MMM d' : 'MMM d, yyyy');
  const last = format(end, 'MMM d, yyyy');
  return from === until ? `Away on ${last}` : `Away from ${first} to ${last}`;
}

/** Today's calendar date on the user's clock as 'YYYY-MM-DD'. */
export function localToday(now: Date): string {
  return format(now, 'yyyy-MM-dd');
}

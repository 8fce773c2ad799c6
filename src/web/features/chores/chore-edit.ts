// Editing a chore: the form prefilled from the chore, and the PATCH body of what changed.
import { format } from 'date-fns';
import type { ChoreView, Subtask } from '#shared/chores/api.ts';
import { CHORE_CATEGORIES, CHORE_REMINDERS, hasSpecificTime, type Recurrence } from '#shared/chores/rules.ts';
import { type ChoreCategory, type ChoreFormValues, type ChoreReminder, localDueDate } from './chore-view.ts';

/** PATCH /api/chores/{id} as the edit form sends it (updateChoreSchema). */
export interface ChoreEditChanges {
  title?: string;
  description?: string | null;
  assignedTo?: string;
  dueDate?: string;
  priority?: ChoreView['priority'];
  recurrence?: Recurrence | null;
  rotation?: ChoreView['rotation'];
  category?: ChoreCategory;
  estimatedDuration?: number;
  reminder?: ChoreReminder;
  notes?: string | null;
  subtasks?: Subtask[];
}

/**
 * The form filled in with the chore as it is: its due date and time on the browser's clock
 * (as the card shows them), no time when it is due at 23:59 (no specific time).
 */
export function choreFormValues(chore: ChoreView): ChoreFormValues {
  const due = new Date(chore.dueDate);
  return {
    title: chore.title,
    description: chore.description ?? '',
    assignedTo: chore.assignedTo ?? '',
    dueDate: format(due, 'yyyy-MM-dd'),
    dueTime: hasSpecificTime(due) ? format(due, 'HH:mm') : '',
    priority: chore.priority,
    category: (CHORE_CATEGORIES as readonly string[]).includes(chore.category)
      ? (chore.category as ChoreCategory)
      : 'general',
    recurrence: chore.recurrence ?? 'none',
    rotation: chore.rotation,
    estimatedDuration: chore.estimatedDuration,
    reminder: (CHORE_REMINDERS as readonly string[]).includes(chore.reminder)
      ? (chore.reminder as ChoreReminder)
      : 'none',
    notes: chore.notes ?? '',
    subtasks: chore.subtasks.map((s) => s.text),
  };
}

const text = (value: string) => value.trim() || null;

/** Subtasks as typed, each keeping its tick when a subtask of the same text had one. */
function withTicks(texts: string[], before: Subtask[]): Subtask[] {
  const left = [...before];
  return texts.map((t) => {
    const at = left.findIndex((s) => s.text === t);
    const done = at >= 0 && left[at]!.done;
    if (at >= 0) left.splice(at, 1);
    return { text: t, done };
  });
}

/**
 * What the edit changed, as the PATCH body; empty when nothing did. The due date goes when its
 * day or time was changed, as a wall-clock time in `timeZone` (as when creating).
 */
export function choreUpdateChanges(
  chore: ChoreView,
  initial: ChoreFormValues,
  values: ChoreFormValues,
  timeZone: string,
): ChoreEditChanges {
  const changes: ChoreEditChanges = {};
  if (values.title.trim() !== initial.title.trim()) changes.title = values.title.trim();
  if (text(values.description) !== text(initial.description)) changes.description = text(values.description);
  if (values.assignedTo !== initial.assignedTo) changes.assignedTo = values.assignedTo;
  if (values.dueDate !== initial.dueDate || values.dueTime !== initial.dueTime) {
    const due = localDueDate(values.dueDate, values.dueTime, timeZone);
    if (due) changes.dueDate = due;
  }
  if (values.priority !== initial.priority) changes.priority = values.priority;
  if (values.recurrence !== initial.recurrence)
    changes.recurrence = values.recurrence === 'none' ? null : values.recurrence;
  if (values.rotation !== initial.rotation) changes.rotation = values.rotation;
  if (values.category !== initial.category) changes.category = values.category;
  if (values.estimatedDuration !== initial.estimatedDuration)
    changes.estimatedDuration = values.estimatedDuration;
  if (values.reminder !== initial.reminder) changes.reminder = values.reminder;
  if (text(values.notes) !== text(initial.notes)) changes.notes = text(values.notes);
  if (JSON.stringify(values.subtasks) !== JSON.stringify(initial.subtasks))
    changes.subtasks = withTicks(values.subtasks, chore.subtasks);
  return changes;
}

import { z } from 'zod';
import { timeZoneField } from '../time/zone-field.ts';
import { registerMessages, sharedMessages, windowInstant } from '../validation.ts';
import {
  CHORE_CATEGORIES,
  CHORE_REMINDERS,
  CHORE_STATUSES,
  DURATIONS,
  MAX_SUBTASKS,
  PRIORITIES,
  RECURRENCES,
  ROTATIONS,
} from './rules.ts';

// The rules live in chore-rules.ts (no Zod in it); this module adds the schemas the routes and
// the chore form validate with, and passes the rules on for the server's convenience.
export * from './rules.ts';

export const choreMessages = registerMessages('chore', {
  titleRequired: sharedMessages.titleRequired,
  titleTooLong: 'Title must be at most 120 characters',
  assigneeRequired: 'Choose who the chore is assigned to',
  dueDateRequired: 'Due date is required',
  tooManySubtasks: `At most ${MAX_SUBTASKS} subtasks`,
  subtaskTooLong: 'Subtasks must be at most 200 characters',
  textTooLong: 'Description and notes must be at most 2000 characters',
  durationInvalid: `Estimated duration must be one of ${DURATIONS.join(', ')} minutes`,
} as const);

const longText = z.string().max(2000, choreMessages.textTooLong);
const dueDate = windowInstant('dueDate', choreMessages.dueDateRequired);
const subtaskTexts = z
  .array(z.string().max(200, choreMessages.subtaskTooLong))
  .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
  .refine((list) => list.length <= MAX_SUBTASKS, choreMessages.tooManySubtasks);

const duration = z
  .number({ error: choreMessages.durationInvalid })
  .refine((v) => (DURATIONS as readonly number[]).includes(v), choreMessages.durationInvalid);

export const createChoreSchema = z.object({
  title: z
    .string({ error: choreMessages.titleRequired })
    .trim()
    .min(1, choreMessages.titleRequired)
    .max(120, choreMessages.titleTooLong),
  description: longText.nullish().transform((v) => v?.trim() || null),
  assignedTo: z
    .string({ error: choreMessages.assigneeRequired })
    .min(1, choreMessages.assigneeRequired)
    .max(100),
  dueDate,
  priority: z.enum(PRIORITIES).default('medium'),
  recurrence: z
    .enum(RECURRENCES)
    .nullish()
    .transform((v) => v ?? null),
  rotation: z.enum(ROTATIONS).default('round_robin'),
  status: z.literal('todo').default('todo'),
  category: z.enum(CHORE_CATEGORIES).default('general'),
  estimatedDuration: duration.default(30),
  reminder: z.enum(CHORE_REMINDERS).default('none'),
  notes: longText.nullish().transform((v) => v?.trim() || null),
  subtasks: subtaskTexts.default([]),
  timeZone: timeZoneField('timeZone').default('UTC'),
});
export type CreateChoreInput = z.input<typeof createChoreSchema>;

export const updateChoreSchema = z
  .object({
    title: createChoreSchema.shape.title,
    // No transforms here: an absent field must stay absent, so a PATCH changes only what it names.
    description: longText.nullable(),
    assignedTo: createChoreSchema.shape.assignedTo,
    dueDate,
    priority: z.enum(PRIORITIES),
    recurrence: z.enum(RECURRENCES).nullable(),
    rotation: z.enum(ROTATIONS),
    status: z.enum(CHORE_STATUSES),
    category: z.enum(CHORE_CATEGORIES),
    estimatedDuration: duration,
    reminder: z.enum(CHORE_REMINDERS),
    notes: longText.nullable(),
    subtasks: z
      .array(
        z.object({
          text: z.string().trim().min(1).max(200, choreMessages.subtaskTooLong),
          done: z.boolean(),
        }),
      )
      .max(MAX_SUBTASKS, choreMessages.tooManySubtasks),
  })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: sharedMessages.nothingToChange,
  });

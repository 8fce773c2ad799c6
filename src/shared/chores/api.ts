import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { listIdFilter, listSearchText } from '../search/filters.ts';
import { answerInstant, registerMessages, sharedMessages, windowDate, windowInstant } from '../validation.ts';
import { CHORE_STATUSES, PRIORITIES, RECURRENCES, ROTATIONS } from './rules.ts';
import { createChoreSchema, updateChoreSchema } from './schemas.ts';

// These already name their field, so the API answers them as they are (not "before: before …").
const routeMessages = registerMessages('chore', {
  beforeInvalid: 'before must be an ISO date-time',
  periodInvalid: sharedMessages.periodInvalid,
  awayFromInvalid: 'awayFrom must be a date (YYYY-MM-DD) or null',
  awayUntilInvalid: 'awayUntil must be a date (YYYY-MM-DD) or null',
} as const);

const idParams = z.object({ id: z.string().min(1).max(100) });

const subtask = z.strictObject({ text: z.string(), done: z.boolean() });

/** A chore as the API answers it (docs/chores.md, Fields), with its series, rotation and points. */
export const choreView = z.strictObject({
  id: z.string(),
  seriesId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(CHORE_STATUSES),
  priority: z.enum(PRIORITIES),
  category: z.string(),
  /** ISO date-times, as are completedAt, createdAt and updatedAt. */
  dueDate: answerInstant,
  timeZone: z.string(),
  completedAt: answerInstant.nullable(),
  completedBy: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedUser: messageAuthor.nullable(),
  recurrence: z.enum(RECURRENCES).nullable(),
  rotation: z.enum(ROTATIONS),
  reminder: z.string(),
  estimatedDuration: z.number(),
  subtasks: z.array(subtask),
  notes: z.string().nullable(),
  streak: z.number(),
  points: z.number(),
  onTime: z.boolean().nullable(),
  createdAt: answerInstant,
  updatedAt: answerInstant,
});
export type ChoreView = z.output<typeof choreView>;
export type Subtask = z.output<typeof subtask>;

/** One member's row of the leaderboard. */
export const leaderboardEntry = z.strictObject({
  userId: z.string(),
  points: z.number(),
  completions: z.number(),
  onTimeRate: z.number().nullable(),
  streakWeeks: z.number(),
});
export type LeaderboardEntry = z.output<typeof leaderboardEntry>;

const awayDates = z.object({
  awayFrom: windowDate('awayFrom', routeMessages.awayFromInvalid).nullable(),
  awayUntil: windowDate('awayUntil', routeMessages.awayUntilInvalid).nullable(),
});

/** The filters of the chores list and its counts, optional and combined (docs/chores.md, Filters). */
const choreFilters = {
  /** A member's user id: the chores assigned to them. */
  assignee: listIdFilter,
  /** Contained in the title, ignoring case. */
  q: listSearchText,
};

/** The household's chores by the Chores screen's tabs: open, open and the caller's, done (ever). */
const choreCountsView = z.strictObject({ open: z.number(), mine: z.number(), done: z.number() });
export type ChoreCountsView = z.output<typeof choreCountsView>;

export const choresApi = {
  list: operation({
    method: 'GET',
    path: '/api/chores',
    summary:
      'Open chores and those done in the last 7 days, or older done ones a page at a time; filtered by assignee and q',
    tag: 'Chores',
    access: 'member',
    query: z.object({
      status: z.literal('done').optional(),
      before: windowInstant('before', routeMessages.beforeInvalid).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      ...choreFilters,
    }),
    responses: { 200: z.array(choreView), 304: null },
  }),
  counts: operation({
    method: 'GET',
    path: '/api/chores/counts',
    summary: "How many of the household's chores are open, open and the caller's, and done",
    tag: 'Chores',
    access: 'member',
    query: z.object(choreFilters),
    responses: { 200: choreCountsView },
  }),
  create: operation({
    method: 'POST',
    path: '/api/chores',
    summary: 'Adds a chore',
    tag: 'Chores',
    access: 'member',
    body: createChoreSchema,
    responses: { 201: choreView },
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/chores/:id',
    summary: 'Changes a chore; completing a recurring one creates and answers its next occurrence',
    tag: 'Chores',
    access: 'member',
    params: idParams,
    body: updateChoreSchema,
    responses: { 200: choreView.extend({ nextOccurrence: choreView.nullable() }) },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/chores/:id',
    summary: 'Deletes a chore, or with series=true every occurrence of its series',
    tag: 'Chores',
    access: 'member',
    params: idParams,
    query: z.object({ series: z.enum(['true', 'false']).default('false') }),
    responses: { 204: null },
  }),
  leaderboard: operation({
    method: 'GET',
    path: '/api/chores/leaderboard',
    summary: "Each member's points, completions, on-time rate and weekly streak, most points first",
    tag: 'Chores',
    access: 'member',
    query: z.object({
      period: z.enum(['week', 'month', 'all'], { error: routeMessages.periodInvalid }).default('week'),
    }),
    responses: { 200: z.array(leaderboardEntry) },
  }),
  setAway: operation({
    method: 'PATCH',
    path: '/api/households/current/members/me',
    summary: 'Sets or clears the days the member is away, which rotation skips',
    tag: 'Chores',
    access: 'member',
    body: awayDates
      .refine((v) => (v.awayFrom === null) === (v.awayUntil === null), {
        message: 'Send both awayFrom and awayUntil, or neither',
      })
      .refine((v) => v.awayFrom === null || v.awayUntil === null || v.awayFrom <= v.awayUntil, {
        message: 'awayUntil must not be before awayFrom',
      }),
    responses: { 200: z.strictObject({ awayFrom: z.string().nullable(), awayUntil: z.string().nullable() }) },
  }),
};

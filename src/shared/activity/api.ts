import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { ACTIVITY_KINDS } from '../expenses/ledger-view.ts';
import { answerInstant } from '../validation.ts';
import { ACTIVITY_FILTER_KINDS as ACTIVITY_GROUPS } from './view.ts';

/** One entry of the household's activity feed. */
export const activityEntry = z.strictObject({
  id: z.string(),
  at: answerInstant,
  actorId: z.string().nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  /** What it was about, for links: an expense, payment, chore, event, member or the household. */
  subject: z.strictObject({
    type: z.enum(['expense', 'payment', 'chore', 'event', 'member', 'household']),
    id: z.string().nullable(),
  }),
  /** One line in words, e.g. "Electricity 30.00" or "Ada → Ben 12.00". */
  summary: z.string(),
  /** For edits: each changed field, before → after, as shown on screen. */
  changes: z.array(
    z.strictObject({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});
export type ActivityView = z.output<typeof activityEntry>;

/** Newest first; `nextBefore` pages on, null at the start of the history. */
export const activityPage = z.strictObject({
  entries: z.array(activityEntry),
  nextBefore: z.string().nullable(),
});
export type ActivityPageView = z.output<typeof activityPage>;

export const activityApi = {
  list: operation({
    method: 'GET',
    path: '/api/activity',
    summary: 'Who did what in the household, newest first, a page at a time',
    tag: 'Activity',
    access: 'member',
    query: z.object({
      before: z.string().max(100).optional(),
      kind: z
        .string()
        .max(40)
        .refine(
          (kind) =>
            Object.hasOwn(ACTIVITY_GROUPS, kind) || (ACTIVITY_KINDS as readonly string[]).includes(kind),
          {
            message: `kind must be one of ${Object.keys(ACTIVITY_GROUPS).join(', ')} or an activity kind`,
          },
        )
        .optional(),
      memberId: z.string().min(1).max(100).optional(),
    }),
    responses: { 200: activityPage },
  }),
};

import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { knownApiError } from '../api-errors.ts';
import { EVENT_RECURRENCES } from '../calendar/rules.ts';
import { CHORE_STATUSES, RECURRENCES } from '../chores/rules.ts';
import { answerDate, answerInstant } from '../validation.ts';
import { searchTooLong } from './filters.ts';
import { SEARCH_RESULTS_PER_KIND, SEARCH_TEXT_MAX } from './rules.ts';

// GET /api/search: one search across expenses, chores and events (docs/client.md, Lists,
// filters and search).

const searchQuery = z.object({
  q: z
    .string({ error: knownApiError('search.text_required', { field: 'q' }) })
    .trim()
    .min(1, knownApiError('search.text_required', { field: 'q' }))
    .max(SEARCH_TEXT_MAX, searchTooLong),
});

/** An expense found: enough for its row and its link. */
const expenseMatch = z.strictObject({
  id: z.string(),
  title: z.string(),
  /** In the household's currency, 2-decimal string as lists show it. */
  amount: z.string(),
  category: z.string(),
  /** The day it was spent, YYYY-MM-DD. */
  date: answerDate,
  paidBy: z.string().nullable(),
});

/** A chore found. */
const choreMatch = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(CHORE_STATUSES),
  dueDate: answerInstant,
  assignedTo: z.string().nullable(),
  recurrence: z.enum(RECURRENCES).nullable(),
});

/** An event found: a repeating one shows its next occurrence (else its first). */
const eventMatch = z.strictObject({
  id: z.string(),
  title: z.string(),
  startDate: answerInstant,
  endDate: answerInstant,
  allDay: z.boolean(),
  color: z.string(),
  eventType: z.string(),
  recurrence: z.enum(EVENT_RECURRENCES).nullable(),
  timeZone: z.string(),
});

const searchResults = z.strictObject({
  expenses: z.array(expenseMatch),
  chores: z.array(choreMatch),
  events: z.array(eventMatch),
});
export type SearchResults = z.output<typeof searchResults>;
export type ExpenseMatch = z.output<typeof expenseMatch>;
export type ChoreMatch = z.output<typeof choreMatch>;
export type EventMatch = z.output<typeof eventMatch>;

export const searchApi = {
  search: operation({
    method: 'GET',
    path: '/api/search',
    summary: `Up to ${SEARCH_RESULTS_PER_KIND} expenses, chores and events each whose text contains q`,
    tag: 'Search',
    access: 'member',
    query: searchQuery,
    responses: { 200: searchResults },
  }),
};

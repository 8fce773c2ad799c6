import { z } from 'zod';
import { knownApiError } from '../api-errors.ts';
import { windowDate } from '../validation.ts';
import { SEARCH_TEXT_MAX } from './rules.ts';

// The query parameters the lists share (docs/client.md, Lists, filters and search).

export const searchTooLong = knownApiError('filter.text_too_long', { field: 'q', max: SEARCH_TEXT_MAX });

/** An optional `q` of a list: trimmed; blank is no filter. */
export const listSearchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, searchTooLong)
  .transform((text) => (text === '' ? undefined : text))
  .optional();

/**
 * An optional id filter (`member`, `assignee`, `category`): blank is no filter, and an id that
 * matches nothing (a former member's may still match) finds nothing rather than a 400.
 */
export const listIdFilter = z
  .string()
  .trim()
  .max(100)
  .transform((id) => (id === '' ? undefined : id))
  .optional();

/** An optional inclusive day bound of a list (`from`, `to`), YYYY-MM-DD. */
export const listDay = (field: 'from' | 'to') =>
  windowDate(field, knownApiError('filter.date_invalid', { field })).optional();

/** `to` must not be before `from` (both inclusive, so the same day is one day). */
export const daysInOrder = {
  check: (v: { from?: string | undefined; to?: string | undefined }) => !v.from || !v.to || v.from <= v.to,
  params: { message: knownApiError('filter.dates_reversed', { field: 'to', other: 'from' }), path: ['to'] },
};

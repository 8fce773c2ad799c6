// The calendar's fixed lists and colours (docs/calendar.md, Event types and colours), apart from
// the API's schemas (schemas.ts) so that screens showing events load no validation code.

/** Types shown in lists, and the extra ones creation offers (docs/calendar.md, Event types and colours). */
export const LIST_EVENT_TYPES = ['meeting', 'social', 'task', 'reminder', 'birthday', 'other'] as const;
export const EVENT_TYPES = [
  'meeting',
  'appointment',
  'social',
  'deadline',
  'birthday',
  'holiday',
  'travel',
  'workout',
  'study',
  'task',
  'reminder',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_RECURRENCES = ['daily', 'weekly', 'biweekly', 'monthly', 'yearly'] as const;
export type EventRecurrence = (typeof EVENT_RECURRENCES)[number];
export const EVENT_REMINDERS = [
  'none',
  '5min',
  '15min',
  '30min',
  '1hour',
  '2hours',
  '1day',
  '1week',
] as const;

/**
 * The 10-colour palette; each type's default colour is one of them (docs/calendar.md, Event types
 * and colours).
 */
export const EVENT_COLORS = {
  blue: '#3B82F6',
  green: '#22C55E',
  amber: '#F59E0B',
  red: '#EF4444',
  pink: '#EC4899',
  violet: '#8B5CF6',
  indigo: '#6366F1',
  teal: '#14B8A6',
  orange: '#F97316',
  grey: '#6B7280',
} as const;
export const PALETTE = Object.values(EVENT_COLORS);

const TYPE_COLORS: Record<EventType, string> = {
  meeting: EVENT_COLORS.blue,
  appointment: EVENT_COLORS.green,
  social: EVENT_COLORS.amber,
  deadline: EVENT_COLORS.red,
  birthday: EVENT_COLORS.pink,
  holiday: EVENT_COLORS.violet,
  travel: EVENT_COLORS.indigo,
  workout: EVENT_COLORS.teal,
  study: EVENT_COLORS.orange,
  task: EVENT_COLORS.grey,
  reminder: EVENT_COLORS.grey,
  other: EVENT_COLORS.grey,
};

export function defaultColor(type: EventType): string {
  return TYPE_COLORS[type];
}

export const REMINDER_MINUTES: Record<(typeof EVENT_REMINDERS)[number], number | null> = {
  none: null,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '1hour': 60,
  '2hours': 120,
  '1day': 1440,
  '1week': 10080,
};

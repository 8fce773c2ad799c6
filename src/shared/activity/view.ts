// The activity feed as the web app shows it: its filters, and the words of its entries and times.
import { differenceInCalendarDays } from 'date-fns';
import { ACTIVITY_KINDS, type ActivityKind } from '../expenses/ledger-view.ts';
import type { Translate, Words } from '../expenses/view.ts';
import type { MessageId } from '../i18n/compiled/en.ts';
import type { ActivityView } from './api.ts';

/** The `kind` filters GET /api/activity takes for groups of kinds (docs/money.md). */
export const ACTIVITY_FILTERS = ['money', 'chores', 'events', 'members'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** The filter of each subject a kind begins with ('expense_created' → money). */
const FILTER_OF_SUBJECT: Record<string, ActivityFilter> = {
  expense: 'money',
  payment: 'money',
  setting: 'money',
  chore: 'chores',
  event: 'events',
  member: 'members',
};

const kindsOf = (filter: ActivityFilter): readonly ActivityKind[] =>
  ACTIVITY_KINDS.filter((kind) => FILTER_OF_SUBJECT[kind.split('_')[0]!] === filter);

/** The kinds each filter covers, by what each kind is about. */
export const ACTIVITY_FILTER_KINDS: Record<ActivityFilter, readonly ActivityKind[]> = {
  money: kindsOf('money'),
  chores: kindsOf('chores'),
  events: kindsOf('events'),
  members: kindsOf('members'),
};

/** The area of a kind, for its icon: the part of its name before the underscore. */
export function activityArea(kind: string): 'expense' | 'payment' | 'chore' | 'event' | 'member' | 'other' {
  const area = kind.split('_')[0];
  return area === 'expense' || area === 'payment' || area === 'chore' || area === 'event' || area === 'member'
    ? area
    : 'other';
}

/** How long ago an entry was, in the words of `activity.time.*`: relative within the hour, then the day. */
export function activityTimeLabel(iso: string, now: Date, { t, locale }: Words): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes >= 0 && minutes < 1) return t('activity.time.justNow');
  if (minutes >= 1 && minutes < 60) return t('activity.time.minutesAgo', { minutes });
  const time = formatIn(at, locale, { hour: 'numeric', minute: '2-digit' });
  const days = differenceInCalendarDays(now, at);
  if (days === 0) return t('activity.time.today', { time });
  if (days === 1) return t('activity.time.yesterday', { time });
  if (at.getFullYear() === now.getFullYear())
    return formatIn(at, locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return formatIn(at, locale, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** `Intl` in a locale; the narrow no-break space some engines put before AM/PM reads as a space. */
const formatIn = (date: Date, locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, options).format(date).replace(/\u202f/g, ' ');

/** The words the server writes a changed field's name in (stored with the entry), by message. */
const FIELD_IDS: Record<string, MessageId> = {
  Amount: 'activity.field.amount',
  'Assigned to': 'activity.field.assignedTo',
  Category: 'activity.field.category',
  Currency: 'activity.field.currency',
  Date: 'activity.field.date',
  Description: 'activity.field.description',
  Due: 'activity.field.due',
  Duration: 'activity.field.duration',
  Notes: 'activity.field.notes',
  'Paid by': 'activity.field.paidBy',
  'Paid in': 'activity.field.paidIn',
  Priority: 'activity.field.priority',
  Reminder: 'activity.field.reminder',
  Repeats: 'activity.field.repeats',
  Rotation: 'activity.field.rotation',
  Shares: 'activity.field.shares',
  'Simplify debts': 'activity.field.simplifyDebts',
  Split: 'activity.field.split',
  Status: 'activity.field.status',
  Subtasks: 'activity.field.subtasks',
  Title: 'activity.field.title',
};

/** A changed field's name in the reader's language; one this app does not know stays as written. */
export function activityField(field: string, t: Translate): string {
  return Object.hasOwn(FIELD_IDS, field) ? t(FIELD_IDS[field]!) : field;
}

/**
 * The server stores an entry's summary in English words around names and amounts; these read the
 * values back so the reader sees the sentence in their language. Titles and amounts are data.
 */
const SUMMARIES: { kinds: readonly string[]; pattern: RegExp; id: MessageId; names: string[] }[] = [
  {
    kinds: ['member_joined'],
    pattern: /^(.+) joined$/s,
    id: 'activity.summary.memberJoined',
    names: ['name'],
  },
  { kinds: ['member_left'], pattern: /^(.+) left$/s, id: 'activity.summary.memberLeft', names: ['name'] },
  {
    kinds: ['payment_recorded', 'payment_deleted', 'payment_restored'],
    pattern: /^(.+) paid (.+) (\S+)$/s,
    id: 'activity.summary.payment',
    names: ['from', 'to', 'amount'],
  },
  {
    kinds: ['setting_changed'],
    pattern: /^Currency changed to (\S+)$/,
    id: 'activity.summary.currency',
    names: ['currency'],
  },
  {
    kinds: ['setting_changed'],
    pattern: /^Simplify debts turned (on|off)$/,
    id: 'activity.summary.simplifyDebts',
    names: ['state'],
  },
  {
    kinds: ['expense_created'],
    pattern: /^Imported from Splitwise: (\d+) expenses, (\d+) payments$/,
    id: 'activity.summary.imported',
    names: ['expenses', 'payments'],
  },
];

/** An entry's one-line summary in the reader's language, or as the server wrote it (a title and amount). */
export function activitySummary(entry: Pick<ActivityView, 'kind' | 'summary'>, t: Translate): string {
  for (const { kinds, pattern, id, names } of SUMMARIES) {
    if (!kinds.includes(entry.kind)) continue;
    const match = pattern.exec(entry.summary);
    if (match) return t(id, Object.fromEntries(names.map((name, i) => [name, match[i + 1]])));
  }
  return entry.summary;
}

/** A changed field's value as shown: an empty one is a dash; the setting's On and Off are words. */
export function activityValue(field: string, value: string | null, t: Translate): string {
  if (field === 'Simplify debts' && (value === 'On' || value === 'Off'))
    return t('activity.value.onOff', { state: value === 'On' ? 'on' : 'off' });
  return changeValue(value);
}

/** A changed field's value as shown: an empty one is a dash. */
export function changeValue(value: string | null): string {
  return value === null || value === '' ? '—' : value;
}

// The activity feed as the web app shows it: words for each kind of entry, its filters and times.
import { differenceInCalendarDays, format } from 'date-fns';
import { ACTIVITY_KINDS, type ActivityKind } from '../expenses/ledger-view.ts';

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

export const ACTIVITY_FILTER_LABELS: Record<ActivityFilter, string> = {
  money: 'Money',
  chores: 'Chores',
  events: 'Events',
  members: 'Members',
};

/** What the actor did, after their name: 'Ada L. added an expense'. */
export const ACTIVITY_VERBS: Record<ActivityKind, string> = {
  expense_created: 'added an expense',
  expense_edited: 'edited an expense',
  expense_deleted: 'deleted an expense',
  expense_restored: 'restored an expense',
  payment_recorded: 'recorded a payment',
  payment_deleted: 'deleted a payment',
  payment_restored: 'restored a payment',
  setting_changed: 'changed a setting',
  chore_created: 'added a chore',
  chore_edited: 'edited a chore',
  chore_completed: 'completed a chore',
  chore_deleted: 'deleted a chore',
  event_created: 'added an event',
  event_edited: 'edited an event',
  event_deleted: 'deleted an event',
  member_joined: 'joined',
  member_left: 'left',
};

/** Words for a kind this app does not know yet (a newer server): still a readable line. */
export function activityVerb(kind: string): string {
  return ACTIVITY_VERBS[kind as ActivityKind] ?? 'made a change';
}

/** The area of a kind, for its icon: the part of its name before the underscore. */
export function activityArea(kind: string): 'expense' | 'payment' | 'chore' | 'event' | 'member' | 'other' {
  const area = kind.split('_')[0];
  return area === 'expense' || area === 'payment' || area === 'chore' || area === 'event' || area === 'member'
    ? area
    : 'other';
}

/** 'Just now', '5 min ago', 'Today, 2:05 PM', 'Yesterday, 2:05 PM', 'Mar 7, 2:05 PM', 'Mar 7, 2024'. */
export function activityTimeLabel(iso: string, now: Date): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes >= 0 && minutes < 1) return 'Just now';
  if (minutes >= 1 && minutes < 60) return `${minutes} min ago`;
  const days = differenceInCalendarDays(now, at);
  if (days === 0) return `Today, ${format(at, 'h:mm a')}`;
  if (days === 1) return `Yesterday, ${format(at, 'h:mm a')}`;
  if (at.getFullYear() === now.getFullYear()) return format(at, 'MMM d, h:mm a');
  return format(at, 'MMM d, yyyy');
}

/** A changed field's value as shown: an empty one is a dash. */
export function changeValue(value: string | null): string {
  return value === null || value === '' ? '—' : value;
}

import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { API_ERRORS } from '../api-errors.ts';
import { REMINDER_MINUTES } from '../calendar/rules.ts';
import { CAPS } from '../caps.ts';
import { CHORE_REMINDERS } from '../chores/rules.ts';
import { timeZoneField } from '../time/zone-field.ts';
import { formatClock, parseClock } from './quiet-hours.ts';

/** The kinds of push a member can switch off one by one (docs/notifications.md, Switches). */
export const NOTIFICATION_TYPES = ['message', 'chore', 'expense', 'calendar', 'household'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The JSON inside an encrypted Web Push message (contract in docs/decisions/0006-web-push.md). */
export interface PushPayload {
  title: string;
  body: string;
  type: NotificationType | 'test';
  tag: string;
  url: string;
  actions?: { action: 'done' | 'snooze' | 'settle'; title: string }[];
  data?: { choreId?: string; splitId?: string };
}

export const PUSH_BODY_MAX = 120;

/** Cuts a text to `max` characters, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  // No-break spaces stay: Intl puts them inside amounts and dates ("12,50 €") to keep them whole.
  const flat = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const base64url = (bytes: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(200)
    .refine(
      (v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64url').length === bytes,
      `${field} must be ${bytes} bytes of base64url`,
    );

/**
 * Browsers (push subscriptions) one user keeps; saving one more forgets their oldest. Every push
 * fans out to all of them, with retries.
 */
export const MAX_PUSH_DEVICES_PER_USER = CAPS.pushDevicesPerUser.max;

export const PUSH_ENDPOINT_TAKEN = API_ERRORS['push.endpoint_taken'];

/** The browser's PushSubscription JSON. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint must be an https URL' })
    .max(2000, 'endpoint must be an https URL'),
  expirationTime: z.number().nullish(),
  keys: z.object(
    { p256dh: base64url(65, 'keys.p256dh'), auth: base64url(16, 'keys.auth') },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const unsubscribeSchema = z.object({
  endpoint: z.string({ error: 'endpoint is required' }).min(1, 'endpoint is required').max(2000),
});

const clock = z
  .string({ error: 'quietHours times must be HH:MM' })
  .refine((v) => parseClock(v) !== null, 'quietHours times must be HH:MM');

/**
 * What a member can also have by e-mail (docs/notifications.md, By e-mail), each off until they
 * switch it on, with the words the settings and the e-mails use for it.
 */
export const EMAIL_NOTIFICATION_TYPES = ['chore', 'rent', 'expense', 'summary'] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];
export const EMAIL_NOTIFICATION_LABELS: Record<EmailNotificationType, string> = {
  chore: 'Chore reminders and overdue chores',
  rent: 'Rent due',
  expense: 'Expenses you owe on',
  summary: 'Weekly summary',
};

const emailSwitches = z.object(
  Object.fromEntries(
    EMAIL_NOTIFICATION_TYPES.map((t) => [t, z.boolean({ error: `email.${t} must be true or false` })]),
  ) as Record<EmailNotificationType, z.ZodBoolean>,
  { error: 'email must list chore, rent, expense and summary' },
);
export type EmailSwitches = z.output<typeof emailSwitches>;

/** PUT /api/notification-settings; without `email`, the e-mail switches stay as they are. */
export const notificationSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  types: z.object(
    Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [t, z.boolean({ error: `types.${t} must be true or false` })]),
    ) as Record<NotificationType, z.ZodBoolean>,
    { error: 'types must list message, chore, expense, calendar and household' },
  ),
  quietHours: z.object({ start: clock, end: clock }).nullable(),
  timeZone: timeZoneField('timeZone'),
  email: emailSwitches.optional(),
});
export type NotificationSettingsInput = z.output<typeof notificationSettingsSchema>;
export type NotificationSettings = NotificationSettingsInput & { email: EmailSwitches };

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  enabled: true,
  types: { message: true, chore: true, expense: true, calendar: true, household: true },
  quietHours: null,
  timeZone: 'UTC',
  email: { chore: false, rent: false, expense: false, summary: false },
};

/** The latest e-mail to the member's address that could not be delivered, shown in Settings. */
export interface UndeliverableMail {
  address: string;
  failedAt: string;
  reason: string;
}

/** Where a mail program posts the one-click unsubscribe (RFC 8058). */
export const UNSUBSCRIBE_API_PATH = '/api/email/unsubscribe';
export const unsubscribeMessages = {
  invalid: API_ERRORS['push.unsubscribe_invalid'],
};

export { formatClock, parseClock };

/**
 * Minutes before the due time for a chore's `reminder` (docs/chores.md, Fields): the chores' words
 * are some of the events', and mean the same.
 */
export const CHORE_REMINDER_MINUTES: Record<string, number | null> = Object.fromEntries(
  CHORE_REMINDERS.map((reminder) => [reminder, REMINDER_MINUTES[reminder]]),
);

/**
 * When the rent reminder of a month goes out: 09:00 local time on the day before the rent is
 * due. A due day past the month's end means its last day (31 in April is the 30th).
 */
export function rentReminderAt(year: number, month: number, dueDay: number, timeZone: string): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(dueDay, lastDay);
  return new TZDate(year, month, day - 1, 9, 0, timeZone).getTime();
}

/** The start (local midnight) of the rent day itself; the reminder is pointless after it. */
export function rentDueStart(year: number, month: number, dueDay: number, timeZone: string): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new TZDate(year, month, Math.min(dueDay, lastDay), 0, 0, timeZone).getTime();
}

/** "in 15 min", "in 2 hours", "in 7 days": how far ahead a reminder's subject is. */
export function dueIn(ms: number): string {
  const { unit, count } = dueInParts(ms);
  if (unit === 'minute') return `in ${count} min`;
  if (unit === 'hour') return `in ${count} ${count === 1 ? 'hour' : 'hours'}`;
  return `in ${count} days`;
}

/** How far off `ms` is, in the unit `dueIn` says it in (the e-mails translate it: mail.dueIn). */
export function dueInParts(ms: number): { unit: 'minute' | 'hour' | 'day'; count: number } {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return { unit: 'minute', count: minutes };
  const hours = Math.round(minutes / 60);
  if (hours < 48) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.round(hours / 24) };
}

import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import {
  EMAIL_NOTIFICATION_TYPES,
  type EmailNotificationType,
  NOTIFICATION_TYPES,
  type NotificationType,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  UNSUBSCRIBE_API_PATH,
  unsubscribeMessages,
  unsubscribeSchema,
} from './notifications.ts';

/** A member's notification settings as saved, the defaults until they save any. */
export const notificationSettingsView = z.strictObject({
  enabled: z.boolean(),
  types: z.strictObject(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
      NotificationType,
      z.ZodBoolean
    >,
  ),
  /** Local times (HH:MM) between which no push is sent, or null for none. */
  quietHours: z.strictObject({ start: z.string(), end: z.string() }).nullable(),
  timeZone: z.string(),
  email: z.strictObject(
    Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
      EmailNotificationType,
      z.ZodBoolean
    >,
  ),
  /** The latest e-mail to the member's address refused for good (last 30 days), or null. */
  undeliverable: z
    .strictObject({ address: z.string(), failedAt: answerInstant, reason: z.string() })
    .nullable(),
});

/** An unsubscribe link's token (src/server/features/push/unsubscribe-links.ts). */
const unsubscribeQuery = z.object({
  token: z
    .string({ error: unsubscribeMessages.invalid })
    .min(1, unsubscribeMessages.invalid)
    .max(200, unsubscribeMessages.invalid),
});

/** The kind of e-mail a link stops, in words too, and whether it is on. */
const unsubscribeAnswer = z.strictObject({
  type: z.enum(EMAIL_NOTIFICATION_TYPES),
  label: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswer>;

const tag = 'Push';

export const pushApi = {
  publicKey: operation({
    method: 'GET',
    path: '/api/push/public-key',
    summary: "The server's VAPID public key, for subscribing a browser",
    tag,
    access: 'user',
    responses: { 200: z.strictObject({ publicKey: z.string() }) },
  }),
  subscribe: operation({
    method: 'POST',
    path: '/api/push/subscribe',
    summary: "Save this browser's push subscription",
    tag,
    access: 'user',
    body: pushSubscriptionSchema,
    responses: { 201: z.strictObject({ id: z.string() }) },
  }),
  unsubscribe: operation({
    method: 'POST',
    path: '/api/push/unsubscribe',
    summary: "Forget a browser's push subscription",
    tag,
    access: 'user',
    body: unsubscribeSchema,
    responses: { 204: null },
  }),
  test: operation({
    method: 'POST',
    path: '/api/push/test',
    summary: "Send a test notification to every one of the user's browsers",
    tag,
    access: 'user',
    responses: { 200: z.strictObject({ sent: z.number().int() }) },
  }),
  settings: operation({
    method: 'GET',
    path: '/api/notification-settings',
    summary: "The user's notification settings",
    tag,
    access: 'user',
    responses: { 200: notificationSettingsView },
  }),
  saveSettings: operation({
    method: 'PUT',
    path: '/api/notification-settings',
    summary: "Replace the user's notification settings",
    tag,
    access: 'user',
    body: notificationSettingsSchema,
    responses: { 200: notificationSettingsView },
  }),
  unsubscribeInfo: operation({
    method: 'GET',
    path: UNSUBSCRIBE_API_PATH,
    summary: "What an e-mail's unsubscribe link switches off, and whether it is still on",
    tag,
    access: 'public',
    query: unsubscribeQuery,
    responses: { 200: unsubscribeAnswer },
  }),
  unsubscribeEmail: operation({
    method: 'POST',
    path: UNSUBSCRIBE_API_PATH,
    summary: 'One-click unsubscribe (RFC 8058): switch off the kind of e-mail the link came with',
    tag,
    access: 'public',
    query: unsubscribeQuery,
    responses: { 200: unsubscribeAnswer },
  }),
  snooze: operation({
    method: 'POST',
    path: '/api/chores/:id/snooze',
    summary: "Remind the household of a chore again later (a notification's Snooze)",
    tag,
    access: 'member',
    params: z.object({ id: z.string().min(1).max(100) }),
    responses: { 200: z.strictObject({ remindAt: answerInstant }) },
  }),
};
export type NotificationSettingsView = z.output<typeof notificationSettingsView>;

import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  unsubscribeSchema,
} from './notifications.ts';

/** A member's notification settings as saved, the defaults until they save any. */
const notificationSettings = z.strictObject({
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
});

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
    responses: { 200: notificationSettings },
  }),
  saveSettings: operation({
    method: 'PUT',
    path: '/api/notification-settings',
    summary: "Replace the user's notification settings",
    tag,
    access: 'user',
    body: notificationSettingsSchema,
    responses: { 200: notificationSettings },
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

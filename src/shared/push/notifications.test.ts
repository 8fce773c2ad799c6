import { describe, expect, it } from 'vitest';
import {
  clip,
  DEFAULT_NOTIFICATION_SETTINGS,
  dueIn,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  rentDueStart,
  rentReminderAt,
} from './notifications.ts';

const key = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64url');

describe('push subscriptions', () => {
  const valid = { endpoint: 'https://push.example/abc', keys: { p256dh: key(65), auth: key(16) } };
  it('accepts a browser subscription', () => {
    expect(pushSubscriptionSchema.safeParse({ ...valid, expirationTime: null }).success).toBe(true);
  });
  it('refuses plain http, wrong key sizes and non-base64url keys', () => {
    expect(pushSubscriptionSchema.safeParse({ ...valid, endpoint: 'http://push.example/abc' }).success).toBe(
      false,
    );
    expect(
      pushSubscriptionSchema.safeParse({ ...valid, keys: { ...valid.keys, p256dh: key(64) } }).success,
    ).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ ...valid, keys: { ...valid.keys, auth: key(17) } }).success,
    ).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ ...valid, keys: { ...valid.keys, auth: '!!!!' } }).success,
    ).toBe(false);
  });
});

describe('notification settings', () => {
  it('accepts the defaults and a window crossing midnight', () => {
    expect(notificationSettingsSchema.safeParse(DEFAULT_NOTIFICATION_SETTINGS).success).toBe(true);
    const night = { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: { start: '22:00', end: '07:00' } };
    expect(notificationSettingsSchema.safeParse(night).success).toBe(true);
  });
  it('refuses bad times, unknown zones and missing types', () => {
    const bad = [
      { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: { start: '25:00', end: '07:00' } },
      { ...DEFAULT_NOTIFICATION_SETTINGS, timeZone: 'Mars/Olympus' },
      { ...DEFAULT_NOTIFICATION_SETTINGS, types: { message: true } },
    ];
    for (const settings of bad) expect(notificationSettingsSchema.safeParse(settings).success).toBe(false);
  });
});

describe('rent reminders', () => {
  it('go out at 09:00 local time the day before the rent day', () => {
    expect(rentReminderAt(2026, 4, 1, 'UTC')).toBe(Date.parse('2026-04-30T09:00:00Z'));
    expect(rentReminderAt(2026, 4, 15, 'America/New_York')).toBe(Date.parse('2026-05-14T13:00:00Z'));
    expect(rentDueStart(2026, 4, 15, 'UTC')).toBe(Date.parse('2026-05-15T00:00:00Z'));
  });
  it('treat a due day past the month’s end as its last day', () => {
    expect(rentReminderAt(2026, 1, 31, 'UTC')).toBe(Date.parse('2026-02-27T09:00:00Z'));
  });
});

describe('clip', () => {
  it('keeps short texts and marks cut ones', () => {
    expect(clip('  hi   there ', 10)).toBe('hi there');
    expect(clip('abcdefghij', 5)).toBe('abcd…');
  });

  it('keeps the no-break spaces Intl puts inside amounts', () => {
    expect(clip('Pizza ·\n 12,50\u00a0€', 20)).toBe('Pizza · 12,50\u00a0€');
  });
});

describe('dueIn', () => {
  it('says how far ahead in minutes, hours or days', () => {
    expect(dueIn(15 * 60_000)).toBe('in 15 min');
    expect(dueIn(10_000)).toBe('in 1 min');
    expect(dueIn(60 * 60_000)).toBe('in 1 hour');
    expect(dueIn(24 * 60 * 60_000)).toBe('in 24 hours');
    expect(dueIn(7 * 24 * 60 * 60_000)).toBe('in 7 days');
  });
});

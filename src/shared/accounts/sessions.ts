import { z } from 'zod';
import { answerInstant, registerMessages } from '../validation.ts';

/** One place the account is signed in, as Settings → Security lists it. */
export const sessionView = z.strictObject({
  id: z.string(),
  createdAt: answerInstant,
  /** When it was last used, to the day (a session is extended once a day of use). */
  lastSeenAt: answerInstant,
  /** 'Chrome', 'Safari'…, or 'Unknown browser'. */
  browser: z.string(),
  /** 'macOS', 'iPhone', 'Android'…, or 'Unknown system'. */
  platform: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionView = z.output<typeof sessionView>;

export const sessionMessages = registerMessages('session', {
  notFound: 'This session is not one of yours, or it has already ended',
});

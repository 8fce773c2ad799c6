import type { NotificationType } from '#shared/push/notifications.ts';

/** Local notification throttling and suppression (docs/notifications.md, Throttling). */
/** Anything that is not one of the five kinds a user can switch off. */
export type ThrottleType = NotificationType | 'other';

export const MIN_GAP_MS: Record<ThrottleType, number> = {
  message: 500,
  chore: 1_000,
  expense: 1_000,
  calendar: 1_000,
  household: 5_000,
  other: 10_000,
};
export const BURST_WINDOW_MS = 60_000;
export const BURST_LIMIT = 3;

/** The screens whose own list already shows what a notification of that type would say. */
const MATCHING_PAGE: Partial<Record<ThrottleType, string>> = {
  chore: '/chores',
  expense: '/expenses',
  calendar: '/calendar',
};

export interface SentNotification {
  type: ThrottleType;
  at: number;
}

export interface PageState {
  /** location.pathname */
  path: string;
  /** document.visibilityState === 'visible' */
  visible: boolean;
}

export type NotifyDecision =
  | { allowed: true }
  | { allowed: false; reason: 'on-page' | 'too-soon' | 'too-many' };

export function isOnMatchingPage(type: ThrottleType, page: PageState): boolean {
  const path = MATCHING_PAGE[type];
  if (!path || !page.visible) return false;
  return page.path === path || page.path.startsWith(`${path}/`);
}

/**
 * Whether a local notification of `type` may be shown at `now`, given the ones already shown.
 * Messages are never suppressed by the page (the chat may be scrolled up), only throttled.
 */
export function decideNotification(
  history: readonly SentNotification[],
  type: ThrottleType,
  now: number,
  page: PageState,
): NotifyDecision {
  if (isOnMatchingPage(type, page)) return { allowed: false, reason: 'on-page' };
  const sameType = history.filter((sent) => sent.type === type && sent.at <= now);
  const last = sameType.reduce((latest, sent) => Math.max(latest, sent.at), Number.NEGATIVE_INFINITY);
  if (now - last < MIN_GAP_MS[type]) return { allowed: false, reason: 'too-soon' };
  const recent = sameType.filter((sent) => now - sent.at < BURST_WINDOW_MS);
  if (recent.length >= BURST_LIMIT) return { allowed: false, reason: 'too-many' };
  return { allowed: true };
}

/** The history after showing one more: entries older than any rule looks at are dropped. */
export function recordNotification(
  history: readonly SentNotification[],
  type: ThrottleType,
  now: number,
): SentNotification[] {
  const horizon = Math.max(BURST_WINDOW_MS, ...Object.values(MIN_GAP_MS));
  return [...history.filter((sent) => now - sent.at < horizon), { type, at: now }];
}

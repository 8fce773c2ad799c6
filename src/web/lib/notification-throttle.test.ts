import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BURST_LIMIT,
  BURST_WINDOW_MS,
  decideNotification,
  MIN_GAP_MS,
  type PageState,
  recordNotification,
  type SentNotification,
  type ThrottleType,
} from './notification-throttle.ts';

const HOME: PageState = { path: '/', visible: true };
const T = 1_000_000;

describe('minimum gap per type', () => {
  it.each([
    ['message', 500],
    ['chore', 1_000],
    ['expense', 1_000],
    ['calendar', 1_000],
    ['household', 5_000],
    ['other', 10_000],
  ] as const)('%s waits %i ms after the last one', (type, gap) => {
    const history: SentNotification[] = [{ type, at: T }];
    expect(decideNotification(history, type, T + gap - 1, HOME)).toEqual({
      allowed: false,
      reason: 'too-soon',
    });
    expect(decideNotification(history, type, T + gap, HOME)).toEqual({ allowed: true });
  });

  it('counts each type on its own', () => {
    const history: SentNotification[] = [{ type: 'household', at: T }];
    expect(decideNotification(history, 'message', T + 1, HOME).allowed).toBe(true);
    expect(decideNotification(history, 'other', T + 1, HOME).allowed).toBe(true);
  });

  it('allows the first of a type', () => {
    expect(decideNotification([], 'other', 0, HOME).allowed).toBe(true);
  });
});

describe('at most 3 per type within 60 s', () => {
  const three: SentNotification[] = [
    { type: 'chore', at: T },
    { type: 'chore', at: T + 10_000 },
    { type: 'chore', at: T + 20_000 },
  ];

  it('refuses a fourth inside the window', () => {
    expect(decideNotification(three, 'chore', T + 30_000, HOME)).toEqual({
      allowed: false,
      reason: 'too-many',
    });
  });

  it('allows again once the first is 60 s old', () => {
    expect(decideNotification(three, 'chore', T + BURST_WINDOW_MS - 1, HOME).allowed).toBe(false);
    expect(decideNotification(three, 'chore', T + BURST_WINDOW_MS, HOME).allowed).toBe(true);
  });

  it('leaves other types alone', () => {
    expect(decideNotification(three, 'expense', T + 30_000, HOME).allowed).toBe(true);
  });

  it('never shows more than 3 of a type in any 60 s, whatever the requests (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 60 }),
        fc.constantFrom<ThrottleType>('message', 'chore', 'household', 'other'),
        (gaps, type) => {
          let now = T;
          let history: SentNotification[] = [];
          const shown: number[] = [];
          for (const gap of gaps) {
            now += gap;
            if (decideNotification(history, type, now, HOME).allowed) {
              history = recordNotification(history, type, now);
              shown.push(now);
            }
          }
          for (let i = BURST_LIMIT; i < shown.length; i += 1) {
            expect(shown[i]! - shown[i - BURST_LIMIT]!).toBeGreaterThanOrEqual(BURST_WINDOW_MS);
          }
          for (let i = 1; i < shown.length; i += 1) {
            expect(shown[i]! - shown[i - 1]!).toBeGreaterThanOrEqual(MIN_GAP_MS[type]);
          }
        },
      ),
    );
  });
});

describe('suppression on the matching page', () => {
  it.each([
    ['chore', '/chores'],
    ['expense', '/expenses'],
    ['calendar', '/calendar'],
  ] as const)('%s is suppressed on %s while visible', (type, path) => {
    expect(decideNotification([], type, T, { path, visible: true })).toEqual({
      allowed: false,
      reason: 'on-page',
    });
    expect(decideNotification([], type, T, { path: `${path}/`, visible: true }).allowed).toBe(false);
  });

  it('is not suppressed when the page is hidden', () => {
    expect(decideNotification([], 'chore', T, { path: '/chores', visible: false }).allowed).toBe(true);
  });

  it('is not suppressed on another page', () => {
    expect(decideNotification([], 'chore', T, { path: '/expenses', visible: true }).allowed).toBe(true);
    expect(decideNotification([], 'chore', T, { path: '/add-chore', visible: true }).allowed).toBe(true);
  });

  it('always allows messages, even on the chat', () => {
    expect(decideNotification([], 'message', T, { path: '/messages', visible: true }).allowed).toBe(true);
  });

  it('does not suppress household notifications anywhere', () => {
    expect(decideNotification([], 'household', T, { path: '/settings', visible: true }).allowed).toBe(true);
  });
});

describe('recordNotification', () => {
  it('appends and forgets entries older than 60 s', () => {
    const history = recordNotification([{ type: 'chore', at: T }], 'message', T + BURST_WINDOW_MS);
    expect(history).toEqual([{ type: 'message', at: T + BURST_WINDOW_MS }]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  activeTypists,
  connectionLabel,
  MAX_RECONNECT_ATTEMPTS,
  mayReconnect,
  nextTypingExpiry,
  readRetryDelay,
  reconnectDelay,
  startTyping,
  stopTyping,
  typingFrameDue,
  typingLabel,
} from './policy.ts';

describe('reconnectDelay', () => {
  it('starts at 500 ms after an abnormal closure (1006) and at 1000 ms after any other', () => {
    expect(reconnectDelay(1, 1006)).toBe(500);
    expect(reconnectDelay(1, 1000)).toBe(1000);
    expect(reconnectDelay(1, 1001)).toBe(1000);
  });

  it('grows 1.5 times per attempt', () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, 1006))).toEqual([500, 750, 1125, 1687.5]);
    expect([1, 2, 3].map((n) => reconnectDelay(n, 1000))).toEqual([1000, 1500, 2250]);
  });

  it('never waits more than 10 s', () => {
    expect(reconnectDelay(9, 1006)).toBe(10_000);
    expect(reconnectDelay(10, 1000)).toBe(10_000);
    for (let n = 1; n <= 30; n++) expect(reconnectDelay(n, 1006)).toBeLessThanOrEqual(10_000);
  });
});

describe('mayReconnect', () => {
  it('allows attempts 1 to 10 and no more', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(10);
    expect(mayReconnect(0)).toBe(false);
    expect(mayReconnect(1)).toBe(true);
    expect(mayReconnect(10)).toBe(true);
    expect(mayReconnect(11)).toBe(false);
  });
});

describe('connectionLabel', () => {
  it('says Connecting... whenever the channel is not connected', () => {
    expect(connectionLabel('connecting', false)).toBe('Connecting...');
    expect(connectionLabel('disconnected', true)).toBe('Connecting...');
  });

  it('says Syncing messages while connected and fetching, else Real-time', () => {
    expect(connectionLabel('connected', true)).toBe('Syncing messages');
    expect(connectionLabel('connected', false)).toBe('Real-time');
  });
});

describe('readRetryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(readRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('typing names', () => {
  it('shows a name for 3 s after its last typing frame', () => {
    let typists = startTyping([], 'u1', 'Ada L.', 1000);
    expect(activeTypists(typists, 3999).map((t) => t.name)).toEqual(['Ada L.']);
    expect(activeTypists(typists, 4000)).toEqual([]);
    typists = startTyping(typists, 'u1', 'Ada L.', 3000);
    expect(typists).toHaveLength(1);
    expect(activeTypists(typists, 5999)).toHaveLength(1);
  });

  it('drops a name on user_stopped_typing', () => {
    const typists = startTyping(startTyping([], 'u1', 'Ada L.', 0), 'u2', 'Bea E.', 0);
    expect(stopTyping(typists, 'u1').map((t) => t.userId)).toEqual(['u2']);
    expect(stopTyping(typists, 'nobody')).toHaveLength(2);
  });

  it('knows when the next name expires', () => {
    expect(nextTypingExpiry([])).toBeNull();
    const typists = startTyping(startTyping([], 'u1', 'Ada L.', 500), 'u2', 'Bea E.', 100);
    expect(nextTypingExpiry(typists)).toBe(3100);
  });

  it('words one, two and more names', () => {
    expect(typingLabel([])).toBeNull();
    expect(typingLabel(['Ada L.'])).toBe('Ada L. is typing…');
    expect(typingLabel(['Ada L.', 'Bea E.'])).toBe('Ada L. and Bea E. are typing…');
    expect(typingLabel(['Ada L.', 'Bea E.', 'Cy D.'])).toBe('Ada L., Bea E. and 1 other are typing…');
    expect(typingLabel(['A', 'B', 'C', 'D'])).toBe('A, B and 2 others are typing…');
  });

  it('repeats the typing frame at most once a second', () => {
    expect(typingFrameDue(null, 0)).toBe(true);
    expect(typingFrameDue(1000, 1999)).toBe(false);
    expect(typingFrameDue(1000, 2000)).toBe(true);
  });
});

import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChatEntry,
  composerHeight,
  dayLabel,
  groupByDay,
  isPending,
  isTemporary,
  markFailed,
  newestSentMessage,
  oldestSentMessage,
  prependOlder,
  receiveMessage,
  reconcileLatest,
  removeMessage,
  setReactions,
  settleOwnReactions,
  settlePending,
  startsRun,
  toggleReaction,
  upsertMessage,
} from './chat.ts';

const ada = {
  id: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profileColor: 'blue' as const,
  profileImageUrl: null,
};

function message(id: string, minute: number, overrides: Partial<ChatEntry> = {}): ChatEntry {
  return {
    id,
    content: `text ${id}`,
    userId: 'ada',
    user: ada,
    householdId: 'h1',
    createdAt: new Date(Date.UTC(2025, 0, 10, 12, minute)).toISOString(),
    type: 'text',
    reactions: [],
    ...overrides,
  };
}

const ids = (list: readonly ChatEntry[]) => list.map((m) => m.id);

describe('temporary messages', () => {
  it('are the ones whose id starts with temp-, pending until they fail', () => {
    expect(isTemporary({ id: 'temp-1' })).toBe(true);
    expect(isTemporary({ id: 'm1' })).toBe(false);
    expect(isPending(message('temp-1', 0))).toBe(true);
    expect(isPending(message('temp-1', 0, { failed: true }))).toBe(false);
    expect(isPending(message('m1', 0))).toBe(false);
  });
});

describe('upsertMessage', () => {
  it('appends a newer message and keeps unsent ones last', () => {
    const list = [message('a', 1), message('temp-x', 9)];
    expect(ids(upsertMessage(list, message('b', 2)))).toEqual(['a', 'b', 'temp-x']);
  });

  it('puts a late message in its place by time', () => {
    const list = [message('a', 1), message('c', 3)];
    expect(ids(upsertMessage(list, message('b', 2)))).toEqual(['a', 'b', 'c']);
  });

  it('replaces the message with the same id instead of adding it again', () => {
    const list = [message('a', 1), message('b', 2)];
    const updated = upsertMessage(list, message('a', 1, { content: 'edited' }));
    expect(ids(updated)).toEqual(['a', 'b']);
    expect(updated[0]!.content).toBe('edited');
  });
});

describe('receiveMessage (new_message)', () => {
  it('never shows a message twice, however often it arrives', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), (arrivals) => {
        const list = arrivals.reduce<ChatEntry[]>(
          (acc, n) => receiveMessage(acc, message(`m${String(n).padStart(2, '0')}`, n)),
          [],
        );
        const unique = [...new Set(arrivals)].sort((a, b) => a - b);
        expect(ids(list)).toEqual(unique.map((n) => `m${String(n).padStart(2, '0')}`));
      }),
    );
  });

  it('takes the place of the pending message with the same author and text', () => {
    const list = [message('a', 1), message('temp-1', 5, { content: 'hello' })];
    const next = receiveMessage(list, message('b', 2, { content: 'hello' }));
    expect(ids(next)).toEqual(['a', 'b']);
  });

  it('leaves pending messages of other text, other authors and failed ones alone', () => {
    const list = [
      message('temp-1', 5, { content: 'hello' }),
      message('temp-2', 5, { content: 'hi', failed: true }),
    ];
    expect(ids(receiveMessage(list, message('b', 2, { content: 'other' })))).toEqual([
      'b',
      'temp-1',
      'temp-2',
    ]);
    expect(ids(receiveMessage(list, message('c', 2, { content: 'hello', userId: 'bea' })))).toEqual([
      'c',
      'temp-1',
      'temp-2',
    ]);
    expect(ids(receiveMessage(list, message('d', 2, { content: 'hi' })))).toEqual(['d', 'temp-1', 'temp-2']);
  });

  it('replaces only one of two pending messages with the same text', () => {
    const list = [message('temp-1', 5, { content: 'ok' }), message('temp-2', 6, { content: 'ok' })];
    expect(ids(receiveMessage(list, message('s1', 5, { content: 'ok' })))).toEqual(['s1', 'temp-2']);
  });
});

describe('settlePending (POST answer)', () => {
  it('replaces the pending message with the server one', () => {
    const list = [message('a', 1), message('temp-1', 5, { content: 'hello' })];
    expect(ids(settlePending(list, 'temp-1', message('b', 2, { content: 'hello' })))).toEqual(['a', 'b']);
  });

  it('gives one message whichever of the socket event and the POST answer comes first', () => {
    const sent = message('b', 2, { content: 'hello' });
    const list = [message('a', 1), message('temp-1', 5, { content: 'hello' })];
    const socketFirst = settlePending(receiveMessage(list, sent), 'temp-1', sent);
    const answerFirst = receiveMessage(settlePending(list, 'temp-1', sent), sent);
    expect(ids(socketFirst)).toEqual(['a', 'b']);
    expect(ids(answerFirst)).toEqual(['a', 'b']);
  });

  it('keeps both when the socket brought an equal message sent from another device', () => {
    const list = [message('temp-1', 5, { content: 'ok' })];
    const fromPhone = message('p', 2, { content: 'ok' });
    const fromHere = message('q', 3, { content: 'ok' });
    const next = settlePending(receiveMessage(list, fromPhone), 'temp-1', fromHere);
    expect(ids(next)).toEqual(['p', 'q']);
  });
});

describe('failed and discarded messages', () => {
  it('marks and unmarks a message as failed, and removes it', () => {
    const list = [message('temp-1', 1)];
    const failed = markFailed(list, 'temp-1', true);
    expect(failed[0]!.failed).toBe(true);
    expect(markFailed(failed, 'temp-1', false)[0]!.failed).toBe(false);
    expect(removeMessage(failed, 'temp-1')).toEqual([]);
  });
});

describe('reactions', () => {
  it('sets the reactions of one message', () => {
    const list = [message('a', 1), message('b', 2)];
    const next = setReactions(list, 'b', [{ emoji: '🎉', userIds: ['bea'] }]);
    expect(next[1]!.reactions).toEqual([{ emoji: '🎉', userIds: ['bea'] }]);
    expect(next[0]).toBe(list[0]);
  });

  it('toggles the user in, then out, keeping the menu order', () => {
    let reactions = toggleReaction([], '🎉', 'ada');
    reactions = toggleReaction(reactions, '👍', 'bea');
    expect(reactions).toEqual([
      { emoji: '👍', userIds: ['bea'] },
      { emoji: '🎉', userIds: ['ada'] },
    ]);
    reactions = toggleReaction(reactions, '👍', 'ada');
    expect(reactions[0]).toEqual({ emoji: '👍', userIds: ['bea', 'ada'] });
    reactions = toggleReaction(reactions, '🎉', 'ada');
    expect(reactions).toEqual([{ emoji: '👍', userIds: ['bea', 'ada'] }]);
  });
});

describe("settleOwnReactions (the answer to the user's own reaction)", () => {
  it("keeps another member's reaction that the socket brought while the request was on its way", () => {
    // Ada taps 👍; Bea's 🎉 arrives by socket; Ada's answer, read before Bea reacted, comes last.
    let list = [message('a', 1)];
    list = list.map((m) => ({ ...m, reactions: toggleReaction(m.reactions, '👍', 'ada') }));
    list = setReactions(list, 'a', [
      { emoji: '👍', userIds: ['ada'] },
      { emoji: '🎉', userIds: ['bea'] },
    ]);
    const next = settleOwnReactions(list, { id: 'a', reactions: [{ emoji: '👍', userIds: ['ada'] }] }, 'ada');
    expect(next[0]!.reactions).toEqual([
      { emoji: '👍', userIds: ['ada'] },
      { emoji: '🎉', userIds: ['bea'] },
    ]);
  });

  it("sets the user's own reactions from the answer, on that message only", () => {
    const list = [
      message('a', 1, { reactions: [{ emoji: '👍', userIds: ['ada', 'bea'] }] }),
      message('b', 2, { reactions: [{ emoji: '👍', userIds: ['ada'] }] }),
    ];
    // The server took Ada's 👍 back and has her ❤️ (the list had not shown it yet).
    const next = settleOwnReactions(
      list,
      {
        id: 'a',
        reactions: [
          { emoji: '👍', userIds: ['bea'] },
          { emoji: '❤️', userIds: ['ada'] },
        ],
      },
      'ada',
    );
    expect(next[0]!.reactions).toEqual([
      { emoji: '👍', userIds: ['bea'] },
      { emoji: '❤️', userIds: ['ada'] },
    ]);
    expect(next[1]).toBe(list[1]);
  });

  it('drops an emoji nobody is left on', () => {
    const list = [message('a', 1, { reactions: [{ emoji: '😂', userIds: ['ada'] }] })];
    expect(settleOwnReactions(list, { id: 'a', reactions: [] }, 'ada')[0]!.reactions).toEqual([]);
  });
});

describe('paging', () => {
  it('joins an older page in front without duplicates', () => {
    const list = [message('c', 3), message('d', 4)];
    expect(ids(prependOlder(list, [message('a', 1), message('b', 2), message('c', 3)]))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('finds the newest and oldest messages the server has', () => {
    const list = [message('a', 1), message('b', 2), message('temp-1', 3)];
    expect(newestSentMessage(list)?.id).toBe('b');
    expect(oldestSentMessage(list)?.id).toBe('a');
    expect(newestSentMessage([message('temp-1', 3)])).toBeUndefined();
  });
});

describe('reconcileLatest (refetch after a reconnect)', () => {
  it('adds what was missed and keeps older pages the new page still reaches', () => {
    const current = [message('a', 1), message('b', 2), message('c', 3)];
    const latest = [message('b', 2), message('c', 3), message('d', 4)];
    expect(ids(reconcileLatest(current, latest, 3))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops older pages when a full page no longer reaches them', () => {
    const current = [message('a', 1), message('b', 2)];
    const latest = [message('c', 3), message('d', 4)];
    expect(ids(reconcileLatest(current, latest, 2))).toEqual(['c', 'd']);
    // A short page is the whole history, so nothing is missing in between.
    expect(ids(reconcileLatest(current, latest, 100))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps unsent messages unless the server already has them', () => {
    const current = [
      message('a', 1),
      message('temp-1', 9, { content: 'hello' }),
      message('temp-2', 9, { content: 'again' }),
      message('temp-3', 9, { content: 'boom', failed: true }),
    ];
    const latest = [message('a', 1), message('b', 2, { content: 'hello' })];
    expect(ids(reconcileLatest(current, latest, 100))).toEqual(['a', 'b', 'temp-2', 'temp-3']);
  });

  it('takes the server copy of a known message (its reactions may have changed)', () => {
    const current = [message('a', 1)];
    const latest = [message('a', 1, { reactions: [{ emoji: '👍', userIds: ['bea'] }] })];
    expect(reconcileLatest(current, latest, 100)[0]!.reactions).toHaveLength(1);
  });

  it('empties the list when the household has no messages any more, keeping unsent ones', () => {
    expect(ids(reconcileLatest([message('a', 1), message('temp-1', 2)], [], 100))).toEqual(['temp-1']);
  });

  it('keeps what the socket brought while the page was on its way, and only that', () => {
    const asked = [message('a', 1), message('b', 2)];
    const reacted = { ...asked[1]!, reactions: [{ emoji: '👍' as const, userIds: ['bea'] }] };
    // While the page was read: c and d came, b got a reaction, and an older page was loaded.
    const current = [message('z', 0), asked[0]!, reacted, message('c', 3), message('d', 4)];
    const page = [message('a', 1), message('b', 2), message('c', 3)];
    const merged = reconcileLatest(current, page, 3, asked);
    // The page reaches a, so the older z stays; d is newer than the page.
    expect(ids(merged)).toEqual(['z', 'a', 'b', 'c', 'd']);
    expect(merged.find((m) => m.id === 'b')!.reactions).toHaveLength(1);
    // A message that was shown when the page was asked for and is not on it is gone from the server.
    expect(ids(reconcileLatest(current, [], 3, current))).toEqual([]);
    // An empty page read before the first message: the message stays.
    expect(ids(reconcileLatest([message('a', 1)], [], 100, []))).toEqual(['a']);
  });

  it('keeps a message timed inside the page that was written after the page was read', () => {
    // b was timed before c but written after the page (a, c) was read; it came over the socket.
    const asked = [message('a', 1), message('temp-1', 9, { content: 'mine' })];
    const current = [message('a', 1), message('b', 2), message('c', 3), asked[1]!];
    const merged = reconcileLatest(current, [message('a', 1), message('c', 3)], 100, asked);
    expect(ids(merged)).toEqual(['a', 'b', 'c', 'temp-1']);
  });
});

describe('days', () => {
  const now = new Date(2025, 5, 15, 10, 0);

  it('labels today, yesterday and older days', () => {
    expect(dayLabel(new Date(2025, 5, 15, 0, 1), now)).toBe('Today');
    expect(dayLabel(new Date(2025, 5, 14, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2025, 5, 13, 12, 0), now)).toBe('Jun 13, 2025');
    expect(dayLabel(new Date(2024, 11, 31, 12, 0), now)).toBe('Dec 31, 2024');
    const german = { today: 'Heute', yesterday: 'Gestern', locale: 'de-DE' };
    expect(dayLabel(new Date(2025, 5, 14, 23, 59), now, german)).toBe('Gestern');
    expect(dayLabel(new Date(2025, 5, 13, 12, 0), now, german)).toBe('13. Juni 2025');
    expect(dayLabel(new Date(2025, 5, 13, 12, 0), now, { ...german, locale: 'en-US' })).toBe('Jun 13, 2025');
  });

  it('groups consecutive messages by local day', () => {
    const at = (d: number, h: number, id: string) =>
      message(id, 0, { createdAt: new Date(2025, 5, d, h, 0).toISOString() });
    const days = groupByDay([at(13, 9, 'a'), at(14, 8, 'b'), at(14, 20, 'c'), at(15, 7, 'd')], now);
    expect(days.map((d) => [d.label, ids(d.messages)])).toEqual([
      ['Jun 13, 2025', ['a']],
      ['Yesterday', ['b', 'c']],
      ['Today', ['d']],
    ]);
  });

  it("groups and labels days on the clock of `now`, whatever the runtime's zone", () => {
    // 23:00 on Jan 1 in Tokyo (05:00 on Jan 2 there now), 06:00 on Jan 1 in Los Angeles (noon now).
    const late = message('a', 0, { createdAt: new Date(Date.UTC(2026, 0, 1, 14, 0)).toISOString() });
    const at = Date.UTC(2026, 0, 1, 20, 0);
    const day = (zone: string) => groupByDay([late], new TZDate(at, zone)).map((d) => [d.key, d.label]);
    expect(day('Asia/Tokyo')).toEqual([['2026-01-01', 'Yesterday']]);
    expect(day('America/Los_Angeles')).toEqual([['2026-01-01', 'Today']]);
  });
});

describe('startsRun', () => {
  it('shows the author again for another author, a system message or a 5-minute pause', () => {
    expect(startsRun(undefined, message('a', 1))).toBe(true);
    expect(startsRun(message('a', 1), message('b', 2))).toBe(false);
    expect(startsRun(message('a', 1), message('b', 2, { userId: 'bea' }))).toBe(true);
    expect(startsRun(message('a', 1, { type: 'system', userId: null }), message('b', 2))).toBe(true);
    expect(startsRun(message('a', 1), message('b', 7))).toBe(true);
  });
});

describe('composerHeight', () => {
  it('stays within 36 to 120 px, 100 px with the keyboard open', () => {
    expect(composerHeight(10, false)).toBe(36);
    expect(composerHeight(80, false)).toBe(80);
    expect(composerHeight(300, false)).toBe(120);
    expect(composerHeight(300, true)).toBe(100);
    expect(composerHeight(90, true)).toBe(90);
  });
});

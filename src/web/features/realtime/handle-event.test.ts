import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { activityQueryKey } from '../activity/index.ts';
import { authUserQueryKey, userQueryKey } from '../auth/index.ts';
import { calendarQueryKey } from '../calendar/index.ts';
import { choresQueryKey } from '../chores/index.ts';
import { dashboardQueryKey, homeQueryKey } from '../dashboard/index.ts';
import {
  balanceQueryKey,
  balancesQueryKey,
  expensesQueryKey,
  paymentsQueryKey,
  trashQueryKey,
} from '../expenses/index.ts';
import { currentHouseholdQueryKey, kickedStatusQueryKey } from '../households/index.ts';
import { listingQueryKey, listingsQueryKey } from '../listings/index.ts';
import { type ChatEntry, messagesQueryKey, unreadCountQueryKey } from '../messages/index.ts';
import { type EventContext, handleServerEvent, KICK_RELOAD_MS, refreshAfterConnect } from './handle-event.ts';

function message(id: string, overrides: Partial<ChatEntry> = {}): ChatEntry {
  return {
    id,
    content: `text ${id}`,
    userId: 'bea',
    user: null,
    householdId: 'h1',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, Number(id.replace(/\D/g, '') || 0))).toISOString(),
    type: 'text',
    reactions: [],
    ...overrides,
  };
}

let queryClient: QueryClient;
let context: EventContext;
let invalidated: string[];

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  invalidated = [];
  const original = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    invalidated.push(String(filters?.queryKey?.[0]));
    return original(filters, options);
  });
  context = { queryClient, userId: 'ada', navigate: vi.fn(), reload: vi.fn() };
});

afterEach(() => {
  vi.useRealTimers();
});

const messages = () => queryClient.getQueryData<ChatEntry[]>(messagesQueryKey);
/** The home screen and the dashboard refresh on every event that changes one of their figures. */
const SUMMARIES = [homeQueryKey[0], dashboardQueryKey[0]];
/** Every household read but the chat: what a reconnect refetches, and what may show a member's name. */
const HOUSEHOLD_READS = [
  currentHouseholdQueryKey[0],
  choresQueryKey[0],
  expensesQueryKey[0],
  paymentsQueryKey[0],
  balanceQueryKey[0],
  balancesQueryKey[0],
  calendarQueryKey[0],
  ...SUMMARIES,
  activityQueryKey[0],
  trashQueryKey[0],
];

describe('handleServerEvent', () => {
  it('appends new messages once, replaces the pending copy of an own message, and counts others as unread', () => {
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [
      message('m1'),
      message('temp-x', { userId: 'ada', content: 'hello' }),
    ]);
    const fromBea = message('m2');
    handleServerEvent({ type: 'new_message', message: fromBea }, context);
    handleServerEvent({ type: 'new_message', message: fromBea }, context);
    expect(messages()!.map((m) => m.id)).toEqual(['m1', 'm2', 'temp-x']);
    expect(invalidated).toEqual([...SUMMARIES, unreadCountQueryKey[0], ...SUMMARIES, unreadCountQueryKey[0]]);

    invalidated = [];
    const own: ChatMessage = message('m3', { userId: 'ada', content: 'hello' });
    handleServerEvent({ type: 'new_message', message: own }, context);
    expect(messages()!.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(invalidated).toEqual(SUMMARIES);
  });

  it('leaves a chat that was never loaded to its first fetch', () => {
    handleServerEvent({ type: 'new_message', message: message('m1') }, context);
    expect(messages()).toBeUndefined();
  });

  it('sets the reactions of a message', () => {
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [message('m1')]);
    handleServerEvent(
      { type: 'message_reaction', messageId: 'm1', reactions: [{ emoji: '👍', userIds: ['bea'] }] },
      context,
    );
    expect(messages()![0]!.reactions).toEqual([{ emoji: '👍', userIds: ['bea'] }]);
  });

  it('refetches the chat on message_error', () => {
    handleServerEvent({ type: 'message_error', error: 'boom' }, context);
    expect(invalidated).toEqual([messagesQueryKey[0]]);
  });

  it('marks the message message_error names as failed, for Retry, and leaves the others pending', () => {
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [
      message('m1'),
      message('temp-a'),
      message('temp-b'),
    ]);
    handleServerEvent({ type: 'message_error', error: 'not saved', clientId: 'temp-a' }, context);
    expect(messages()!.map((m) => [m.id, m.failed ?? false])).toEqual([
      ['m1', false],
      ['temp-a', true],
      ['temp-b', false],
    ]);
  });

  it('on user_kicked refreshes the household, sets the kicked flag, goes home and reloads after 100 ms', () => {
    handleServerEvent({ type: 'user_kicked', householdId: 'h1' }, context);
    expect(invalidated).toEqual([currentHouseholdQueryKey[0]]);
    expect(queryClient.getQueryData(kickedStatusQueryKey)).toEqual({ wasKicked: true });
    expect(context.navigate).toHaveBeenCalledWith('/');
    expect(context.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KICK_RELOAD_MS);
    expect(context.reload).toHaveBeenCalledOnce();
  });

  it('refreshes the household and its balances on membership and settings changes', () => {
    for (const type of ['member_removed', 'member_joined', 'member_left'] as const) {
      handleServerEvent({ type, userId: 'bea' }, context);
    }
    handleServerEvent({ type: 'household_updated' }, context);
    expect(invalidated).toEqual(
      Array(4)
        .fill([...SUMMARIES, currentHouseholdQueryKey[0], balanceQueryKey[0], balancesQueryKey[0]])
        .flat(),
    );
  });

  it('refreshes chores, expenses with the balances, and the calendar', () => {
    handleServerEvent({ type: 'new_chore' }, context);
    handleServerEvent({ type: 'chore_deleted', id: 'c1' }, context);
    handleServerEvent({ type: 'expense_updated' }, context);
    handleServerEvent({ type: 'calendar_event_deleted', id: 'e1' }, context);
    expect(invalidated).toEqual([
      ...SUMMARIES,
      choresQueryKey[0],
      ...SUMMARIES,
      choresQueryKey[0],
      ...SUMMARIES,
      expensesQueryKey[0],
      balanceQueryKey[0],
      balancesQueryKey[0],
      ...SUMMARIES,
      calendarQueryKey[0],
    ]);
  });

  it('refreshes the payments with the balances when a payment is recorded, deleted or restored', () => {
    handleServerEvent({ type: 'payment_recorded', payment: {} }, context);
    handleServerEvent({ type: 'payment_deleted', id: 'p1' }, context);
    expect(invalidated).toEqual(
      Array(2)
        .fill([...SUMMARIES, paymentsQueryKey[0], balanceQueryKey[0], balancesQueryKey[0]])
        .flat(),
    );
  });

  it('refreshes every filter of the activity feed, and the trash, on a new entry', () => {
    const all = [...activityQueryKey, 'all', 'everyone'];
    const money = [...activityQueryKey, 'money', 'bea'];
    queryClient.setQueryData(all, { pages: [], pageParams: [] });
    queryClient.setQueryData(money, { pages: [], pageParams: [] });
    handleServerEvent({ type: 'activity', entry: {} }, context);
    expect(invalidated).toEqual([activityQueryKey[0], trashQueryKey[0]]);
    expect(queryClient.getQueryState(all)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(money)?.isInvalidated).toBe(true);
  });

  it('marks every month of the calendar stale on an event change', () => {
    const june = [...calendarQueryKey, { from: '2026-05-30T22:00:00.000Z', to: '2026-07-04T22:00:00.000Z' }];
    const july = [...calendarQueryKey, { from: '2026-06-27T22:00:00.000Z', to: '2026-08-01T22:00:00.000Z' }];
    queryClient.setQueryData(june, []);
    queryClient.setQueryData(july, []);
    handleServerEvent({ type: 'new_calendar_event' }, context);
    expect(queryClient.getQueryState(june)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(july)?.isInvalidated).toBe(true);
  });
});

describe('profile and listing changes', () => {
  const author = (id: string, firstName: string, profileColor: 'blue' | 'green' = 'blue') => ({
    id,
    firstName,
    lastName: 'Example',
    email: `${id}@example.com`,
    profileColor,
    profileImageUrl: null,
  });

  it("shows a renamed member's messages with the new name and colour and refetches every read that shows members", () => {
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [
      message('m1', { user: author('bea', 'Bea') }),
      message('m2', { userId: 'cy', user: author('cy', 'Cy') }),
      message('m3', { userId: null, type: 'system' }),
      message('temp-b', { user: author('bea', 'Bea') }),
    ]);
    const renamed = author('bea', 'Beatrix', 'green');
    handleServerEvent({ type: 'member_updated', user: renamed }, context);
    expect(messages()!.map((m) => m.user?.firstName ?? null)).toEqual(['Beatrix', 'Cy', null, 'Beatrix']);
    expect(messages()![0]!.user).toEqual(renamed);
    // The chat is changed in place, not fetched again; someone else's account is not.
    expect(invalidated).toEqual(HOUSEHOLD_READS);
  });

  it('refetches the signed-in user on their own devices when they changed their profile', () => {
    handleServerEvent({ type: 'member_updated', user: author('ada', 'Ada') }, context);
    expect(invalidated).toEqual([...HOUSEHOLD_READS, userQueryKey[0], authUserQueryKey[0]]);
  });

  it("refetches home and the listing lists on listing_changed, and only marks the listing's own page stale", () => {
    const mine = [...listingsQueryKey, 'my'];
    const observe = (queryKey: readonly unknown[]) => {
      queryClient.setQueryData(queryKey, []);
      new QueryObserver(queryClient, { queryKey, queryFn: async () => [], staleTime: Infinity }).subscribe(
        () => {},
      );
    };
    observe(mine);
    observe(listingQueryKey('l1'));
    observe(listingQueryKey('l2'));
    handleServerEvent({ type: 'listing_changed', listingId: 'l1' }, context);
    expect(invalidated).toEqual([homeQueryKey[0], listingsQueryKey[0], listingsQueryKey[0]]);
    expect(queryClient.isFetching({ queryKey: mine })).toBe(1);
    expect(queryClient.isFetching({ queryKey: listingQueryKey('l2') })).toBe(1);
    // On the device that deleted it, its page is still showing: fetched again, it would be a 404.
    expect(queryClient.isFetching({ queryKey: listingQueryKey('l1') })).toBe(0);
    expect(queryClient.getQueryState(listingQueryKey('l1'))?.isInvalidated).toBe(true);
  });
});

describe('refreshAfterConnect', () => {
  it('refetches the chat on the first connection and everything the socket refreshes after a reconnect', () => {
    refreshAfterConnect(queryClient, false);
    expect(invalidated).toEqual([messagesQueryKey[0], unreadCountQueryKey[0]]);
    invalidated = [];
    refreshAfterConnect(queryClient, true);
    expect(invalidated).toEqual([messagesQueryKey[0], unreadCountQueryKey[0], ...HOUSEHOLD_READS]);
  });
});

import type { Query, QueryClient } from '@tanstack/react-query';
import { type ServerEvent, withAuthor } from '#shared/messages/rules.ts';
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
import { currentHouseholdQueryKey, type KickedStatus, kickedStatusQueryKey } from '../households/index.ts';
import { listingQueryKey, listingsQueryKey } from '../listings/index.ts';
import {
  type ChatEntry,
  markFailed,
  messagesQueryKey,
  receiveMessage,
  setReactions,
  typing,
  unreadCountQueryKey,
} from '../messages/index.ts';

export interface EventContext {
  queryClient: QueryClient;
  userId: string;
  /** Client-side navigation (the router's). */
  navigate: (path: string) => void;
  reload: () => void;
}

/**
 * Reload delay after a removal (docs/households.md, Removing a member): the navigation to '/' lands
 * first.
 */
export const KICK_RELOAD_MS = 100;

/** Events that change a figure of the home screen or the dashboard (they refetch when on screen). */
const SUMMARY_EVENTS = new Set<ServerEvent['type']>([
  'new_message',
  'member_removed',
  'member_joined',
  'member_left',
  'household_updated',
  'new_chore',
  'chore_updated',
  'chore_deleted',
  'new_expense',
  'expense_updated',
  'expense_deleted',
  'payment_recorded',
  'payment_deleted',
  'new_calendar_event',
  'calendar_event_updated',
  'calendar_event_deleted',
]);

/**
 * Every household read the channel keeps current, but the chat: what a reconnect fetches again,
 * and what shows members' names, colours and photos.
 */
const HOUSEHOLD_READS: readonly (readonly unknown[])[] = [
  currentHouseholdQueryKey,
  choresQueryKey,
  expensesQueryKey,
  paymentsQueryKey,
  balanceQueryKey,
  balancesQueryKey,
  calendarQueryKey,
  homeQueryKey,
  dashboardQueryKey,
  activityQueryKey,
  trashQueryKey,
];

/** Queries already waiting for their fetch to end before they fetch again. */
const waitingToRefetch = new WeakSet<Query>();

/**
 * Fetches a query again once the fetch under way has ended with data: at most once however many
 * changes come meanwhile, so that a busy chat cannot keep its first page from arriving.
 */
function refetchWhenFetched(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || waitingToRefetch.has(query)) return;
  waitingToRefetch.add(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    // A query dropped from the cache (signing out) has nothing left to refetch.
    const removed = event.type === 'removed';
    if (!removed && query.state.fetchStatus !== 'idle') return;
    unsubscribe();
    waitingToRefetch.delete(query);
    if (!removed && query.state.data !== undefined)
      void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/** What each server event does to the cache and the screen (docs/client.md, Live channel). */
export function handleServerEvent(event: ServerEvent, context: EventContext): void {
  const { queryClient } = context;
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  if (SUMMARY_EVENTS.has(event.type)) {
    invalidate(homeQueryKey);
    invalidate(dashboardQueryKey);
  }
  /**
   * A change to the chat as shown. A refetch under way keeps it (reconcileLatest); but while the
   * first page is on its way there is nothing to change, and that page may have been read before
   * the change was made, so it is fetched once more when it has come.
   */
  const updateMessages = (change: (list: ChatEntry[]) => ChatEntry[]) => {
    if (queryClient.getQueryData(messagesQueryKey) !== undefined) {
      queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => list && change(list));
    } else if (queryClient.isFetching({ queryKey: messagesQueryKey }) > 0) {
      refetchWhenFetched(queryClient, messagesQueryKey);
    }
  };

  switch (event.type) {
    case 'new_message':
      updateMessages((list) => receiveMessage(list, event.message));
      if (event.message.userId !== context.userId) {
        if (event.message.userId) typing.stopped(event.message.userId);
        invalidate(unreadCountQueryKey);
      }
      return;
    case 'message_reaction':
      updateMessages((list) => setReactions(list, event.messageId, event.reactions));
      return;
    case 'message_error': {
      const { clientId } = event;
      if (clientId) updateMessages((list) => markFailed(list, clientId, true));
      invalidate(messagesQueryKey);
      return;
    }
    case 'user_typing':
      typing.started(event.userId, event.userName);
      return;
    case 'user_stopped_typing':
      typing.stopped(event.userId);
      return;
    case 'user_kicked':
      invalidate(currentHouseholdQueryKey);
      queryClient.setQueryData<KickedStatus>(kickedStatusQueryKey, { wasKicked: true });
      context.navigate('/');
      setTimeout(context.reload, KICK_RELOAD_MS);
      return;
    case 'member_removed':
    case 'member_joined':
    case 'member_left':
    // Members and settings (among them which view of its debts it shows) make its balances too.
    case 'household_updated':
      invalidate(currentHouseholdQueryKey);
      invalidate(balanceQueryKey);
      invalidate(balancesQueryKey);
      return;
    // A name, colour or photo is part of nearly every read; the chat, maybe long, is changed in place.
    case 'member_updated':
      updateMessages((list) => withAuthor(list, event.user));
      for (const queryKey of HOUSEHOLD_READS) invalidate(queryKey);
      if (event.user.id === context.userId) {
        invalidate(userQueryKey);
        invalidate(authUserQueryKey);
      }
      return;
    case 'listing_changed':
      invalidate(homeQueryKey);
      // The lists refetch. The listing's own page is only marked stale: on the device that deleted
      // it, that page is still showing until it leaves, and would fetch a 404.
      void queryClient.invalidateQueries({
        queryKey: listingsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== event.listingId,
      });
      void queryClient.invalidateQueries({ queryKey: listingQueryKey(event.listingId), refetchType: 'none' });
      return;
    case 'new_chore':
    case 'chore_updated':
    case 'chore_deleted':
      invalidate(choresQueryKey);
      return;
    case 'new_expense':
    case 'expense_updated':
    case 'expense_deleted':
      invalidate(expensesQueryKey);
      invalidate(balanceQueryKey);
      invalidate(balancesQueryKey);
      return;
    case 'payment_recorded':
    case 'payment_deleted':
      invalidate(paymentsQueryKey);
      invalidate(balanceQueryKey);
      invalidate(balancesQueryKey);
      return;
    case 'new_calendar_event':
    case 'calendar_event_updated':
    case 'calendar_event_deleted':
      invalidate(calendarQueryKey);
      return;
    // Every change is in the feed, deletions and restorations among them: the trash follows it.
    case 'activity':
      invalidate(activityQueryKey);
      invalidate(trashQueryKey);
      return;
    case 'connection_confirmed':
    case 'pong':
      return;
  }
}

/**
 * After a confirmed connection: the chat and its unread count may have missed messages (on the
 * first connection too, when the chat was fetched before the channel was up); after a reconnect,
 * everything the socket refreshes may be stale.
 */
export function refreshAfterConnect(queryClient: QueryClient, again: boolean): void {
  const keys: (readonly unknown[])[] = [messagesQueryKey, unreadCountQueryKey];
  if (again) {
    keys.push(...HOUSEHOLD_READS);
    typing.clear();
  }
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

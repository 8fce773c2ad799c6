import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { handleServerEvent } from '../../realtime/index.ts';
import type { ChatEntry } from '../chat.ts';
import { messagesQueryKey, messagesQueryOptions } from './get-messages.ts';

function message(id: string, minute: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    content: `text ${id}`,
    userId: 'bea',
    user: null,
    householdId: 'h1',
    createdAt: new Date(Date.UTC(2025, 0, 10, 12, minute)).toISOString(),
    type: 'text',
    reactions: [],
    ...overrides,
  };
}

/** GET /api/messages answers, in turn, when the test says so. */
let answers: { resolve: (page: ChatMessage[]) => void }[];
let queryClient: QueryClient;

beforeEach(() => {
  answers = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      answers.push({ resolve: (page) => resolve(Response.json(page)) });
    });
  });
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const shown = () => queryClient.getQueryData<ChatEntry[]>(messagesQueryKey)?.map((m) => m.content);
const event = (m: ChatMessage) => ({ type: 'new_message' as const, message: m });
const context = () => ({ queryClient, userId: 'ada', navigate: vi.fn(), reload: vi.fn() });

/** Until `count` answers have been asked for. */
async function asked(count: number): Promise<void> {
  await vi.waitFor(() => expect(answers).toHaveLength(count));
}

describe('the chat while its page is on the way', () => {
  it('keeps a message and a reaction the socket brought while a refetch was read before them', async () => {
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [message('a', 1)]);
    const refetch = queryClient.fetchQuery({ ...messagesQueryOptions, staleTime: 0 });
    await asked(1);
    handleServerEvent(event(message('b', 2, { content: 'Before the restart' })), context());
    handleServerEvent(
      { type: 'message_reaction', messageId: 'a', reactions: [{ emoji: '👍', userIds: ['bea'] }] },
      context(),
    );
    // The page was read before both: it has neither.
    answers[0]!.resolve([message('a', 1)]);
    await refetch;
    expect(shown()).toEqual(['text a', 'Before the restart']);
    expect(queryClient.getQueryData<ChatEntry[]>(messagesQueryKey)![0]!.reactions).toHaveLength(1);
  });

  it('asks for the first page once more, once it has come, when messages come while it is on its way', async () => {
    // The chat screen's observer.
    const unsubscribe = new QueryObserver(queryClient, messagesQueryOptions).subscribe(() => {});
    await asked(1);
    handleServerEvent(event(message('b', 2, { content: 'Hello' })), context());
    handleServerEvent(event(message('c', 3, { content: 'Again' })), context());
    // The first page is not held up: it shows what it was read with.
    answers[0]!.resolve([message('a', 1, { content: 'Before' })]);
    await vi.waitFor(() => expect(shown()).toEqual(['Before']));
    // Then one more page, for both messages.
    await asked(2);
    answers[1]!.resolve([message('a', 1, { content: 'Before' }), message('b', 2, { content: 'Hello' })]);
    // A message that comes while that page is on its way is kept beside it.
    handleServerEvent(event(message('c', 3, { content: 'Again' })), context());
    await vi.waitFor(() => expect(shown()).toEqual(['Before', 'Hello', 'Again']));
    expect(answers).toHaveLength(2);
    unsubscribe();
  });

  it('stops waiting to refetch a first page dropped on signing out', async () => {
    const unsubscribe = new QueryObserver(queryClient, messagesQueryOptions).subscribe(() => {});
    await asked(1);
    handleServerEvent(event(message('b', 2)), context());
    // Signing out empties the cache while the chat is still on screen.
    queryClient.clear();
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
    expect(answers).toHaveLength(1);
    unsubscribe();
  });

  it('fetches nothing for a chat that was never opened', () => {
    handleServerEvent(event(message('b', 2)), context());
    expect(answers).toHaveLength(0);
    expect(shown()).toBeUndefined();
  });
});

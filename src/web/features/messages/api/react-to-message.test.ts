import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { handleServerEvent } from '../../realtime/index.ts';
import type { ChatEntry } from '../chat.ts';
import { messagesQueryKey } from './get-messages.ts';
import { reactToMessageOptions } from './react-to-message.ts';

const note: ChatMessage = {
  id: 'a',
  content: 'Bins go out tonight',
  userId: 'bea',
  user: null,
  householdId: 'h1',
  createdAt: '2025-01-10T12:00:00.000Z',
  type: 'text',
  reactions: [],
};

/** POST …/reactions answers, in turn, when the test says so. */
let answers: { resolve: (reactions: ChatMessage['reactions']) => void }[];
let queryClient: QueryClient;

beforeEach(() => {
  answers = [];
  vi.stubGlobal('fetch', () => {
    return new Promise<Response>((resolve) => {
      answers.push({ resolve: (reactions) => resolve(Response.json({ ...note, reactions })) });
    });
  });
  queryClient = new QueryClient();
  queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, [note]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const reactions = () => queryClient.getQueryData<ChatEntry[]>(messagesQueryKey)![0]!.reactions;
const tap = (emoji: '👍' | '🎉') =>
  new MutationObserver(queryClient, reactToMessageOptions(queryClient, 'ada')).mutate({
    messageId: 'a',
    emoji,
  });

describe("the answer to the user's reaction", () => {
  it("keeps another member's reaction that came by socket while the request was on its way", async () => {
    const done = tap('👍');
    expect(reactions()).toEqual([{ emoji: '👍', userIds: ['ada'] }]);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // Bea's 🎉 was written first on the server: its event does not have Ada's 👍 yet.
    handleServerEvent(
      { type: 'message_reaction', messageId: 'a', reactions: [{ emoji: '🎉', userIds: ['bea'] }] },
      { queryClient, userId: 'ada', navigate: vi.fn(), reload: vi.fn() },
    );
    // Ada's answer was read before Bea reacted.
    answers[0]!.resolve([{ emoji: '👍', userIds: ['ada'] }]);
    await done;
    expect(reactions()).toEqual([
      { emoji: '👍', userIds: ['ada'] },
      { emoji: '🎉', userIds: ['bea'] },
    ]);
  });

  it('does not undo a later tap on the message when an earlier one is answered', async () => {
    const first = tap('👍');
    const second = tap('👍');
    // On, then off again: what the user sees at once.
    expect(reactions()).toEqual([]);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!.resolve([{ emoji: '👍', userIds: ['ada'] }]);
    await first;
    expect(reactions()).toEqual([]);
    answers[1]!.resolve([]);
    await second;
    expect(reactions()).toEqual([]);
  });
});

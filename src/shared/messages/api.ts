import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import { listMessagesQuery, REACTIONS, reactionSchema, sendMessageSchema } from './schemas.ts';

/** A chat message: a member's text, or a system line about who joined or left. */
export const chatMessage = z.strictObject({
  id: z.string(),
  content: z.string(),
  /** Null for system messages and for the messages of a deleted account. */
  userId: z.string().nullable(),
  user: messageAuthor.nullable(),
  householdId: z.string(),
  createdAt: answerInstant,
  type: z.enum(['text', 'system']),
  reactions: z.array(z.strictObject({ emoji: z.enum(REACTIONS), userIds: z.array(z.string()) })),
});
export type ChatMessage = z.output<typeof chatMessage>;

const messageParams = z.object({ id: z.string().min(1).max(100) });
const unread = z.strictObject({ unread: z.number().int() });
const tag = 'Messages';

export const messagesApi = {
  list: operation({
    method: 'GET',
    path: '/api/messages',
    summary: 'The latest messages of the household chat (before a message, when given), oldest first',
    tag,
    access: 'member',
    query: listMessagesQuery,
    responses: { 200: z.array(chatMessage) },
  }),
  send: operation({
    method: 'POST',
    path: '/api/messages',
    summary: 'Post a message to the household chat',
    tag,
    access: 'member',
    body: sendMessageSchema,
    responses: { 201: chatMessage },
  }),
  react: operation({
    method: 'POST',
    path: '/api/messages/:id/reactions',
    summary: "Add the caller's reaction to a message, or take it back",
    tag,
    access: 'member',
    params: messageParams,
    body: reactionSchema,
    responses: { 200: chatMessage },
  }),
  markRead: operation({
    method: 'POST',
    path: '/api/messages/read',
    summary: 'Mark the chat read up to a message (or now); answers the unread count left',
    tag,
    access: 'member',
    body: z.object({ messageId: z.string().max(100).optional() }).optional(),
    responses: { 200: unread },
  }),
  unreadCount: operation({
    method: 'GET',
    path: '/api/messages/unread-count',
    summary: 'How many messages of others the caller has not read',
    tag,
    access: 'member',
    responses: { 200: unread },
  }),
};

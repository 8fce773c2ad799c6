import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { answerInstant } from '../validation.ts';
import { listMessagesQuery, REACTIONS, reactionSchema, sendMessageSchema } from './schemas.ts';

const aboutMember = {
  /** Null on messages written before kinds were stored, where only the name could be read back. */
  userId: z.string().nullable(),
  /** The member's name when it happened. */
  name: z.string(),
};

/**
 * What a system message says, as data: each reader's app words it in their own language. The
 * message's `content` says it in English, for clients that do not read this.
 */
export const systemMessage = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['member_joined', 'member_left', 'member_removed']),
    params: z.strictObject(aboutMember),
  }),
  z.strictObject({
    kind: z.literal('chores_reassigned'),
    params: z.strictObject({
      ...aboutMember,
      /** Each open chore and the name of whom it went to (null: nobody). */
      chores: z.array(z.strictObject({ title: z.string(), to: z.string().nullable() })),
    }),
  }),
  z.strictObject({
    kind: z.literal('recurring_stopped'),
    params: z.strictObject({ ...aboutMember, titles: z.array(z.string()) }),
  }),
]);
export type SystemMessage = z.output<typeof systemMessage>;

/** A photo sent with a message: served only to the household's members. */
export const messagePhoto = z.strictObject({
  /** GET it with the session's cookie (messagesApi.photo). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessagePhoto = z.output<typeof messagePhoto>;

/** A chat message: a member's text (and maybe a photo), or a system line about who joined or left. */
export const chatMessage = z.strictObject({
  id: z.string(),
  content: z.string(),
  /** Null for system messages and for the messages of a deleted account. */
  userId: z.string().nullable(),
  user: messageAuthor.nullable(),
  householdId: z.string(),
  createdAt: answerInstant,
  type: z.enum(['text', 'system']),
  /**
   * On system messages: what it says, to be worded in the reader's language. Null on older
   * system messages whose kind could not be read back (show `content`).
   */
  system: systemMessage.nullable().optional(),
  /** On a member's message with a photo; its `content` may then be empty. */
  photo: messagePhoto.optional(),
  reactions: z.array(z.strictObject({ emoji: z.enum(REACTIONS), userIds: z.array(z.string()) })),
});
export type ChatMessage = z.output<typeof chatMessage>;

const messageParams = z.object({ id: z.string().min(1).max(100) });
const photoParams = z.object({ imageId: z.string().min(1).max(64) });
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
    // 200: the message this member already sent under the same clientId.
    responses: { 201: chatMessage, 200: chatMessage },
  }),
  sendPhoto: operation({
    method: 'POST',
    path: '/api/messages/photo',
    summary:
      'Post a photo to the household chat (the `photo` file), with optional text (the `content` field)',
    tag,
    access: 'member',
    body: { multipart: { content: 'text', photo: 'file' } },
    responses: { 201: chatMessage },
  }),
  photo: operation({
    method: 'GET',
    path: '/api/messages/photos/:imageId',
    summary: "A chat message's photo (WebP), for the household's members only",
    tag,
    access: 'member',
    params: photoParams,
    responses: { 200: 'image/webp' },
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

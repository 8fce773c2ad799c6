import { z } from 'zod';
import { clientIdField, registerMessages } from '../validation.ts';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE, REACTIONS } from './rules.ts';

// The rest lives in message-rules.ts (no Zod in it); this module adds the schemas the routes and
// the real-time hub validate with, and passes the rest on for the server's convenience.
export * from './rules.ts';

export const messageMessages = registerMessages('message', {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  reactionInvalid: `Reaction must be one of ${REACTIONS.join(' ')}`,
} as const);

export const sendMessageSchema = z.object({
  content: z
    .string({ error: messageMessages.contentRequired })
    .trim()
    .min(1, messageMessages.contentRequired)
    .max(MESSAGE_MAX_LENGTH, messageMessages.contentTooLong),
  // Checked against the session, never trusted.
  householdId: z.string().max(100).optional(),
  userId: z.string().max(100).optional(),
  clientId: clientIdField.optional(),
});

/** The text of a photo message: may be empty. */
export const sendPhotoSchema = z.object({
  content: z.string().trim().max(MESSAGE_MAX_LENGTH, messageMessages.contentTooLong),
});

export const reactionSchema = z.object({
  emoji: z.enum(REACTIONS, { error: messageMessages.reactionInvalid }),
});

export const listMessagesQuery = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PAGE_SIZE),
});

/** Frames a client may send; anything else is dropped. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connect'), userId: z.string().max(100), householdId: z.string().max(100) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('user_typing'), householdId: z.string().max(100).optional() }).loose(),
  z.object({ type: z.literal('user_stopped_typing'), householdId: z.string().max(100).optional() }).loose(),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

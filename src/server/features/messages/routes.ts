import type { FastifyInstance } from 'fastify';
import { type ChatMessage, messagesApi } from '#shared/messages/api.ts';
import {
  listMessagesQuery,
  MESSAGE_NOT_STORED,
  reactionSchema,
  sendMessageSchema,
  sendPhotoSchema,
} from '#shared/messages/schemas.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { notFound, parse } from '../../http/errors.ts';
import { processImage } from '../images/process.ts';
import { readImageUploadWithFields } from '../images/upload.ts';
import { notifyMessage } from '../push/notify.ts';
import {
  findMessagePhoto,
  findSentMessage,
  getMessage,
  listMessages,
  markRead,
  postMessage,
  toggleReaction,
  unreadCount,
} from './queries.ts';

export function messageRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  route(app, messagesApi.list, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const query = parse(listMessagesQuery, request.query);
    const messages = await listMessages(db, member.householdId, query);
    if (!messages) throw notFound('message.no_cursor_entry');
    return messages;
  });

  route(app, messagesApi.send, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    // Author and household come from the session; the body's ids are ignored.
    const { content, clientId } = parse(sendMessageSchema, request.body);
    const { householdId, userId } = member;
    const sentBefore = () => (clientId ? findSentMessage(db, householdId, userId, clientId) : null);
    let message: ChatMessage;
    try {
      // A device sending again what it sent before (its answer was lost) gets the stored message.
      const sent = await sentBefore();
      if (sent) return reply.status(200).send(sent);
      // One write per message: one's own messages never count as unread, so no read marker moves.
      message = await postMessage(db, householdId, userId, content, { clientId });
    } catch (error) {
      // The same send at the same moment from two tabs: one is stored, the other answers it.
      const first = isUniqueViolation(error) ? await sentBefore() : null;
      if (first) return reply.status(200).send(first);
      // The author's devices hear of it on the live channel too (docs/chat.md, Sending).
      await events.toUser(userId, { type: 'message_error', error: MESSAGE_NOT_STORED, clientId });
      throw error;
    }
    await events.toHousehold(householdId, { type: 'new_message', message });
    await notifyMessage(ctx, message);
    return reply.status(201).send(message);
  });

  route(app, messagesApi.sendPhoto, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { data, fields } = await readImageUploadWithFields(request, 'photo');
    const { content } = parse(sendPhotoSchema, { content: fields.content ?? '' });
    // Checked and re-encoded before anything is written: a refused photo leaves no trace.
    const photo = await processImage(data);
    const message = await postMessage(db, member.householdId, member.userId, content, { photo });
    await events.toHousehold(member.householdId, { type: 'new_message', message });
    await notifyMessage(ctx, message);
    return reply.status(201).send(message);
  });

  route(app, messagesApi.photo, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { imageId } = parse(messagesApi.photo.params, request.params);
    const image = await findMessagePhoto(db, member.householdId, imageId);
    if (!image) throw notFound('image.not_found');
    // Never changes under its id; only the member's own browser may keep it.
    return reply
      .header('Content-Type', image.mime)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', `"${imageId}"`)
      .send(image.data);
  });

  route(app, messagesApi.react, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(messagesApi.react.params, request.params);
    const { emoji } = parse(reactionSchema, request.body);
    if (!(await getMessage(db, member.householdId, id))) throw notFound('message.not_found');
    await toggleReaction(db, member.householdId, id, member.userId, emoji);
    const message = (await getMessage(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, {
      type: 'message_reaction',
      messageId: id,
      reactions: message.reactions,
    });
    return message;
  });

  route(app, messagesApi.markRead, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const body = parse(messagesApi.markRead.body, request.body);
    let at = ctx.now();
    if (body?.messageId) {
      const message = await getMessage(db, member.householdId, body.messageId);
      if (!message) throw notFound('message.not_found');
      at = Date.parse(message.createdAt);
    }
    await markRead(db, member.householdId, member.userId, at);
    return { unread: await unreadCount(db, member.householdId, member.userId) };
  });

  route(app, messagesApi.unreadCount, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return { unread: await unreadCount(db, member.householdId, member.userId) };
  });
}

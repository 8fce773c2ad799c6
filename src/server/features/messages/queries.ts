import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { displayName } from '#shared/accounts/users.ts';
import { type ChatMessage, type SystemMessage, systemMessage } from '#shared/messages/api.ts';
import { REACTIONS, type Reaction, systemMessageText, toAuthor } from '#shared/messages/schemas.ts';
import { findUserById } from '../../auth/members.ts';
import type { Db } from '../../db/database.ts';
import { toPublicUser } from '../accounts/queries.ts';
import type { ProcessedImage } from '../images/process.ts';
import { insertImage } from '../images/queries.ts';

const messageColumns = [
  'm.id as m_id',
  'm.household_id as m_household_id',
  'm.user_id as m_user_id',
  'm.type as m_type',
  'm.content as m_content',
  'm.system as m_system',
  'm.created_at as m_created_at',
  'm.image_id as m_image_id',
  'i.width as i_width',
  'i.height as i_height',
] as const;

function baseQuery(db: Db, householdId: string) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('images as i', 'i.id', 'm.image_id')
    .select(messageColumns)
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.profile_color',
      'u.profile_image_id',
      'u.created_at',
    ])
    .where('m.household_id', '=', householdId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

async function withReactions(db: Db, rows: Row[]): Promise<ChatMessage[]> {
  const ids = rows.map((r) => r.m_id);
  const reactions = ids.length
    ? await db
        .selectFrom('message_reactions')
        .select(['message_id', 'user_id', 'emoji'])
        .where('message_id', 'in', ids)
        .orderBy('created_at')
        .execute()
    : [];
  const byMessage = new Map<string, Map<Reaction, string[]>>();
  for (const r of reactions) {
    const map = byMessage.get(r.message_id) ?? new Map<Reaction, string[]>();
    byMessage.set(r.message_id, map);
    const list = map.get(r.emoji as Reaction) ?? [];
    list.push(r.user_id);
    map.set(r.emoji as Reaction, list);
  }
  return rows.map((row) => {
    const user = row.id
      ? toPublicUser({
          id: row.id,
          email: row.email ?? '',
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
          profile_color: row.profile_color ?? 'blue',
          profile_image_id: row.profile_image_id ?? null,
          created_at: row.created_at ?? 0,
        })
      : null;
    const map = byMessage.get(row.m_id);
    return {
      id: row.m_id,
      content: row.m_content,
      userId: row.m_user_id,
      user: user && toAuthor(user),
      householdId: row.m_household_id,
      createdAt: new Date(row.m_created_at).toISOString(),
      type: row.m_type,
      ...(row.m_type === 'system' && { system: readSystem(row.m_system) }),
      ...(row.m_image_id && {
        photo: { url: messagePhotoUrl(row.m_image_id), width: row.i_width ?? 1, height: row.i_height ?? 1 },
      }),
      reactions: REACTIONS.filter((emoji) => map?.has(emoji)).map((emoji) => ({
        emoji,
        userIds: map!.get(emoji)!,
      })),
    };
  });
}

function readSystem(stored: string | null): SystemMessage | null {
  if (stored === null) return null;
  const parsed = systemMessage.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}

/** The latest messages (before a cursor message, when given), oldest first. */
export async function listMessages(
  db: Db,
  householdId: string,
  options: { before?: string | undefined; limit: number },
): Promise<ChatMessage[] | null> {
  let query = baseQuery(db, householdId);
  if (options.before) {
    const cursor = await db
      .selectFrom('messages')
      .select(['created_at', 'id'])
      .where('household_id', '=', householdId)
      .where('id', '=', options.before)
      .executeTakeFirst();
    if (!cursor) return null;
    // `created_at <=` lets the index (household_id, created_at, id) seek to the cursor.
    query = query
      .where('m.created_at', '<=', cursor.created_at)
      .where((eb) =>
        eb.or([
          eb('m.created_at', '<', cursor.created_at),
          eb.and([eb('m.created_at', '=', cursor.created_at), eb('m.id', '<', cursor.id)]),
        ]),
      );
  }
  const rows = await query
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(options.limit)
    .execute();
  return withReactions(db, rows.reverse());
}

/**
 * Every message of the household, oldest first, a page at a time (for the exports). Other
 * requests get a turn between pages, so a long chat never holds the event loop for long.
 */
export async function* messagePages(db: Db, householdId: string, size = 500): AsyncGenerator<ChatMessage[]> {
  let after: { createdAt: number; id: string } | undefined;
  for (;;) {
    let query = baseQuery(db, householdId);
    if (after) {
      const { createdAt, id } = after;
      query = query
        .where('m.created_at', '>=', createdAt)
        .where((eb) =>
          eb.or([
            eb('m.created_at', '>', createdAt),
            eb.and([eb('m.created_at', '=', createdAt), eb('m.id', '>', id)]),
          ]),
        );
    }
    const rows = await query.orderBy('m.created_at').orderBy('m.id').limit(size).execute();
    if (rows.length > 0) yield await withReactions(db, rows);
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.m_created_at, id: last.m_id };
    await yieldToEventLoop();
  }
}

export async function getMessage(db: Db, householdId: string, id: string): Promise<ChatMessage | null> {
  const rows = await baseQuery(db, householdId).where('m.id', '=', id).execute();
  return (await withReactions(db, rows))[0] ?? null;
}

// Ids sort by time, so that messages written in the same millisecond keep their order. The
// stamp is also the message's time: no two messages of this process share one, so a read
// marker set at one message's time never covers another written in the same millisecond.
let lastStamp = 0;
function nextMessageId(): { id: string; at: number } {
  const at = Math.max(Date.now(), lastStamp + 1);
  lastStamp = at;
  return { id: `${at.toString(36).padStart(10, '0')}-${randomUUID()}`, at };
}

/** Writes a system message: what it says as data, and in English as its content. */
export async function insertSystemMessage(
  db: Db,
  householdId: string,
  system: SystemMessage,
): Promise<string> {
  const { id, at } = nextMessageId();
  await db
    .insertInto('messages')
    .values({
      id,
      household_id: householdId,
      user_id: null,
      type: 'system',
      content: systemMessageText(system),
      system: JSON.stringify(system),
      created_at: at,
    })
    .execute();
  return id;
}

export const messagePhotoUrl = (imageId: string) => `/api/messages/photos/${imageId}`;

/** The message a member already sent under this device id, if any. */
export async function findSentMessage(
  db: Db,
  householdId: string,
  userId: string,
  clientId: string,
): Promise<ChatMessage | null> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? getMessage(db, householdId, row.id) : null;
}

/**
 * Writes a member's message and answers it whole, without reading it back. With a photo, the
 * image and the message are written together: neither stays without the other.
 */
export async function postMessage(
  db: Db,
  householdId: string,
  userId: string,
  content: string,
  extra: { photo?: ProcessedImage; clientId?: string } = {},
): Promise<ChatMessage> {
  const { photo, clientId = null } = extra;
  const author = await findUserById(db, userId);
  if (!author) throw new Error('author vanished');
  const { id, at } = nextMessageId();
  const insert = (trx: Db, image: string | null) =>
    trx
      .insertInto('messages')
      .values({
        id,
        household_id: householdId,
        user_id: userId,
        type: 'text',
        content,
        image_id: image,
        client_id: clientId,
        created_at: at,
      })
      .execute();
  // Text alone is one statement; a photo and its message are written in one transaction.
  let imageId: string | null = null;
  if (photo) {
    imageId = await db.transaction().execute(async (trx) => {
      const image = await insertImage(trx, userId, photo, 'message');
      await insert(trx, image);
      return image;
    });
  } else {
    await insert(db, null);
  }
  const user = toPublicUser(author);
  return {
    id,
    content,
    userId,
    user: toAuthor(user),
    householdId,
    createdAt: new Date(at).toISOString(),
    type: 'text',
    ...(imageId &&
      photo && { photo: { url: messagePhotoUrl(imageId), width: photo.width, height: photo.height } }),
    reactions: [],
  };
}

/** A chat photo, when it belongs to a message of the household. */
export function findMessagePhoto(db: Db, householdId: string, imageId: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('images as i', 'i.id', 'm.image_id')
    .select(['i.mime', 'i.data'])
    .where('m.household_id', '=', householdId)
    .where('m.image_id', '=', imageId)
    .executeTakeFirst();
}

/** The household's chat photos, to be deleted with it (the schema's cascades do not reach them). */
export async function deleteMessagePhotos(db: Db, householdId: string): Promise<void> {
  const rows = await db
    .selectFrom('messages')
    .select('image_id')
    .where('household_id', '=', householdId)
    .where('image_id', 'is not', null)
    .execute();
  const ids = rows.map((r) => r.image_id!);
  if (ids.length > 0) await db.deleteFrom('images').where('id', 'in', ids).execute();
}

/** A system message about a member: written with the change it records, in its transaction. */
export async function createSystemMessage(
  db: Db,
  householdId: string,
  kind: 'member_joined' | 'member_left' | 'member_removed',
  subjectUserId: string,
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', subjectUserId)
    .executeTakeFirst();
  const name = displayName(
    user && { firstName: user.first_name, lastName: user.last_name, email: user.email },
  );
  return insertSystemMessage(db, householdId, { kind, params: { userId: subjectUserId, name } });
}

/** Adds the user's reaction, or takes it back when it is already there. */
export async function toggleReaction(
  db: Db,
  householdId: string,
  messageId: string,
  userId: string,
  emoji: Reaction,
) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('message_reactions')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) {
      await trx
        .insertInto('message_reactions')
        .values({
          message_id: messageId,
          household_id: householdId,
          user_id: userId,
          emoji,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

export async function markRead(db: Db, householdId: string, userId: string, at: number): Promise<void> {
  await db
    .updateTable('household_members')
    .set({ last_read_at: at })
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .where('last_read_at', '<', at)
    .execute();
}

export async function unreadCount(db: Db, householdId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('household_members as hm', (join) =>
      join.onRef('hm.household_id', '=', 'm.household_id').on('hm.user_id', '=', userId),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('m.household_id', '=', householdId)
    .where((eb) => eb.or([eb('m.user_id', 'is', null), eb('m.user_id', '!=', userId)]))
    .whereRef('m.created_at', '>', 'hm.last_read_at')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

import { constructFrom, format, isSameDay, subDays } from 'date-fns';
import { dateFormat } from '#shared/i18n/locale-format.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { REACTIONS, type Reaction } from '#shared/messages/rules.ts';

/**
 * A message as the chat keeps it: the server's, or one of the user's own still on its way
 * (id 'temp-…', docs/chat.md, Sending), which is `failed` once its send failed.
 */
export type ChatEntry = ChatMessage & { failed?: boolean };

export const TEMP_ID_PREFIX = 'temp-';

export function isTemporary(message: Pick<ChatMessage, 'id'>): boolean {
  return message.id.startsWith(TEMP_ID_PREFIX);
}

/** Sent and not answered yet (a failed one is not pending: it waits for Retry). */
export function isPending(message: ChatEntry): boolean {
  return isTemporary(message) && !message.failed;
}

/** Server order: time, then id (ids written in the same millisecond sort in writing order). */
function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** Puts a server message in its place, or replaces the copy with its id; the user's own unsent ones stay last. */
export function upsertMessage(list: readonly ChatEntry[], message: ChatMessage): ChatEntry[] {
  const index = list.findIndex((m) => m.id === message.id);
  if (index >= 0) return list.map((m, i) => (i === index ? message : m));
  const sent = list.filter((m) => !isTemporary(m));
  const unsent = list.filter(isTemporary);
  let at = sent.length;
  while (at > 0 && compareMessages(sent[at - 1]!, message) > 0) at -= 1;
  return [...sent.slice(0, at), message, ...sent.slice(at), ...unsent];
}

function matchingPending(list: readonly ChatEntry[], message: ChatMessage): ChatEntry | undefined {
  // Photos are not sent optimistically: a photo message is never one of the pending texts.
  if (message.type !== 'text' || message.userId === null || message.photo) return undefined;
  return list.find((m) => isPending(m) && m.userId === message.userId && m.content === message.content);
}

/**
 * A message pushed by the server (new_message): never twice by id, and when it is one of the
 * user's pending messages (same author and text), it takes that message's place.
 */
export function receiveMessage(list: readonly ChatEntry[], message: ChatMessage): ChatEntry[] {
  if (list.some((m) => m.id === message.id)) return upsertMessage(list, message);
  const pending = matchingPending(list, message);
  return upsertMessage(pending ? removeMessage(list, pending.id) : list, message);
}

/** The POST answer for a pending message: it replaces the message, wherever the socket got to first. */
export function settlePending(list: readonly ChatEntry[], tempId: string, message: ChatMessage): ChatEntry[] {
  return upsertMessage(removeMessage(list, tempId), message);
}

export function markFailed(list: readonly ChatEntry[], tempId: string, failed: boolean): ChatEntry[] {
  return list.map((m) => (m.id === tempId ? { ...m, failed } : m));
}

export function removeMessage(list: readonly ChatEntry[], id: string): ChatEntry[] {
  return list.filter((m) => m.id !== id);
}

export function setReactions(
  list: readonly ChatEntry[],
  messageId: string,
  reactions: ChatMessage['reactions'],
): ChatEntry[] {
  return list.map((m) => (m.id === messageId ? { ...m, reactions } : m));
}

/**
 * The answer to the user's own reaction (POST …/reactions) put on the list: it decides the user's
 * own reactions on the message and nothing else. The others' are as the list has them: the
 * socket's message_reaction events bring those in order, and one that came while the request was
 * on its way is newer than the answer (whose copy was read before it).
 */
export function settleOwnReactions(
  list: readonly ChatEntry[],
  answer: Pick<ChatMessage, 'id' | 'reactions'>,
  userId: string,
): ChatEntry[] {
  return list.map((m) => {
    if (m.id !== answer.id) return m;
    const reactions = REACTIONS.flatMap((emoji) => {
      const others = (m.reactions.find((r) => r.emoji === emoji)?.userIds ?? []).filter(
        (id) => id !== userId,
      );
      const own = answer.reactions.find((r) => r.emoji === emoji)?.userIds.includes(userId) ?? false;
      const userIds = own ? [...others, userId] : others;
      return userIds.length > 0 ? [{ emoji, userIds }] : [];
    });
    return { ...m, reactions };
  });
}

/** The user's reaction added, or taken back when it is there (the server's toggle, ahead of its answer). */
export function toggleReaction(
  reactions: ChatMessage['reactions'],
  emoji: Reaction,
  userId: string,
): ChatMessage['reactions'] {
  const current = reactions.find((r) => r.emoji === emoji);
  const userIds = current?.userIds.includes(userId)
    ? current.userIds.filter((id) => id !== userId)
    : [...(current?.userIds ?? []), userId];
  const others = reactions.filter((r) => r.emoji !== emoji);
  const next = userIds.length > 0 ? [...others, { emoji, userIds }] : others;
  return next.sort((a, b) => REACTIONS.indexOf(a.emoji) - REACTIONS.indexOf(b.emoji));
}

/** An older page (GET ?before=) joined to what is shown, without duplicates. */
export function prependOlder(list: readonly ChatEntry[], older: readonly ChatMessage[]): ChatEntry[] {
  return older.reduce<ChatEntry[]>((acc, message) => upsertMessage(acc, message), [...list]);
}

/**
 * A fresh copy of the latest page (after a reconnect or message_error) merged with what is
 * shown: older pages stay when the new page still reaches them (otherwise there would be a
 * hole, and they can be loaded again); the user's unsent messages stay unless the server
 * already has them.
 *
 * `shownWhenAsked` is the list as it was when the page was asked for. What the socket brought
 * since is fresher than the page, which may have been read before it was written: a message
 * within or after the page's span that the page lacks stays (messages are timed before they
 * are written, so one can land inside the span after it was read), and a message changed since
 * (its reactions) keeps its new copy.
 */
export function reconcileLatest(
  current: readonly ChatEntry[],
  latest: readonly ChatMessage[],
  pageSize: number,
  shownWhenAsked: readonly ChatEntry[] = current,
): ChatEntry[] {
  const known = new Map(current.map((m) => [m.id, m]));
  const asked = new Map(shownWhenAsked.map((m) => [m.id, m]));
  const changedSince = (m: ChatEntry) => !isTemporary(m) && asked.get(m.id) !== m;
  const first = latest[0];
  const reaches = first === undefined || latest.length < pageSize || known.has(first.id);
  const older =
    first && reaches ? current.filter((m) => !isTemporary(m) && compareMessages(m, first) < 0) : [];
  const inPage = new Set(latest.map((m) => m.id));
  const page = latest.map((message) => {
    const shown = known.get(message.id);
    return shown && changedSince(shown) ? shown : message;
  });
  const arrived = current.filter(
    (m) => changedSince(m) && !inPage.has(m.id) && (first === undefined || compareMessages(m, first) > 0),
  );
  let unsent = current.filter(isTemporary);
  for (const message of latest) {
    if (known.has(message.id)) continue;
    const pending = matchingPending(unsent, message);
    if (pending) unsent = removeMessage(unsent, pending.id);
  }
  return arrived.reduce<ChatEntry[]>((list, m) => upsertMessage(list, m), [...older, ...page, ...unsent]);
}

export function newestSentMessage(list: readonly ChatEntry[]): ChatEntry | undefined {
  return list.findLast((m) => !isTemporary(m));
}

export function oldestSentMessage(list: readonly ChatEntry[]): ChatEntry | undefined {
  return list.find((m) => !isTemporary(m));
}

/** How the reader says 'Today' and 'Yesterday', and their `Intl` tag; English when not given. */
export interface DayWords {
  today: string;
  yesterday: string;
  locale: string;
}

/**
 * Day separators: 'Today', 'Yesterday', else the date ('Jun 13, 2025' in English), on the clock
 * of `now` (its time zone, when a TZDate).
 */
export function dayLabel(date: Date, now: Date, words?: DayWords): string {
  const day = constructFrom(now, date);
  if (isSameDay(day, now)) return words?.today ?? 'Today';
  if (isSameDay(day, subDays(now, 1))) return words?.yesterday ?? 'Yesterday';
  if (!words) return format(day, 'MMM d, yyyy');
  const timeZone = (now as Date & { timeZone?: string }).timeZone;
  return dateFormat(words.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(day);
}

export interface ChatDay {
  key: string;
  label: string;
  messages: ChatEntry[];
}

export function groupByDay(list: readonly ChatEntry[], now: Date, words?: DayWords): ChatDay[] {
  const days: ChatDay[] = [];
  for (const message of list) {
    const date = constructFrom(now, message.createdAt);
    const key = format(date, 'yyyy-MM-dd');
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(date, now, words), messages: [message] });
  }
  return days;
}

/** Messages from one author within 5 minutes read as one run: name and avatar once, on the first. */
export const RUN_GAP_MS = 5 * 60 * 1000;
export function startsRun(previous: ChatEntry | undefined, message: ChatEntry): boolean {
  if (!previous || previous.type === 'system' || message.type === 'system') return true;
  if (previous.userId !== message.userId) return true;
  return Date.parse(message.createdAt) - Date.parse(previous.createdAt) > RUN_GAP_MS;
}

/** The composer grows with its text from 36 px to 120 px, 100 px while the on-screen keyboard is open. */
export const COMPOSER_MIN_HEIGHT = 36;
export function composerHeight(contentHeight: number, keyboardOpen: boolean): number {
  const max = keyboardOpen ? 100 : 120;
  return Math.min(Math.max(contentHeight, COMPOSER_MIN_HEIGHT), max);
}

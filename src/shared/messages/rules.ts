// Chat's constants, the frames the real-time channel sends, and the wording of system messages,
// with no validation code: the chat screen and the real-time channel load these and not Zod.
// The schemas are in messages.ts; a message's shape is its contract's (messages/api.ts).

import type { MessageAuthor } from '../accounts/api.ts';
import type { ChatMessage, SystemMessage } from './api.ts';

export const MESSAGE_MAX_LENGTH = 2000;
/** What message_error says when a message could not be stored. */
export const MESSAGE_NOT_STORED = 'Your message could not be saved. Try sending it again.';
export const MESSAGES_PAGE_SIZE = 100;
/** The quick reactions, in the order the menu shows them. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🎉'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** The fields of a user that travel with what they wrote or did (and nothing more). */
export function toAuthor(user: MessageAuthor): MessageAuthor {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileColor: user.profileColor,
    profileImageUrl: user.profileImageUrl,
  };
}

/** Messages shown with their author as they are now, after a change of name, colour or photo. */
export function withAuthor<T extends Pick<ChatMessage, 'userId' | 'user'>>(
  list: T[],
  author: MessageAuthor,
): T[] {
  return list.map((message) => (message.userId === author.id ? { ...message, user: author } : message));
}

/** Every frame the server sends on /ws (docs/client.md, Live channel). */
export type ServerEvent =
  | { type: 'connection_confirmed'; userId: string; householdId: string }
  | { type: 'pong' }
  /** A message of the member's could not be stored; `clientId` is the device's id for it. */
  | { type: 'message_error'; error: string; clientId?: string }
  | { type: 'new_message'; message: ChatMessage }
  | { type: 'message_reaction'; messageId: string; reactions: ChatMessage['reactions'] }
  | { type: 'user_typing' | 'user_stopped_typing'; userId: string; userName: string }
  | { type: 'user_kicked'; householdId: string }
  | { type: 'member_removed'; userId: string }
  | { type: 'member_joined' | 'member_left'; userId: string }
  /** A member changed their name, colour or photo; `user` is how they are shown from now on. */
  | { type: 'member_updated'; user: MessageAuthor }
  /** A listing of `listingId` was posted, edited, closed, reopened or deleted. */
  | { type: 'listing_changed'; listingId: string }
  | { type: 'household_updated' }
  | { type: 'new_chore' | 'chore_updated' | 'chore_deleted'; chore?: unknown; id?: string }
  | { type: 'new_expense' | 'expense_updated' | 'expense_deleted'; expense?: unknown; id?: string }
  | { type: 'payment_recorded' | 'payment_deleted'; payment?: unknown; id?: string }
  | { type: 'activity'; entry: unknown }
  | {
      type: 'new_calendar_event' | 'calendar_event_updated' | 'calendar_event_deleted';
      event?: unknown;
      id?: string;
    };

/** The English wording of a system message, stored as its `content` for older clients. */
export function systemMessageText(system: SystemMessage): string {
  const { name } = system.params;
  switch (system.kind) {
    case 'member_joined':
      return `${name} joined the household`;
    case 'member_left':
      return `${name} left the household`;
    case 'member_removed':
      return `${name} was removed from the household`;
    case 'chores_reassigned': {
      const moved = system.params.chores.map(({ title, to }) => `${title} → ${to ?? 'nobody'}`);
      return `${name}'s open chores were reassigned: ${moved.join(', ')}`;
    }
    case 'recurring_stopped':
      return `Recurring expenses ${name} paid no longer repeat: ${system.params.titles.join(', ')}`;
  }
}

// The chat's sentences in the reader's language: system messages, who is typing, the channel's
// state. Each takes the translate function, so tests can word them in any language.

import type { ChatMessage } from '#shared/messages/api.ts';
import type { Reaction } from '#shared/messages/rules.ts';
import type { connectionLabel } from '#shared/realtime/policy.ts';
import type { MessageId } from '../../lib/i18n.tsx';

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/**
 * A system message worded for the reader, from what it says as data; older ones stored without
 * it show their content (English) as it is.
 */
export function systemMessageWords(message: Pick<ChatMessage, 'content' | 'system'>, t: Translate): string {
  const system = message.system;
  if (!system) return message.content;
  const { name } = system.params;
  switch (system.kind) {
    case 'member_joined':
      return t('messages.system.joined', { name });
    case 'member_left':
      return t('messages.system.left', { name });
    case 'member_removed':
      return t('messages.system.removed', { name });
    case 'chores_reassigned': {
      const chores = system.params.chores
        .map(({ title, to }) =>
          t('messages.system.choreTo', { title, name: to ?? t('messages.system.nobody') }),
        )
        .join(', ');
      return t('messages.system.choresReassigned', { name, chores });
    }
    case 'recurring_stopped':
      return t('messages.system.recurringStopped', { name, titles: system.params.titles.join(', ') });
  }
}

/** 'Ada L. is typing…', 'Ada L. and Bo C. are typing…', 'Ada L., Bo C. and 2 others are typing…'. */
export function typingWords(names: readonly string[], t: Translate): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return t('messages.typing.one', { first });
  if (names.length === 2) return t('messages.typing.two', { first, second });
  return t('messages.typing.many', { first, second, rest: names.length - 2 });
}

/** The channel's states as the header names them (connectionLabel's English, for the tests). */
export const CONNECTION_LABEL_IDS: Record<ReturnType<typeof connectionLabel>, MessageId> = {
  'Real-time': 'messages.connection.live',
  'Connecting...': 'messages.connection.connecting',
  'Syncing messages': 'messages.connection.syncing',
};

/** Spoken names of the quick reactions. */
export const REACTION_NAME_IDS: Record<Reaction, MessageId> = {
  '👍': 'messages.reaction.thumbsUp',
  '❤️': 'messages.reaction.heart',
  '😂': 'messages.reaction.laughing',
  '😮': 'messages.reaction.surprised',
  '😢': 'messages.reaction.sad',
  '🎉': 'messages.reaction.party',
};

/** The starters the empty chat offers, in the reader's language. */
export const CHAT_STARTER_IDS: readonly MessageId[] = [
  'messages.starter.coffee',
  'messages.starter.meeting',
  'messages.starter.store',
  'messages.starter.weekend',
];

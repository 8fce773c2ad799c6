import { format } from 'date-fns';
import { memo, useCallback, useRef, useState } from 'react';
import { displayName, FORMER_MEMBER } from '#shared/accounts/users.ts';
import type { Reaction } from '#shared/messages/rules.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { SmileIcon } from '../../../components/icons.tsx';
import { useClock } from '../../../lib/clock.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { type ChatEntry, isPending } from '../chat.ts';
import { REACTION_NAME_IDS, systemMessageWords } from '../chat-words.ts';
import { MessagePhoto } from './message-photo.tsx';
import { MessageText } from './message-text.tsx';
import { ReactionMenu } from './reaction-menu.tsx';

const LONG_PRESS_MS = 500;

export interface MessageActions {
  react: (messageId: string, emoji: Reaction) => void;
  retry: (message: ChatEntry) => void;
  discard: (messageId: string) => void;
}

/** A system message: centred and muted (docs/chat.md, Messages). */
function SystemMessage({ message }: { message: ChatEntry }) {
  const t = useT();
  return (
    <li className="flex justify-center px-4 py-1">
      <p className="wrap-anywhere rounded-full bg-slate-200/70 px-3 py-1 text-center text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-300">
        {systemMessageWords(message, t)}
      </p>
    </li>
  );
}

/**
 * One chat message: others' on the left with avatar and 'First L.' at the start of a run, the
 * user's own on the right; reactions below; a 'React' control on hover or focus, or a long press
 * on touch screens. Memoised: typing a message, a refetch that brings nothing new (the query
 * cache keeps unchanged messages as they were) and a reaction elsewhere re-render no other row.
 */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  userId,
  showAuthor,
  actions,
}: {
  message: ChatEntry;
  own: boolean;
  userId: string;
  showAuthor: boolean;
  actions: MessageActions;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const reactButton = useRef<HTMLButtonElement>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    reactButton.current?.focus({ preventScroll: true });
  }, []);
  const clock = useClock();
  const t = useT();
  const { hour12 } = useLocaleFormat();

  if (message.type === 'system') return <SystemMessage message={message} />;

  const pending = isPending(message);
  const sent = !pending && !message.failed;
  // A null author is someone who deleted their account (docs/chat.md, Authors).
  const name = own ? t('messages.item.you') : message.user ? displayName(message.user) : FORMER_MEMBER;
  const mine = new Set(message.reactions.filter((r) => r.userIds.includes(userId)).map((r) => r.emoji));
  const menuId = `reactions-${message.id}`;
  const cancelPress = () => clearTimeout(pressTimer.current);

  return (
    <li className={`flex gap-2 px-4 ${own ? 'justify-end' : ''} ${showAuthor ? 'pt-2' : 'pt-0.5'}`}>
      {!own &&
        (showAuthor && message.user ? (
          <Avatar user={message.user} size="sm" />
        ) : (
          <span aria-hidden="true" className="w-9 shrink-0" />
        ))}
      <div className={`group flex min-w-0 max-w-[80%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        {showAuthor && !own ? (
          <p className="mb-0.5 font-semibold text-slate-700 text-xs dark:text-slate-300">{name}</p>
        ) : (
          <span className="sr-only">{name}:</span>
        )}
        <div className={`flex items-center gap-1 ${own ? 'flex-row-reverse' : ''}`}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the long press is the touch shortcut for the React button beside it. */}
          <div
            data-testid="message-bubble"
            onPointerDown={(event) => {
              if (event.pointerType !== 'touch' || !sent) return;
              pressTimer.current = setTimeout(() => setMenuOpen(true), LONG_PRESS_MS);
            }}
            onPointerUp={cancelPress}
            onPointerLeave={cancelPress}
            onPointerCancel={cancelPress}
            onContextMenu={(event) => {
              if (menuOpen) event.preventDefault();
            }}
            // overflow-wrap:anywhere breaks a long word or URL inside the bubble (and lets the
            // bubble shrink to fit), rather than pushing it off the screen.
            className={`min-w-0 select-text whitespace-pre-wrap wrap-anywhere rounded-2xl text-[0.9375rem] leading-snug ${
              message.photo ? 'p-1' : 'px-3.5 py-2'
            } ${
              own
                ? 'rounded-br-md bg-blue-600 text-white'
                : 'rounded-bl-md bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700'
            } ${pending ? 'opacity-70' : ''}`}
          >
            {message.photo && (
              <MessagePhoto
                photo={message.photo}
                name={message.user ? displayName(message.user) : FORMER_MEMBER}
              />
            )}
            {message.content && (
              <span className={message.photo ? 'block px-2.5 pt-1 pb-1' : undefined}>
                <MessageText text={message.content} />
              </span>
            )}
          </div>
          {sent && (
            <button
              ref={reactButton}
              type="button"
              aria-label={t('messages.item.react')}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => setMenuOpen((open) => !open)}
              className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 focus-visible:opacity-100 group-hover:opacity-100 dark:text-slate-300 dark:hover:bg-slate-700 ${
                menuOpen ? 'opacity-100' : 'opacity-0'
              }`}
            >
              <SmileIcon className="size-5" />
            </button>
          )}
        </div>
        {menuOpen && (
          <ReactionMenu
            id={menuId}
            mine={mine}
            onClose={closeMenu}
            onPick={(emoji) => {
              actions.react(message.id, emoji);
              closeMenu();
            }}
          />
        )}
        {message.reactions.length > 0 && (
          <ul aria-label={t('messages.reactions')} className="mt-1 flex flex-wrap gap-1">
            {message.reactions.map((reaction) => {
              const reacted = reaction.userIds.includes(userId);
              return (
                <li key={reaction.emoji}>
                  <button
                    type="button"
                    aria-pressed={reacted}
                    aria-label={t('messages.reaction.count', {
                      name: t(REACTION_NAME_IDS[reaction.emoji]),
                      count: reaction.userIds.length,
                    })}
                    onClick={() => actions.react(message.id, reaction.emoji)}
                    className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm ${
                      reacted
                        ? 'border-blue-600 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100'
                        : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200'
                    }`}
                  >
                    <span aria-hidden="true">{reaction.emoji}</span>
                    <span className="font-medium tabular-nums">{reaction.userIds.length}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-0.5 flex items-center gap-2 text-slate-600 text-xs dark:text-slate-400">
          <time dateTime={message.createdAt}>
            {format(clock.at(message.createdAt), hour12 ? 'h:mm a' : 'HH:mm')}
          </time>
          {pending && <span>{t('messages.item.sending')}</span>}
        </p>
        {message.failed && (
          <p className="mt-0.5 flex items-center gap-2 text-red-700 text-xs dark:text-red-300">
            <span>{t('messages.item.notSent')}</span>
            <button
              type="button"
              onClick={() => actions.retry(message)}
              className="font-semibold underline underline-offset-2"
            >
              {t('messages.item.retry')}
            </button>
            <button
              type="button"
              onClick={() => actions.discard(message.id)}
              className="font-semibold underline underline-offset-2"
            >
              {t('messages.item.discard')}
            </button>
          </p>
        )}
      </div>
    </li>
  );
});

import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { type ChatEntry, groupByDay, startsRun } from '#shared/chat.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useOlderMessages } from '../use-older-messages.ts';
import { type MessageActions, MessageItem } from './message-item.tsx';

/** Within this distance of the bottom, a new message scrolls the list down. */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top, earlier messages load. */
const NEAR_TOP_PX = 80;

/**
 * The conversation, grouped by day. Opens at the bottom, follows new messages while the reader
 * is near the bottom (or the message is their own), and keeps its place when earlier messages
 * load above. Memoised: the composer's every keystroke re-renders the page, not the list.
 */
export const MessageList = memo(function MessageList({
  messages,
  userId,
  actions,
}: {
  messages: ChatEntry[];
  userId: string;
  actions: MessageActions;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number } | null>(null);
  const { hasOlder, loading, loadOlder } = useOlderMessages(messages);
  // Day labels are worked out against the time of rendering; a render happens with every message.
  const days = useMemo(() => groupByDay(messages, new Date()), [messages]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const lastMessage = messages.at(-1);
    const last = lastMessage?.id;
    const before = previous.current;
    if (!before) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && (nearBottom.current || lastMessage?.userId === userId)) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first, last, height: element.scrollHeight };
  }, [messages, userId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && hasOlder) void loadOlder();
  };

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-2"
    >
      {hasOlder && (
        <div className="flex justify-center py-2">
          {loading ? (
            <Spinner label="Loading earlier messages" />
          ) : (
            <button type="button" onClick={() => void loadOlder()} className={buttonStyles.ghost}>
              Load earlier messages
            </button>
          )}
        </div>
      )}
      {days.map((day) => (
        <section key={day.key} aria-label={day.label}>
          <h2 className="sticky top-0 z-10 flex justify-center py-2">
            <span className="rounded-full bg-slate-200 px-3 py-0.5 font-medium text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-300">
              {day.label}
            </span>
          </h2>
          <ul>
            {day.messages.map((message, index) => (
              <MessageItem
                key={message.id}
                message={message}
                own={message.userId === userId}
                userId={userId}
                showAuthor={startsRun(day.messages[index - 1], message)}
                actions={actions}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
});

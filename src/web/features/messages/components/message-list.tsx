import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useClock } from '../../../lib/clock.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { useIsPreview } from '../../../shell/preview.ts';
import { type ChatEntry, groupByDay, startsRun } from '../chat.ts';
import { useOlderMessages } from '../use-older-messages.ts';
import { type MessageActions, MessageItem } from './message-item.tsx';

/** Within this distance of the bottom, a new message scrolls the list down. */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top, earlier messages load. */
const NEAR_TOP_PX = 80;
/**
 * Messages put on the page at first (the newest: about a phone screen of short ones; more made
 * the first screen slower, BENCH.md), and then at each step up: the rest of the page the server
 * sent (up to 100) are laid out only when the reader scrolls towards them, not all before the
 * chat can first show. Laying out a message costs about as much as rendering it, so the first
 * layout is kept to what shows.
 */
export const FIRST_SHOWN = 12;
export const RENDER_STEP = 30;

/** True while `preview`, and until a step after it has ended. */
function usePictureLayout(preview: boolean): boolean {
  const [picture, setPicture] = useState(preview);
  useEffect(() => {
    if (picture && !preview) startTransition(() => setPicture(false));
  }, [picture, preview]);
  return picture;
}

/** The id of the oldest message to show so that `count` of the newest are shown (null: all). */
const firstOfNewest = (messages: readonly ChatEntry[], count: number) =>
  messages.length > count ? (messages[messages.length - count]?.id ?? null) : null;

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
  // Laid out as the server's picture (a reversed column) until the app has taken the page over,
  // then as the app's list in a step of its own: the new layout and the scroll to the newest
  // message are a task of their own, not part of the page coming within reach.
  const picture = usePictureLayout(useIsPreview());
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number } | null>(null);
  const { hasOlder, loading, loadOlder } = useOlderMessages(messages);
  // The oldest message on the page, by id (messages loaded above it do not move it); null: all.
  const [shownFrom, setShownFrom] = useState(() => firstOfNewest(messages, FIRST_SHOWN));
  const start =
    shownFrom === null
      ? 0
      : Math.max(
          0,
          messages.findIndex((m) => m.id === shownFrom),
        );
  const shown = useMemo(() => (start === 0 ? messages : messages.slice(start)), [messages, start]);
  // Day labels are worked out against the time of rendering; a render happens with every message.
  const clock = useClock();
  const t = useT();
  const { locale } = useLocaleFormat();
  const today = t('messages.day.today');
  const yesterday = t('messages.day.yesterday');
  const days = useMemo(
    () => groupByDay(shown, clock.now(), { today, yesterday, locale }),
    [shown, clock, today, yesterday, locale],
  );
  const moreAbove = start > 0 || hasOlder;
  const showEarlier = () => {
    if (start > 0) setShownFrom(firstOfNewest(messages, messages.length - start + RENDER_STEP));
    else void loadOlder();
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    // The server's picture opens at its end by itself; the app's list is put there once in reach.
    if (!element || picture) return;
    const first = shown[0]?.id;
    const lastMessage = shown.at(-1);
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
  }, [shown, userId, picture]);

  // The day being read, shown above the list once its own label has scrolled away: a label of
  // its own space, so it never lies over a message (docs/chat.md, Messages).
  const [currentDay, setCurrentDay] = useState<string | null>(null);
  const findCurrentDay = () => {
    const element = scroller.current;
    if (!element || picture) return;
    const top = element.getBoundingClientRect().top;
    let label: string | null = null;
    for (const section of element.querySelectorAll<HTMLElement>('section[data-day]')) {
      if (section.getBoundingClientRect().top > top) break;
      const heading = section.firstElementChild?.getBoundingClientRect();
      label = heading && heading.bottom <= top + 1 ? (section.dataset.day ?? null) : null;
    }
    setCurrentDay(label);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the days change.
  useLayoutEffect(findCurrentDay, [days, picture]);

  const onScroll = () => {
    const element = scroller.current;
    // A reversed column counts its scroll from the end: the picture's offsets mean nothing here.
    if (!element || picture) return;
    findCurrentDay();
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && moreAbove && !loading) showEarlier();
  };

  const content = (
    <>
      {moreAbove && (
        <div className="flex justify-center py-2">
          {loading ? (
            <Spinner label={t('messages.list.loadingEarlier')} />
          ) : (
            <button type="button" onClick={showEarlier} className={buttonStyles.ghost}>
              {t('messages.list.loadEarlier')}
            </button>
          )}
        </div>
      )}
      {days.map((day) => (
        <section key={day.key} aria-label={day.label} data-day={day.label}>
          <h2 className="flex justify-center py-2">
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
    </>
  );

  return (
    <>
      <div
        aria-hidden="true"
        className="flex h-7 shrink-0 items-center justify-center"
        data-testid="current-day"
      >
        {currentDay && (
          <span className="rounded-full bg-slate-200 px-3 py-0.5 font-medium text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-300">
            {currentDay}
          </span>
        )}
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label={t('messages.list.conversation')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        onScroll={onScroll}
        // The server's picture of the chat (no script to scroll it) opens at its newest message, as
        // the app then scrolls it: a reversed column starts scrolled to its end. The same elements
        // in both: the app takes the picture over as it is and changes only the class.
        className={`min-h-0 flex-1 overflow-y-auto overscroll-contain pb-2 ${picture ? 'flex flex-col-reverse' : ''}`}
      >
        <div>{content}</div>
      </div>
    </>
  );
});

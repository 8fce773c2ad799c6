import { useMemo } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { typingWords } from '../chat-words.ts';
import { useTypists } from '../typing-store.ts';

/** 'Ada L. is typing…' while others type; a live region, so it is announced too. */
export function TypingIndicator() {
  const typists = useTypists();
  const t = useT();
  const label = useMemo(
    () =>
      typingWords(
        typists.map((typist) => typist.name),
        t,
      ),
    [typists, t],
  );
  return (
    <p
      aria-live="polite"
      data-testid="typing-indicator"
      className="h-6 shrink-0 truncate px-5 text-slate-600 text-sm italic dark:text-slate-400"
    >
      {label}
    </p>
  );
}

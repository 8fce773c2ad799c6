import { useMemo } from 'react';
import { typingLabel } from '#shared/realtime/policy.ts';
import { useTypists } from '../typing-store.ts';

/** 'Ada L. is typing…' while others type; a live region, so it is announced too. */
export function TypingIndicator() {
  const typists = useTypists();
  const label = useMemo(() => typingLabel(typists.map((t) => t.name)), [typists]);
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

import { useEffect, useRef } from 'react';
import { REACTIONS, type Reaction } from '#shared/messages/rules.ts';
import { useT } from '../../../lib/i18n.tsx';
import { REACTION_NAME_IDS } from '../chat-words.ts';

/**
 * The six quick reactions for one message. Focus moves into it on open; Escape or a click
 * elsewhere closes it and focus returns to the control that opened it.
 */
export function ReactionMenu({
  id,
  mine,
  onPick,
  onClose,
}: {
  id: string;
  /** The reactions the user has already given this message. */
  mine: ReadonlySet<Reaction>;
  onPick: (emoji: Reaction) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  return (
    <fieldset
      ref={ref}
      id={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="mt-1 flex w-max gap-0.5 rounded-full border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <legend className="sr-only">{t('messages.reactions')}</legend>
      {REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={t('messages.reaction.reactWith', { name: t(REACTION_NAME_IDS[emoji]) })}
          aria-pressed={mine.has(emoji)}
          onClick={() => onPick(emoji)}
          className="inline-flex size-9 items-center justify-center rounded-full text-xl hover:bg-slate-100 aria-pressed:bg-blue-100 dark:aria-pressed:bg-blue-950 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true">{emoji}</span>
        </button>
      ))}
    </fieldset>
  );
}

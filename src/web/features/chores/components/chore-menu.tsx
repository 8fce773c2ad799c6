import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChoreView } from '#shared/chores/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { menuStatus, STATUS_LABELS } from '../chore-view.ts';
import type { ChoreActions } from './chore-card.tsx';

const item =
  'block w-full px-4 py-2.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:focus:bg-slate-800 dark:hover:bg-slate-800';

/** A row's other actions (In Progress, Edit, Delete) behind one button; arrows move, Escape closes. */
export function ChoreMenu({ chore, actions }: { chore: ChoreView; actions: ChoreActions }) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const status = menuStatus(chore.status);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const choose = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      items[(at + move + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="relative z-10 shrink-0">
      <button
        ref={button}
        type="button"
        aria-label={t('chores.menu.label', { title: chore.title })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        className="-m-1 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <circle cx="12" cy="5" r="1.75" />
          <circle cx="12" cy="12" r="1.75" />
          <circle cx="12" cy="19" r="1.75" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={t('chores.menu.label', { title: chore.title })}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-1 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item}
            onClick={choose(() => actions.setStatus(chore, status))}
          >
            {t(STATUS_LABELS[status])}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item}
            onClick={choose(() => navigate(`/chores/${encodeURIComponent(chore.id)}/edit`))}
          >
            {t('chores.details.edit')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`${item} text-red-700 dark:text-red-300`}
            onClick={choose(() => actions.askDelete(chore))}
          >
            {t('chores.details.delete')}
          </button>
        </div>
      )}
    </div>
  );
}

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

// Tailwind only generates classes it finds written out in full.
const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3' };

/**
 * A WAI-ARIA tablist over one panel: one tab stop, arrow keys and Home/End move between the
 * tabs and select them. `badge` draws what follows each tab's label (a count).
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  badge,
  className = 'space-y-3',
  children,
}: {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (tab: T) => void;
  badge?: (tab: T, selected: boolean) => ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.value === value);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className={`grid ${COLUMNS[tabs.length] ?? ''} gap-1 rounded-xl bg-slate-200 p-1 dark:bg-slate-800`}
      >
        {tabs.map((tab, i) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                refs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onKeyDown={onKeyDown}
              onClick={() => onChange(tab.value)}
              className={`flex items-center justify-center gap-1.5 rounded-lg px-2 py-2 font-semibold text-sm ${
                selected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                  : 'text-slate-700 dark:text-slate-300'
              }`}
            >
              {tab.label}
              {badge?.(tab.value, selected)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}

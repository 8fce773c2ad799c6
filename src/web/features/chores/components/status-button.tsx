import type { ChoreStatus } from '#shared/chores/rules.ts';
import { CheckCircleIcon, CircleIcon, InProgressIcon } from '../../../components/page-icons.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { statusButtonLabel } from '../chore-view.ts';

const look: Record<ChoreStatus, { icon: typeof CircleIcon; className: string }> = {
  todo: { icon: CircleIcon, className: 'text-slate-500 dark:text-slate-400' },
  doing: { icon: InProgressIcon, className: 'text-amber-600 dark:text-amber-400' },
  done: { icon: CheckCircleIcon, className: 'text-emerald-600 dark:text-emerald-400' },
};

/** The status icon: each tap moves the chore on, todo → doing → done → todo (docs/chores.md, Status). */
export function StatusButton({
  title,
  status,
  onAdvance,
}: {
  title: string;
  status: ChoreStatus;
  onAdvance: () => void;
}) {
  const t = useT();
  const { icon: Icon, className } = look[status];
  return (
    <button
      type="button"
      aria-label={statusButtonLabel(title, status, t)}
      onClick={onAdvance}
      className={`relative z-10 -m-1.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800 ${className}`}
    >
      <Icon className="size-7" />
    </button>
  );
}

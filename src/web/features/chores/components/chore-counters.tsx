import { CHORE_STATUSES, type ChoreStatus } from '#shared/chores/rules.ts';
import { useT } from '../../../lib/i18n.tsx';
import { STATUS_LABELS, statusCounts } from '../chore-view.ts';

const colours: Record<ChoreStatus, string> = {
  todo: 'text-blue-700 dark:text-blue-300',
  doing: 'text-amber-700 dark:text-amber-300',
  done: 'text-emerald-700 dark:text-emerald-300',
};

/** To Do, In Progress and Done counts (docs/chores.md, Status). */
export function ChoreCounters({ chores }: { chores: { status: ChoreStatus }[] }) {
  const t = useT();
  const counts = statusCounts(chores);
  return (
    <dl className="grid grid-cols-3 gap-3">
      {CHORE_STATUSES.map((status) => (
        <div
          key={status}
          data-testid={`count-${status}`}
          className="flex flex-col-reverse items-center rounded-2xl border border-slate-200 bg-white px-2 py-3 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-slate-600 text-xs dark:text-slate-400">{t(STATUS_LABELS[status])}</dt>
          <dd className={`font-bold text-2xl ${colours[status]}`}>{counts[status]}</dd>
        </div>
      ))}
    </dl>
  );
}

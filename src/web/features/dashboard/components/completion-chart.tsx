import { format } from 'date-fns';
import type { DashboardData } from '#shared/dashboard/api.ts';
import { mutedText } from '../../../components/ui.ts';

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 18;

function bucketDate(key: string): Date {
  const [y, m, d = 1] = key.split('-').map(Number) as [number, number, number?];
  return new Date(y, m - 1, d);
}

function bucketLabel(key: string, unit: 'day' | 'month'): string {
  return format(bucketDate(key), unit === 'day' ? 'MMM d' : 'MMM yyyy');
}

/** Chores completed per day (or month) of the period: an inline SVG bar chart, no library. */
export function CompletionChart({ chart }: { chart: DashboardData['chart'] }) {
  const { buckets, unit } = chart;
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0)
    return <p className={`flex h-[120px] items-center ${mutedText}`}>No chores completed yet.</p>;
  const max = Math.max(...buckets.map((b) => b.count));
  const slot = WIDTH / buckets.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS;
  const first = buckets[0]!;
  const last = buckets[buckets.length - 1]!;
  const description = buckets.map((b) => `${bucketLabel(b.key, unit)}: ${b.count}`).join(', ');
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-[120px] w-full text-blue-600 dark:text-blue-400"
        role="img"
        aria-label={`Chores completed per ${unit}: ${description}`}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="stroke-slate-300 dark:stroke-slate-700" />
        {buckets.map((b, i) => {
          const h = max === 0 ? 0 : (b.count / max) * (plot - 4);
          const x = i * slot + (slot - bar) / 2;
          if (b.count === 0) {
            // An empty day still shows where it is.
            return (
              <rect
                key={b.key}
                x={x}
                y={plot - 2}
                width={bar}
                height={2}
                className="fill-slate-300 dark:fill-slate-700"
              >
                <title>{`${bucketLabel(b.key, unit)}: 0`}</title>
              </rect>
            );
          }
          return (
            <rect
              key={b.key}
              x={x}
              y={plot - h}
              width={bar}
              height={h}
              rx={Math.min(3, bar / 2)}
              fill="currentColor"
            >
              <title>{`${bucketLabel(b.key, unit)}: ${b.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={`flex justify-between text-xs ${mutedText}`}>
        <span>{bucketLabel(first.key, unit)}</span>
        <span>
          {total} completed · busiest {max}
        </span>
        <span>{bucketLabel(last.key, unit)}</span>
      </figcaption>
    </figure>
  );
}

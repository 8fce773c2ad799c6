import '#shared/i18n/compiled/areas/dashboard.ts';
import type { DashboardData } from '#shared/dashboard/api.ts';
import { mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 18;

function bucketDate(key: string): Date {
  const [y, m, d = 1] = key.split('-').map(Number) as [number, number, number?];
  return new Date(y, m - 1, d);
}

/** 'Mar 7' or 'Mar 2026' in the reader's language. */
function bucketLabel(key: string, unit: 'day' | 'month', locale: string): string {
  const parts: Intl.DateTimeFormatOptions =
    unit === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, parts).format(bucketDate(key));
}

/** Chores completed per day (or month) of the period: an inline SVG bar chart, no library. */
export function CompletionChart({ chart }: { chart: DashboardData['chart'] }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const { buckets, unit } = chart;
  const label = (key: string) => bucketLabel(key, unit, locale);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0)
    return <p className={`flex h-[120px] items-center ${mutedText}`}>{t('dashboard.chart.empty')}</p>;
  const max = Math.max(...buckets.map((b) => b.count));
  const slot = WIDTH / buckets.length;
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS;
  const first = buckets[0]!;
  const last = buckets[buckets.length - 1]!;
  const description = buckets.map((b) => `${label(b.key)}: ${b.count}`).join(', ');
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-[120px] w-full text-blue-600 dark:text-blue-400"
        role="img"
        aria-label={t('dashboard.chart.label', { unit, description })}
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
                <title>{`${label(b.key)}: 0`}</title>
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
              <title>{`${label(b.key)}: ${b.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={`flex justify-between text-xs ${mutedText}`}>
        <span>{label(first.key)}</span>
        <span>
          {total} completed · busiest {max}
        </span>
        <span>{label(last.key)}</span>
      </figcaption>
    </figure>
  );
}

import { useT } from '../lib/i18n.tsx';

const sizes = { md: 'size-8 border-[3px]', lg: 'size-12 border-4' } as const;

/** A spinning ring; with a label it is a status for assistive technology, without one decoration. */
export function Spinner({
  label,
  size = 'md',
}: {
  /** What a screen reader says ('Loading' in the member's language unless given); null: nothing. */
  label?: string | null;
  size?: keyof typeof sizes;
}) {
  const t = useT();
  const ring = (
    <span
      aria-hidden="true"
      className={`block animate-spin rounded-full border-blue-600 border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] dark:border-blue-400 dark:border-t-transparent ${sizes[size]}`}
    />
  );
  if (label === null) return ring;
  return (
    <span role="status" aria-label={label ?? t('common.loadingLabel')} className="inline-block">
      {ring}
    </span>
  );
}

/** The whole-screen spinner shown while the user or a page loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner />
    </div>
  );
}

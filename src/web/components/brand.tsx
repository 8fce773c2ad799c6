import { HomeIcon } from './icons.tsx';

/** The Hearth mark and name. */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-2 font-bold text-lg text-slate-900 dark:text-slate-100 ${className}`}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <HomeIcon className="size-5" />
      </span>
      Hearth
    </span>
  );
}

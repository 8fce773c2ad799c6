/** Class strings shared by buttons, links and cards, so the look stays the same everywhere. */
const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${buttonBase} bg-blue-600 px-5 py-3 text-white hover:bg-blue-700 active:bg-blue-800`,
  secondary: `${buttonBase} border border-slate-300 bg-white px-4 py-2.5 text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`,
  danger: `${buttonBase} border border-red-300 bg-white px-4 py-2.5 text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950`,
  destructive: `${buttonBase} bg-red-700 px-4 py-2.5 text-white hover:bg-red-800`,
  ghost: `${buttonBase} px-3 py-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`,
  icon: `${buttonBase} size-10 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`,
} as const;

export const cardStyles =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export const linkStyles = 'font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

export const mutedText = 'text-slate-600 dark:text-slate-400';

export const inputStyles =
  'block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 aria-invalid:border-red-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:aria-invalid:border-red-400';

export const errorText = 'text-sm text-red-700 dark:text-red-300';

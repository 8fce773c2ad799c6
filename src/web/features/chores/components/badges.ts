import type { Priority } from '#shared/chores/rules.ts';

export const badgeBase = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-xs';

/** Priority colours; every pair keeps 4.5:1 contrast in both themes. */
export const priorityBadge: Record<Priority, string> = {
  urgent: `${badgeBase} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`,
  high: `${badgeBase} bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200`,
  medium: `${badgeBase} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`,
  low: `${badgeBase} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200`,
};

export const categoryBadge = `${badgeBase} bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200`;

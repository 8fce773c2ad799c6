import type { ReactNode } from 'react';
import type { ExpenseTab } from '#shared/expenses/view.ts';
import { Tabs } from '../../../components/tabs.tsx';
import type { MessageId } from '../../../lib/i18n.tsx';
import { useWords } from '../use-words.ts';

const TABS: { value: ExpenseTab; label: MessageId }[] = [
  { value: 'all', label: 'expenses.tabs.all' },
  { value: 'unsettled', label: 'expenses.tabs.unsettled' },
  { value: 'settled', label: 'expenses.tabs.settled' },
];

/** All / Unsettled / Settled, each with its count on a pill. */
export function ExpenseTabs({
  value,
  counts,
  onChange,
  children,
}: {
  value: ExpenseTab;
  counts: Record<ExpenseTab, number>;
  onChange: (tab: ExpenseTab) => void;
  children: ReactNode;
}) {
  const { t } = useWords();
  return (
    <Tabs
      label={t('expenses.tabs.label')}
      tabs={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
      value={value}
      onChange={onChange}
      badge={(tab, selected) => (
        <span
          data-testid={`count-${tab}`}
          className={`rounded-full px-1.5 text-xs ${
            selected
              ? 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
              : 'bg-slate-300 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
          }`}
        >
          {counts[tab]}
        </span>
      )}
    >
      {children}
    </Tabs>
  );
}

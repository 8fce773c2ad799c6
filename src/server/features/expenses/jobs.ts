import { restorableSince } from '#shared/expenses/ledger-view.ts';
import type { ScheduledJob } from '../../jobs/scheduler.ts';
import { getExpense, purgeTrash, runDueRecurringExpenses } from './queries.ts';

/** The expenses feature's scheduled work, in the order each sweep runs it. */
export const expenseJobs: readonly ScheduledJob[] = [
  {
    name: 'recurring-expenses',
    async run({ db, events, now }) {
      const created = await runDueRecurringExpenses(db, new Date(now()).toISOString().slice(0, 10), now());
      for (const { householdId, id } of created) {
        const expense = await getExpense(db, householdId, id);
        if (expense) await events.toHousehold(householdId, { type: 'new_expense', expense });
      }
    },
  },
  {
    // What has been in the trash longer than it can be restored goes for good.
    name: 'purge-trash',
    run: ({ db, now }) => purgeTrash(db, restorableSince(now())),
  },
];

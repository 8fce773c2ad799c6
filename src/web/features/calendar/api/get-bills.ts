import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { EXPENSES_PAGE } from '#shared/expenses/view.ts';
import { expensesQueryKey, fetchExpenses } from '../../expenses/index.ts';

export type Bill = Pick<
  ExpenseView,
  | 'id'
  | 'title'
  | 'amount'
  | 'date'
  | 'isRecurring'
  | 'recurrenceFrequency'
  | 'recurringEndDate'
  | 'nextOccurrenceDate'
>;

const isBill = (expense: ExpenseView) => expense.isRecurring && expense.nextOccurrenceDate !== null;

/** The bills, when the first page of expenses holds them all (it is the last page); else null. */
export function billsFromFirstPage(expenses: ExpenseView[]): Bill[] | null {
  return expenses.length < EXPENSES_PAGE ? expenses.filter(isBill) : null;
}

// Pages read at most: 5,000 expenses back, far more than a household records in years.
const MAX_PAGES = 25;

/**
 * The recurring bills that still have a next date, from every page of GET /api/expenses: the
 * calendar shows their dates. Under the expenses key, so whatever refreshes the expenses
 * refreshes these too.
 */
export async function fetchBills(): Promise<Bill[]> {
  const bills: Bill[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const expenses = await fetchExpenses(before);
    bills.push(...expenses.filter(isBill));
    if (expenses.length < EXPENSES_PAGE) break;
    before = expenses[expenses.length - 1]!.id;
  }
  return bills;
}

export const billsQueryOptions = queryOptions({
  queryKey: [...expensesQueryKey, 'bills'] as const,
  queryFn: fetchBills,
});

export function useBills() {
  return useQuery(billsQueryOptions);
}

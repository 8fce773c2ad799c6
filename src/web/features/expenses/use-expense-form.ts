import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { expenseFormValues, expenseUpdateInput, splitChanged } from '#shared/expense-edit.ts';
import type { SplitType } from '#shared/expense-rules.ts';
import {
  defaultExpenseForm,
  type ExpenseFormValues,
  type ExpenseView,
  expenseCreateInput,
  initialShares,
  localDate,
  splitSummary,
} from '#shared/expense-view.ts';
import { createExpenseSchema } from '#shared/expenses.ts';
import { fieldErrors } from '#shared/validation.ts';
import { useCreateExpense } from './api/create-expense.ts';
import { useUpdateExpense } from './api/update-expense.ts';

/** Which form field shows a schema message: 'expense.title' → title, 'splits.2.amount' → splits. */
function errorsByField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, next] = path.split('.');
    const field = head === 'expense' && next ? next : head!;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/**
 * The expense form's state and its submit: a new expense is created; an `expense` given is
 * edited, and only what changed is sent (expenseUpdateInput). Both check the create rules first.
 */
export function useExpenseForm(memberIds: string[], userId: string, expense?: ExpenseView) {
  const navigate = useNavigate();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const [initial] = useState<ExpenseFormValues>(() =>
    expense ? expenseFormValues(expense, memberIds) : defaultExpenseForm(userId, localDate(new Date())),
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summary = splitSummary(values, memberIds);
  const mutation = expense ? update : create;
  const busy = mutation.isPending || mutation.isSuccess;

  // After a refused submit the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const clear = (field: string) =>
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const { [field]: _cleared, ...rest } = prev;
      return rest;
    });

  const set = <K extends keyof ExpenseFormValues>(field: K, value: ExpenseFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    clear(field);
    // The amount is what custom shares add up to.
    if (field === 'amount') clear('splits');
  };

  const setSplitType = (splitType: SplitType) => {
    setValues((prev) => ({ ...prev, splitType, shares: initialShares(splitType, memberIds) }));
    clear('splits');
  };

  const setShare = (memberId: string, value: string) => {
    setValues((prev) => ({ ...prev, shares: { ...prev.shares, [memberId]: value } }));
    clear('splits');
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = expenseCreateInput(values, memberIds);
    const parsed = createExpenseSchema.safeParse(input);
    const found: Record<string, string> = parsed.success ? {} : errorsByField(fieldErrors(parsed.error));
    const changes = expense ? expenseUpdateInput(initial, values, memberIds) : null;
    const checkSplit = !expense || splitChanged(initial, values);
    // An edit is checked only where it changes something: what it leaves alone (a former
    // member as payer, an older category) was accepted before and is not sent.
    if (expense) {
      for (const field of Object.keys(found))
        if (field !== 'splits' && !(field in (changes?.expense ?? {}))) delete found[field];
    }
    // Without a valid amount there is nothing to split yet: the amount's message says it all.
    if ('amount' in found || !checkSplit) delete found.splits;
    else if (!summary.ok) found.splits = summary.problem ?? 'The shares must add up to the amount';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    const done = () => navigate('/expenses');
    if (!expense) return create.mutate(input, { onSuccess: done });
    if (!changes) return done();
    update.mutate({ id: expense.id, input: changes }, { onSuccess: done });
  };

  return {
    values,
    errors,
    summary,
    busy,
    failure: mutation.isError ? mutation.error : null,
    editing: expense !== undefined,
    formRef,
    set,
    setSplitType,
    setShare,
    onSubmit,
  };
}

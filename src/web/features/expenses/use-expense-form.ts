import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ExpenseView } from '#shared/expenses/api.ts';
import type { SplitType } from '#shared/expenses/rules.ts';
import {
  type CreateExpenseInput,
  expenseMessages,
  expenseSchemas,
  type UpdateExpenseInput,
} from '#shared/expenses/schemas.ts';
import {
  defaultExpenseForm,
  type ExpenseFormValues,
  expenseCreateInput,
  initialShares,
  localDate,
  splitSummary,
  typedMoney,
} from '#shared/expenses/view.ts';
import type { MoneyFormat } from '#shared/money.ts';
import { type Checked, checkResolver, checkSchema } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { useCreateExpense } from './api/create-expense.ts';
import { useUpdateExpense } from './api/update-expense.ts';
import { expenseFormValues, expenseUpdateInput, splitChanged } from './expense-edit.ts';
import { expensesListUrl } from './list-position.ts';
import { useWords } from './use-words.ts';

/** What the submit sends: the new expense as typed, or an edit's changes (null: none). */
type Sent = { create: CreateExpenseInput } | { changes: UpdateExpenseInput | null };

/** Which form field shows a schema message: 'expense.title' → title, 'splits.2.amount' → splits. */
const fieldOf = ([head, next]: string[]) => (head === 'expense' && next ? next : head!);

/**
 * The expense form's state and its submit: a new expense is created; an `expense` given is
 * edited, and only what changed is sent (expenseUpdateInput). Both check the create rules first.
 */
export function useExpenseForm(
  memberIds: string[],
  userId: string,
  money: MoneyFormat,
  expense?: ExpenseView,
) {
  const navigate = useNavigate();
  const { t } = useWords();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const [initial] = useState<ExpenseFormValues>(() =>
    expense
      ? expenseFormValues(expense, memberIds, money)
      : defaultExpenseForm(userId, localDate(new Date())),
  );
  const mutation = expense ? update : create;
  const busy = mutation.isPending || mutation.isSuccess;

  const check = async (values: ExpenseFormValues): Promise<Checked<Sent>> => {
    const typed = typedMoney(values, money);
    const input = expenseCreateInput(values, memberIds, typed, money.currency);
    const checked = await checkSchema(expenseSchemas(typed.exponent).create, input, { fieldOf });
    const found = checked.ok ? {} : { ...checked.errors };
    const changes = expense ? expenseUpdateInput(initial, values, memberIds, money) : null;
    const checkSplit = !expense || splitChanged(initial, values, money);
    // An edit is checked only where it changes something: what it leaves alone (a former
    // member as payer, an older category) was accepted before and is not sent.
    if (expense) {
      for (const field of Object.keys(found))
        if (field !== 'splits' && !(field in (changes?.expense ?? {}))) delete found[field];
    }
    // Without a valid amount there is nothing to split yet: the amount's message says it all.
    if (typed !== money && !values.exchangeRate.trim() && !found.exchangeRate)
      found.exchangeRate = expenseMessages.rateRequired;
    const summary = splitSummary(values, memberIds, typed);
    if ('amount' in found || !checkSplit) delete found.splits;
    else if (!summary.ok)
      found.splits = summary.problem
        ? t(summary.problem.id, summary.problem.values)
        : t('expenses.split.mustAddUp');
    if (Object.keys(found).length > 0) return { ok: false, errors: found };
    return { ok: true, value: expense ? { changes } : { create: input } };
  };

  const form = useSchemaForm<ExpenseFormValues, Sent>({
    defaultValues: initial,
    resolver: checkResolver(check),
    // The split's message answers the amount (what custom shares add up to) and the shares.
    clears: (field) =>
      field === 'amount'
        ? ['amount', 'splits']
        : field === 'splitType' || field === 'shares'
          ? ['splits']
          : [field],
  });
  const typed = typedMoney(form.values, money);
  const summary = splitSummary(form.values, memberIds, typed);

  const setSplitType = (splitType: SplitType) => {
    form.set('shares', initialShares(splitType, memberIds));
    form.set('splitType', splitType);
  };

  const setShare = (memberId: string, value: string) =>
    form.set('shares', { ...form.getValues('shares'), [memberId]: value });

  const onSubmit = form.submit(
    (sent) => {
      const done = () => navigate(expense ? expensesListUrl() : '/expenses');
      if ('create' in sent) return create.mutate(sent.create, { onSuccess: done });
      if (!expense || !sent.changes) return done();
      update.mutate({ id: expense.id, input: sent.changes }, { onSuccess: done });
    },
    { blocked: busy },
  );

  return {
    form,
    summary,
    typed,
    busy,
    failure: mutation.isError ? mutation.error : null,
    editing: expense !== undefined,
    setSplitType,
    setShare,
    onSubmit,
  };
}

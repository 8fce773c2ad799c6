import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '#shared/errors.ts';
import {
  type CreateCategory,
  categoryLabel,
  defaultExpenseForm,
  type ExpenseFormValues,
  expenseCreateInput,
  INTERVAL_LABELS,
  initialShares,
  localDate,
  type RecurringInterval,
  splitSummary,
  TITLE_SUGGESTIONS,
} from '#shared/expense-view.ts';
import {
  createExpenseSchema,
  EXPENSE_CATEGORIES,
  QUICK_AMOUNTS,
  RECURRING_INTERVALS,
  type SplitType,
} from '#shared/expenses.ts';
import type { HouseholdMember } from '#shared/household-view.ts';
import { parseDollarsToCents } from '#shared/money.ts';
import { fieldErrors } from '#shared/validation.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useCreateExpense } from '../api/create-expense.ts';
import { useMemberNames } from '../use-member-names.ts';
import { SplitSection } from './split-section.tsx';

const categoryOptions = EXPENSE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
const intervalOptions = RECURRING_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));
const chip =
  'rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 text-sm hover:border-blue-600 aria-pressed:border-blue-600 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-200';

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

/** Every field of the SPEC's expense payload, checked with the shared schema before it is sent. */
export function ExpenseForm({ members, userId }: { members: HouseholdMember[]; userId: string }) {
  const navigate = useNavigate();
  const create = useCreateExpense();
  const nameOf = useMemberNames(members);
  const [values, setValues] = useState<ExpenseFormValues>(() =>
    defaultExpenseForm(userId, localDate(new Date())),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const memberIds = members.map((m) => m.userId);
  const summary = splitSummary(values, memberIds);
  const busy = create.isPending || create.isSuccess;
  const amountCents = parseDollarsToCents(values.amount);

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
    const found = parsed.success ? {} : errorsByField(fieldErrors(parsed.error));
    // Without a valid amount there is nothing to split yet: the amount's message says it all.
    if ('amount' in found) delete found.splits;
    else if (!summary.ok) found.splits = summary.problem ?? 'The shares must add up to the amount';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    create.mutate(input, { onSuccess: () => navigate('/expenses') });
  };

  const payerOptions = members.map((m) => ({
    value: m.userId,
    label: m.userId === userId ? `${nameOf(m.userId)} (you)` : nameOf(m.userId),
  }));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="space-y-2">
        <TextField
          label="Title"
          name="title"
          required
          maxLength={120}
          autoComplete="off"
          placeholder="e.g. Pizza night"
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        {values.title.trim() === '' && (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className={`float-left mr-1 text-xs ${mutedText}`}>Suggestions</legend>
            {TITLE_SUGGESTIONS[values.category].map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className={chip}
                onClick={() => set('title', suggestion)}
              >
                {suggestion}
              </button>
            ))}
          </fieldset>
        )}
      </div>

      <div className="space-y-2">
        <TextField
          label="Amount"
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          required
          placeholder="0.00"
          value={values.amount}
          error={errors.amount}
          onChange={(e) => set('amount', e.target.value)}
        />
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Quick amounts</legend>
          {QUICK_AMOUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              aria-pressed={amountCents === quick * 100}
              className={chip}
              onClick={() => set('amount', `${quick}.00`)}
            >
              ${quick}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          options={categoryOptions}
          onValue={(v: CreateCategory) => set('category', v)}
        />
        <TextField
          label="Date"
          name="date"
          type="date"
          required
          value={values.date}
          error={errors.date}
          onChange={(e) => set('date', e.target.value)}
        />
      </div>

      <SelectField
        label="Paid by"
        name="paidBy"
        required
        value={values.paidBy}
        options={payerOptions}
        error={errors.paidBy}
        onValue={(v) => set('paidBy', v)}
      />

      <SplitSection
        splitType={values.splitType}
        shares={values.shares}
        summary={summary}
        memberIds={memberIds}
        nameOf={nameOf}
        error={errors.splits}
        onSplitType={setSplitType}
        onShare={setShare}
      />

      <div className="space-y-3">
        <Switch
          label="Recurring expense"
          description="Added again on its own, like rent or a subscription"
          checked={values.isRecurring}
          onChange={(on) => set('isRecurring', on)}
        />
        {values.isRecurring && (
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label="Repeats"
              name="recurringInterval"
              value={values.recurringInterval}
              options={intervalOptions}
              onValue={(v: RecurringInterval) => set('recurringInterval', v)}
            />
            <TextField
              label="Ends on (optional)"
              name="recurringEndDate"
              type="date"
              min={values.date || undefined}
              value={values.recurringEndDate}
              error={errors.recurringEndDate}
              onChange={(e) => set('recurringEndDate', e.target.value)}
            />
          </div>
        )}
      </div>

      <TextAreaField
        label="Description"
        name="description"
        maxLength={2000}
        value={values.description}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextAreaField
        label="Notes"
        name="notes"
        maxLength={2000}
        value={values.notes}
        error={errors.notes}
        onChange={(e) => set('notes', e.target.value)}
      />

      {create.isError && (
        <ErrorCard title="Unable to create expense" message={errorMessage(create.error.message)} />
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? 'Creating...' : 'Create Expense'}
      </button>
    </form>
  );
}

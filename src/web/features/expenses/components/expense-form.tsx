import { errorMessage } from '#shared/errors.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { EXPENSE_CATEGORIES, QUICK_AMOUNTS, RECURRING_INTERVALS } from '#shared/expenses/rules.ts';
import { categoryLabel, INTERVAL_LABELS, TITLE_SUGGESTIONS } from '#shared/expenses/view.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { parseDollarsToCents } from '#shared/money.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { moneyInput, SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { isCreateCategory } from '../expense-edit.ts';
import { useExpenseForm } from '../use-expense-form.ts';
import { useMemberNames } from '../use-member-names.ts';
import { SplitSection } from './split-section.tsx';

const categoryOptions = EXPENSE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
const intervalOptions = RECURRING_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));
const chip =
  'rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 text-sm hover:border-blue-600 aria-pressed:border-blue-600 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-200';

/**
 * Every field of an expense (docs/expenses.md, The expense form), checked with the shared schema
 * before it is sent.
 */
export function ExpenseForm({
  members,
  userId,
  expense,
}: {
  members: HouseholdMember[];
  userId: string;
  /** The expense to edit; without one the form creates a new expense. */
  expense?: ExpenseView;
}) {
  const nameOf = useMemberNames(members);
  const memberIds = members.map((m) => m.userId);
  const { form, summary, busy, editing, failure, setSplitType, setShare, onSubmit } = useExpenseForm(
    memberIds,
    userId,
    expense,
  );
  const { values, errors, set } = form;
  const amountCents = parseDollarsToCents(values.amount);
  // An older expense may have a category the form no longer offers: it stays on offer.
  const categories = isCreateCategory(values.category)
    ? categoryOptions
    : [...categoryOptions, { value: values.category, label: categoryLabel(values.category) }];

  const payerOptions = members.map((m) => ({
    value: m.userId,
    label: m.userId === userId ? `${nameOf(m.userId)} (you)` : nameOf(m.userId),
  }));

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="space-y-2">
        <TextField
          label="Title"
          name="title"
          required
          maxLength={120}
          autoComplete="off"
          placeholder="e.g. Pizza night"
          {...form.text('title')}
        />
        {!editing && values.title.trim() === '' && (
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
        <TextField label="Amount" name="amount" {...moneyInput} required {...form.text('amount')} />
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
        <SelectField label="Category" name="category" options={categories} {...form.select('category')} />
        <TextField label="Date" name="date" type="date" required {...form.text('date')} />
      </div>

      <SelectField label="Paid by" name="paidBy" required options={payerOptions} {...form.select('paidBy')} />

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

      {/* Editing changes the expense itself; its repeats are set when it is created. */}
      {!editing && (
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
                options={intervalOptions}
                {...form.select('recurringInterval')}
              />
              <TextField
                label="Ends on (optional)"
                name="recurringEndDate"
                type="date"
                min={values.date || undefined}
                {...form.text('recurringEndDate')}
              />
            </div>
          )}
        </div>
      )}

      <TextAreaField label="Description" name="description" maxLength={2000} {...form.text('description')} />
      <TextAreaField label="Notes" name="notes" maxLength={2000} {...form.text('notes')} />

      {failure && (
        <ErrorCard
          title={editing ? 'Unable to save expense' : 'Unable to create expense'}
          message={errorMessage(failure.message)}
        />
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {editing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Expense'}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { errorMessage } from '#shared/errors.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { guessCategory } from '#shared/expenses/category-guess.ts';
import { EXPENSE_CATEGORIES, QUICK_AMOUNTS, RECURRING_INTERVALS } from '#shared/expenses/rules.ts';
import {
  type CreateCategory,
  categoryLabel,
  INTERVAL_LABELS,
  STARTER_SUGGESTIONS,
  TITLE_SUGGESTIONS,
  type Translate,
} from '#shared/expenses/view.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import type { MessageId } from '#shared/i18n/compiled/en.ts';
import { convertAmount } from '#shared/money.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import {
  moneyInput,
  optionsOf,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { currencyOptions } from '../../../lib/currencies.ts';
import { useMoney } from '../../households/index.ts';
import { useExchangeRates } from '../api/get-exchange-rates.ts';
import { isCreateCategory } from '../expense-edit.ts';
import { useExpenseForm } from '../use-expense-form.ts';
import { useMemberNames } from '../use-member-names.ts';
import { useWords } from '../use-words.ts';
import { SplitSection } from './split-section.tsx';

const chip =
  'rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 text-sm hover:border-blue-600 aria-pressed:border-blue-600 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-200';

/** "= $43.60" under the rate: the amount as it will count in the household. */
function convertedHint(
  minor: number | null,
  exponent: number,
  rate: string,
  money: ReturnType<typeof useMoney>,
  t: Translate,
): string | undefined {
  if (minor === null || !/^\d{1,7}(\.\d{1,8})?$/.test(rate.trim()) || !/[1-9]/.test(rate)) return undefined;
  return t('expenses.form.converted', {
    amount: money.format(convertAmount(minor, exponent, rate.trim(), money.exponent)),
  });
}

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
  const { t } = useWords();
  const categoryOptions = EXPENSE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value, t) }));
  const intervalOptions = optionsOf(RECURRING_INTERVALS, INTERVAL_LABELS, t);
  const memberIds = members.map((m) => m.userId);
  const money = useMoney();
  const { form, summary, typed, busy, editing, failure, setSplitType, setShare, onSubmit } = useExpenseForm(
    memberIds,
    userId,
    money,
    expense,
  );
  const { values, errors, set } = form;
  // A new expense's category follows its title until the member picks one; an edit keeps its own.
  const [categoryChosen, setCategoryChosen] = useState(editing);
  const title = form.text('title');
  const category = form.select('category');
  const setTitle = (text: string, suggested?: CreateCategory) => {
    set('title', text);
    if (!categoryChosen) set('category', suggested ?? guessCategory(text));
  };
  // Titles of the chosen category; before one is chosen, one each of the commonest costs.
  const suggestions: readonly { category: CreateCategory; title: MessageId }[] = !categoryChosen
    ? STARTER_SUGGESTIONS
    : isCreateCategory(values.category)
      ? TITLE_SUGGESTIONS[values.category].map((title) => ({ category: values.category, title }))
      : [];
  const amountCents = typed.parse(values.amount);
  const rates = useExchangeRates();
  const whole = new Intl.NumberFormat(money.locale, {
    style: 'currency',
    currency: typed.currency,
    maximumFractionDigits: 0,
  });
  const chooseCurrency = (currency: string) => {
    set('currency', currency === money.currency ? '' : currency);
    // The rate last used for that currency in the household, until another is typed.
    if (currency !== money.currency) set('exchangeRate', rates.data?.[currency] ?? '');
  };
  // An older expense may have a category the form no longer offers: it stays on offer.
  const categories = isCreateCategory(values.category)
    ? categoryOptions
    : [...categoryOptions, { value: values.category, label: categoryLabel(values.category, t) }];

  const payerOptions = members.map((m) => ({
    value: m.userId,
    label: m.userId === userId ? t('expenses.form.you', { name: nameOf(m.userId) }) : nameOf(m.userId),
  }));

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="space-y-2">
        <TextField
          label={t('expenses.form.title')}
          name="title"
          required
          maxLength={120}
          autoComplete="off"
          placeholder={t('expenses.form.titlePlaceholder')}
          {...title}
          onChange={(event) => setTitle(event.target.value)}
        />
        {!editing && values.title.trim() === '' && (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className={`float-left mr-1 text-xs ${mutedText}`}>
              {t('expenses.form.suggestions')}
            </legend>
            {suggestions.map((suggestion) => (
              <button
                key={suggestion.title}
                type="button"
                className={chip}
                onClick={() => setTitle(t(suggestion.title), suggestion.category)}
              >
                {t(suggestion.title)}
              </button>
            ))}
          </fieldset>
        )}
      </div>

      <div className="space-y-2">
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <TextField
            label={t('expenses.form.amount')}
            name="amount"
            {...moneyInput(typed.exponent)}
            required
            {...form.text('amount')}
          />
          <SelectField
            label={t('expenses.form.currency')}
            name="currency"
            options={currencyOptions(money.currency, money.locale)}
            value={typed.currency}
            onValue={(currency) => chooseCurrency(String(currency))}
          />
        </div>
        {typed !== money && (
          <TextField
            label={t('expenses.form.rate', { from: typed.currency, to: money.currency })}
            name="exchangeRate"
            inputMode="decimal"
            required
            autoComplete="off"
            hint={convertedHint(typed.parse(values.amount), typed.exponent, values.exchangeRate, money, t)}
            {...form.text('exchangeRate')}
          />
        )}
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('expenses.form.quickAmounts')}</legend>
          {QUICK_AMOUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              aria-pressed={amountCents === quick * 10 ** typed.exponent}
              className={chip}
              onClick={() => set('amount', typed.amount(quick * 10 ** typed.exponent))}
            >
              {whole.format(quick)}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t('expenses.form.category')}
          name="category"
          options={categories}
          {...category}
          onValue={(value) => {
            setCategoryChosen(true);
            category.onValue(value);
          }}
        />
        <TextField label={t('expenses.form.date')} name="date" type="date" required {...form.text('date')} />
      </div>

      <SelectField
        label={t('expenses.form.paidBy')}
        name="paidBy"
        required
        options={payerOptions}
        {...form.select('paidBy')}
      />

      <SplitSection
        money={typed}
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
            label={t('expenses.form.recurring')}
            description={t('expenses.form.recurringHint')}
            checked={values.isRecurring}
            onChange={(on) => set('isRecurring', on)}
          />
          {values.isRecurring && (
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                label={t('expenses.form.repeats')}
                name="recurringInterval"
                options={intervalOptions}
                {...form.select('recurringInterval')}
              />
              <TextField
                label={t('expenses.form.endsOn')}
                name="recurringEndDate"
                type="date"
                min={values.date || undefined}
                {...form.text('recurringEndDate')}
              />
            </div>
          )}
        </div>
      )}

      <TextAreaField
        label={t('expenses.form.description')}
        name="description"
        maxLength={2000}
        {...form.text('description')}
      />
      <TextAreaField label={t('expenses.form.notes')} name="notes" maxLength={2000} {...form.text('notes')} />

      {failure && (
        <ErrorCard
          title={editing ? t('expenses.form.saveFailed') : t('expenses.form.createFailed')}
          message={errorMessage(failure.message)}
        />
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {editing
          ? t(busy ? 'expenses.form.saving' : 'expenses.form.save')
          : t(busy ? 'expenses.form.creating' : 'expenses.form.create')}
      </button>
    </form>
  );
}

import { z } from 'zod';
import { memoByKey } from '../memo.ts';
import { amountRule, isCurrency, maxAmount, parseAmount } from '../money.ts';
import { registerMessages, windowDate } from '../validation.ts';
import { EXPENSE_CATEGORIES, RECURRING_INTERVALS, SPLIT_TYPES } from './rules.ts';

// The rules live in expense-rules.ts (no Zod in it, so screens can use them without it); this
// module holds the schemas the routes and the expense form validate with.

export const expenseMessages = registerMessages('expense', {
  titleRequired: 'Title is required',
  amountInvalid: `Amount must be ${amountRule(2)}`,
  payerRequired: 'Choose who paid',
  splitsRequired: 'Add at least one person to split with',
  splitsDontAddUp: 'The split amounts must add up to the total amount',
  percentagesDontAddUp: 'The percentages must add up to 100%',
  duplicateMember: 'Each member can appear only once in the split',
  currencyInvalid: 'Currency must be an ISO 4217 code such as USD, EUR or JPY',
  rateInvalid: 'Exchange rate must be a number more than 0, such as 1.09',
  rateRequired: 'Enter the exchange rate for an expense in another currency',
  convertedInvalid:
    "At this exchange rate the amount in the household's currency is 0 or more than the largest amount; check the rate",
  amountForCurrency: 'amount: give the amount in the new currency when the currency changes',
} as const);

/** The amount rule for a currency with this many decimals (the 2-decimal one is registered above). */
export function amountMessage(exponent: number): string {
  return exponent === 2
    ? expenseMessages.amountInvalid
    : registerMessages({ m: `Amount must be ${amountRule(exponent)}` }).m;
}

/** An expense's own currency when it is not the household's (ISO 4217, e.g. "EUR"). */
export const expenseCurrency = z
  .string({ error: expenseMessages.currencyInvalid })
  .refine(isCurrency, expenseMessages.currencyInvalid);

/** Household units per one unit of the expense's currency: a plain decimal, kept as typed. */
export const exchangeRate = z
  .union([z.string(), z.number()], { error: expenseMessages.rateInvalid })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d{1,7}(\.\d{1,8})?$/.test(text) || !/[1-9]/.test(text)) {
      ctx.addIssue({ code: 'custom', message: expenseMessages.rateInvalid });
      return z.NEVER;
    }
    return text
      .replace(/^0+(?=\d)/, '')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  });

const amountField = (exponent: number) =>
  z.union([z.string(), z.number()], { error: amountMessage(exponent) }).transform((value, ctx) => {
    const minor = parseAmount(value, exponent);
    if (minor === null || minor <= 0 || minor > maxAmount(exponent)) {
      ctx.addIssue({ code: 'custom', message: amountMessage(exponent) });
      return z.NEVER;
    }
    return minor;
  });

const splitAmount = (exponent: number) =>
  z.union([z.string(), z.number()], { error: expenseMessages.splitsDontAddUp }).transform((value, ctx) => {
    const minor = parseAmount(value, exponent);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: expenseMessages.splitsDontAddUp });
      return z.NEVER;
    }
    return minor;
  });

const title = z
  .string({ error: expenseMessages.titleRequired })
  .trim()
  .min(1, expenseMessages.titleRequired)
  .max(120);
const optionalText = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => v?.trim() || null);
const expenseDate = windowDate('date', 'date must be a date (YYYY-MM-DD)');
const paidBy = z
  .string({ error: expenseMessages.payerRequired })
  .min(1, expenseMessages.payerRequired)
  .max(100);

const splitsList = (exponent: number) =>
  z
    .array(
      z.object({
        userId: z.string().min(1).max(100),
        amount: splitAmount(exponent),
        percent: z.number().min(0).max(100).optional(),
      }),
    )
    .min(1, expenseMessages.splitsRequired)
    .max(50)
    .superRefine((splits, ctx) => {
      const ids = splits.map((s) => s.userId);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', message: expenseMessages.duplicateMember });
    });

/** POST /api/expenses: {expense, splits} (docs/expenses.md, The expense form); amounts become cents. */
function buildExpenseSchemas(exponent: number) {
  const create = z.object({
    expense: z.object({
      title,
      amount: amountField(exponent),
      currency: expenseCurrency.optional(),
      exchangeRate: exchangeRate.optional(),
      category: z.enum(EXPENSE_CATEGORIES).default('other'),
      description: optionalText,
      notes: optionalText,
      date: expenseDate.optional(),
      splitType: z.enum(SPLIT_TYPES).default('equal'),
      paidBy,
      customSplits: z.unknown().optional(),
      isRecurring: z.boolean().default(false),
      recurringInterval: z.enum(RECURRING_INTERVALS).default('monthly'),
      recurringEndDate: windowDate(
        'recurringEndDate',
        'recurringEndDate must be a date (YYYY-MM-DD)',
      ).nullish(),
    }),
    splits: splitsList(exponent),
  });

  /**
   * PATCH /api/expenses/{id}: the fields that change, with the create rules; `splits` when the
   * shares change (an equal split may leave them out: it is split again among the same people).
   */
  const update = z.object({
    expense: z
      .object({
        title: title.optional(),
        amount: amountField(exponent).optional(),
        currency: expenseCurrency.optional(),
        exchangeRate: exchangeRate.optional(),
        category: z.enum(EXPENSE_CATEGORIES).optional(),
        description: optionalText.optional(),
        notes: optionalText.optional(),
        date: expenseDate.optional(),
        splitType: z.enum(SPLIT_TYPES).optional(),
        paidBy: paidBy.optional(),
      })
      .default({}),
    splits: splitsList(exponent).optional(),
  });
  return { create, update };
}

/**
 * The expense schemas for amounts written with `exponent` decimals (the currency the amounts are
 * in: the household's, or the expense's own when it has one).
 */
export const expenseSchemas = memoByKey(buildExpenseSchemas);

/** POST /api/expenses as a household in a 2-decimal currency sends it (the documented shape). */
export const createExpenseSchema = expenseSchemas(2).create;
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;
export const updateExpenseSchema = expenseSchemas(2).update;
export type UpdateExpenseInput = z.input<typeof updateExpenseSchema>;

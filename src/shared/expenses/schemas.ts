import { z } from 'zod';
import { parseDollarsToCents } from '../money.ts';
import { registerMessages, windowDate } from '../validation.ts';
import { EXPENSE_CATEGORIES, MAX_EXPENSE_CENTS, RECURRING_INTERVALS, SPLIT_TYPES } from './rules.ts';

// The rules live in expense-rules.ts (no Zod in it, so screens can use them without it); this
// module holds the schemas the routes and the expense form validate with.

export const expenseMessages = registerMessages({
  titleRequired: 'Title is required',
  amountInvalid: 'Amount must be more than 0 and at most 1,000,000.00, with at most 2 decimals',
  payerRequired: 'Choose who paid',
  splitsRequired: 'Add at least one person to split with',
  splitsDontAddUp: 'The split amounts must add up to the total amount',
  percentagesDontAddUp: 'The percentages must add up to 100%',
  duplicateMember: 'Each member can appear only once in the split',
} as const);

const amountField = z
  .union([z.string(), z.number()], { error: expenseMessages.amountInvalid })
  .transform((value, ctx) => {
    const cents = parseDollarsToCents(value);
    if (cents === null || cents <= 0 || cents > MAX_EXPENSE_CENTS) {
      ctx.addIssue({ code: 'custom', message: expenseMessages.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

const splitAmount = z
  .union([z.string(), z.number()], { error: expenseMessages.splitsDontAddUp })
  .transform((value, ctx) => {
    const cents = parseDollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: expenseMessages.splitsDontAddUp });
      return z.NEVER;
    }
    return cents;
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

const splitsList = z
  .array(
    z.object({
      userId: z.string().min(1).max(100),
      amount: splitAmount,
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
export const createExpenseSchema = z.object({
  expense: z.object({
    title,
    amount: amountField,
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
  splits: splitsList,
});
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;

/**
 * PATCH /api/expenses/{id}: the fields that change, with the create rules; `splits` when the
 * shares change (an equal split may leave them out: it is split again among the same people).
 */
export const updateExpenseSchema = z.object({
  expense: z
    .object({
      title: title.optional(),
      amount: amountField.optional(),
      category: z.enum(EXPENSE_CATEGORIES).optional(),
      description: optionalText.optional(),
      notes: optionalText.optional(),
      date: expenseDate.optional(),
      splitType: z.enum(SPLIT_TYPES).optional(),
      paidBy: paidBy.optional(),
    })
    .default({}),
  splits: splitsList.optional(),
});
export type UpdateExpenseInput = z.input<typeof updateExpenseSchema>;

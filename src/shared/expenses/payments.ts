// POST /api/payments as the server validates it and the payment form checks it (docs/money.md).
import { z } from 'zod';
import { parseDollarsToCents } from '../money.ts';
import { windowDate } from '../validation.ts';
import { MAX_EXPENSE_CENTS } from './rules.ts';

export const paymentMessages = {
  amountInvalid: 'Amount must be more than 0 and at most 1,000,000.00, with at most 2 decimals',
  toRequired: 'Choose who was paid',
  sameMember: 'A payment needs two different members',
} as const;

/** POST /api/payments. */
export const createPaymentSchema = z.object({
  toUserId: z.string({ error: paymentMessages.toRequired }).min(1, paymentMessages.toRequired).max(100),
  fromUserId: z.string().min(1).max(100).optional(),
  amount: z
    .union([z.string(), z.number()], { error: paymentMessages.amountInvalid })
    .transform((value, ctx) => {
      const cents = parseDollarsToCents(value);
      if (cents === null || cents <= 0 || cents > MAX_EXPENSE_CENTS) {
        ctx.addIssue({ code: 'custom', message: paymentMessages.amountInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  date: windowDate('date', 'date must be a date (YYYY-MM-DD)').optional(),
  note: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v?.trim() || null),
  clientId: z.string().min(1).max(100).optional(),
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

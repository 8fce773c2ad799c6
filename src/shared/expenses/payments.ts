// POST /api/payments as the server validates it and the payment form checks it (docs/money.md).
import { z } from 'zod';
import { memoByKey } from '../memo.ts';
import { maxAmount, parseAmount } from '../money.ts';
import { clientIdField, windowDate } from '../validation.ts';
import { amountMessage, expenseMessages } from './schemas.ts';

export const paymentMessages = {
  amountInvalid: expenseMessages.amountInvalid,
  toRequired: 'Choose who was paid',
  sameMember: 'A payment needs two different members',
} as const;

function buildPaymentSchema(exponent: number) {
  return z.object({
    toUserId: z.string({ error: paymentMessages.toRequired }).min(1, paymentMessages.toRequired).max(100),
    fromUserId: z.string().min(1).max(100).optional(),
    amount: z.union([z.string(), z.number()], { error: amountMessage(exponent) }).transform((value, ctx) => {
      const minor = parseAmount(value, exponent);
      if (minor === null || minor <= 0 || minor > maxAmount(exponent)) {
        ctx.addIssue({ code: 'custom', message: amountMessage(exponent) });
        return z.NEVER;
      }
      return minor;
    }),
    date: windowDate('date', 'date must be a date (YYYY-MM-DD)').optional(),
    note: z
      .string()
      .max(500)
      .nullish()
      .transform((v) => v?.trim() || null),
    clientId: clientIdField.optional(),
  });
}

/** POST /api/payments for amounts written with `exponent` decimals (the household's currency). */
export const paymentSchema = memoByKey(buildPaymentSchema);

/** POST /api/payments in a 2-decimal currency (the documented shape). */
export const createPaymentSchema = paymentSchema(2);
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

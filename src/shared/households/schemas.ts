import { z } from 'zod';
import { parseDollarsToCents } from '../money.ts';
import { registerMessages } from '../validation.ts';
import { INVITE_CODE_LENGTH, normalizeInviteCode } from './invites.ts';

export const HOUSEHOLD_NAME_MAX = 60;
export const MAX_RENT_CENTS = 100_000_000; // $1,000,000.00

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const householdMessages = registerMessages({
  nameRequired: 'Household name is required',
  nameTooLong: `Household name must be at most ${HOUSEHOLD_NAME_MAX} characters`,
  inviteCodeLength: 'Invite code must be 8 characters',
  rentAmount: 'Rent amount must be a non-negative amount in dollars with at most 2 decimals',
  rentDueDay: 'Rent due day must be a whole number from 1 to 31',
} as const);

const householdName = z
  .string({ error: householdMessages.nameRequired })
  .trim()
  .min(1, householdMessages.nameRequired)
  .max(HOUSEHOLD_NAME_MAX, householdMessages.nameTooLong);

export const createHouseholdSchema = z.object({ name: householdName });

export const joinHouseholdSchema = z.object({
  inviteCode: z
    .string({ error: householdMessages.inviteCodeLength })
    .transform(normalizeInviteCode)
    .refine((code) => code.length === INVITE_CODE_LENGTH, householdMessages.inviteCodeLength),
});

export { centsToDollars, parseDollarsToCents } from '../money.ts';

export const updateHouseholdSchema = z
  .object({
    name: householdName.optional(),
    rentAmount: z
      .union([z.number(), z.string(), z.null()], { error: householdMessages.rentAmount })
      .transform((value, ctx) => {
        if (value === null || value === '') return null;
        const cents = parseDollarsToCents(value);
        if (cents === null || cents > MAX_RENT_CENTS) {
          ctx.addIssue({ code: 'custom', message: householdMessages.rentAmount });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
    rentDueDay: z
      .number({ error: householdMessages.rentDueDay })
      .int(householdMessages.rentDueDay)
      .min(1, householdMessages.rentDueDay)
      .max(31, householdMessages.rentDueDay)
      .nullable()
      .optional(),
    simplifyDebts: z.boolean({ error: 'simplifyDebts must be true or false' }).optional(),
  })
  .refine(
    (v) =>
      v.name !== undefined ||
      v.rentAmount !== undefined ||
      v.rentDueDay !== undefined ||
      v.simplifyDebts !== undefined,
    { message: 'Send at least one of name, rentAmount, rentDueDay, simplifyDebts' },
  );

/** After the last admin leaves, the longest-standing member takes over (ties: lowest id). */
export function nextAdmin<M extends { userId: string; joinedAt: number }>(remaining: M[]): M | null {
  return (
    [...remaining].sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId))[0] ?? null
  );
}

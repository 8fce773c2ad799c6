import { z } from 'zod';
import { memoByKey } from '../memo.ts';
import {
  currencyExponent,
  DEFAULT_CURRENCY,
  decimalsRule,
  isCurrency,
  maxAmount,
  parseAmount,
} from '../money.ts';
import { registerMessages, registerSentence } from '../validation.ts';
import { INVITE_CODE_LENGTH, normalizeInviteCode } from './invites.ts';

export const HOUSEHOLD_NAME_MAX = 60;

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const householdMessages = registerMessages('household', {
  nameRequired: 'Household name is required',
  nameTooLong: `Household name must be at most ${HOUSEHOLD_NAME_MAX} characters`,
  inviteCodeLength: 'Invite code must be 8 characters',
  rentDueDay: 'Rent due day must be a whole number from 1 to 31',
  currencyInvalid: 'Currency must be an ISO 4217 code such as USD, EUR or JPY',
} as const);

/**
 * The rent rule in the household's currency (US dollars keep their original words), answered
 * with the code household.rent_amount and the currency and its decimals.
 */
function rentMessage(currency: string): string {
  const exponent = currencyExponent(currency);
  const unit = currency === DEFAULT_CURRENCY ? 'dollars' : currency;
  const message = `Rent amount must be a non-negative amount in ${unit} ${decimalsRule(exponent)}`;
  registerSentence(message, 'household.rent_amount', { field: 'rentAmount', currency, decimals: exponent });
  return message;
}

const currency = z
  .string({ error: householdMessages.currencyInvalid })
  .refine(isCurrency, householdMessages.currencyInvalid);

const householdName = z
  .string({ error: householdMessages.nameRequired })
  .trim()
  .min(1, householdMessages.nameRequired)
  .max(HOUSEHOLD_NAME_MAX, householdMessages.nameTooLong);

/** POST /api/households: `currency` defaults to the creator's locale's (docs/money.md, Currencies). */
export const createHouseholdSchema = z.object({ name: householdName, currency: currency.optional() });

export const joinHouseholdSchema = z.object({
  inviteCode: z
    .string({ error: householdMessages.inviteCodeLength })
    .transform(normalizeInviteCode)
    .refine((code) => code.length === INVITE_CODE_LENGTH, householdMessages.inviteCodeLength),
});

export { centsToDollars, parseDollarsToCents } from '../money.ts';

function buildUpdateSchema(rentCurrency: string) {
  const exponent = currencyExponent(rentCurrency);
  const message = rentMessage(rentCurrency);
  return z
    .object({
      name: householdName.optional(),
      currency: currency.optional(),
      rentAmount: z
        .union([z.number(), z.string(), z.null()], { error: message })
        .transform((value, ctx) => {
          if (value === null || value === '') return null;
          const minor = parseAmount(value, exponent);
          if (minor === null || minor > maxAmount(exponent)) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          return minor;
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
        v.currency !== undefined ||
        v.rentAmount !== undefined ||
        v.rentDueDay !== undefined ||
        v.simplifyDebts !== undefined,
      { message: 'Send at least one of name, currency, rentAmount, rentDueDay, simplifyDebts' },
    );
}

/**
 * PATCH /api/households/current with the rent read in `rentCurrency`: the currency the body
 * switches to, else the household's.
 */
export const householdUpdateSchema = memoByKey(buildUpdateSchema);

/** PATCH /api/households/current for a household in US dollars (the documented shape). */
export const updateHouseholdSchema = householdUpdateSchema(DEFAULT_CURRENCY);

/** After the last admin leaves, the longest-standing member takes over (ties: lowest id). */
export function nextAdmin<M extends { userId: string; joinedAt: number }>(remaining: M[]): M | null {
  return (
    [...remaining].sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId))[0] ?? null
  );
}

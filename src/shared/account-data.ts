import { z } from 'zod';
import { normalizeEmail, registerMessages } from './validation.ts';

/** 'Take everything with you' and 'Delete account' (README, Your data; decision 0009). */
export const accountDataMessages = registerMessages({
  confirmEmailRequired: 'Type your email address to confirm',
  confirmEmailMismatch: 'The email address does not match your account',
});

/** DELETE /api/auth/user: the account's own e-mail, typed again, is the confirmation. */
export const deleteAccountSchema = z.object({
  email: z
    .string({ error: accountDataMessages.confirmEmailRequired })
    .trim()
    .min(1, accountDataMessages.confirmEmailRequired)
    .max(254, accountDataMessages.confirmEmailMismatch),
});

/** Case and surrounding spaces do not matter, as at sign-in. */
export function confirmsEmail(typed: string, accountEmail: string): boolean {
  return normalizeEmail(typed) === normalizeEmail(accountEmail);
}

/** `hearth-export-2026-05-01.zip`, by the UTC day of the export. */
export function exportFileName(now: number): string {
  return `hearth-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

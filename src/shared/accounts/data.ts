import { z } from 'zod';
import { messages, normalizeEmail, PASSWORD_MAX_LENGTH, registerMessages } from '../validation.ts';

/** 'Take everything with you' and 'Delete account' (README, Your data; decision 0009). */
export const accountDataMessages = registerMessages('account_data', {
  confirmEmailRequired: 'Type your email address to confirm',
  confirmEmailMismatch: 'The email address does not match your account',
  passwordRequired: messages.passwordRequired,
  passwordIncorrect: messages.passwordIncorrect,
});

/**
 * DELETE /api/auth/user: the account's own e-mail typed again, and its current password, so a
 * session left open on someone else's screen cannot delete the account.
 */
export const deleteAccountSchema = z.object({
  email: z
    .string({ error: accountDataMessages.confirmEmailRequired })
    .trim()
    .min(1, accountDataMessages.confirmEmailRequired)
    .max(254, accountDataMessages.confirmEmailMismatch),
  password: z
    .string({ error: accountDataMessages.passwordRequired })
    .min(1, accountDataMessages.passwordRequired)
    // No password is longer, so a longer one is simply wrong.
    .max(PASSWORD_MAX_LENGTH, accountDataMessages.passwordIncorrect),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Case and surrounding spaces do not matter, as at sign-in. */
export function confirmsEmail(typed: string, accountEmail: string): boolean {
  return normalizeEmail(typed) === normalizeEmail(accountEmail);
}

/** `hearth-export-2026-05-01.zip`, by the UTC day of the export. */
export function exportFileName(now: number): string {
  return `hearth-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

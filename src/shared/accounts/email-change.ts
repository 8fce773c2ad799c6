import { z } from 'zod';
import { emailField, messages, PASSWORD_MAX_LENGTH, registerMessages } from '../validation.ts';
import { accountDataMessages } from './data.ts';

/** A confirmation link works once, within this time of being asked for (docs/accounts.md). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

export const emailChangeMessages = registerMessages('email_change', {
  linkUnknown: 'This confirmation link is not valid: it may have been copied only in part.',
  linkUsed:
    'This confirmation link can no longer be used: it was followed already, a newer change was asked for, or the password changed since.',
  linkExpired: 'This confirmation link has expired (links last a day). Ask again in Settings.',
  sameEmail: 'This is already your e-mail address',
  emailTaken: 'An account already uses this e-mail address',
  passwordRequired: messages.passwordRequired,
  passwordIncorrect: accountDataMessages.passwordIncorrect,
});

/** The 202 answer's sentence, naming the address the link went to. */
export const emailChangeSent = (email: string) =>
  `We have sent a link to ${email}. Your address changes when you follow it; the link works once, within a day.`;

/** PATCH /api/auth/email: the new address, confirmed by the current password. */
export const changeEmailSchema = z.object({
  email: emailField,
  password: z
    .string({ error: emailChangeMessages.passwordRequired })
    .min(1, emailChangeMessages.passwordRequired)
    // No password is longer, so a longer one is simply wrong.
    .max(PASSWORD_MAX_LENGTH, emailChangeMessages.passwordIncorrect),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /api/auth/email/confirm: the token of the link that went to the new address. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: emailChangeMessages.linkUnknown })
    .min(1, emailChangeMessages.linkUnknown)
    .max(100, emailChangeMessages.linkUnknown),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

export const emailChangeAnswer = z.strictObject({ message: z.string() });

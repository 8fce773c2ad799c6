import { z } from 'zod';
import {
  emailField,
  messages,
  newPasswordField,
  PASSWORD_MAX_LENGTH,
  registerMessages,
} from '../validation.ts';

/** A reset link works once, within this time of being asked for (docs/accounts.md, Passwords). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

export const passwordMessages = registerMessages('password', {
  resetSent:
    'If an account uses this address, we have sent it a link to choose a new password. The link works once, for an hour.',
  resetLinkUnknown: 'This reset link is not valid: it may have been copied only in part. Ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Ask for a new one if you need to.',
  resetLinkExpired: 'This reset link has expired (links last an hour). Ask for a new one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
});

const confirmPassword = z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired);

/** The confirmation must repeat the field it confirms; a mismatch shows under the confirmation. */
const confirms =
  <K extends string>(field: K) =>
  <S extends z.ZodObject<Record<K | 'confirmPassword', z.ZodString>>>(schema: S) =>
    schema.refine((v: Record<string, unknown>) => v[field] === v.confirmPassword, {
      message: messages.passwordsDontMatch,
      path: ['confirmPassword'],
    });

/** POST /api/auth/password-reset: where to send a link. */
export const passwordResetSchema = z.object({ email: emailField });

/** POST /api/auth/password-reset/confirm: the link's token and the new password, twice. */
export const passwordResetConfirmSchema = confirms('password')(
  z.object({
    token: z
      .string({ error: passwordMessages.resetLinkUnknown })
      .min(1, passwordMessages.resetLinkUnknown)
      .max(100, passwordMessages.resetLinkUnknown),
    password: newPasswordField,
    confirmPassword,
  }),
);
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** PATCH /api/auth/password: the current password, and the new one twice. */
export const changePasswordSchema = confirms('newPassword')(
  z.object({
    currentPassword: z
      .string({ error: passwordMessages.currentPasswordRequired })
      .min(1, passwordMessages.currentPasswordRequired)
      // No password is longer, so a longer one is simply wrong.
      .max(PASSWORD_MAX_LENGTH, passwordMessages.currentPasswordIncorrect),
    newPassword: newPasswordField,
    confirmPassword,
  }),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const passwordResetAnswer = z.strictObject({ message: z.string() });

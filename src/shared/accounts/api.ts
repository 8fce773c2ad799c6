import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { languageSetting } from '../i18n/language-setting.ts';
import {
  answerInstant,
  loginSchema,
  profileColorSchema,
  registerSchema,
  updateNamesSchema,
} from '../validation.ts';
import { deleteAccountSchema } from './data.ts';
import { changeEmailSchema, confirmEmailSchema, emailChangeAnswer } from './email-change.ts';
import {
  changePasswordSchema,
  passwordResetAnswer,
  passwordResetConfirmSchema,
  passwordResetSchema,
} from './passwords.ts';
import { sessionView } from './sessions.ts';
import { PROFILE_COLORS } from './users.ts';

/** The user object of every API answer: never a password hash (SECURITY.md, Accounts). */
export const publicUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileColor: z.enum(PROFILE_COLORS),
  /** `/api/images/<id>`, or null without a photo. */
  profileImageUrl: z.string().nullable(),
  createdAt: answerInstant,
});
export type PublicUser = z.output<typeof publicUser>;

/** The signed-in user's own answer: the public user and their settings, which others never see. */
export const currentUser = publicUser.extend({
  /** 'en', 'de' or 'es'; null follows the browser's language (docs/i18n.md). */
  language: languageSetting,
});
export type CurrentUser = z.output<typeof currentUser>;

/** PATCH /api/user: the profile colour, the language (null: the browser's), or both. */
export const updateProfileSchema = z
  .object({
    profileColor: profileColorSchema.shape.profileColor.optional(),
    language: languageSetting.optional(),
  })
  .refine((input) => input.profileColor !== undefined || input.language !== undefined, {
    message: 'Send profileColor, language or both',
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** The fields of a user that travel with what they wrote or did (and nothing more). */
export const messageAuthor = publicUser.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  profileColor: true,
  profileImageUrl: true,
});
export type MessageAuthor = z.output<typeof messageAuthor>;

const tag = 'Accounts';

export const accountsApi = {
  register: operation({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in',
    tag,
    access: 'public',
    body: registerSchema,
    responses: { 201: currentUser },
  }),
  login: operation({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with e-mail and password',
    tag,
    access: 'public',
    body: loginSchema,
    responses: { 200: currentUser },
  }),
  logout: operation({
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out: end this session',
    tag,
    access: 'public',
    responses: { 204: null },
  }),
  logoutLink: operation({
    method: 'GET',
    path: '/api/logout',
    summary: 'Sign out by following a link, then go to the start page',
    tag,
    access: 'public',
    responses: { 302: null },
  }),
  user: operation({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 when nobody is signed in)',
    tag,
    access: 'user',
    responses: { 200: currentUser },
  }),
  authUser: operation({
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user, at its other address',
    tag,
    access: 'user',
    responses: { 200: currentUser },
  }),
  updateNames: operation({
    method: 'PATCH',
    path: '/api/auth/user',
    summary: "Change the user's first and last name",
    tag,
    access: 'user',
    body: updateNamesSchema,
    responses: { 200: currentUser },
  }),
  deleteAccount: operation({
    method: 'DELETE',
    path: '/api/auth/user',
    summary: 'Delete the account, confirmed by its e-mail and password',
    tag,
    access: 'user',
    body: deleteAccountSchema,
    responses: { 204: null },
  }),
  updateProfileColor: operation({
    method: 'PATCH',
    path: '/api/user',
    summary: "Change the user's profile colour, language (null: the browser's) or both",
    tag,
    access: 'user',
    body: updateProfileSchema,
    responses: { 200: currentUser },
  }),
  uploadProfileImage: operation({
    method: 'POST',
    path: '/api/user/profile-image',
    summary: "Upload the user's profile photo",
    tag,
    access: 'user',
    body: { multipart: { profileImage: 'file' } },
    responses: { 200: currentUser },
  }),
  passwordReset: operation({
    method: 'POST',
    path: '/api/auth/password-reset',
    summary: 'E-mail a link to choose a new password (the same answer whether or not the account exists)',
    tag,
    access: 'public',
    body: passwordResetSchema,
    responses: { 202: passwordResetAnswer },
  }),
  passwordResetConfirm: operation({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    summary: "Set a new password with a reset link's token; ends every session and signs this browser in",
    tag,
    access: 'public',
    body: passwordResetConfirmSchema,
    responses: { 204: null },
  }),
  changePassword: operation({
    method: 'PATCH',
    path: '/api/auth/password',
    summary: 'Change the password, confirmed by the current one; ends every other session',
    tag,
    access: 'user',
    body: changePasswordSchema,
    responses: { 204: null },
  }),
  changeEmail: operation({
    method: 'PATCH',
    path: '/api/auth/email',
    summary:
      'Ask to change the e-mail address, confirmed by the password: a link goes to the new address, a notice to the old',
    tag,
    access: 'user',
    body: changeEmailSchema,
    responses: { 202: emailChangeAnswer },
  }),
  confirmEmail: operation({
    method: 'POST',
    path: '/api/auth/email/confirm',
    summary: 'Change the e-mail address with the token of the link sent to it; the old address is told',
    tag,
    access: 'public',
    body: confirmEmailSchema,
    responses: { 200: publicUser },
  }),
  sessions: operation({
    method: 'GET',
    path: '/api/auth/sessions',
    summary: 'Where the account is signed in: each session, the current one marked',
    tag,
    access: 'user',
    responses: { 200: z.array(sessionView) },
  }),
  endSession: operation({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    summary: 'End one session of the account (its sockets close too)',
    tag,
    access: 'user',
    params: z.object({ id: z.string().min(1).max(100) }),
    responses: { 204: null },
  }),
  endOtherSessions: operation({
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    summary: 'End every session of the account but this one',
    tag,
    access: 'user',
    responses: { 204: null },
  }),
  deleteProfileImage: operation({
    method: 'DELETE',
    path: '/api/user/profile-image',
    summary: "Remove the user's profile photo",
    tag,
    access: 'user',
    responses: { 204: null },
  }),
};

import { z } from 'zod';
import { operation } from '../api/operation.ts';
import {
  answerInstant,
  loginSchema,
  profileColorSchema,
  registerSchema,
  updateNamesSchema,
} from '../validation.ts';
import { deleteAccountSchema } from './data.ts';
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
    responses: { 201: publicUser },
  }),
  login: operation({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with e-mail and password',
    tag,
    access: 'public',
    body: loginSchema,
    responses: { 200: publicUser },
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
    responses: { 200: publicUser },
  }),
  authUser: operation({
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user, at its other address',
    tag,
    access: 'user',
    responses: { 200: publicUser },
  }),
  updateNames: operation({
    method: 'PATCH',
    path: '/api/auth/user',
    summary: "Change the user's first and last name",
    tag,
    access: 'user',
    body: updateNamesSchema,
    responses: { 200: publicUser },
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
    summary: "Change the user's profile colour",
    tag,
    access: 'user',
    body: profileColorSchema,
    responses: { 200: publicUser },
  }),
  uploadProfileImage: operation({
    method: 'POST',
    path: '/api/user/profile-image',
    summary: "Upload the user's profile photo",
    tag,
    access: 'user',
    body: { multipart: { profileImage: 'file' } },
    responses: { 200: publicUser },
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

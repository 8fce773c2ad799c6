import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { answerDate, answerInstant } from '../validation.ts';
import {
  emailInviteAnswer,
  emailInvitePreview,
  emailInviteSchema,
  sentInvitesAnswer,
} from './email-invites.ts';
import { createHouseholdSchema, joinHouseholdSchema, ROLES, updateHouseholdSchema } from './schemas.ts';

/** A member as GET /api/households/current shows it. */
export const householdMember = z.strictObject({
  id: z.string(),
  userId: z.string(),
  role: z.enum(ROLES),
  joinedAt: answerInstant,
  /** Away mode (dates, YYYY-MM-DD): chore rotation skips the member in this range. */
  awayFrom: answerDate.nullable(),
  awayUntil: answerDate.nullable(),
  user: messageAuthor,
});
export type HouseholdMember = z.output<typeof householdMember>;

/**
 * GET /api/households/current: money as a decimal string in the household's currency (as many
 * decimals as it is written with), members oldest first.
 */
export const household = z.strictObject({
  id: z.string(),
  name: z.string(),
  inviteCode: z.string(),
  /** ISO 4217: every amount of the household is in it (docs/money.md, Currencies). */
  currency: z.string(),
  rentAmount: z.string().nullable(),
  rentDueDay: z.number().int().nullable(),
  /** Which view of who owes whom the household shows and settles in (docs/money.md). */
  simplifyDebts: z.boolean(),
  createdAt: answerInstant,
  members: z.array(householdMember),
});
export type Household = z.output<typeof household>;

const tag = 'Households';

export const householdsApi = {
  create: operation({
    method: 'POST',
    path: '/api/households',
    summary: 'Create a household, with the caller as its administrator',
    tag,
    access: 'user',
    body: createHouseholdSchema,
    responses: { 201: household },
  }),
  join: operation({
    method: 'POST',
    path: '/api/households/join',
    summary: 'Join a household by its invite code',
    tag,
    access: 'user',
    body: joinHouseholdSchema,
    responses: { 200: household },
  }),
  emailInvite: operation({
    method: 'POST',
    path: '/api/households/current/invites',
    summary: 'E-mail an invite link with the household and the inviter named',
    tag,
    access: 'member',
    body: emailInviteSchema,
    responses: { 202: emailInviteAnswer },
  }),
  sentInvites: operation({
    method: 'GET',
    path: '/api/households/current/invites',
    summary: "The household's open invites by e-mail, and whether each e-mail was delivered",
    tag,
    access: 'member',
    responses: { 200: sentInvitesAnswer },
  }),
  invitePreview: operation({
    method: 'GET',
    path: '/api/invites/:token',
    summary: "An e-mailed invite's household, inviter and address, for the page its link opens",
    tag,
    access: 'public',
    params: z.object({ token: z.string().min(1).max(100) }),
    responses: { 200: emailInvitePreview },
  }),
  current: operation({
    method: 'GET',
    path: '/api/households/current',
    summary: "The caller's household, or null when they have none",
    tag,
    access: 'user',
    responses: { 200: household.nullable() },
  }),
  members: operation({
    method: 'GET',
    path: '/api/households/current/members',
    summary: 'The members of the household, oldest first',
    tag,
    access: 'member',
    responses: { 200: z.array(householdMember) },
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/households/current',
    summary: "Change the household's name, rent or how debts are shown",
    tag,
    access: 'member',
    body: updateHouseholdSchema,
    responses: { 200: household },
  }),
  leave: operation({
    method: 'POST',
    path: '/api/households/leave',
    summary: 'Leave the household',
    tag,
    access: 'member',
    responses: { 204: null },
  }),
  removeMember: operation({
    method: 'DELETE',
    path: '/api/households/members/:userId',
    summary: 'Remove a member (administrators only); the invite code changes',
    tag,
    access: 'member',
    params: z.object({ userId: z.string().min(1).max(100) }),
    responses: { 200: z.strictObject({ newInviteCode: z.string() }) },
  }),
  kickedStatus: operation({
    method: 'GET',
    path: '/api/user/kicked-status',
    summary: 'Whether an administrator removed the user from their household',
    tag,
    access: 'user',
    responses: { 200: z.strictObject({ wasKicked: z.boolean() }) },
  }),
  clearKickedFlag: operation({
    method: 'POST',
    path: '/api/user/clear-kicked-flag',
    summary: 'Forget that the user was removed, once they have been told',
    tag,
    access: 'user',
    responses: { 204: null },
  }),
  deleteAllData: operation({
    method: 'DELETE',
    path: '/api/dev/delete-all-data',
    summary: 'Delete the household and everything in it (administrators only)',
    tag,
    access: 'member',
    responses: { 204: null },
  }),
};

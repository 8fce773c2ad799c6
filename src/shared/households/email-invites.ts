import { z } from 'zod';
import { answerInstant, emailField, registerMessages } from '../validation.ts';

/** An e-mailed invite works this long; the code itself keeps working as it always did. */
export const EMAIL_INVITE_TTL_MS = 14 * 24 * 60 * 60_000;

export const emailInviteMessages = registerMessages('email_invite', {
  sent: 'Invite sent. It works for 14 days.',
  alreadyMember: 'That address belongs to a member of your household already',
  gone: 'This invite has expired or the household no longer exists',
});

/** POST /api/households/current/invites */
export const emailInviteSchema = z.object({ email: emailField });

/** What an invite link's token shows before anyone signs in: who invites whom, to where. */
export const emailInvitePreview = z.strictObject({
  householdName: z.string(),
  inviterName: z.string().nullable(),
  email: z.string(),
});
export type EmailInvitePreview = z.output<typeof emailInvitePreview>;

export const emailInviteAnswer = z.strictObject({ message: z.string() });

/** An invite's e-mail: on its way (or waiting to be tried again), handed over, or refused for good. */
export const INVITE_DELIVERY = ['sending', 'sent', 'failed'] as const;

/** The household's invites still open, newest first: shown under the form, at most this many. */
export const SENT_INVITES_SHOWN = 20;

/** GET /api/households/current/invites */
export const sentInvitesAnswer = z.strictObject({
  invites: z.array(
    z.strictObject({
      email: z.string(),
      /** The inviter's display name; null once their account is gone. */
      invitedBy: z.string().nullable(),
      sentAt: answerInstant,
      expiresAt: answerInstant,
      delivery: z.enum(INVITE_DELIVERY),
      /** Why it failed, in the mail server's words. */
      problem: z.string().nullable(),
    }),
  ),
});
export type SentInvites = z.output<typeof sentInvitesAnswer>;

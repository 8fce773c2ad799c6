import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { compose } from '../../mail/compose.ts';
import type { Mail } from '../../mail/outbox.ts';

interface Recipient {
  id: string;
  email: string;
  first_name: string;
}

/** The e-mail with a reset link; the link works once, for an hour. */
export function resetLinkMail(origin: string, user: Recipient, token: string, tokenHash: string): Mail {
  return {
    key: `password-reset:${tokenHash}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: 'Choose a new Hearth password',
      paragraphs: [
        `Hi ${user.first_name},`,
        `Someone, hopefully you, asked for a new password for the Hearth account ${user.email}. Choose one with the link below: it works once, within an hour.`,
      ],
      action: { label: 'Choose a new password', url: `${origin}${RESET_PASSWORD_PATH}?token=${token}` },
      footer: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
    }),
  };
}

/** Tells the owner their password changed, with the way back if it was not them. */
export function passwordChangedMail(origin: string, user: Recipient, now: number): Mail {
  const when = new Date(now).toISOString().replace('T', ' ').slice(0, 16);
  return {
    key: `password-changed:${user.id}:${now}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: 'Your Hearth password was changed',
      paragraphs: [
        `Hi ${user.first_name},`,
        `The password of your Hearth account ${user.email} was changed on ${when} UTC, and every other device signed in to it was signed out.`,
        'If that was not you, choose a new password now:',
      ],
      action: { label: 'Reset your password', url: `${origin}${FORGOT_PASSWORD_PATH}` },
    }),
  };
}

import { CONFIRM_EMAIL_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { compose } from '../../mail/compose.ts';
import type { Mail } from '../../mail/outbox.ts';

interface Recipient {
  id: string;
  email: string;
  first_name: string;
}

/** When something happened, to the minute, as the e-mails say it: '2026-03-11 12:00' (UTC). */
const utcMinute = (now: number) => new Date(now).toISOString().replace('T', ' ').slice(0, 16);

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
  return {
    key: `password-changed:${user.id}:${now}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: 'Your Hearth password was changed',
      paragraphs: [
        `Hi ${user.first_name},`,
        `The password of your Hearth account ${user.email} was changed on ${utcMinute(now)} UTC, and every other device signed in to it was signed out.`,
        'If that was not you, choose a new password now:',
      ],
      action: { label: 'Reset your password', url: `${origin}${FORGOT_PASSWORD_PATH}` },
    }),
  };
}

/** The link that changes the account's address, sent to the new address; it works once, for a day. */
export function confirmEmailMail(
  origin: string,
  user: Recipient,
  newEmail: string,
  token: string,
  tokenHash: string,
): Mail {
  return {
    key: `email-change:${tokenHash}`,
    to: newEmail,
    userId: user.id,
    ...compose({
      subject: 'Confirm your new Hearth e-mail address',
      paragraphs: [
        `Hi ${user.first_name},`,
        `Someone signed in to the Hearth account ${user.email} asked to use ${newEmail} for it from now on. Confirm with the link below: it works once, within a day.`,
      ],
      action: { label: 'Confirm new address', url: `${origin}${CONFIRM_EMAIL_PATH}?token=${token}` },
      footer: [
        'If you did not ask for this, ignore this e-mail: nothing changes unless the link is followed.',
      ],
    }),
  };
}

/** Tells the current address a change to another was asked for, and how to stop it. */
export function emailChangeAskedMail(
  origin: string,
  user: Recipient,
  newEmail: string,
  tokenHash: string,
): Mail {
  return {
    key: `email-change-asked:${tokenHash}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: 'A change of your Hearth e-mail address was asked for',
      paragraphs: [
        `Hi ${user.first_name},`,
        `Someone signed in to your Hearth account asked to change its e-mail address from ${user.email} to ${newEmail}. Nothing changes unless the link sent to ${newEmail} is followed.`,
        'If that was not you, choose a new password now: that cancels the change and signs every other device out.',
      ],
      action: { label: 'Choose a new password', url: `${origin}${FORGOT_PASSWORD_PATH}` },
    }),
  };
}

/** Tells the address the account no longer uses that it now uses another. */
export function emailChangedMail(
  origin: string,
  user: Recipient,
  oldEmail: string,
  newEmail: string,
  now: number,
): Mail {
  return {
    key: `email-changed:${user.id}:${now}`,
    to: oldEmail,
    userId: user.id,
    ...compose({
      subject: 'Your Hearth e-mail address was changed',
      paragraphs: [
        `Hi ${user.first_name},`,
        `On ${utcMinute(now)} UTC the Hearth account that used ${oldEmail} changed its e-mail address to ${newEmail}. Sign in with ${newEmail} from now on; e-mail from Hearth goes there.`,
        `If that was not you, write to whoever runs this Hearth server: this address can no longer be used to reset the password.`,
      ],
      action: { label: 'Open Hearth', url: origin },
    }),
  };
}

import { CONFIRM_EMAIL_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { compose } from '../../mail/compose.ts';
import { dateTag, mailLanguage } from '../../mail/locale.ts';
import type { Mail } from '../../mail/outbox.ts';

interface Recipient {
  id: string;
  email: string;
  first_name: string;
  /** Their language setting: the e-mails are written in it, else in English. */
  language: string | null;
}

/**
 * When something happened, to the minute, as the e-mails say it (UTC): '2026-03-11 12:00' in
 * English, '11.03.2026, 12:00' in German.
 */
function utcMinute(language: Language, now: number): string {
  if (language === 'en') return new Date(now).toISOString().replace('T', ' ').slice(0, 16);
  return new Intl.DateTimeFormat(dateTag(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(now);
}

/** The words of one recipient's e-mail: `t(id, values)` in their language. */
function wordsFor(user: Recipient) {
  const language = mailLanguage(user.language);
  const t = (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) =>
    translate(language, id, values);
  return { language, t, hi: t('mail.greeting', { name: user.first_name }) };
}

/** The e-mail with a reset link; the link works once, for an hour. */
export function resetLinkMail(origin: string, user: Recipient, token: string, tokenHash: string): Mail {
  const { t, hi } = wordsFor(user);
  return {
    key: `password-reset:${tokenHash}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: t('mail.reset.subject'),
      paragraphs: [hi, t('mail.reset.text', { email: user.email })],
      action: { label: t('mail.reset.action'), url: `${origin}${RESET_PASSWORD_PATH}?token=${token}` },
      footer: [t('mail.reset.footer')],
    }),
  };
}

/** Tells the owner their password changed, with the way back if it was not them. */
export function passwordChangedMail(origin: string, user: Recipient, now: number): Mail {
  const { language, t, hi } = wordsFor(user);
  return {
    key: `password-changed:${user.id}:${now}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: t('mail.passwordChanged.subject'),
      paragraphs: [
        hi,
        t('mail.passwordChanged.text', { email: user.email, time: utcMinute(language, now) }),
        t('mail.passwordChanged.notYou'),
      ],
      action: { label: t('mail.passwordChanged.action'), url: `${origin}${FORGOT_PASSWORD_PATH}` },
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
  const { t, hi } = wordsFor(user);
  return {
    key: `email-change:${tokenHash}`,
    to: newEmail,
    userId: user.id,
    ...compose({
      subject: t('mail.confirmEmail.subject'),
      paragraphs: [hi, t('mail.confirmEmail.text', { email: user.email, newEmail })],
      action: { label: t('mail.confirmEmail.action'), url: `${origin}${CONFIRM_EMAIL_PATH}?token=${token}` },
      footer: [t('mail.confirmEmail.footer')],
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
  const { t, hi } = wordsFor(user);
  return {
    key: `email-change-asked:${tokenHash}`,
    to: user.email,
    userId: user.id,
    ...compose({
      subject: t('mail.emailChangeAsked.subject'),
      paragraphs: [
        hi,
        t('mail.emailChangeAsked.text', { email: user.email, newEmail }),
        t('mail.emailChangeAsked.notYou'),
      ],
      action: { label: t('mail.reset.action'), url: `${origin}${FORGOT_PASSWORD_PATH}` },
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
  const { language, t, hi } = wordsFor(user);
  return {
    key: `email-changed:${user.id}:${now}`,
    to: oldEmail,
    userId: user.id,
    ...compose({
      subject: t('mail.emailChanged.subject'),
      paragraphs: [
        hi,
        t('mail.emailChanged.text', { time: utcMinute(language, now), oldEmail, newEmail }),
        t('mail.emailChanged.notYou'),
      ],
      action: { label: t('mail.action.openHearth'), url: origin },
    }),
  };
}

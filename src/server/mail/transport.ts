import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type Config, DEFAULT_MAIL_FROM } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What became of one try: sent, worth trying again later, or refused for good. */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

// A mail server that does not answer within these is tried again later.
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * SMTP when SMTP_URL is set (smtps:// for TLS from the start, smtp:// upgraded with STARTTLS when
 * the server offers it); otherwise each e-mail is written to the server's log with its links, so a
 * server without mail still lets people reset passwords through whoever runs it.
 */
export function createTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const from = config.mail?.from ?? DEFAULT_MAIL_FROM;
  const smtpUrl = config.mail?.smtpUrl ?? null;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info(
          { mail: { from, to: mail.to, subject: mail.subject, text: mail.text } },
          'e-mail written to the log (SMTP_URL is not set)',
        );
        return { kind: 'sent' };
      },
      close() {},
    };
  }
  const smtp = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      try {
        await smtp.sendMail({ from, ...mail });
        return { kind: 'sent' };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        const reason = error instanceof Error ? error.message : String(error);
        // 5xx: the server refuses this message for good (no such mailbox, rejected); anything
        // else (4xx, a connection that failed or timed out) may pass later.
        if (typeof code === 'number' && code >= 500) return { kind: 'failed', error: reason };
        return { kind: 'retry', error: reason };
      }
    },
    close: () => smtp.close(),
  };
}

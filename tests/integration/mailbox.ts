// A real SMTP server in the test process (smtp-server), and the messages that reach it, parsed
// as a mail program would (mailparser). Tests point SMTP_URL at it and follow the links that arrive.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { BuildOptions } from '#server/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

export interface Received {
  /** The envelope's recipients, as the server was told them. */
  to: string[];
  /** Who signed in to send it (the user of SMTP_URL), or null. */
  user: string | null;
  mail: ParsedMail;
}

/** An answer the server gives to RCPT TO instead of accepting: 4xx says later, 5xx never. */
export type Refusal = { code: number; message: string } | null;

export class Mailbox {
  readonly received: Received[] = [];
  /** Asked for each recipient; a refusal makes the server turn the message away. */
  refuse: (to: string) => Refusal = () => null;
  private waiters: { where: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  private readonly taken = new Set<Received>();

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<Mailbox> {
    let box: Mailbox | undefined;
    const server = new SMTPServer({
      // Plain SMTP on the loopback: no certificate to trust, sign-in allowed without TLS.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onRcptTo(address, _session, callback) {
        const refusal = box?.refuse(address.address) ?? null;
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData(stream, session: SMTPServerSession, callback) {
        simpleParser(stream)
          .then((mail) => {
            box?.deliver({
              to: session.envelope.rcptTo.map((r) => r.address),
              user: typeof session.user === 'string' ? session.user : null,
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    box = new Mailbox(server, (server.server.address() as AddressInfo).port);
    return box;
  }

  /** SMTP_URL for this server, signing in as `user`. */
  url(user = 'hearth', password = 'secret'): string {
    return `smtp://${user}:${password}@127.0.0.1:${this.port}`;
  }

  private deliver(received: Received): void {
    this.received.push(received);
    const index = this.waiters.findIndex((w) => w.where(received));
    if (index < 0) return;
    this.taken.add(received);
    this.waiters.splice(index, 1)[0]!.resolve(received);
  }

  /** The first message to `address` not taken yet, waiting for it if need be. */
  next(address: string, where: (r: Received) => boolean = () => true): Promise<Received> {
    const match = (r: Received) => r.to.includes(address) && where(r);
    const arrived = this.received.find((r) => !this.taken.has(r) && match(r));
    if (arrived) {
      this.taken.add(arrived);
      return Promise.resolve(arrived);
    }
    return new Promise((resolve) => this.waiters.push({ where: match, resolve }));
  }

  /** Every message to `address` so far. */
  to(address: string): Received[] {
    return this.received.filter((r) => r.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(received: Received, prefix: string): string {
  const text = received.mail.text ?? '';
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}\\S*`).exec(text);
  if (!found) throw new Error(`no link starting ${prefix} in:\n${text}`);
  return found[0];
}

/** What the e-mail tests' apps are told: links point at this origin, mail goes to the mailbox. */
export const MAIL_ORIGIN = 'https://hearth.test';

/** A mailbox, and an app on a fresh database that sends its e-mail there. */
export async function appWithMailbox(
  options: Omit<BuildOptions, 'database'> = {},
): Promise<{ box: Mailbox; t: TestApp }> {
  const box = await Mailbox.start();
  const t = await createTestApp(
    { publicOrigin: MAIL_ORIGIN, mail: { smtpUrl: box.url(), from: 'Hearth <hearth@hearth.test>' } },
    options,
  );
  return { box, t };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { ComposedMail } from './compose.ts';
import type { MailTransport } from './transport.ts';

/** An e-mail to queue; `key` names it, so one reason never sends twice ("password-reset:<hash>"). */
export interface Mail extends ComposedMail {
  key: string;
  to: string;
  /** Whose it is: queued mail goes with the account. */
  userId: string | null;
  headers?: Record<string, string>;
}

export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A claim far outlives one send; the rows of a sender that died wait this long. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 20;

/** Wait before try `attempts + 1`: a minute, doubling, at most an hour. */
export function mailRetryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

// Senders of this process by database, so queueing wakes them instead of waiting for a sweep.
const wakers = new WeakMap<Db, Set<() => void>>();
export function onMailQueued(db: Db, wake: () => void): () => void {
  const set = wakers.get(db) ?? new Set();
  wakers.set(db, set);
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Queues an e-mail and wakes this process's sender; false when one with the same key is queued
 * already. Inside a transaction, pass `wake: false` and call `wakeMailSenders` after it commits.
 * `notBefore` holds it back (quiet hours).
 */
export async function queueMail(
  db: Db,
  now: number,
  mail: Mail,
  options: { wake?: boolean; notBefore?: number } = {},
) {
  const inserted = await db
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      dedupe_key: mail.key,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      next_attempt_at: Math.max(now, options.notBefore ?? now),
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  if (options.wake !== false) wakeMailSenders(db);
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How long a refused e-mail's record stays, for Settings to show: then the sweep forgets it. */
export const FAILED_MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;

export async function deleteOldFailedMail(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('failed_at', '<', now - FAILED_MAIL_KEPT_MS)
    .execute();
}

export function wakeMailSenders(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

/**
 * Sends every e-mail that is due. Each row is claimed by a conditional UPDATE first, so two
 * senders (instances, or a sweep and a wake-up) never send one twice; every outcome is written
 * back, so a restart loses nothing. A sent e-mail is deleted (it may hold a one-time link); one
 * refused for good keeps its address, subject and reason, without its text.
 */
export async function deliverDueMail(options: {
  db: Db;
  transport: MailTransport;
  now: number;
  log?: FastifyBaseLogger;
}): Promise<number> {
  const { db, transport, now, log } = options;
  let sent = 0;
  for (;;) {
    const due = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return sent;
    let claimedAny = false;
    for (const { id } of due) {
      const claimed = await db
        .updateTable('mail_outbox')
        .set({ claimed_until: now + CLAIM_MS })
        .where('id', '=', id)
        .where('failed_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      claimedAny = true;
      const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.text_body === null || row.html_body === null) continue;
      const outcome = await transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      });
      const attempts = row.attempts + 1;
      if (outcome.kind === 'sent') {
        sent += 1;
        await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
      } else if (outcome.kind === 'retry' && attempts < MAX_MAIL_ATTEMPTS) {
        log?.warn({ attempts, error: outcome.error }, 'e-mail not sent; trying again later');
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            next_attempt_at: now + mailRetryDelay(attempts),
            claimed_until: null,
            error: outcome.error,
          })
          .where('id', '=', id)
          .execute();
      } else {
        log?.warn({ attempts, error: outcome.error }, 'e-mail could not be delivered');
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            failed_at: now,
            error: outcome.error.slice(0, 500),
            claimed_until: null,
            text_body: null,
            html_body: null,
          })
          .where('id', '=', id)
          .execute();
      }
    }
    // Everything due was another sender's: leave the rest to them.
    if (!claimedAny) return sent;
  }
}

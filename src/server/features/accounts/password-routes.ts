import type { FastifyInstance } from 'fastify';
import { accountsApi } from '#shared/accounts/api.ts';
import {
  changePasswordSchema,
  passwordMessages,
  passwordResetConfirmSchema,
  passwordResetSchema,
} from '#shared/accounts/passwords.ts';
import { normalizeEmail } from '#shared/validation.ts';
import { type Context, requireUser } from '../../auth/guards.ts';
import { findUserById } from '../../auth/members.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { addressOf, consume, emailAndAddress, LIMITS } from '../../auth/rate-limit.ts';
import { endOtherSessions, endSessions, startSession } from '../../auth/sessions.ts';
import { route } from '../../contracts/route.ts';
import { afterAnswer } from '../../http/after-answer.ts';
import { badRequest, HttpError, parse } from '../../http/errors.ts';
import { mailOrigin } from '../../mail/compose.ts';
import { queueMail } from '../../mail/outbox.ts';
import { passwordChangedMail, resetLinkMail } from './mails.ts';
import { createPasswordReset, findPasswordReset, setPassword } from './password-queries.ts';
import { findUserByEmail } from './queries.ts';

/** Forgot password, reset by link, change password (docs/accounts.md, Passwords). */
export function passwordRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, config } = ctx;

  /** Queues a reset link for the account with this e-mail, if there is one and it may have another. */
  async function sendResetLink(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    try {
      await consume(db, LIMITS.resetMailsPerEmail, email, ctx.now());
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return;
      throw error;
    }
    const { token, tokenHash } = await createPasswordReset(db, user.id, ctx.now());
    await queueMail(db, ctx.now(), resetLinkMail(mailOrigin(config), user, token, tokenHash));
  }

  route(app, accountsApi.passwordReset, async (request, reply) => {
    const { email: typed } = parse(passwordResetSchema, request.body);
    const email = normalizeEmail(typed);
    const address = addressOf(request.ip);
    await consume(db, LIMITS.resetPerAddress, address, ctx.now());
    await consume(db, LIMITS.resetPerEmailAndAddress, emailAndAddress(email, address), ctx.now());
    // Whether the account exists is looked at once the answer has left: the answer, and how long
    // it takes, are the same either way.
    afterAnswer(request, reply, 'queueing a reset link', () => sendResetLink(email));
    return reply.status(202).send({ message: passwordMessages.resetSent });
  });

  route(app, accountsApi.passwordResetConfirm, async (request, reply) => {
    const input = parse(passwordResetConfirmSchema, request.body);
    await consume(db, LIMITS.resetConfirmPerAddress, addressOf(request.ip), ctx.now());
    const reset = await findPasswordReset(db, input.token);
    if (!reset) throw badRequest(passwordMessages.resetLinkUnknown);
    if (reset.usedAt !== null) throw badRequest(passwordMessages.resetLinkUsed);
    if (reset.expiresAt <= ctx.now()) throw badRequest(passwordMessages.resetLinkExpired);
    const passwordHash = await hashPassword(input.password);
    if (!(await setPassword(db, reset.userId, passwordHash, ctx.now(), reset.tokenHash))) {
      throw badRequest(passwordMessages.resetLinkUsed);
    }
    // Whoever held a session (perhaps the reason for the reset) is signed out everywhere.
    await endSessions(db, ctx.events, { userId: reset.userId });
    await startSession(db, config, request, reply, reset.userId);
    const user = await findUserById(db, reset.userId);
    if (user) await queueMail(db, ctx.now(), passwordChangedMail(mailOrigin(config), user, ctx.now()));
    return reply.status(204).send();
  });

  route(app, accountsApi.changePassword, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const input = parse(changePasswordSchema, request.body);
    await consume(db, LIMITS.changePasswordPerUser, userId, ctx.now());
    const user = await findUserById(db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.currentPassword))) {
      throw badRequest(passwordMessages.currentPasswordIncorrect);
    }
    if (input.newPassword === input.currentPassword) throw badRequest(passwordMessages.samePassword);
    await setPassword(db, userId, await hashPassword(input.newPassword), ctx.now());
    await endOtherSessions(db, ctx.events, request, userId);
    await queueMail(db, ctx.now(), passwordChangedMail(mailOrigin(config), user, ctx.now()));
    return reply.status(204).send();
  });
}

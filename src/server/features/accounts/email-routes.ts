import type { FastifyInstance } from 'fastify';
import { accountsApi } from '#shared/accounts/api.ts';
import {
  changeEmailSchema,
  confirmEmailSchema,
  emailChangeMessages,
  emailChangeSent,
} from '#shared/accounts/email-change.ts';
import { normalizeEmail } from '#shared/validation.ts';
import { type Context, requireUser } from '../../auth/guards.ts';
import { findMembership, findUserById } from '../../auth/members.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { addressOf, consume, LIMITS } from '../../auth/rate-limit.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, conflict, parse } from '../../http/errors.ts';
import { mailOrigin } from '../../mail/compose.ts';
import { queueMail } from '../../mail/outbox.ts';
import { applyEmailChange, createEmailChange, findEmailChange } from './email-queries.ts';
import { confirmEmailMail, emailChangeAskedMail, emailChangedMail } from './mails.ts';
import { findUserByEmail, toPublicUser } from './queries.ts';

/**
 * A new address for the account, taken on only when the link sent there is followed
 * (docs/accounts.md, Changing the e-mail address).
 */
export function emailRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, config } = ctx;

  route(app, accountsApi.changeEmail, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const input = parse(changeEmailSchema, request.body);
    await consume(db, LIMITS.changeEmailPerUser, userId, ctx.now());
    const user = await findUserById(db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.password))) {
      throw badRequest(emailChangeMessages.passwordIncorrect);
    }
    const email = normalizeEmail(input.email);
    if (email === user.email) throw badRequest(emailChangeMessages.sameEmail);
    if (await findUserByEmail(db, email)) throw conflict(emailChangeMessages.emailTaken);
    const { token, tokenHash } = await createEmailChange(db, userId, email, ctx.now());
    const origin = mailOrigin(config);
    await queueMail(db, ctx.now(), confirmEmailMail(origin, user, email, token, tokenHash));
    await queueMail(db, ctx.now(), emailChangeAskedMail(origin, user, email, tokenHash));
    return reply.status(202).send({ message: emailChangeSent(email) });
  });

  // Public: the link may be opened in a browser nobody is signed in on.
  route(app, accountsApi.confirmEmail, async (request) => {
    const { token } = parse(confirmEmailSchema, request.body);
    await consume(db, LIMITS.confirmEmailPerAddress, addressOf(request.ip), ctx.now());
    const change = await findEmailChange(db, token);
    if (!change) throw badRequest(emailChangeMessages.linkUnknown);
    if (change.usedAt !== null) throw badRequest(emailChangeMessages.linkUsed);
    if (change.expiresAt <= ctx.now()) throw badRequest(emailChangeMessages.linkExpired);
    const applied = await applyEmailChange(db, change, ctx.now());
    if (applied === 'used') throw badRequest(emailChangeMessages.linkUsed);
    if (applied === 'taken') throw conflict(emailChangeMessages.emailTaken);
    const user = await findUserById(db, change.userId);
    if (!user) throw badRequest(emailChangeMessages.linkUnknown);
    await queueMail(
      db,
      ctx.now(),
      emailChangedMail(mailOrigin(config), user, applied.oldEmail, change.newEmail, ctx.now()),
    );
    // Whoever this browser is signed in as (if anyone), the answers cached for the account whose
    // address changed are the ones to drop (cache/invalidation.ts).
    const membership = await findMembership(db, change.userId);
    request.writer = { userId: change.userId, householdId: membership?.householdId ?? null };
    return toPublicUser(user);
  });
}

import type { FastifyInstance } from 'fastify';
import { accountsApi, updateProfileSchema } from '#shared/accounts/api.ts';
import { accountDataMessages, confirmsEmail, deleteAccountSchema } from '#shared/accounts/data.ts';
import { SIGNED_IN_COOKIE } from '#shared/accounts/session-cookie.ts';
import { toAuthor } from '#shared/messages/rules.ts';
import { loginSchema, normalizeEmail, registerSchema, updateNamesSchema } from '#shared/validation.ts';
import { type Context, requireUser } from '../../auth/guards.ts';
import { findUserById } from '../../auth/members.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { addressOf, consume, countAttempt, emailAndAddress, LIMITS } from '../../auth/rate-limit.ts';
import {
  clearSessionCookies,
  endSession,
  endSessions,
  type readSession,
  startSession,
} from '../../auth/sessions.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, conflict, HttpError, parse, unauthorized } from '../../http/errors.ts';
import { isCrossSite } from '../../http/security.ts';
import { processImage } from '../images/process.ts';
import { insertImage } from '../images/queries.ts';
import { readImageUpload } from '../images/upload.ts';
import { getMessage } from '../messages/queries.ts';
import { deleteAccount } from './delete-account.ts';
import {
  createUser,
  findUserByEmail,
  getCurrentUser,
  replaceProfileImage,
  toCurrentUser,
  updateLanguage,
  updateNames,
  updateProfileColor,
} from './queries.ts';

export function accountRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, config } = ctx;

  route(app, accountsApi.register, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const email = normalizeEmail(input.email);
    await consume(
      db,
      { ...LIMITS.registerPerAddress, max: config.signupsPerAddressPerHour },
      addressOf(request.ip),
      ctx.now(),
    );
    await consume(db, LIMITS.registerPerEmail, email, ctx.now());
    if (await findUserByEmail(db, email)) throw conflict('auth.user_exists');
    const passwordHash = await hashPassword(input.password);
    const user = await createUser(db, {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    if (!user) throw conflict('auth.user_exists');
    await startSession(db, config, request, reply, user.id);
    return reply.status(201).send(toCurrentUser(user));
  });

  route(app, accountsApi.login, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const email = normalizeEmail(input.email);
    const address = addressOf(request.ip);
    const attempt = await countAttempt(
      db,
      [
        [LIMITS.loginPerAddress, address],
        [LIMITS.loginPerEmailAndAddress, emailAndAddress(email, address)],
      ],
      ctx.now(),
    );
    const user = await findUserByEmail(db, email);
    const ok = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !ok) throw unauthorized('auth.invalid_credentials');
    await attempt.succeeded();
    await startSession(db, config, request, reply, user.id);
    return toCurrentUser(user);
  });

  route(app, accountsApi.logout, async (request, reply) => {
    await endSession(db, ctx.events, request, reply);
    return reply.status(204).send();
  });

  // A full navigation (docs/client.md, Requests). Another site cannot sign a user out by linking here.
  // It ends a session, so it drops cached sessions like any write (cache/invalidation.ts).
  route(
    app,
    accountsApi.logoutLink,
    async (request, reply) => {
      if (!isCrossSite(config, request)) await endSession(db, ctx.events, request, reply);
      return reply.redirect('/', 302);
    },
    { config: { writes: true } },
  );

  // 401 is how the web app learns nobody is signed in (docs/client.md, Requests). A signed-in
  // cookie that outlived its session (ended on the server) goes with that answer (decision 0012).
  const currentUser = async (
    request: Parameters<typeof readSession>[2],
    reply: Parameters<typeof readSession>[3],
  ) => {
    try {
      return await getCurrentUser(db, await requireUser(ctx, request, reply));
    } catch (error) {
      const signedOut = error instanceof HttpError && error.statusCode === 401;
      if (signedOut && request.cookies[SIGNED_IN_COOKIE] !== undefined) clearSessionCookies(reply);
      throw error;
    }
  };
  route(app, accountsApi.user, (request, reply) => currentUser(request, reply));
  route(app, accountsApi.authUser, (request, reply) => currentUser(request, reply));

  /**
   * The user as they are now, told to their household: every member's screens show their name,
   * colour and photo (docs/client.md, Live channel).
   */
  const announceProfile = async (userId: string) => {
    const user = await getCurrentUser(db, userId);
    await ctx.events.toHouseholdOf(userId, { type: 'member_updated', user: toAuthor(user) });
    return user;
  };

  route(app, accountsApi.updateNames, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const input = parse(updateNamesSchema, request.body);
    await updateNames(db, userId, input.firstName, input.lastName);
    return announceProfile(userId);
  });

  // Deleting the account: the e-mail typed again and the password confirm it (README, Your data;
  // decision 0009). Every try counts; a successful one takes its counter away with the account.
  route(app, accountsApi.deleteAccount, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const { email, password } = parse(deleteAccountSchema, request.body);
    await consume(db, LIMITS.deleteAccountPerUser, userId, ctx.now());
    const user = await findUserById(db, userId);
    if (!user || !confirmsEmail(email, user.email))
      throw badRequest(accountDataMessages.confirmEmailMismatch);
    if (!(await verifyPassword(user.password_hash, password)))
      throw badRequest(accountDataMessages.passwordIncorrect);
    const deleted = await deleteAccount(db, userId);
    clearSessionCookies(reply);
    // The sessions went with the account; their sockets, on every instance, go now.
    await endSessions(db, ctx.events, { userId });
    if (deleted?.householdId) {
      const { householdId, ended } = deleted;
      await ctx.events.toUser(userId, { type: 'member_left', userId });
      for (const id of ended.messageIds) {
        const message = await getMessage(db, householdId, id);
        if (message) await ctx.events.toHousehold(householdId, { type: 'new_message', message });
      }
      await ctx.events.toHousehold(householdId, { type: 'member_left', userId });
      if (ended.choresMoved > 0) await ctx.events.toHousehold(householdId, { type: 'chore_updated' });
    }
    return reply.status(204).send();
  });

  route(app, accountsApi.updateProfileColor, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const input = parse(updateProfileSchema, request.body);
    if (input.language !== undefined) await updateLanguage(db, userId, input.language);
    if (input.profileColor === undefined) return getCurrentUser(db, userId);
    await updateProfileColor(db, userId, input.profileColor);
    return announceProfile(userId);
  });

  route(app, accountsApi.uploadProfileImage, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const buffer = await readImageUpload(request, 'profileImage');
    const image = await processImage(buffer);
    const imageId = await insertImage(db, userId, image, 'profile');
    await replaceProfileImage(db, userId, imageId);
    return announceProfile(userId);
  });

  route(app, accountsApi.deleteProfileImage, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    await replaceProfileImage(db, userId, null);
    await announceProfile(userId);
    return reply.status(204).send();
  });
}

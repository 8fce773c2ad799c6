import type { FastifyInstance } from 'fastify';
import { householdsApi } from '#shared/households/api.ts';
import {
  createHouseholdSchema,
  householdUpdateSchema,
  joinHouseholdSchema,
} from '#shared/households/schemas.ts';
import { acceptedTags } from '#shared/i18n/languages.ts';
import { currencyForLocale, isCurrency } from '#shared/money.ts';
import { type Context, requireAdmin, requireMember, requireUser } from '../../auth/guards.ts';
import { findMembership } from '../../auth/members.ts';
import { addressOf, countAttempt, LIMITS } from '../../auth/rate-limit.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, conflict, notFound, parse } from '../../http/errors.ts';
import { logActivity, nameToken } from '../activity/queries.ts';
import { getMessage } from '../messages/queries.ts';
import { notifyMembership } from '../push/notify.ts';
import {
  AlreadyInHousehold,
  changeCurrency,
  clearKickedFlag,
  createHousehold,
  deleteHousehold,
  findHouseholdByInviteCode,
  getHousehold,
  getInviteCode,
  householdCurrency,
  joinHousehold,
  leaveHousehold,
  listMembers,
  readKickedFlag,
  removeMember,
  updateHousehold,
} from './queries.ts';

// Codes of src/shared/api-errors.ts.
const ALREADY_IN_ONE = 'household.already_in_one';
const ALREADY_MEMBER = 'household.already_member';
const CURRENCY_LOCKED = 'household.currency_locked';

/** The household as it is now; one deleted meanwhile (its last member left) is a 404. */
function householdOrGone<H>(household: H | null | undefined): H {
  if (!household) throw notFound('household.none');
  return household;
}

export function householdRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  /** Someone joined or left: in the activity feed, with their name as it is now. */
  const logMembership = async (
    householdId: string,
    userId: string,
    kind: 'member_joined' | 'member_left',
  ) => {
    // The last member to leave takes the household, and its activity, with them.
    if (!(await getHousehold(db, householdId))) return;
    const name = nameToken(userId);
    await logActivity(
      db,
      events,
      {
        householdId,
        actorId: userId,
        kind,
        subject: { type: 'member', id: userId },
        summary: kind === 'member_joined' ? `${name} joined` : `${name} left`,
      },
      ctx.now(),
    );
  };

  /** Publishes the system messages written by a membership change. */
  const announce = async (householdId: string, messageIds: (string | null)[]) => {
    for (const id of messageIds) {
      const message = id ? await getMessage(db, householdId, id) : null;
      if (message) await events.toHousehold(householdId, { type: 'new_message', message });
    }
  };

  // Routes after which the writer may be in another household, or in none (cache/invalidation.ts).
  const MEMBERSHIP_CHANGES = { config: { membership: true } };

  route(
    app,
    householdsApi.create,
    async (request, reply) => {
      const userId = await requireUser(ctx, request, reply);
      const { name, currency } = parse(createHouseholdSchema, request.body);
      try {
        const householdId = await createHousehold(
          db,
          userId,
          name,
          currency ?? currencyForLocale(acceptedTags(request.headers['accept-language'])[0]),
        );
        return reply.status(201).send(await getHousehold(db, householdId));
      } catch (error) {
        if (error instanceof AlreadyInHousehold) throw conflict(ALREADY_IN_ONE);
        throw error;
      }
    },
    MEMBERSHIP_CHANGES,
  );

  /**
   * Why a member cannot join: their own household's code is the only one told apart, and no
   * other code is looked up, so a member learns nothing about which codes exist.
   */
  const alreadyIn = async (householdId: string, inviteCode: string) =>
    (await getInviteCode(db, householdId)) === inviteCode ? ALREADY_MEMBER : ALREADY_IN_ONE;

  route(
    app,
    householdsApi.join,
    async (request, reply) => {
      const userId = await requireUser(ctx, request, reply);
      const { inviteCode } = parse(joinHouseholdSchema, request.body);
      // Only failed joins count: they are how invite codes would be guessed.
      const attempt = await countAttempt(
        db,
        [
          [LIMITS.joinPerUser, userId],
          [LIMITS.joinPerAddress, addressOf(request.ip)],
        ],
        ctx.now(),
      );
      const current = await findMembership(db, userId);
      if (current) throw conflict(await alreadyIn(current.householdId, inviteCode));
      const household = await findHouseholdByInviteCode(db, inviteCode);
      if (!household) throw notFound('household.invalid_invite_code');
      let messageId: string | null;
      try {
        messageId = await joinHousehold(db, userId, household.id);
      } catch (error) {
        if (error instanceof AlreadyInHousehold) throw conflict(ALREADY_IN_ONE);
        throw error;
      }
      await attempt.succeeded();
      await announce(household.id, [messageId]);
      await events.toHousehold(household.id, { type: 'member_joined', userId });
      await logMembership(household.id, userId, 'member_joined');
      await notifyMembership(ctx, household.id, 'joined', userId, userId);
      return householdOrGone(await getHousehold(db, household.id));
    },
    MEMBERSHIP_CHANGES,
  );

  // null, not 404: having no household is a normal state the web app shows.
  route(app, householdsApi.current, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const membership = await findMembership(db, userId);
    return membership ? getHousehold(db, membership.householdId) : null;
  });

  route(app, householdsApi.members, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return listMembers(db, member.householdId);
  });

  route(app, householdsApi.update, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const current = await householdCurrency(db, member.householdId);
    const asked = (request.body as { currency?: unknown } | null)?.currency;
    // The rent is read in the currency the household switches to, when it switches.
    const input = parse(householdUpdateSchema(isCurrency(asked) ? asked : current), request.body);
    const before =
      input.simplifyDebts === undefined && input.currency === undefined
        ? null
        : await getHousehold(db, member.householdId);
    if (input.currency !== undefined && input.currency !== current) {
      if (!(await changeCurrency(db, member.householdId, input.currency))) throw conflict(CURRENCY_LOCKED);
      await logActivity(
        db,
        events,
        {
          householdId: member.householdId,
          actorId: member.userId,
          kind: 'setting_changed',
          subject: { type: 'household', id: member.householdId },
          summary: `Currency changed to ${input.currency}`,
          changes: [{ field: 'Currency', before: current, after: input.currency }],
        },
        ctx.now(),
      );
    }
    await updateHousehold(db, member.householdId, {
      name: input.name,
      rentAmountCents: input.rentAmount,
      rentDueDay: input.rentDueDay,
      simplifyDebts: input.simplifyDebts,
    });
    await events.toHousehold(member.householdId, { type: 'household_updated' });
    // Any member may switch how debts are shown; everyone sees who did.
    if (before && input.simplifyDebts !== undefined && before.simplifyDebts !== input.simplifyDebts) {
      const on = input.simplifyDebts;
      await logActivity(
        db,
        events,
        {
          householdId: member.householdId,
          actorId: member.userId,
          kind: 'setting_changed',
          subject: { type: 'household', id: member.householdId },
          summary: `Simplify debts turned ${on ? 'on' : 'off'}`,
          changes: [{ field: 'Simplify debts', before: on ? 'Off' : 'On', after: on ? 'On' : 'Off' }],
        },
        ctx.now(),
      );
    }
    return householdOrGone(await getHousehold(db, member.householdId));
  });

  route(
    app,
    householdsApi.leave,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const ended = await leaveHousehold(db, member);
      // The leaver's own sockets stop receiving household events at once.
      await events.toUser(member.userId, { type: 'member_left', userId: member.userId });
      await announce(member.householdId, ended.messageIds);
      await events.toHousehold(member.householdId, { type: 'member_left', userId: member.userId });
      await logMembership(member.householdId, member.userId, 'member_left');
      await notifyMembership(ctx, member.householdId, 'left', member.userId, member.userId);
      if (ended.choresMoved > 0) await events.toHousehold(member.householdId, { type: 'chore_updated' });
      return reply.status(204).send();
    },
    MEMBERSHIP_CHANGES,
  );

  route(
    app,
    householdsApi.removeMember,
    async (request, reply) => {
      const admin = await requireAdmin(ctx, request, reply);
      const { userId } = parse(householdsApi.removeMember.params, request.params);
      if (userId === admin.userId) throw badRequest('household.cannot_remove_self');
      const removed = await removeMember(db, admin.householdId, admin.userId, userId);
      if (!removed) throw notFound('household.no_such_member');
      await events.toUser(userId, { type: 'user_kicked', householdId: admin.householdId });
      await announce(admin.householdId, removed.messageIds);
      if (removed.choresMoved > 0) await events.toHousehold(admin.householdId, { type: 'chore_updated' });
      await events.toHousehold(admin.householdId, { type: 'member_removed', userId });
      await notifyMembership(ctx, admin.householdId, 'removed', userId, admin.userId);
      return { newInviteCode: removed.newInviteCode };
    },
    MEMBERSHIP_CHANGES,
  );

  route(app, householdsApi.kickedStatus, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    return { wasKicked: await readKickedFlag(db, userId) };
  });

  route(app, householdsApi.clearKickedFlag, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    await clearKickedFlag(db, userId);
    return reply.status(204).send();
  });

  route(app, householdsApi.deleteAllData, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    await deleteHousehold(db, admin.householdId);
    await events.toHousehold(admin.householdId, { type: 'household_updated' });
    return reply.status(204).send();
  });
}

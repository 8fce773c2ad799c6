import type { FastifyInstance } from 'fastify';
import { displayName } from '#shared/accounts/users.ts';
import { householdsApi } from '#shared/households/api.ts';
import {
  EMAIL_INVITE_TTL_MS,
  emailInviteMessages,
  SENT_INVITES_SHOWN,
} from '#shared/households/email-invites.ts';
import { INVITE_TOKEN_PARAM, inviteLink } from '#shared/households/invites.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import { acceptedTags, isLanguage, negotiateLanguage } from '#shared/i18n/languages.ts';
import { normalizeEmail } from '#shared/validation.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { findUserById } from '../../auth/members.ts';
import { consume, LIMITS } from '../../auth/rate-limit.ts';
import { hashToken, newSecretToken } from '../../auth/sessions.ts';
import { route } from '../../contracts/route.ts';
import { conflict, notFound, parse } from '../../http/errors.ts';
import { compose, mailOrigin } from '../../mail/compose.ts';
import { queueMail } from '../../mail/outbox.ts';
import { getHousehold } from './queries.ts';

const inviteMailKey = (tokenHash: string) => `household-invite:${tokenHash}`;

/** Invites by e-mail: the link names the household and the inviter (docs/households.md, Invites). */
export function emailInviteRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, config } = ctx;

  route(app, householdsApi.emailInvite, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const email = normalizeEmail(parse(householdsApi.emailInvite.body, request.body).email);
    const household = await getHousehold(db, member.householdId);
    if (!household) throw notFound('household.none');
    if (household.members.some((m) => normalizeEmail(m.user.email) === email)) {
      throw conflict(emailInviteMessages.alreadyMember);
    }
    await consume(db, LIMITS.emailInvitesPerUser, member.userId, ctx.now());
    const inviter = await findUserById(db, member.userId);
    const { token, tokenHash } = newSecretToken();
    await db
      .insertInto('household_invites')
      .values({
        token_hash: tokenHash,
        household_id: household.id,
        invited_by: member.userId,
        email,
        created_at: ctx.now(),
        expires_at: ctx.now() + EMAIL_INVITE_TTL_MS,
      })
      .execute();
    // The invitee has no account yet: the e-mail speaks the inviter's language (their setting,
    // else the browser they are inviting from).
    const language = isLanguage(inviter?.language)
      ? inviter.language
      : negotiateLanguage(acceptedTags(request.headers['accept-language']));
    const t = (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) =>
      translate(language, id, values);
    const from = inviter
      ? displayName({ firstName: inviter.first_name, lastName: inviter.last_name })
      : t('mail.invite.aRoommate');
    const names = { from, household: household.name };
    const link = `${inviteLink(mailOrigin(config), household.inviteCode)}?${INVITE_TOKEN_PARAM}=${token}`;
    await queueMail(db, ctx.now(), {
      key: inviteMailKey(tokenHash),
      to: email,
      userId: null,
      ...compose({
        subject: t('mail.invite.subject', names),
        from: household.name,
        paragraphs: [t('mail.invite.text', names), t('mail.invite.how')],
        action: { label: t('mail.invite.action', names), url: link },
        footer: [t('mail.invite.footer', names)],
      }),
    });
    return reply.status(202).send({ message: emailInviteMessages.sent });
  });

  route(app, householdsApi.sentInvites, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const invites = await db
      .selectFrom('household_invites as i')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .select(['i.token_hash', 'i.email', 'i.created_at', 'i.expires_at', 'u.first_name', 'u.last_name'])
      .where('i.household_id', '=', member.householdId)
      .where('i.expires_at', '>', ctx.now())
      .orderBy('i.created_at', 'desc')
      .limit(SENT_INVITES_SHOWN)
      .execute();
    // A sent e-mail leaves the outbox; one still there is on its way or was refused.
    const waiting = new Map(
      invites.length === 0
        ? []
        : (
            await db
              .selectFrom('mail_outbox')
              .select(['dedupe_key', 'failed_at', 'error'])
              .where(
                'dedupe_key',
                'in',
                invites.map((i) => inviteMailKey(i.token_hash)),
              )
              .execute()
          ).map((m) => [m.dedupe_key, m]),
    );
    return {
      invites: invites.map((invite) => {
        const mail = waiting.get(inviteMailKey(invite.token_hash));
        const failed = mail !== undefined && mail.failed_at !== null;
        return {
          email: invite.email,
          invitedBy:
            invite.first_name === null
              ? null
              : displayName({ firstName: invite.first_name, lastName: invite.last_name ?? '' }),
          sentAt: new Date(Number(invite.created_at)).toISOString(),
          expiresAt: new Date(Number(invite.expires_at)).toISOString(),
          delivery: failed ? ('failed' as const) : mail ? ('sending' as const) : ('sent' as const),
          problem: failed ? (mail.error ?? 'The mail server refused it') : null,
        };
      }),
    };
  });

  route(app, householdsApi.invitePreview, async (request) => {
    const { token } = parse(householdsApi.invitePreview.params, request.params);
    const invite = await db
      .selectFrom('household_invites as i')
      .innerJoin('households as h', 'h.id', 'i.household_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .select(['h.name as householdName', 'i.email', 'i.expires_at', 'u.first_name', 'u.last_name'])
      .where('i.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!invite || Number(invite.expires_at) <= ctx.now()) throw notFound(emailInviteMessages.gone);
    return {
      householdName: invite.householdName,
      inviterName:
        invite.first_name === null
          ? null
          : displayName({ firstName: invite.first_name, lastName: invite.last_name ?? '' }),
      email: invite.email,
    };
  });
}

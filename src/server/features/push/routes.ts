import { randomUUID } from 'node:crypto';
import type https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { translate } from '#shared/i18n/catalogs.ts';
import { pushApi } from '#shared/push/api.ts';
import {
  EMAIL_NOTIFICATION_LABELS,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  unsubscribeSchema,
} from '#shared/push/notifications.ts';
import { type Context, requireMember, requireUser } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, conflict, notFound, parse } from '../../http/errors.ts';
import { enqueueLocalized } from './localized.ts';
import { setPushLogger } from './notify.ts';
import {
  deleteSubscription,
  readSettings,
  saveSubscription,
  subscriptionsOf,
  switchOffEmail,
  undeliverableMail,
  vapidKeys,
  writeSettings,
} from './queries.ts';
import { SNOOZE_MS } from './reminders.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';
import { PUSH_SWEEP_INTERVAL_MS, startPushWorker } from './worker.ts';

export interface PushOptions {
  /** How often reminders are swept and retries sent (ms); null: never (tests sweep by hand). */
  intervalMs?: number | null;
  /** HTTPS agent for push services; tests pass one that trusts their local endpoint's certificate. */
  agent?: https.Agent;
}

/** Web Push: the routes of the notifications contract, and this instance's sender. */
export function pushRoutes(app: FastifyInstance, ctx: Context, options: PushOptions = {}): void {
  const { db } = ctx;
  setPushLogger(db, app.log);
  if (options.intervalMs !== null) {
    const worker = startPushWorker({
      db,
      config: ctx.config,
      now: ctx.now,
      intervalMs: options.intervalMs ?? PUSH_SWEEP_INTERVAL_MS,
      agent: options.agent,
      log: app.log,
    });
    app.addHook('preClose', () => worker.stop());
  }

  route(app, pushApi.publicKey, async (request, reply) => {
    await requireUser(ctx, request, reply);
    return { publicKey: (await vapidKeys(db, ctx.config, ctx.now())).publicKey };
  });

  route(app, pushApi.subscribe, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const subscription = parse(pushSubscriptionSchema, request.body);
    const id = await saveSubscription(db, userId, subscription, ctx.now());
    if (!id) throw conflict('push.endpoint_taken');
    return reply.status(201).send({ id });
  });

  route(app, pushApi.unsubscribe, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const { endpoint } = parse(unsubscribeSchema, request.body);
    await deleteSubscription(db, userId, endpoint);
    return reply.status(204).send();
  });

  route(app, pushApi.test, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    if ((await subscriptionsOf(db, [userId])).length === 0) throw notFound('push.no_subscription');
    const sent = await enqueueLocalized(db, ctx.now(), [userId], (language) => ({
      key: `test:${randomUUID()}`,
      payload: {
        title: 'Hearth',
        body: translate(language, 'mail.push.test.body'),
        type: 'test',
        tag: 'test',
        url: '/',
      },
    }));
    return { sent };
  });

  route(app, pushApi.settings, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    return {
      ...(await readSettings(db, userId)),
      undeliverable: await undeliverableMail(db, userId, ctx.now()),
    };
  });

  route(app, pushApi.saveSettings, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const settings = parse(notificationSettingsSchema, request.body);
    const saved = await writeSettings(db, userId, settings, ctx.now());
    return { ...saved, undeliverable: await undeliverableMail(db, userId, ctx.now()) };
  });

  // The one-click unsubscribe is posted by mail providers from their own servers, as a form
  // (RFC 8058); the token in the address is all it needs, so the body is not read.
  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    const linkOf = async (query: unknown) => {
      const parsed = pushApi.unsubscribeInfo.query.safeParse(query);
      const link = parsed.success ? await readUnsubscribeToken(db, parsed.data.token) : null;
      if (!link) throw badRequest('push.unsubscribe_invalid');
      return link;
    };

    route(scoped, pushApi.unsubscribeInfo, async (request) => {
      const { userId, type } = await linkOf(request.query);
      const settings = await readSettings(db, userId);
      return { type, label: EMAIL_NOTIFICATION_LABELS[type], subscribed: settings.email[type] };
    });

    route(scoped, pushApi.unsubscribeEmail, async (request) => {
      const { userId, type } = await linkOf(request.query);
      await switchOffEmail(db, userId, type, ctx.now());
      return { type, label: EMAIL_NOTIFICATION_LABELS[type], subscribed: false };
    });
  });

  route(app, pushApi.snooze, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(pushApi.snooze.params, request.params);
    const remindAt = ctx.now() + SNOOZE_MS;
    const result = await db
      .updateTable('chores')
      .set({ remind_again_at: remindAt })
      .where('id', '=', id)
      .where('household_id', '=', member.householdId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('chore.not_found');
    return { remindAt: new Date(remindAt).toISOString() };
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { currencyExponent, parseAmount } from '#shared/money.ts';
import {
  clip,
  type EmailNotificationType,
  type NotificationType,
  PUSH_BODY_MAX,
} from '#shared/push/notifications.ts';
import type { Context } from '../../auth/guards.ts';
import type { Db } from '../../db/database.ts';
import { mailOrigin } from '../../mail/compose.ts';
import { moneyIn } from '../../mail/locale.ts';
import { enqueueLocalized } from './localized.ts';
import { queueNoticeMail } from './notice-mail.ts';
import { enqueue } from './outbox.ts';
import { settingsAndDevicesOf } from './queries.ts';

/**
 * What the feature routes call after their write has committed and their event is published:
 * each function works out who should hear about it (never the one who did it) and queues the
 * pushes, and the e-mails of those who asked for them. A failure here is logged and swallowed:
 * the user's action has already succeeded.
 */

const loggers = new WeakMap<Db, FastifyBaseLogger>();
export function setPushLogger(db: Db, log: FastifyBaseLogger): void {
  loggers.set(db, log);
}

async function guarded(ctx: Context, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    loggers.get(ctx.db)?.warn({ err: error }, `could not queue the ${what} push`);
  }
}

export async function memberIds(db: Db, householdId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The household's members other than `except` who have at least one device to push to. */
async function membersWithDevices(db: Db, householdId: string, except: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('household_members as m')
    .innerJoin('push_subscriptions as s', 's.user_id', 'm.user_id')
    .select('m.user_id')
    .distinct()
    .where('m.household_id', '=', householdId)
    .execute();
  return rows.map((r) => r.user_id).filter((id) => id !== except);
}

export async function householdName(db: Db, householdId: string): Promise<string> {
  const row = await db
    .selectFrom('households')
    .select('name')
    .where('id', '=', householdId)
    .executeTakeFirst();
  return row?.name ?? 'Hearth';
}

/** A user's name; null when they are gone ("Someone", in the reader's language). */
async function nameOf(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('users')
    .select(['first_name as firstName', 'last_name as lastName', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? displayName(row) : null;
}

/**
 * Who among `userIds` could get this kind of notice at all: an e-mail switched on, or a push
 * switched on with a device to send it to. One read for everyone, so that the work per person
 * (language, wording, queueing) is done only for those it can reach.
 */
async function reachable(
  db: Db,
  userIds: string[],
  type: NotificationType & EmailNotificationType,
): Promise<{ mail: Set<string>; push: Set<string> }> {
  if (userIds.length === 0) return { mail: new Set(), push: new Set() };
  const { settings, withDevice } = await settingsAndDevicesOf(db, userIds);
  const mail = new Set(userIds.filter((id) => settings.get(id)?.email[type]));
  const push = new Set(
    userIds.filter((id) => withDevice.has(id) && settings.get(id)?.enabled && settings.get(id)?.types[type]),
  );
  return { mail, push };
}

/** A chat message: every other member. */
export function notifyMessage(ctx: Context, message: ChatMessage): Promise<void> {
  return guarded(ctx, 'message', async () => {
    const authorName = displayName(message.user);
    // Most households have no device to push to: then one read is all it costs.
    const recipients = await membersWithDevices(ctx.db, message.householdId, message.userId);
    if (recipients.length === 0) return;
    await enqueue(ctx.db, ctx.now(), recipients, {
      key: `message:${message.id}`,
      payload: {
        title: await householdName(ctx.db, message.householdId),
        // A photo without text says so with a camera, in no language.
        body: clip(
          `${authorName}: ${clip(message.content || (message.photo ? '📷' : ''), 100)}`,
          PUSH_BODY_MAX,
        ),
        type: 'message',
        tag: `message-${message.householdId}`,
        url: '/messages',
      },
    });
  });
}

/**
 * Chores assigned to someone by someone else: new chores, reassignments, and the next occurrence
 * a completion hands on by rotation. `previousAssignee` is who had it before (undefined: new).
 */
export function notifyChoreAssigned(
  ctx: Context,
  actorId: string,
  chore: ChoreView,
  previousAssignee?: string | null,
): Promise<void> {
  return guarded(ctx, 'chore', async () => {
    const to = chore.assignedTo;
    if (!to || to === actorId || to === previousAssignee || chore.status === 'done') return;
    const actor = await nameOf(ctx.db, actorId);
    await enqueueLocalized(ctx.db, ctx.now(), [to], (language) => ({
      key: `chore-assigned:${chore.id}:${to}`,
      payload: {
        title: translate(language, 'mail.push.choreAssigned.title'),
        body: clip(
          translate(language, 'mail.push.choreAssigned.body', {
            name: actor ?? translate(language, 'mail.someone'),
            title: chore.title,
          }),
          PUSH_BODY_MAX,
        ),
        type: 'chore',
        tag: `chore-${chore.id}`,
        url: '/chores',
        data: { choreId: chore.id },
      },
    }));
  });
}

/** A new expense: each member with an unsettled share who is not the payer nor the one who added it. */
export function notifyExpense(
  ctx: Context,
  actorId: string,
  expense: ExpenseView,
  currency: string,
): Promise<void> {
  return guarded(ctx, 'expense', async () => {
    const payer = displayName(expense.paidByUser);
    const exponent = currencyExponent(currency);
    const shares = expense.splits.filter(
      (split): split is typeof split & { userId: string } =>
        !!split.userId &&
        !split.settled &&
        split.userId !== expense.paidBy &&
        split.userId !== actorId &&
        (parseAmount(split.amount, exponent) ?? 0) > 0,
    );
    const reach = await reachable(
      ctx.db,
      shares.map((split) => split.userId),
      'expense',
    );
    for (const split of shares) {
      const cents = parseAmount(split.amount, exponent) ?? 0;
      const whole = parseAmount(expense.amount, exponent) ?? cents;
      if (reach.mail.has(split.userId))
        await queueNoticeMail(
          ctx.db,
          ctx.now(),
          mailOrigin(ctx.config),
          split.userId,
          'expense',
          ({ language }) => {
            const share = moneyIn(language, cents, currency);
            const total = moneyIn(language, whole, currency);
            return {
              key: `expense:${split.id}`,
              subject: translate(language, 'mail.expense.subject', {
                payer,
                amount: share,
                title: expense.title,
              }),
              paragraphs: [
                translate(language, 'mail.expense.paid', { payer, total, title: expense.title, share }),
                translate(language, 'mail.expense.settle'),
              ],
              action: { label: translate(language, 'mail.action.openExpenses'), path: '/expenses' },
            };
          },
        );
      if (!reach.push.has(split.userId)) continue;
      await enqueueLocalized(ctx.db, ctx.now(), [split.userId], (language) => ({
        key: `expense:${split.id}`,
        payload: {
          title: translate(language, 'mail.push.expense.title', {
            payer,
            amount: moneyIn(language, cents, currency),
          }),
          body: clip(
            translate(language, 'mail.push.expense.body', {
              title: expense.title,
              total: moneyIn(language, whole, currency),
            }),
            PUSH_BODY_MAX,
          ),
          type: 'expense',
          tag: `expense-${expense.id}`,
          url: '/expenses',
          actions: [{ action: 'settle', title: translate(language, 'mail.push.expense.settle') }],
          data: { splitId: split.id },
        },
      }));
    }
  });
}

/** Someone joined, left or was removed: the other members, never the one who did it. */
export function notifyMembership(
  ctx: Context,
  householdId: string,
  change: 'joined' | 'left' | 'removed',
  subjectId: string,
  actorId: string,
): Promise<void> {
  return guarded(ctx, 'household', async () => {
    const recipients = (await memberIds(ctx.db, householdId)).filter(
      (id) => id !== subjectId && id !== actorId,
    );
    const name = await nameOf(ctx.db, subjectId);
    const title = await householdName(ctx.db, householdId);
    await enqueueLocalized(ctx.db, ctx.now(), recipients, (language) => ({
      key: `household-${change}:${householdId}:${subjectId}:${ctx.now()}`,
      payload: {
        title,
        body: clip(
          translate(language, 'mail.push.membership', {
            change,
            name: name ?? translate(language, 'mail.someone'),
          }),
          PUSH_BODY_MAX,
        ),
        type: 'household',
        tag: `household-${householdId}`,
        url: '/',
      },
    }));
  });
}

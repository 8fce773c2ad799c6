import type { FastifyInstance } from 'fastify';
import { CAPS } from '#shared/caps.ts';
import { type ChoreView, choresApi } from '#shared/chores/api.ts';
import { memberWeekStreak } from '#shared/chores/schemas.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, checkCap, notFound, parse } from '../../http/errors.ts';
import { logActivity, nameToken } from '../activity/queries.ts';
import { isMember } from '../households/queries.ts';
import { notifyChoreAssigned } from '../push/notify.ts';
import {
  countChores,
  countOpenChores,
  createChore,
  deleteChore,
  getChore,
  leaderboard,
  listChoresJson,
  memberAssignments,
  setAway,
  updateChore,
} from './queries.ts';

const DAY_MS = 86_400_000;
const PERIODS = { week: 7 * DAY_MS, month: 30 * DAY_MS, all: null } as const;

/** Monday 00:00 UTC of the week holding `ms`. */
const weekStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
};

/** An activity entry about a chore; an edit lists the fields it changed. */
function choreEntry(
  member: { householdId: string; userId: string },
  kind: 'chore_created' | 'chore_edited' | 'chore_completed' | 'chore_deleted',
  chore: ChoreView,
  before?: ChoreView | null,
) {
  return {
    householdId: member.householdId,
    actorId: member.userId,
    kind,
    subject: { type: 'chore' as const, id: chore.id },
    summary: chore.title,
    changes: kind === 'chore_edited' && before ? choreChanges(before, chore) : [],
  };
}

const CHORE_FIELDS = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['status', 'Status'],
  ['priority', 'Priority'],
  ['category', 'Category'],
  ['dueDate', 'Due'],
  ['assignedTo', 'Assigned to'],
  ['recurrence', 'Repeats'],
  ['rotation', 'Rotation'],
  ['reminder', 'Reminder'],
  ['estimatedDuration', 'Duration'],
  ['notes', 'Notes'],
] as const;

function choreChanges(before: ChoreView, after: ChoreView) {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const shown = (chore: ChoreView, key: (typeof CHORE_FIELDS)[number][0]) =>
    key === 'assignedTo' ? (chore.assignedTo ? nameToken(chore.assignedTo) : null) : text(chore[key]);
  const changes: { field: string; before: string | null; after: string | null }[] = CHORE_FIELDS.filter(
    ([key]) => shown(before, key) !== shown(after, key),
  ).map(([key, field]) => ({ field, before: shown(before, key), after: shown(after, key) }));
  const subtasks = (chore: ChoreView) =>
    chore.subtasks.map((t) => `${t.done ? '☑' : '☐'} ${t.text}`).join(', ');
  if (subtasks(before) !== subtasks(after))
    changes.push({ field: 'Subtasks', before: subtasks(before), after: subtasks(after) });
  return changes;
}

export function choreRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  route(
    app,
    choresApi.list,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const query = parse(choresApi.list.query, request.query);
      const history =
        query.status === 'done'
          ? { before: query.before ? Date.parse(query.before) : ctx.now(), limit: query.limit }
          : undefined;
      const filters = { assignee: query.assignee, q: query.q };
      return listChoresJson(db, member.householdId, ctx.now(), history, filters);
    },
    // The same for every member: no per-user field in a chore.
    { config: { cache: 'household' } },
  );

  route(
    app,
    choresApi.counts,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const filters = parse(choresApi.counts.query, request.query);
      return countChores(db, member.householdId, member.userId, filters);
    },
    // "mine" is the caller's own.
    { config: { cache: 'member' } },
  );

  route(app, choresApi.create, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const input = parse(choresApi.create.body, request.body);
    if (!(await isMember(db, member.householdId, input.assignedTo))) {
      throw badRequest('chore.assignee_not_member', { field: 'assignedTo' });
    }
    checkCap(await countOpenChores(db, member.householdId), CAPS.openChoresPerHousehold);
    const id = await createChore(db, member.householdId, member.userId, input, ctx.now());
    const chore = (await getChore(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'new_chore', chore });
    await logActivity(db, events, choreEntry(member, 'chore_created', chore), ctx.now());
    await notifyChoreAssigned(ctx, member.userId, chore);
    return reply.status(201).send(chore);
  });

  route(app, choresApi.update, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(choresApi.update.params, request.params);
    const changes = parse(choresApi.update.body, request.body);
    if (changes.assignedTo !== undefined && !(await isMember(db, member.householdId, changes.assignedTo))) {
      throw badRequest('chore.assignee_not_member', { field: 'assignedTo' });
    }
    const before = await getChore(db, member.householdId, id);
    // Reopening a done chore adds to the open ones, like creating one.
    if (before?.status === 'done' && changes.status && changes.status !== 'done')
      checkCap(await countOpenChores(db, member.householdId), CAPS.openChoresPerHousehold);
    const outcome = await updateChore(db, member.householdId, id, member.userId, changes, ctx.now());
    if (!outcome) throw notFound('chore.not_found');
    await events.toHousehold(member.householdId, { type: 'chore_updated', chore: outcome.chore });
    if (outcome.nextOccurrence)
      await events.toHousehold(member.householdId, { type: 'new_chore', chore: outcome.nextOccurrence });
    const completed = outcome.chore.status === 'done' && before?.status !== 'done';
    await logActivity(
      db,
      events,
      choreEntry(member, completed ? 'chore_completed' : 'chore_edited', outcome.chore, before),
      ctx.now(),
    );
    if (before && changes.assignedTo !== undefined)
      await notifyChoreAssigned(ctx, member.userId, outcome.chore, before.assignedTo);
    if (outcome.nextOccurrence) await notifyChoreAssigned(ctx, member.userId, outcome.nextOccurrence);
    return { ...outcome.chore, nextOccurrence: outcome.nextOccurrence };
  });

  route(app, choresApi.remove, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(choresApi.remove.params, request.params);
    const { series } = parse(choresApi.remove.query, request.query);
    const chore = await getChore(db, member.householdId, id);
    const deleted = await deleteChore(db, member.householdId, id, series === 'true');
    if (!deleted || !chore) throw notFound('chore.not_found');
    await logActivity(db, events, choreEntry(member, 'chore_deleted', chore), ctx.now());
    for (const choreId of deleted)
      await events.toHousehold(member.householdId, { type: 'chore_deleted', id: choreId });
    return reply.status(204).send();
  });

  route(app, choresApi.leaderboard, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { period } = parse(choresApi.leaderboard.query, request.query);
    const span = PERIODS[period];
    const now = ctx.now();
    const rows = await leaderboard(db, member.householdId, span === null ? null : now - span);
    // Weekly streaks look back a year at most.
    const assignments = await memberAssignments(db, member.householdId, now - 366 * DAY_MS);
    return rows
      .map((row) => ({
        ...row,
        streakWeeks: memberWeekStreak(
          assignments
            .filter((a) => a.assigned_to === row.userId)
            .map((a) => ({ dueAt: a.due_at, completedAt: a.completed_at })),
          now,
          weekStart,
        ),
      }))
      .sort((a, b) => b.points - a.points || b.completions - a.completions);
  });

  route(app, choresApi.setAway, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const input = parse(choresApi.setAway.body, request.body);
    // Calendar days, kept as the first and last instants of those days in UTC; rotation compares
    // them with a chore's due day in the chore's time zone (queries.ts rotationMembers).
    const from = input.awayFrom ? Date.parse(`${input.awayFrom}T00:00:00Z`) : null;
    const until = input.awayUntil ? Date.parse(`${input.awayUntil}T23:59:59.999Z`) : null;
    await setAway(db, member.householdId, member.userId, from, until);
    await events.toHousehold(member.householdId, { type: 'household_updated' });
    return { awayFrom: input.awayFrom, awayUntil: input.awayUntil };
  });
}

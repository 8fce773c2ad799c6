import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { dayKeyIn } from '#shared/calendar/days.ts';
import type { ChoreView, LeaderboardEntry, Subtask } from '#shared/chores/api.ts';
import {
  type CreateChoreInput,
  nextAssignee,
  nextSeriesStreak,
  occurrenceDue,
  pointsFor,
  type RotationMember,
  type updateChoreSchema,
} from '#shared/chores/schemas.ts';
import { toAuthor } from '#shared/messages/schemas.ts';
import type { Db } from '../../db/database.ts';
import { containsIgnoringCase, jsonText, readBoolean, readJson } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import type { ChoresTable } from '../../db/schema.ts';
import { jsonArrayBody, RawJson } from '../../http/json-body.ts';
import { toPublicUser } from '../accounts/queries.ts';

type ChoreRow = Selectable<ChoresTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The columns a chore is answered with (subtasks aside, which a list may read as raw JSON). */
const CHORE_COLUMNS = [
  'id',
  'series_id',
  'title',
  'description',
  'status',
  'priority',
  'category',
  'due_at',
  'time_zone',
  'completed_at',
  'completed_by',
  'assigned_to',
  'recurrence',
  'rotation',
  'reminder',
  'estimated_duration',
  'notes',
  'streak',
  'points_awarded',
  'on_time',
  'created_at',
  'updated_at',
] as const;
type ChoreFields = Pick<ChoreRow, (typeof CHORE_COLUMNS)[number]>;

/** Chores as answered, their assignees read in one query; `subtasks` gives each one's subtasks. */
async function toChores<R extends ChoreFields, S>(
  db: Db,
  rows: R[],
  subtasks: (row: R) => S,
): Promise<(Omit<ChoreView, 'subtasks'> & { subtasks: S })[]> {
  const userIds = [...new Set(rows.map((r) => r.assigned_to).filter((id): id is string => id !== null))];
  const users = userIds.length
    ? await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute()
    : [];
  const byId = new Map(users.map((u) => [u.id, toAuthor(toPublicUser(u))]));
  return rows.map((row) => ({
    id: row.id,
    seriesId: row.series_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    category: row.category,
    dueDate: iso(row.due_at)!,
    timeZone: row.time_zone,
    completedAt: iso(row.completed_at),
    completedBy: row.completed_by,
    assignedTo: row.assigned_to,
    assignedUser: (row.assigned_to && byId.get(row.assigned_to)) || null,
    recurrence: row.recurrence,
    rotation: row.rotation,
    reminder: row.reminder,
    estimatedDuration: row.estimated_duration,
    subtasks: subtasks(row),
    notes: row.notes,
    streak: row.streak,
    points: row.points_awarded,
    onTime: row.on_time === null ? null : readBoolean(row.on_time),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  }));
}

const parsedSubtasks = (row: { subtasks: unknown }) => readJson<Subtask[]>(row.subtasks);

export async function getChore(db: Db, householdId: string, id: string): Promise<ChoreView | null> {
  const row = await db
    .selectFrom('chores')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await toChores(db, [row], parsedSubtasks))[0]! : null;
}

/** What GET /api/chores and its counts filter by (docs/chores.md, Filters); both optional. */
export interface ChoreFilters {
  assignee?: string | undefined;
  q?: string | undefined;
}

/** The household's chores that pass the filters given. */
function filteredChores(db: Db, householdId: string, { assignee, q }: ChoreFilters) {
  let query = db.selectFrom('chores').where('household_id', '=', householdId);
  if (assignee) query = query.where('assigned_to', '=', assignee);
  if (q) query = query.where(containsIgnoringCase(db, 'title', q));
  return query;
}

/** What the chores page shows as recently done; older done chores are the history. */
export const RECENT_DONE_MS = 7 * 86_400_000;

/**
 * The chores a list shows: open ones and those done in the last 7 days, by due date; older
 * history by `before`, latest done first. Their ids are picked and ordered on the narrow columns
 * first, and the whole rows read after, so sorting never moves their (possibly long) subtasks.
 */
async function pickedIds(
  db: Db,
  householdId: string,
  now: number,
  history?: { before: number; limit: number },
  filters: ChoreFilters = {},
): Promise<string[]> {
  let picked = filteredChores(db, householdId, filters).select('id');
  if (history) {
    picked = picked
      .where('status', '=', 'done')
      .where('completed_at', '<', history.before)
      .orderBy('completed_at', 'desc')
      .limit(history.limit);
  } else {
    picked = picked
      .where((eb) => eb.or([eb('status', '!=', 'done'), eb('completed_at', '>=', now - RECENT_DONE_MS)]))
      .orderBy('due_at')
      .limit(1000);
  }
  return (await picked.execute()).map((row) => row.id);
}

// Whole rows are read this many at a time, with a turn for other requests between: a list of
// chores each at the subtask limit is megabytes of text.
const ROWS_PER_READ = 50;

/** The rows of `ids`, in their order, read in batches. */
async function rowsInOrder<Row extends { id: string }>(
  ids: string[],
  read: (batch: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  const byId = new Map<string, Row>();
  for (let start = 0; start < ids.length; start += ROWS_PER_READ) {
    if (start > 0) await yieldToEventLoop();
    for (const row of await read(ids.slice(start, start + ROWS_PER_READ))) byId.set(row.id, row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Open chores, and those done in the last 7 days; older history by `before`. */
export async function listChores(
  db: Db,
  householdId: string,
  now: number,
  history?: { before: number; limit: number },
  filters?: ChoreFilters,
): Promise<ChoreView[]> {
  const ids = await pickedIds(db, householdId, now, history, filters);
  const rows = await rowsInOrder(ids, (batch) =>
    db.selectFrom('chores').selectAll().where('id', 'in', batch).execute(),
  );
  return toChores(db, rows, parsedSubtasks);
}

/** listChores as the JSON answer, each chore's subtasks copied in as the database keeps them. */
export async function listChoresJson(
  db: Db,
  householdId: string,
  now: number,
  history?: { before: number; limit: number },
  filters?: ChoreFilters,
): Promise<Buffer> {
  const ids = await pickedIds(db, householdId, now, history, filters);
  const rows = await rowsInOrder(ids, (batch) =>
    db
      .selectFrom('chores')
      .select(CHORE_COLUMNS.map((column) => `chores.${column}` as const))
      .select(jsonText(db, 'chores.subtasks').as('subtasks'))
      .where('id', 'in', batch)
      .execute(),
  );
  return jsonArrayBody(await toChores(db, rows, (row) => new RawJson(row.subtasks)));
}

export async function createChore(
  db: Db,
  householdId: string,
  createdBy: string,
  input: Required<Omit<CreateChoreInput, 'status'>> & { subtasks: string[] },
  now: number,
): Promise<string> {
  const id = newId();
  const due = Date.parse(input.dueDate);
  await db
    .insertInto('chores')
    .values({
      id,
      household_id: householdId,
      series_id: id,
      occurrence_index: 0,
      series_anchor_at: due,
      anchor_index: 0,
      title: input.title,
      description: input.description ?? null,
      status: 'todo',
      priority: input.priority,
      category: input.category,
      due_at: due,
      time_zone: input.timeZone,
      assigned_to: input.assignedTo,
      recurrence: input.recurrence ?? null,
      rotation: input.rotation,
      reminder: input.reminder,
      estimated_duration: input.estimatedDuration,
      subtasks: JSON.stringify(input.subtasks.map((text) => ({ text, done: false }))),
      notes: input.notes ?? null,
      carried_streak: 0,
      streak: 0,
      completed_at: null,
      completed_by: null,
      on_time: null,
      points_awarded: 0,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** The calendar day (YYYY-MM-DD) an away bound was saved for: they are kept as UTC instants. */
const awayDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Members in rotation order (oldest first), with whether each is away on the day of `at`: the
 * calendar day in the chore's time zone, as the member named their away days (a chore due at
 * 22:00 in Los Angeles on the last away day falls on it, though it is the next day in UTC).
 */
async function rotationMembers(
  db: Db,
  householdId: string,
  at: number,
  timeZone: string,
  leaving?: string,
): Promise<RotationMember[]> {
  const rows = await db
    .selectFrom('household_members')
    .select(['user_id', 'away_from', 'away_until'])
    .where('household_id', '=', householdId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  const day = dayKeyIn(at, timeZone);
  return rows.map((r) => ({
    userId: r.user_id,
    away:
      r.away_from !== null &&
      r.away_until !== null &&
      day >= awayDay(r.away_from) &&
      day <= awayDay(r.away_until),
    ...(r.user_id === leaving ? { left: true } : {}),
  }));
}

async function seriesCompletions(db: Db, seriesId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chores')
    .select(['completed_by', (eb) => eb.fn.countAll<number>().as('n')])
    .where('series_id', '=', seriesId)
    .where('status', '=', 'done')
    .groupBy('completed_by')
    .execute();
  return new Map(rows.filter((r) => r.completed_by).map((r) => [r.completed_by!, Number(r.n)]));
}

type Changes = z.output<typeof updateChoreSchema>;

export type UpdateOutcome = { chore: ChoreView; nextOccurrence: ChoreView | null } | null;

/**
 * Applies a change. Completing awards points and the streak once (the status condition makes a
 * second, concurrent completion a no-op) and creates a recurring chore's next occurrence;
 * reopening takes the points back and withdraws an untouched next occurrence.
 */
export async function updateChore(
  db: Db,
  householdId: string,
  id: string,
  userId: string,
  changes: Changes,
  now: number,
): Promise<UpdateOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('chores')
      .selectAll()
      .where('household_id', '=', householdId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const edits = {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description?.trim() || null } : {}),
      ...(changes.assignedTo !== undefined ? { assigned_to: changes.assignedTo } : {}),
      ...(changes.dueDate !== undefined ? { due_at: Date.parse(changes.dueDate) } : {}),
      ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
      ...(changes.recurrence !== undefined ? { recurrence: changes.recurrence } : {}),
      ...(changes.rotation !== undefined ? { rotation: changes.rotation } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(changes.estimatedDuration !== undefined ? { estimated_duration: changes.estimatedDuration } : {}),
      ...(changes.reminder !== undefined ? { reminder: changes.reminder } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes?.trim() || null } : {}),
      ...(changes.subtasks !== undefined ? { subtasks: JSON.stringify(changes.subtasks) } : {}),
      updated_at: now,
    };
    const edited = { ...row, ...edits };
    // After a due date or recurrence edit the series counts on from this occurrence as it now
    // is: it becomes the anchor, so the next one is one period after this due date (a monthly
    // one moved to the 31st goes on from the 31st).
    const { recurrence, due_at: due } = edited;
    const fields =
      recurrence === null || seriesDue(row, row.occurrence_index, recurrence) === due
        ? edits
        : { ...edits, series_anchor_at: due, anchor_index: row.occurrence_index };
    const merged = { ...row, ...fields };
    let nextId: string | null = null;

    if (changes.status === 'done' && row.status !== 'done') {
      const onTime = now <= merged.due_at;
      const members = await rotationMembers(trx, householdId, merged.due_at, merged.time_zone);
      const assigneeWasAway = members.some((m) => m.userId === merged.assigned_to && m.away);
      const streak = nextSeriesStreak(row.carried_streak, { onTime, assigneeWasAway });
      const done = await trx
        .updateTable('chores')
        .set({
          ...fields,
          status: 'done',
          completed_at: now,
          completed_by: userId,
          on_time: onTime,
          points_awarded: pointsFor(
            { estimatedDuration: merged.estimated_duration, priority: merged.priority },
            onTime,
          ),
          streak,
        })
        .where('id', '=', id)
        .where('status', '!=', 'done')
        .executeTakeFirst();
      // Someone else completed it a moment earlier: nothing more to award or create.
      if (Number(done.numUpdatedRows) === 0) return { id, nextId: null };
      if (merged.recurrence) nextId = await createNextOccurrence(trx, merged, streak);
    } else if (changes.status !== undefined && changes.status !== 'done' && row.status === 'done') {
      await trx
        .updateTable('chores')
        .set({
          ...fields,
          status: changes.status,
          completed_at: null,
          completed_by: null,
          on_time: null,
          points_awarded: 0,
          streak: row.carried_streak,
        })
        .where('id', '=', id)
        .execute();
      await trx
        .deleteFrom('chores')
        .where('series_id', '=', row.series_id)
        .where('occurrence_index', '=', row.occurrence_index + 1)
        .where('status', '=', 'todo')
        .execute();
    } else {
      await trx
        .updateTable('chores')
        .set({ ...fields, ...(changes.status !== undefined ? { status: changes.status } : {}) })
        .where('id', '=', id)
        .execute();
    }
    return { id, nextId };
  });
  if (!outcome) return null;
  return {
    chore: (await getChore(db, householdId, outcome.id))!,
    nextOccurrence: outcome.nextId ? await getChore(db, householdId, outcome.nextId) : null,
  };
}

/** The due date of occurrence `index` of a row's series, counted from its anchor. */
const seriesDue = (
  row: Pick<ChoreRow, 'series_anchor_at' | 'anchor_index' | 'time_zone'>,
  index: number,
  recurrence: NonNullable<ChoreRow['recurrence']>,
) => occurrenceDue(row.series_anchor_at, index - row.anchor_index, recurrence, row.time_zone);

async function createNextOccurrence(trx: Db, row: ChoreRow, streak: number): Promise<string | null> {
  const index = row.occurrence_index + 1;
  const exists = await trx
    .selectFrom('chores')
    .select('id')
    .where('series_id', '=', row.series_id)
    .where('occurrence_index', '=', index)
    .executeTakeFirst();
  if (exists) return null;
  const due = seriesDue(row, index, row.recurrence!);
  const assignee = nextAssignee({
    mode: row.rotation,
    members: await rotationMembers(trx, row.household_id, due, row.time_zone),
    current: row.assigned_to,
    completions: await seriesCompletions(trx, row.series_id),
  });
  const id = newId();
  const now = Date.now();
  const subtasks = readJson<Subtask[]>(row.subtasks).map((s) => ({ text: s.text, done: false }));
  await trx
    .insertInto('chores')
    .values({
      ...row,
      id,
      occurrence_index: index,
      status: 'todo',
      due_at: due,
      assigned_to: assignee,
      subtasks: JSON.stringify(subtasks),
      carried_streak: streak,
      streak,
      completed_at: null,
      completed_by: null,
      on_time: null,
      points_awarded: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function deleteChore(
  db: Db,
  householdId: string,
  id: string,
  wholeSeries: boolean,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('chores')
      .select(['id', 'series_id'])
      .where('household_id', '=', householdId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const doomed = trx.selectFrom('chores').select('id').where('household_id', '=', householdId);
    const ids = (
      await (wholeSeries
        ? doomed.where('series_id', '=', row.series_id)
        : doomed.where('id', '=', id)
      ).execute()
    ).map((r) => r.id);
    await trx.deleteFrom('chores').where('household_id', '=', householdId).where('id', 'in', ids).execute();
    return ids;
  });
}

/**
 * When a member leaves or is removed, each of their open chores goes to the next member by the
 * chore's own rotation. Returns the titles and new assignees, for the chat's system message.
 */
export async function reassignOpenChores(
  trx: Db,
  householdId: string,
  leaverId: string,
): Promise<{ title: string; to: string | null }[]> {
  const open = await trx
    .selectFrom('chores')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('assigned_to', '=', leaverId)
    .where('status', '!=', 'done')
    .execute();
  const moved: { title: string; to: string | null }[] = [];
  for (const chore of open) {
    const to = nextAssignee({
      mode: chore.rotation,
      members: await rotationMembers(trx, householdId, chore.due_at, chore.time_zone, leaverId),
      current: leaverId,
      completions: await seriesCompletions(trx, chore.series_id),
    });
    await trx
      .updateTable('chores')
      .set({ assigned_to: to, updated_at: Date.now() })
      .where('id', '=', chore.id)
      .execute();
    moved.push({ title: chore.title, to });
  }
  return moved;
}

export async function leaderboard(
  db: Db,
  householdId: string,
  since: number | null,
): Promise<LeaderboardEntry[]> {
  let totals = db
    .selectFrom('chores')
    .select([
      'completed_by',
      (eb) => eb.fn.sum<number>('points_awarded').as('points'),
      (eb) => eb.fn.countAll<number>().as('completions'),
      (eb) => eb.fn.sum<number>(eb.case().when('on_time', '=', true).then(1).else(0).end()).as('on_time'),
    ])
    .where('household_id', '=', householdId)
    .where('status', '=', 'done')
    .groupBy('completed_by');
  if (since !== null) totals = totals.where('completed_at', '>=', since);
  const rows = await totals.execute();
  const byUser = new Map(rows.map((r) => [r.completed_by, r]));
  const members = await db
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .orderBy('joined_at')
    .execute();
  return members.map(({ user_id }) => {
    const r = byUser.get(user_id);
    const completions = Number(r?.completions ?? 0);
    return {
      userId: user_id,
      points: Number(r?.points ?? 0),
      completions,
      onTimeRate: completions ? Number(r?.on_time ?? 0) / completions : null,
      streakWeeks: 0,
    };
  });
}

/** Each member's assignments (due date and completion), for the weekly streak. */
export function memberAssignments(db: Db, householdId: string, since: number) {
  return db
    .selectFrom('chores')
    .select(['assigned_to', 'due_at', 'completed_at'])
    .where('household_id', '=', householdId)
    .where('due_at', '>=', since)
    .execute();
}

export async function setAway(
  db: Db,
  householdId: string,
  userId: string,
  from: number | null,
  until: number | null,
) {
  await db
    .updateTable('household_members')
    .set({ away_from: from, away_until: until })
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .execute();
}

/** Chores not yet done, for the household's cap. */
export async function countOpenChores(db: Db, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('chores')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('household_id', '=', householdId)
    .where('status', '!=', 'done')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The Chores screen's tab counts for the whole household: open, open and `userId`'s, done. */
export async function countChores(
  db: Db,
  householdId: string,
  userId: string,
  filters: ChoreFilters,
): Promise<{ open: number; mine: number; done: number }> {
  const row = await filteredChores(db, householdId, filters)
    .select((eb) => [
      eb.fn.count<number | string>(eb.case().when('status', '!=', 'done').then(1).end()).as('open'),
      eb.fn
        .count<number | string>(
          eb
            .case()
            .when(eb.and([eb('status', '!=', 'done'), eb('assigned_to', '=', userId)]))
            .then(1)
            .end(),
        )
        .as('mine'),
      eb.fn.count<number | string>(eb.case().when('status', '=', 'done').then(1).end()).as('done'),
    ])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), mine: Number(row.mine), done: Number(row.done) };
}

/**
 * Chores whose title contains `q` (GET /api/search): open ones first, soonest due first (so
 * overdue ones lead), then done ones, latest done first.
 */
export async function searchChores(db: Db, householdId: string, q: string, limit: number) {
  const rows = await filteredChores(db, householdId, { q })
    .select(['id', 'title', 'status', 'due_at', 'assigned_to', 'recurrence'])
    .orderBy(sql`case when status = 'done' then 1 else 0 end`)
    .orderBy(sql`case when status = 'done' then null else due_at end`)
    .orderBy('completed_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    dueDate: iso(row.due_at)!,
    assignedTo: row.assigned_to,
    recurrence: row.recurrence,
  }));
}

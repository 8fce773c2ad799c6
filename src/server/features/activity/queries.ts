import { sql } from 'kysely';
import { displayName, FORMER_MEMBER } from '#shared/accounts/users.ts';
import type { ActivityPageView, ActivityView } from '#shared/activity/api.ts';
import type { ActivityKind } from '#shared/expenses/ledger-view.ts';
import type { Db } from '../../db/database.ts';
import { readJson } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import { insertRow } from '../../db/insert.ts';
import type { Publisher } from '../../realtime/hub.ts';

export const ACTIVITY_PAGE = 50;

const TOKEN = /@\{([0-9a-z-]{1,100})\}/g;

/**
 * A person in an entry's text, by a token of their id: written out as their display name when
 * the entry is read, so a name changed or an account deleted shows as it is now.
 */
export const nameToken = (userId: string) => `@{${userId}}`;

/** Each person's token; nobody (null) is a former member already. */
export function nameTokens(ids: (string | null)[]): Map<string | null, string> {
  return new Map(ids.map((id) => [id, id === null ? FORMER_MEMBER : nameToken(id)]));
}

/** The entries with every person's token written out as their name ("Former member" if gone). */
async function withNames(db: Db, entries: ActivityView[]): Promise<ActivityView[]> {
  const ids = new Set<string>();
  const collect = (text: string | null) => {
    for (const match of text?.matchAll(TOKEN) ?? []) ids.add(match[1]!);
  };
  for (const e of entries) {
    collect(e.summary);
    for (const c of e.changes) {
      collect(c.before);
      collect(c.after);
    }
  }
  const rows = ids.size
    ? await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [...ids])
        .execute()
    : [];
  const names = new Map(
    rows.map((r) => [r.id, displayName({ firstName: r.first_name, lastName: r.last_name, email: r.email })]),
  );
  const write = <T extends string | null>(text: T): T =>
    (text === null ? text : text.replace(TOKEN, (_, id: string) => names.get(id) ?? FORMER_MEMBER)) as T;
  return entries.map((e) => ({
    ...e,
    summary: write(e.summary),
    changes: e.changes.map((c) => ({ field: c.field, before: write(c.before), after: write(c.after) })),
  }));
}

/** A deleted account leaves no trace in the feed: its tokens and its member entries forget it. */
export async function forgetInActivity(trx: Db, userId: string): Promise<void> {
  const token = nameToken(userId);
  const rows = await trx
    .selectFrom('activity')
    .select(['id', 'summary', 'changes'])
    .where((eb) =>
      eb.or([
        eb('summary', 'like', `%${token}%`),
        eb(sql<string>`cast(changes as text)`, 'like', `%${userId}%`),
        eb('subject_id', '=', userId),
      ]),
    )
    .execute();
  const forget = (text: string) => text.replaceAll(token, FORMER_MEMBER);
  for (const row of rows) {
    const changes = row.changes === null ? null : readJson<ActivityView['changes']>(row.changes);
    await trx
      .updateTable('activity')
      .set({
        summary: forget(row.summary),
        changes:
          changes === null
            ? null
            : JSON.stringify(
                changes.map((c) => ({
                  field: c.field,
                  before: c.before === null ? null : forget(c.before),
                  after: c.after === null ? null : forget(c.after),
                })),
              ),
      })
      .where('id', '=', row.id)
      .execute();
  }
  await trx.updateTable('activity').set({ subject_id: null }).where('subject_id', '=', userId).execute();
}

export interface NewActivity {
  householdId: string;
  actorId: string | null;
  kind: ActivityKind;
  subject: ActivityView['subject'];
  summary: string;
  changes?: ActivityView['changes'];
}

/** Writes an entry, in the caller's transaction when given one, and returns it as answered. */
export async function recordActivity(db: Db, entry: NewActivity, now: number): Promise<ActivityView> {
  const id = newId();
  const changes = entry.changes ?? [];
  await insertRow(db, 'activity', {
    id,
    household_id: entry.householdId,
    actor_id: entry.actorId,
    kind: entry.kind,
    subject_type: entry.subject.type,
    subject_id: entry.subject.id,
    summary: entry.summary,
    changes: changes.length > 0 ? JSON.stringify(changes) : null,
    created_at: now,
  });
  const [written] = await withNames(db, [
    {
      id,
      at: new Date(now).toISOString(),
      actorId: entry.actorId,
      kind: entry.kind,
      subject: entry.subject,
      summary: entry.summary,
      changes,
    },
  ]);
  return written!;
}

/** Tells the household's screens about entries written (after their transaction committed). */
export async function announceActivity(events: Publisher, householdId: string, entries: ActivityView[]) {
  for (const entry of entries) await events.toHousehold(householdId, { type: 'activity', entry });
}

/** Writes an entry outside any transaction and announces it. */
export async function logActivity(db: Db, events: Publisher, entry: NewActivity, now: number): Promise<void> {
  await announceActivity(events, entry.householdId, [await recordActivity(db, entry, now)]);
}

/** A page of the household's activity, newest first, after the entry `before` when given. */
export async function listActivity(
  db: Db,
  householdId: string,
  filter: { before?: string; kinds?: readonly string[]; memberId?: string },
): Promise<ActivityPageView | null> {
  let query = db.selectFrom('activity').selectAll().where('household_id', '=', householdId);
  if (filter.before) {
    const cursor = await db
      .selectFrom('activity')
      .select(['created_at', 'id'])
      .where('household_id', '=', householdId)
      .where('id', '=', filter.before)
      .executeTakeFirst();
    if (!cursor) return null;
    query = query
      .where('created_at', '<=', cursor.created_at)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
        ]),
      );
  }
  if (filter.kinds) query = query.where('kind', 'in', [...filter.kinds]);
  if (filter.memberId) query = query.where('actor_id', '=', filter.memberId);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVITY_PAGE + 1)
    .execute();
  const page = rows.slice(0, ACTIVITY_PAGE);
  return {
    entries: await withNames(
      db,
      page.map((row) => ({
        id: row.id,
        at: new Date(row.created_at).toISOString(),
        actorId: row.actor_id,
        kind: row.kind as ActivityKind,
        subject: { type: row.subject_type as ActivityView['subject']['type'], id: row.subject_id },
        summary: row.summary,
        changes: row.changes === null ? [] : readJson<ActivityView['changes']>(row.changes),
      })),
    ),
    nextBefore: rows.length > ACTIVITY_PAGE ? page[page.length - 1]!.id : null,
  };
}

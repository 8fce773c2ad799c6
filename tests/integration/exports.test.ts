// The exports of a long history: written a page at a time, they must still be the very text
// the whole lists give at once, whatever the page boundaries cut through.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChores } from '#server/features/chores/queries.ts';
import { listExpenses } from '#server/features/expenses/queries.ts';
import { redactPeople } from '#server/features/export/personal.ts';
import { getHousehold } from '#server/features/households/queries.ts';
import { listMessages } from '#server/features/messages/queries.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import { createTestApp, signUp, type TestApp } from './helpers.ts';

const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body || 'null');
}

/**
 * A household with more than a page of everything, written straight to the database: expenses
 * sharing dates and creation instants, messages sharing instants, with reactions, open chores,
 * and done chores whose completion instants are shared across the history's page boundaries.
 */
async function longHistory() {
  const ann = await signUp(t.app, { firstName: 'Ann', lastName: 'Archer' });
  const ben = await signUp(t.app, { firstName: 'Ben', lastName: 'Baker' });
  const household = await ok(await ann.client.post('/api/households', { name: 'Long House' }), 201);
  await ok(await ben.client.post('/api/households/join', { inviteCode: household.inviteCode }));
  const householdId: string = household.id;
  const people = [ann.user.id, ben.user.id] as string[];
  const { db } = t.database;

  const expenses = Array.from({ length: 430 }, (_, i) => ({
    id: `exp-${String(i).padStart(4, '0')}`,
    household_id: householdId,
    title: `Bill ${i}, "quoted"`,
    amount_cents: 1000 + i,
    category: 'groceries',
    description: i % 7 === 0 ? null : `About bill ${i}`,
    notes: null,
    receipt_image_id: null,
    paid_by: people[i % 2]!,
    date: `2026-0${1 + (i % 3)}-${String(1 + (i % 5)).padStart(2, '0')}`,
    split_type: 'equal' as const,
    is_recurring: false,
    recurring_interval: null,
    recurring_end_date: null,
    next_occurrence_date: null,
    recurrence_source_id: null,
    created_by: people[0]!,
    created_at: NOW - 10 * DAY + (i % 4),
  }));
  await db.insertInto('expenses').values(expenses).execute();
  const splits = expenses.flatMap((e) =>
    people.map((userId, n) => ({
      id: `split-${e.id}-${n}`,
      expense_id: e.id,
      household_id: householdId,
      user_id: userId,
      amount_cents: Math.floor(e.amount_cents / 2) + (n === 0 ? e.amount_cents % 2 : 0),
      settled: userId === e.paid_by,
      settled_at: userId === e.paid_by ? e.created_at : null,
    })),
  );
  for (let i = 0; i < splits.length; i += 200)
    await db
      .insertInto('expense_splits')
      .values(splits.slice(i, i + 200))
      .execute();

  const messages = Array.from({ length: 1_100 }, (_, i) => ({
    id: `msg-${String(i).padStart(5, '0')}`,
    household_id: householdId,
    user_id: people[i % 2]!,
    type: 'text' as const,
    content: `Message ${i}\nwith a second line`,
    created_at: NOW - 5 * DAY + Math.floor(i / 3),
  }));
  for (let i = 0; i < messages.length; i += 200)
    await db
      .insertInto('messages')
      .values(messages.slice(i, i + 200))
      .execute();
  await db
    .insertInto('message_reactions')
    .values(
      messages
        .filter((_, i) => i % 50 === 0)
        .map((m, i) => ({
          message_id: m.id,
          household_id: householdId,
          user_id: people[i % 2]!,
          emoji: '👍',
          created_at: m.created_at + 1,
        })),
    )
    .execute();

  // 600 done long ago: 300 in one millisecond (more than a page of history), the others in
  // threes, so that a page ends inside a three.
  const doneAt = (i: number) => (i < 300 ? NOW - 400 * DAY : NOW - 8 * DAY - Math.floor(i / 3) * 60_000);
  const chore = (i: number, done: boolean) => ({
    id: `chore-${String(i).padStart(4, '0')}`,
    household_id: householdId,
    series_id: `chore-${String(i).padStart(4, '0')}`,
    occurrence_index: 0,
    series_anchor_at: NOW + i * 60_000,
    anchor_index: 0,
    title: `Chore ${i}`,
    description: null,
    status: done ? ('done' as const) : ('todo' as const),
    priority: 'medium' as const,
    category: 'cleaning',
    due_at: NOW + i * 60_000,
    time_zone: 'UTC',
    assigned_to: people[i % 2]!,
    recurrence: null,
    rotation: 'fixed' as const,
    reminder: 'none',
    estimated_duration: 30,
    subtasks: JSON.stringify([{ text: `Step of ${i}`, done: false }]),
    notes: null,
    carried_streak: 0,
    streak: 0,
    completed_at: done ? doneAt(i) : null,
    completed_by: done ? people[i % 2]! : null,
    on_time: done ? true : null,
    points_awarded: done ? 10 : 0,
    created_by: people[0]!,
    created_at: NOW - 500 * DAY,
    updated_at: NOW - 500 * DAY,
  });
  const chores = [
    ...Array.from({ length: 600 }, (_, i) => chore(i, true)),
    chore(600, false),
    chore(601, false),
  ];
  for (let i = 0; i < chores.length; i += 100)
    await db
      .insertInto('chores')
      .values(chores.slice(i, i + 100))
      .execute();

  return { ann, householdId };
}

/** The lists as the exports used to read them: every page first, then one document. */
async function wholeLists(householdId: string) {
  const { db } = t.database;
  const expenses = [];
  for (let page = await listExpenses(db, householdId); page?.length; ) {
    expenses.push(...page);
    page = await listExpenses(db, householdId, page[page.length - 1]!.id);
  }
  const messages = [];
  for (let page = await listMessages(db, householdId, { limit: 200 }); page?.length; ) {
    messages.unshift(...page);
    page = page.length < 200 ? [] : await listMessages(db, householdId, { before: page[0]!.id, limit: 200 });
  }
  const chores = [
    ...(await listChores(db, householdId, NOW)),
    ...(await listChores(db, householdId, NOW, { before: NOW - 7 * DAY, limit: 100_000 })),
  ];
  return { household: await getHousehold(db, householdId), expenses, chores, messages };
}

/**
 * The same chores in the same order, but for chores done in the same millisecond: the database
 * may give those in any order (PostgreSQL does, between a short and a long read).
 */
function expectSameChores(exported: ChoreView[], expected: ChoreView[]) {
  const key = (c: ChoreView) => `${c.status === 'done' ? c.completedAt : ''} ${c.id}`;
  const open = expected.findIndex((c) => c.status === 'done');
  expect(exported.slice(0, open)).toEqual(expected.slice(0, open));
  expect(exported.slice(open).map((c) => c.completedAt)).toEqual(
    expected.slice(open).map((c) => c.completedAt),
  );
  expect(exported.map(key).sort()).toEqual(expected.map(key).sort());
  expect([...exported].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
    [...expected].sort((a, b) => key(a).localeCompare(key(b))),
  );
}

describe('the exports of a long history', () => {
  let history: Awaited<ReturnType<typeof longHistory>>;
  let whole: Awaited<ReturnType<typeof wholeLists>>;
  beforeAll(async () => {
    history = await longHistory();
    whole = await wholeLists(history.householdId);
  });

  it('GET /api/export.json: the same document, byte for byte, as the whole lists give', async () => {
    // More than a page of each (and Ben's joining message).
    expect(whole.expenses).toHaveLength(430);
    expect(whole.messages).toHaveLength(1_101);
    expect(whole.chores).toHaveLength(602);
    const response = await history.ann.client.get('/api/export.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="hearth-export.json"');
    const { household, expenses, messages } = whole;
    const exportedAt = new Date(NOW).toISOString();
    const { chores } = response.json() as { chores: ChoreView[] };
    expect(response.body).toBe(JSON.stringify({ exportedAt, household, expenses, chores, messages }));
    expectSameChores(chores, whole.chores);
  });

  it('sends the streamed exports compressed to clients that accept it, as the same text', async () => {
    for (const url of ['/api/export.json', '/api/expenses/export.csv']) {
      const plain = await history.ann.client.get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const [coding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const packed = await history.ann.client.get(url, { 'accept-encoding': coding });
        expect(packed.statusCode).toBe(200);
        expect(packed.headers['content-encoding'], `${url} ${coding}`).toBe(coding);
        expect(packed.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(packed.rawPayload).toString('utf8') === plain.body, `${url} ${coding}`).toBe(true);
      }
    }
  });

  it('GET /api/export/me: the household files hold the whole lists, the CSV as the download', async () => {
    const response = await history.ann.client.get('/api/export/me');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(response.rawPayload);
    const text = (name: string) => strFromU8(files[name]!);
    const pretty = (value: unknown) => `${JSON.stringify(value, redactPeople, 2)}\n`;
    expect(text('expenses.json')).toBe(pretty(whole.expenses));
    const chores = JSON.parse(text('chores.json')) as ChoreView[];
    expect(text('chores.json')).toBe(pretty(chores));
    expectSameChores(chores, JSON.parse(JSON.stringify(whole.chores, redactPeople)));
    expect(text('messages.json')).toBe(pretty(whole.messages));
    const csv = (await history.ann.client.get('/api/expenses/export.csv')).body;
    expect(csv.split('\r\n')).toHaveLength(1 + 430 * 2 + 1);
    expect(text('expenses.csv')).toBe(csv);
    expect(text('messages.json')).not.toContain('@');
  });
});

// Dashboard: GET /api/dashboard for one household with two years of history (6 members, 10,000
// chores, 5,000 expenses with their splits, 20,000 messages, a few calendar events), next to
// other households' rows, on SQLite. Sequential requests from one member over one keep-alive
// connection, each timed on the client from sending to the last byte of the answer.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import { openMigratedDatabase } from '#server/db/database.ts';
import type {
  CalendarEventsTable,
  ChoresTable,
  ExpenseSplitsTable,
  ExpensesTable,
  MessagesTable,
  PaymentsTable,
} from '#server/db/schema.ts';
import {
  CHORE_CATEGORIES,
  CHORE_REMINDERS,
  DURATIONS,
  PRIORITIES,
  pointsFor,
  type Recurrence,
  ROTATIONS,
} from '#shared/chores/schemas.ts';
import type { DashboardData, HomeData } from '#shared/dashboard/api.ts';
import { EXPENSE_CATEGORIES } from '#shared/expenses/rules.ts';
import {
  insertInBatches,
  percentile,
  type RunningServer,
  seedHouseholds,
  startServer,
  tempDataDir,
} from './lib.ts';

const DAY = 86_400_000;
/** The history spans two years, up to the moment of seeding. */
const SPAN = 730 * DAY;

export interface DashboardBenchOptions {
  members: number;
  chores: number;
  expenses: number;
  messages: number;
  /** Other households, each with `otherShare` of the measured household's rows. */
  otherHouseholds: number;
  otherShare: number;
  warmup: number;
  requests: number;
  /** Keep the seeded data folder (for EXPLAIN QUERY PLAN) instead of deleting it. */
  keepData: boolean;
}

export const DASHBOARD_DEFAULTS: DashboardBenchOptions = {
  members: 6,
  chores: 10_000,
  expenses: 5_000,
  messages: 20_000,
  otherHouseholds: 3,
  otherShare: 0.3,
  warmup: 50,
  requests: 300,
  keepData: process.env.BENCH_KEEP_DATA === '1',
};

export interface Timing {
  requests: number;
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  /** The server process's CPU time per request (user + system): less sensitive to other load. */
  serverCpuMsPerRequest: number;
}

export interface DashboardResult {
  members: number;
  chores: number;
  choresDone: number;
  expenses: number;
  expenseSplits: number;
  messages: number;
  calendarEvents: number;
  otherHouseholds: number;
  otherRows: number;
  seedSeconds: number;
  all: Timing;
  week: Timing;
  month: Timing;
  home: Timing;
  /** os.loadavg() (1, 5, 15 min) before seeding, before the timed requests, and at the end. */
  loadAverage: { start: number[]; timing: number[]; end: number[] };
  dataDir: string | null;
}

// ---------------------------------------------------------------------------------------------
// Data

export type Random = () => number;

/** mulberry32: the same data on every run. */
export function randomFrom(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Some members do (and write) more than others. */
const ACTIVITY = [3, 2.2, 1.8, 1.4, 1, 0.6];
function pickMember(random: Random, members: readonly string[]): string {
  const weights = members.map((_, i) => ACTIVITY[i % ACTIVITY.length]!);
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < members.length; i++) {
    r -= weights[i]!;
    if (r < 0) return members[i]!;
  }
  return members[members.length - 1]!;
}

const CHORE_TITLES = [
  'Take out the trash',
  'Clean the bathroom',
  'Vacuum the living room',
  'Wash the dishes',
  'Mop the kitchen floor',
  'Water the plants',
  'Buy groceries',
  'Clean the fridge',
  'Do the laundry',
  'Wipe the counters',
  'Recycling run',
  'Change the towels',
  'Dust the shelves',
  'Mow the lawn',
  'Descale the kettle',
  'Pay the internet bill',
];
const SUBTASKS = ['Gloves', 'Sponge', 'Rinse', 'Dry', 'Put away', 'Check supplies'];
const EXPENSE_TITLES = [
  'Groceries',
  'Electricity bill',
  'Internet',
  'Pizza night',
  'Cleaning supplies',
  'Toilet paper',
  'Gas bill',
  'Movie tickets',
  'Plumber',
  'Taxi home',
  'Water bill',
  'Dish soap',
];
const MESSAGES = [
  'Who finished the milk?',
  'I will be home late tonight',
  'Can someone take the bins out tomorrow morning?',
  'Thanks for cleaning the kitchen!',
  'Pizza tonight?',
  'The landlord is coming by on Thursday to look at the boiler, please keep the hallway clear',
  'Anyone seen my keys?',
  'Paid the electricity bill, added it to expenses',
  'Movie night on Friday, who is in?',
  'ok',
  'Sounds good 👍',
  'Heating is back on',
  'Reminder: recycling goes out on Tuesday evenings, not Wednesday',
  'I bought more dish soap',
  'Can we move the house meeting to Monday?',
];

const STEP_DAYS: Record<Recurrence, number> = { daily: 1, weekly: 7, biweekly: 14, monthly: 30 };
const RUN_LENGTH: Record<Recurrence, number> = { daily: 90, weekly: 104, biweekly: 52, monthly: 24 };

/**
 * Series of chores (a third one-off, the rest daily to monthly), first due from two years ago to
 * a month ahead: past occurrences mostly done (with who, when and the points), the others to do.
 */
export function makeChores(
  random: Random,
  householdId: string,
  members: readonly string[],
  total: number,
  now: number,
): Insertable<ChoresTable>[] {
  const rows: Insertable<ChoresTable>[] = [];
  while (rows.length < total) {
    const r = random();
    const recurrence: Recurrence | null =
      r < 0.35 ? null : r < 0.45 ? 'daily' : r < 0.8 ? 'weekly' : r < 0.9 ? 'biweekly' : 'monthly';
    const step = recurrence ? STEP_DAYS[recurrence] * DAY : 0;
    const length = recurrence ? 1 + Math.floor(random() * RUN_LENGTH[recurrence]) : 1;
    const anchor = Math.round(now - SPAN + random() * (SPAN + 30 * DAY));
    const title = pick(random, CHORE_TITLES);
    const category = pick(random, CHORE_CATEGORIES);
    const priority = pick(random, PRIORITIES);
    const duration = pick(random, DURATIONS);
    const rotation = recurrence ? pick(random, ROTATIONS) : 'fixed';
    const reminder = pick(random, CHORE_REMINDERS);
    const unassigned = random() < 0.05;
    const first = Math.floor(random() * members.length);
    const createdBy = pickMember(random, members);
    const description = random() < 0.3 ? `${title}: see the house rules` : null;
    const subtaskTexts = random() < 0.4 ? SUBTASKS.slice(0, 1 + Math.floor(random() * 3)) : [];
    let seriesId = '';
    let streak = 0;
    let createdAt = anchor - Math.floor(random() * 3 * DAY);
    for (let k = 0; k < length && rows.length < total; k++) {
      const due = anchor + k * step;
      if (k > 0 && due > now + 14 * DAY) break;
      const id = randomUUID();
      if (k === 0) seriesId = id;
      const assignee = unassigned
        ? null
        : rotation === 'fixed'
          ? members[first]!
          : rotation === 'round_robin'
            ? members[(first + k) % members.length]!
            : pickMember(random, members);
      const done = due <= now && random() < 0.84;
      const carried = streak;
      let completedAt: number | null = null;
      let completedBy: string | null = null;
      let onTime: boolean | null = null;
      let points = 0;
      if (done) {
        const at = Math.round(due - DAY + random() * 3 * DAY);
        completedAt = Math.min(now - 1, Math.max(createdAt + 1, at));
        completedBy = assignee && random() < 0.9 ? assignee : pickMember(random, members);
        onTime = completedAt <= due;
        points = pointsFor({ estimatedDuration: duration, priority }, onTime);
        streak = onTime ? streak + 1 : 0;
      }
      rows.push({
        id,
        household_id: householdId,
        series_id: seriesId,
        occurrence_index: k,
        series_anchor_at: anchor,
        anchor_index: 0,
        title,
        description,
        status: done ? 'done' : random() < 0.25 ? 'doing' : 'todo',
        priority,
        category,
        due_at: due,
        time_zone: 'UTC',
        assigned_to: assignee,
        recurrence,
        rotation,
        reminder,
        estimated_duration: duration,
        subtasks: JSON.stringify(subtaskTexts.map((text) => ({ text, done }))),
        notes: random() < 0.1 ? 'Use the green bucket' : null,
        carried_streak: carried,
        streak,
        completed_at: completedAt,
        completed_by: completedBy,
        on_time: onTime,
        points_awarded: points,
        created_by: createdBy,
        created_at: createdAt,
        updated_at: completedAt ?? createdAt,
      });
      // The next occurrence is written when this one falls due.
      createdAt = Math.min(now - 1, due);
    }
  }
  return rows;
}

/** Expenses over two years, split among everyone (or some); debts older than 45 days mostly settled. */
/** Payments between members over the span, of the sizes shares come in. */
export function makePayments(
  random: Random,
  householdId: string,
  members: readonly string[],
  total: number,
  now: number,
): Insertable<PaymentsTable>[] {
  const payments: Insertable<PaymentsTable>[] = [];
  for (let i = 0; i < total; i++) {
    const createdAt = Math.round(now - random() * SPAN);
    const from = pickMember(random, members);
    const to = pickMember(
      random,
      members.filter((m) => m !== from),
    );
    payments.push({
      id: randomUUID(),
      household_id: householdId,
      from_user: from,
      to_user: to,
      amount_cents: 500 + Math.floor(random() * 20_000),
      date: new Date(createdAt).toISOString().slice(0, 10),
      note: random() < 0.3 ? 'Transfer' : null,
      client_id: null,
      created_by: from,
      created_at: createdAt,
    });
  }
  return payments;
}

export function makeExpenses(
  random: Random,
  householdId: string,
  members: readonly string[],
  total: number,
  now: number,
): { expenses: Insertable<ExpensesTable>[]; splits: Insertable<ExpenseSplitsTable>[] } {
  const expenses: Insertable<ExpensesTable>[] = [];
  const splits: Insertable<ExpenseSplitsTable>[] = [];
  for (let i = 0; i < total; i++) {
    const id = randomUUID();
    const createdAt = Math.round(now - random() * SPAN);
    // Usually entered the day it was spent, sometimes a few days later.
    const spentAt = random() < 0.2 ? createdAt - Math.floor(random() * 4) * DAY : createdAt;
    const category = pick(random, EXPENSE_CATEGORIES);
    const amount =
      category === 'rent'
        ? 60_000 + Math.floor(random() * 90_000)
        : Math.round(Math.exp(Math.log(300) + random() * (Math.log(30_000) - Math.log(300))));
    const paidBy = pickMember(random, members);
    let sharing = [...members];
    if (random() < 0.3) {
      const others = members.filter((m) => m !== paidBy).sort(() => random() - 0.5);
      sharing = [paidBy, ...others.slice(0, 1 + Math.floor(random() * (members.length - 2)))];
    }
    const custom = random() < 0.15;
    const weights = sharing.map(() => (custom ? 0.5 + random() : 1));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const cents = weights.map((w) => Math.floor((amount * w) / weightSum));
    for (let left = amount - cents.reduce((a, b) => a + b, 0), j = 0; left > 0; left--, j++)
      cents[j % cents.length]! += 1;
    expenses.push({
      id,
      household_id: householdId,
      title: pick(random, EXPENSE_TITLES),
      amount_cents: amount,
      category,
      description: random() < 0.2 ? 'From the corner shop' : null,
      notes: null,
      receipt_image_id: null,
      paid_by: paidBy,
      date: new Date(spentAt).toISOString().slice(0, 10),
      split_type: custom ? 'custom' : 'equal',
      is_recurring: false,
      recurring_interval: null,
      recurring_end_date: null,
      next_occurrence_date: null,
      recurrence_source_id: null,
      created_by: paidBy,
      created_at: createdAt,
    });
    sharing.forEach((userId, j) => {
      const own = userId === paidBy;
      const settled = own || random() < (createdAt < now - 45 * DAY ? 0.995 : 0.3);
      splits.push({
        id: randomUUID(),
        expense_id: id,
        household_id: householdId,
        user_id: userId,
        amount_cents: cents[j]!,
        settled,
        settled_at: own
          ? createdAt
          : settled
            ? Math.min(now - 1, createdAt + Math.round(random() * 30 * DAY))
            : null,
      });
    });
  }
  return { expenses, splits };
}

/** Text messages over two years (ids sort by time, as the server writes them), and join notices. */
export function makeMessages(
  random: Random,
  householdId: string,
  members: readonly string[],
  total: number,
  now: number,
): Insertable<MessagesTable>[] {
  const times = Array.from({ length: total }, () => Math.round(now - random() * SPAN)).sort((a, b) => a - b);
  for (let i = 1; i < times.length; i++) if (times[i]! <= times[i - 1]!) times[i] = times[i - 1]! + 1;
  const idAt = (at: number) => `${at.toString(36).padStart(10, '0')}-${randomUUID()}`;
  const rows: Insertable<MessagesTable>[] = members.map((_, m) => {
    const at = now - SPAN - 10 * DAY + m * DAY;
    return {
      id: idAt(at),
      household_id: householdId,
      user_id: null,
      type: 'system',
      content: `Member${m} joined the household`,
      created_at: at,
    };
  });
  for (const at of times) {
    const content =
      random() < 0.1 ? `${pick(random, MESSAGES)} ${pick(random, MESSAGES)}` : pick(random, MESSAGES);
    rows.push({
      id: idAt(at),
      household_id: householdId,
      user_id: pickMember(random, members),
      type: 'text',
      content,
      created_at: at,
    });
  }
  return rows;
}

/** A weekly house meeting for the past year, and one-off events in the past year and next days. */
export function makeEvents(
  random: Random,
  householdId: string,
  members: readonly string[],
  oneOffs: number,
  now: number,
): Insertable<CalendarEventsTable>[] {
  const midnight = now - (now % DAY);
  const event = (
    title: string,
    start: number,
    recurrence: 'weekly' | null,
  ): Insertable<CalendarEventsTable> => ({
    id: randomUUID(),
    household_id: householdId,
    title,
    description: null,
    notes: null,
    location: random() < 0.5 ? 'Living room' : null,
    start_at: start,
    end_at: start + 3_600_000,
    all_day: false,
    event_type: recurrence ? 'meeting' : pick(random, ['social', 'appointment', 'task', 'birthday'] as const),
    color: '#3B82F6',
    recurrence,
    reminder: '1hour',
    attendees: JSON.stringify(members),
    exceptions: '[]',
    time_zone: 'UTC',
    created_by: members[0]!,
    created_at: Math.min(now - 1, start - 7 * DAY),
    updated_at: Math.min(now - 1, start - 7 * DAY),
  });
  const rows = [event('House meeting', midnight - 364 * DAY + 18 * 3_600_000, 'weekly')];
  for (let i = 0; i < oneOffs; i++) {
    // Two of every three in the past year, the others within the next week.
    const start = i % 3 === 2 ? now + Math.round(random() * 6 * DAY) : now - Math.round(random() * 365 * DAY);
    rows.push(event(pick(random, ['Dinner party', 'Boiler check', 'Birthday', 'Deep clean']), start, null));
  }
  return rows;
}

/** What the measured household's answers must say, from the rows written. */
interface Expected {
  householdId: string;
  chores: { due: number; done: boolean; completedAt: number | null }[];
  messageTimes: number[];
  expenses: { date: string; cents: number }[];
}

// ---------------------------------------------------------------------------------------------
// Checks

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Dashboard benchmark: wrong answer: ${what}`);
}

function checkDashboard(data: DashboardData, period: string, expected: Expected, members: number): void {
  check(data.period === period, `period ${data.period}`);
  const from = data.from === null ? null : Date.parse(data.from);
  const now = Date.parse(data.to);
  const fromDay = from === null ? null : new Date(from).toISOString().slice(0, 10);
  const inWindow = (at: number | null) => at !== null && (from === null || at >= from);
  const done = expected.chores.filter((c) => c.done && inWindow(c.completedAt)).length;
  const counted = expected.chores.filter(
    (c) => (c.due < now && (from === null || c.due >= from)) || (c.done && inWindow(c.completedAt)),
  );
  const expenses = expected.expenses.filter((e) => fromDay === null || e.date >= fromDay);
  const messages = expected.messageTimes.filter((at) => inWindow(at)).length;
  const label = `period=${period}`;
  check(data.chores.done === done && done > 0, `${label} chores.done ${data.chores.done}, expected ${done}`);
  check(data.chores.counted === counted.length, `${label} chores.counted ${data.chores.counted}`);
  check(
    data.chores.completed === counted.filter((c) => c.done).length,
    `${label} chores.completed ${data.chores.completed}`,
  );
  check(
    data.messages.count === messages,
    `${label} messages.count ${data.messages.count}, expected ${messages}`,
  );
  check(data.expenses.count === expenses.length, `${label} expenses.count ${data.expenses.count}`);
  check(
    data.expenses.totalCents === expenses.reduce((sum, e) => sum + e.cents, 0),
    `${label} expenses.totalCents ${data.expenses.totalCents}`,
  );
  check(data.members.length === members, `${label} ${data.members.length} members`);
  check(
    data.members.reduce((sum, m) => sum + m.messages, 0) === messages,
    `${label} members' messages do not add up`,
  );
  check(data.topPerformer !== null, `${label} no top performer`);
  check(data.recentActivity.length === 8, `${label} ${data.recentActivity.length} recent activity items`);
  check(data.upcomingEvents.length > 0, `${label} no upcoming event (the weekly meeting is one)`);
  check(data.tasksCompletedLast7Days > 0, `${label} tasksCompletedLast7Days ${data.tasksCompletedLast7Days}`);
  const charted = data.chart.buckets.reduce((sum, b) => sum + b.count, 0);
  check(charted === done, `${label} chart holds ${charted} chores, expected ${done}`);
  check(
    data.chart.unit === (period === 'all' ? 'month' : 'day') && data.chart.buckets.length >= 7,
    `${label} chart of ${data.chart.buckets.length} ${data.chart.unit}s`,
  );
}

function checkHome(data: HomeData, expected: Expected, members: number): void {
  check(data.household.id === expected.householdId, 'home: household');
  check(data.chores.total === expected.chores.length, `home: chores.total ${data.chores.total}`);
  check(
    data.chores.active === expected.chores.filter((c) => !c.done).length,
    `home: chores.active ${data.chores.active}`,
  );
  check(data.messages.latest.length === 3 && data.messages.unread > 0, 'home: latest messages');
  check(data.dashboard.members.length === members, 'home: members');
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One GET on the keep-alive agent, timed from sending to the answer's last byte. */
function get(agent: http.Agent, url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { cookie, accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    request.on('error', reject);
  });
}

async function timed(
  server: RunningServer,
  agent: http.Agent,
  path: string,
  cookie: string,
  warmup: number,
  count: number,
  verify: (body: unknown) => void,
): Promise<Timing> {
  const ms: number[] = [];
  let cpuBefore = server.cpuMs();
  for (let i = 0; i < warmup + count; i++) {
    if (i === warmup) cpuBefore = server.cpuMs();
    const answer = await get(agent, `${server.url}${path}`, cookie);
    check(answer.status === 200, `${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    verify(JSON.parse(answer.body));
    if (i >= warmup) ms.push(answer.ms);
  }
  return {
    requests: count,
    medianMs: percentile(ms, 50),
    p90Ms: percentile(ms, 90),
    p99Ms: percentile(ms, 99),
    minMs: Math.min(...ms),
    maxMs: Math.max(...ms),
    serverCpuMsPerRequest: (server.cpuMs() - cpuBefore) / count,
  };
}

export const byCreation = <T extends { created_at: number }>(rows: T[]) =>
  rows.sort((a, b) => a.created_at - b.created_at);

export async function runDashboardBench(
  options: DashboardBenchOptions = DASHBOARD_DEFAULTS,
): Promise<DashboardResult> {
  const loadStart = os.loadavg();
  const seedStarted = performance.now();
  const dataDir = tempDataDir();
  const users = await seedHouseholds(dataDir, 1 + options.otherHouseholds, options.members);
  const now = Date.now();
  const random = randomFrom(20261121);

  // Every household's rows, interleaved in time as they would have been written.
  const chores: Insertable<ChoresTable>[] = [];
  const expenses: Insertable<ExpensesTable>[] = [];
  const splits: Insertable<ExpenseSplitsTable>[] = [];
  const messages: Insertable<MessagesTable>[] = [];
  const events: Insertable<CalendarEventsTable>[] = [];
  let expected: Expected | null = null;
  for (let h = 0; h <= options.otherHouseholds; h++) {
    const members = users.slice(h * options.members, (h + 1) * options.members).map((u) => u.id);
    const householdId = users[h * options.members]!.householdId;
    const share = h === 0 ? 1 : options.otherShare;
    const c = makeChores(random, householdId, members, Math.round(options.chores * share), now);
    const e = makeExpenses(random, householdId, members, Math.round(options.expenses * share), now);
    const m = makeMessages(random, householdId, members, Math.round(options.messages * share), now);
    const ev = makeEvents(random, householdId, members, h === 0 ? 12 : 4, now);
    if (h === 0) {
      expected = {
        householdId,
        chores: c.map((r) => ({
          due: r.due_at,
          done: r.status === 'done',
          completedAt: r.completed_at ?? null,
        })),
        messageTimes: m.filter((r) => r.type === 'text').map((r) => r.created_at),
        expenses: e.expenses.map((r) => ({ date: r.date, cents: r.amount_cents })),
      };
    }
    chores.push(...c);
    expenses.push(...e.expenses);
    splits.push(...e.splits);
    messages.push(...m);
    events.push(...ev);
  }
  const expenseAt = new Map(expenses.map((e) => [e.id, e.created_at]));

  const database = await openMigratedDatabase({ engine: 'sqlite', file: path.join(dataDir, 'hearth.db') });
  try {
    await database.db.transaction().execute(async (trx) => {
      // Everyone has lived there since before the history starts, and read the chat until yesterday.
      const before = SPAN + 30 * DAY;
      await trx
        .updateTable('households')
        .set({ created_at: sql`created_at - ${before}` })
        .execute();
      await trx
        .updateTable('users')
        .set({ created_at: sql`created_at - ${before}` })
        .execute();
      await trx
        .updateTable('household_members')
        .set({ joined_at: sql`joined_at - ${before}`, last_read_at: now - DAY })
        .execute();
      await insertInBatches(trx, 'chores', byCreation(chores));
      await insertInBatches(trx, 'expenses', byCreation(expenses));
      await insertInBatches(
        trx,
        'expense_splits',
        splits.sort((a, b) => expenseAt.get(a.expense_id)! - expenseAt.get(b.expense_id)!),
      );
      await insertInBatches(trx, 'messages', byCreation(messages));
      await insertInBatches(trx, 'calendar_events', byCreation(events));
    });
  } finally {
    await database.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const seeded = expected!;
  const member = users[1]!; // a member, not the admin
  const others = (rows: { household_id: string }[]) =>
    rows.filter((r) => r.household_id !== seeded.householdId).length;
  const otherRows = others(chores) + others(expenses) + others(splits) + others(messages) + others(events);
  const server = await startServer(dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const dashboardCheck = (period: string) => (body: unknown) =>
      checkDashboard(body as DashboardData, period, seeded, options.members);
    const homeCheck = (body: unknown) => checkHome(body as HomeData, seeded, options.members);
    const run = (path: string, warmup: number, count: number, verify: (body: unknown) => void) =>
      timed(server, agent, path, member.cookie, warmup, count, verify);
    // Warm-up (JIT, statement cache, page cache) on every endpoint measured, not counted.
    await run('/api/dashboard?period=week', 5, 0, dashboardCheck('week'));
    await run('/api/dashboard?period=month', 5, 0, dashboardCheck('month'));
    await run('/api/home', 5, 0, homeCheck);
    const loadTiming = os.loadavg();
    const all = await run(
      '/api/dashboard?period=all',
      options.warmup,
      options.requests,
      dashboardCheck('all'),
    );
    const week = await run('/api/dashboard?period=week', 10, options.requests, dashboardCheck('week'));
    const month = await run('/api/dashboard?period=month', 10, options.requests, dashboardCheck('month'));
    const home = await run('/api/home', 10, options.requests, homeCheck);
    return {
      members: options.members,
      chores: seeded.chores.length,
      choresDone: seeded.chores.filter((c) => c.done).length,
      expenses: options.expenses,
      expenseSplits: splits.filter((s) => s.household_id === seeded.householdId).length,
      messages: seeded.messageTimes.length,
      calendarEvents: events.filter((e) => e.household_id === seeded.householdId).length,
      otherHouseholds: options.otherHouseholds,
      otherRows,
      seedSeconds,
      all,
      week,
      month,
      home,
      loadAverage: { start: loadStart, timing: loadTiming, end: os.loadavg() },
      dataDir: options.keepData ? dataDir : null,
    };
  } finally {
    agent.destroy();
    await server.stop();
    if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { RECURRING_SWEEP_LIMITS, runDueRecurringExpenses } from '#server/features/expenses/queries.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { type Client, createTestApp, signUp, type TestApp, testConfig } from './helpers.ts';

// Recurring series created far in the past catch up over several bounded sweeps
// (docs/decisions/0020-recurring-sweep-bounds.md) while the server goes on answering.

const NOW = Date.parse('2026-03-11T12:00:00.000Z');
const TODAY = '2026-03-11';
const PER_SERIES = RECURRING_SWEEP_LIMITS.copiesPerSeries;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterEach(async () => {
  await t.close();
});

async function household(app: FastifyInstance = t.app) {
  const ann = await signUp(app, { firstName: 'Ann', lastName: 'Archer' });
  const ben = await signUp(app, { firstName: 'Ben', lastName: 'Baker' });
  const created = await ann.client.post('/api/households', { name: "Ann's place" });
  expect(created.statusCode).toBe(201);
  const { id, inviteCode } = created.json() as { id: string; inviteCode: string };
  expect((await ben.client.post('/api/households/join', { inviteCode })).statusCode).toBe(200);
  return { id, ann, ben };
}

async function addRecurring(
  payer: { client: Client; user: { id: string } },
  others: { user: { id: string } }[],
  expense: { title: string; date: string; recurringInterval: string; recurringEndDate?: string },
): Promise<ExpenseView> {
  const response = await payer.client.post('/api/expenses', {
    expense: {
      amount: '30.00',
      category: 'utilities',
      description: '',
      splitType: 'equal',
      paidBy: payer.user.id,
      isRecurring: true,
      ...expense,
    },
    splits: [payer, ...others].map((m) => ({ userId: m.user.id, amount: '0.00' })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every expense of the household, page by page. */
async function allExpenses(client: Client): Promise<ExpenseView[]> {
  const all: ExpenseView[] = [];
  for (;;) {
    const last = all.at(-1);
    const response = await client.get(`/api/expenses${last ? `?before=${last.id}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as ExpenseView[];
    all.push(...page);
    if (page.length < 200) return all;
  }
}

const datesOf = (expenses: ExpenseView[], title: string) =>
  expenses
    .filter((e) => e.title === title)
    .map((e) => e.date)
    .sort();

/** Weekly dates after `first`, up to `last`. */
function weeklyAfter(first: string, last: string): string[] {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const dates: string[] = [];
  for (let k = 1; ; k++) {
    const date = new Date(Date.UTC(y, m - 1, d + 7 * k)).toISOString().slice(0, 10);
    if (date > last) return dates;
    dates.push(date);
  }
}

/** The last day of each month from (year, month) to (toYear, toMonth), months counted from 1. */
function monthEnds(year: number, month: number, toYear: number, toMonth: number): string[] {
  const dates: string[] = [];
  for (let i = year * 12 + month - 1; i <= toYear * 12 + toMonth - 1; i++) {
    dates.push(new Date(Date.UTC(Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10));
  }
  return dates;
}

describe('the recurring expense sweep', () => {
  it(`makes at most ${PER_SERIES} copies of a series per sweep, and later sweeps catch up each date once, in order, to the end date`, async () => {
    const { id, ann, ben } = await household();
    const gym = await addRecurring(ann, [ben], {
      title: 'Gym',
      date: '2000-01-01',
      recurringInterval: 'weekly',
      recurringEndDate: '2002-06-30',
    });
    const rent = await addRecurring(ann, [ben], {
      title: 'Rent',
      date: '2000-01-31',
      recurringInterval: 'monthly',
      recurringEndDate: '2001-12-31',
    });
    // Each sweep stamps its copies with its own time, so the list shows which sweep made which.
    let sweeps = 0;
    const sweep = async () => {
      sweeps += 1;
      const made = await runDueRecurringExpenses(t.database.db, TODAY, NOW + sweeps * 1000);
      return made.filter((c) => c.householdId === id);
    };

    expect(await sweep()).toHaveLength(2 * PER_SERIES);
    // Two instances sweeping at once, until nothing is due.
    for (let round = 0; ; round++) {
      expect(round).toBeLessThan(20);
      const runs = await Promise.all([sweep(), sweep()]);
      for (const run of runs) expect(run.length).toBeLessThanOrEqual(2 * PER_SERIES);
      if (runs.every((run) => run.length === 0)) break;
    }

    const expenses = await allExpenses(ann.client);
    expect(datesOf(expenses, 'Gym')).toEqual(['2000-01-01', ...weeklyAfter('2000-01-01', '2002-06-30')]);
    // Anchored on the 31st: each month's last day, Feb 29 in 2000.
    expect(datesOf(expenses, 'Rent')).toEqual(['2000-01-31', ...monthEnds(2000, 2, 2001, 12)]);
    expect(datesOf(expenses, 'Rent')).toContain('2000-02-29');
    for (const source of [gym, rent]) {
      expect(expenses.find((e) => e.id === source.id)!.nextOccurrenceDate).toBeNull();
      // Each sweep made at most 12 copies of the series, consecutive dates from where it stood;
      // the first sweep the first 12.
      const stamps = expenses
        .filter((e) => e.title === source.title && e.id !== source.id)
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((e) => e.createdAt);
      const runs = stamps.filter((stamp, i) => stamp !== stamps[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      for (const stamp of runs) {
        expect(stamps.filter((s) => s === stamp).length).toBeLessThanOrEqual(PER_SERIES);
      }
      const first = new Date(NOW + 1000).toISOString();
      expect(stamps.slice(0, PER_SERIES)).toEqual(Array(PER_SERIES).fill(first));
      expect(stamps.slice(PER_SERIES)).not.toContain(first);
    }
  });

  it('still makes the three missed copies of a monthly series started three months ago in one sweep', async () => {
    const { id, ann, ben } = await household();
    const rent = await addRecurring(ann, [ben], {
      title: 'Rent',
      date: '2025-12-11',
      recurringInterval: 'monthly',
    });
    expect(rent.nextOccurrenceDate).toBe('2026-01-11');
    const made = await runDueRecurringExpenses(t.database.db, TODAY, NOW);
    expect(made.filter((c) => c.householdId === id)).toHaveLength(3);
    const expenses = await allExpenses(ann.client);
    expect(datesOf(expenses, 'Rent')).toEqual(['2025-12-11', '2026-01-11', '2026-02-11', '2026-03-11']);
    expect(expenses.find((e) => e.id === rent.id)!.nextOccurrenceDate).toBe('2026-04-11');
  });

  it('takes at most its number of series per sweep, those furthest behind first', async () => {
    const { id, ann, ben } = await household();
    for (const [title, date] of [
      ['Water', '2026-02-10'],
      ['Power', '2025-12-01'],
      ['Phone', '2026-01-05'],
    ] as const) {
      await addRecurring(ann, [ben], { title, date, recurringInterval: 'monthly' });
    }
    const sweep = async (at: number) => {
      const made = await runDueRecurringExpenses(t.database.db, TODAY, at, {
        ...RECURRING_SWEEP_LIMITS,
        seriesPerSweep: 2,
      });
      return made.filter((c) => c.householdId === id);
    };
    expect(await sweep(NOW + 1000)).toHaveLength(3 + 2);
    expect(await sweep(NOW + 2000)).toHaveLength(1);
    expect(await sweep(NOW + 3000)).toEqual([]);
    const expenses = await allExpenses(ann.client);
    // The copies' times; the series themselves were created at NOW.
    const madeAt = (title: string) =>
      expenses
        .filter((e) => e.title === title && e.createdAt !== new Date(NOW).toISOString())
        .map((e) => e.createdAt);
    expect(madeAt('Power')).toEqual(Array(3).fill(new Date(NOW + 1000).toISOString()));
    expect(madeAt('Phone')).toEqual(Array(2).fill(new Date(NOW + 1000).toISOString()));
    expect(madeAt('Water')).toEqual([new Date(NOW + 2000).toISOString()]);
  });

  it('keeps answering requests while a starting instance sweeps many series far behind', async () => {
    const { ann, ben } = await household();
    const titles = Array.from({ length: 40 }, (_, i) => `Series ${i + 1}`);
    for (const title of titles) {
      await addRecurring(ann, [ben], {
        title,
        date: '2000-01-01',
        recurringInterval: 'weekly',
        recurringEndDate: '2001-12-31',
      });
    }

    // One process, one event loop: while the new instance sweeps, the first one answers.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The monitor samples from its first turn of the loop on.
    await sleep(20);
    // A health check every few milliseconds; the longest round is the longest any caller waited.
    let rounds = 0;
    let longest = 0;
    let last = performance.now();
    const sweeper = await buildApp(testConfig(), {
      database: t.database,
      sweepIntervalMs: 3_600_000,
      now: () => NOW,
    });
    // Closing waits for the sweep under way.
    let swept = false;
    const closed = sweeper.close().then(() => {
      swept = true;
    });
    do {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      await sleep(5);
      const at = performance.now();
      longest = Math.max(longest, at - last);
      last = at;
      rounds += 1;
    } while (!swept);
    await closed;
    delay.disable();

    expect(rounds).toBeGreaterThan(1);
    expect(longest).toBeLessThan(1000);
    expect(delay.max / 1e6).toBeLessThan(200);
    const expenses = await allExpenses(ann.client);
    for (const title of titles) expect(datesOf(expenses, title)).toHaveLength(1 + PER_SERIES);
  });
});

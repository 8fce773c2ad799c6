import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import type { PriorityChore, UpcomingEvent } from './api.ts';
import {
  chartBuckets,
  completionLabel,
  cutTitle,
  daysUntilRent,
  netLabel,
  percent,
  periodStart,
  type RecommendationInput,
  rankMembers,
  recommendation,
  startOfDayIn,
  topPerformer,
} from './rules.ts';

describe('completionLabel', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79, 'Good'],
    [50, 'Good'],
    [49, 'Needs Work'],
    [0, 'Needs Work'],
  ])('%i %% → %s', (rate, label) => {
    expect(completionLabel(rate)).toBe(label);
  });

  it('rounds a rate to whole percent, and has none when nothing was due', () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 4)).toBe(0);
    expect(percent(0, 0)).toBeNull();
  });
});

describe('netLabel', () => {
  it('says who owes whom', () => {
    expect(netLabel(1250)).toBe('Owed to you');
    expect(netLabel(-1)).toBe('You owe');
    expect(netLabel(0)).toBe('All settled');
  });
});

describe('cutTitle', () => {
  it('keeps 50 characters and marks the cut', () => {
    expect(cutTitle('short')).toBe('short');
    expect(cutTitle('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cutTitle('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`);
  });

  it('counts characters, not UTF-16 units, and folds line breaks', () => {
    expect(cutTitle(`${'🙂'.repeat(50)}!`)).toBe(`${'🙂'.repeat(50)}…`);
    expect(cutTitle('milk\n\n and  eggs')).toBe('milk and eggs');
  });
});

const user = (firstName: string) => ({
  id: firstName,
  firstName,
  lastName: 'Example',
  email: `${firstName.toLowerCase()}@example.com`,
  profileColor: 'blue' as const,
  profileImageUrl: null,
});

describe('ranking', () => {
  it('orders by chore points, then chores done, then name', () => {
    const members = [
      { user: user('Cleo'), points: 5, choresDone: 1 },
      { user: user('Bea'), points: 5, choresDone: 3 },
      { user: user('Ada'), points: 5, choresDone: 3 },
      { user: user('Dan'), points: 9, choresDone: 0 },
    ];
    expect(rankMembers(members).map((m) => m.user.firstName)).toEqual(['Dan', 'Ada', 'Bea', 'Cleo']);
    expect(topPerformer(members)?.user.firstName).toBe('Dan');
  });

  it('never lets messages and expenses outrank chore points', () => {
    // Ada chats and pays a lot; Ben earned more points: the points decide, as the bars show them.
    const ada = { user: user('Ada'), points: 2, choresDone: 1, messages: 40, expensesPaid: 9, score: 50 };
    const ben = { user: user('Ben'), points: 6, choresDone: 1, messages: 0, expensesPaid: 0, score: 1 };
    expect(topPerformer([ada, ben])?.user.firstName).toBe('Ben');
    expect(rankMembers([ada, ben]).map((m) => m.user.firstName)).toEqual(['Ben', 'Ada']);
  });

  it('has no top performer until someone earns a point', () => {
    expect(topPerformer([{ user: user('Ada'), points: 0, choresDone: 0, score: 12 }])).toBeNull();
    expect(topPerformer([])).toBeNull();
  });
});

const DAY = 86_400_000;

describe('periods and chart buckets', () => {
  // 2026-11-21 15:00 UTC = 2026-11-21 07:00 in Los Angeles, 2026-11-22 04:00 in Auckland.
  const now = Date.UTC(2026, 10, 21, 15, 0);

  it('starts a week at local midnight six days before today', () => {
    expect(periodStart('week', now, 'UTC')).toBe(Date.UTC(2026, 10, 15));
    expect(periodStart('week', now, 'Pacific/Auckland')).toBe(startOfDayIn('2026-11-16', 'Pacific/Auckland'));
    expect(periodStart('month', now, 'America/Los_Angeles')).toBe(Date.UTC(2026, 9, 23, 7));
    expect(periodStart('all', now, 'UTC')).toBeNull();
  });

  it('finds local midnight across a daylight-saving change', () => {
    expect(startOfDayIn('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(startOfDayIn('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
  });

  it("gives the zone's date arithmetic for midnight, also where clocks change at midnight (property)", () => {
    fc.assert(
      fc.property(
        // Midnight skipped or shown twice on some days in Sao Paulo (until 2019), Havana, Beirut.
        fc.constantFrom(
          'UTC',
          'America/New_York',
          'Europe/Berlin',
          'Australia/Lord_Howe',
          'Asia/Kolkata',
          'America/Sao_Paulo',
          'America/Havana',
          'Asia/Beirut',
          'Pacific/Apia',
        ),
        fc.integer({ min: Date.UTC(1990, 0, 1) / DAY, max: Date.UTC(2040, 0, 1) / DAY }),
        (timeZone, day) => {
          const first = new Date(day * DAY);
          for (let i = 0; i < 40; i++) {
            const date = new Date(first.getTime() + i * DAY);
            const key = date.toISOString().slice(0, 10);
            expect(startOfDayIn(key, timeZone)).toBe(
              new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), timeZone).getTime(),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('buckets by day up to 31 days, by month beyond', () => {
    const week = chartBuckets(periodStart('week', now, 'UTC'), now, 'UTC');
    expect(week.unit).toBe('day');
    expect(week.keys).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(week.starts[0]).toBe(Date.UTC(2026, 10, 15));

    const long = chartBuckets(Date.UTC(2026, 7, 30, 12), now, 'UTC');
    expect(long.unit).toBe('month');
    expect(long.keys).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    expect(long.starts[1]).toBe(Date.UTC(2026, 8, 1));

    expect(chartBuckets(null, now, 'UTC').keys).toEqual([]);
  });
});

describe('daysUntilRent', () => {
  it('counts to this month’s due day, or next month’s once it has passed, clamped to the month', () => {
    expect(daysUntilRent(25, new Date(2026, 10, 21, 18))).toBe(4);
    expect(daysUntilRent(21, new Date(2026, 10, 21, 18))).toBe(0);
    expect(daysUntilRent(1, new Date(2026, 10, 29))).toBe(2);
    expect(daysUntilRent(31, new Date(2027, 1, 27))).toBe(1);
  });
});

describe('recommendation (Today’s Priority)', () => {
  const now = new Date(2026, 10, 21, 9, 0);
  const chore = (title: string, due: Date): PriorityChore => ({
    id: title,
    title,
    dueDate: due.toISOString(),
    priority: 'medium',
    status: 'todo',
    assignedTo: 'ada',
  });
  const event = (title: string, start: Date, allDay = false): UpcomingEvent => ({
    id: title,
    title,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    allDay,
    color: '#3B82F6',
    location: null,
  });
  const en = (input: RecommendationInput) =>
    recommendation(input, (id, values) => translate('en', id, values));
  const de = (input: RecommendationInput) =>
    recommendation(input, (id, values) => translate('de', id, values), 'de-DE');
  const base: RecommendationInput = {
    now,
    userId: 'ada',
    priorityChores: [],
    todayEvents: [],
    todayEventCount: 0,
    owingCents: 0,
    rent: { amountCents: null, dueDay: null },
  };

  it('puts an overdue chore first', () => {
    expect(
      en({
        ...base,
        priorityChores: [
          chore('Dishes', new Date(2026, 10, 21, 20)),
          chore('Bins', new Date(2026, 10, 19, 23, 59)),
        ],
        todayEvents: [event('Meeting', new Date(2026, 10, 21, 10))],
        todayEventCount: 1,
        owingCents: 500,
      }),
    ).toBe('“Bins” is 2 days overdue: take care of it first.');
    expect(en({ ...base, priorityChores: [chore('Bins', new Date(2026, 10, 20, 23, 59))] })).toBe(
      '“Bins” is overdue since yesterday: take care of it first.',
    );
  });

  it('then an event starting within two hours', () => {
    expect(
      en({
        ...base,
        priorityChores: [chore('Dishes', new Date(2026, 10, 21, 20))],
        todayEvents: [event('House meeting', new Date(2026, 10, 21, 10, 30))],
        todayEventCount: 1,
      }),
    ).toBe('“House meeting” starts at 10:30 AM.');
  });

  it('then a chore due today or tomorrow', () => {
    expect(en({ ...base, priorityChores: [chore('Dishes', new Date(2026, 10, 22, 12))] })).toBe(
      '“Dishes” is due tomorrow: a quick win to start with.',
    );
  });

  it('then rent due within three days, then money owed', () => {
    const rent = { amountCents: 120_000, dueDay: 23 };
    expect(en({ ...base, rent, owingCents: 500 })).toBe('Rent of $1,200.00 is due in 2 days.');
    expect(en({ ...base, rent: { amountCents: null, dueDay: 21 } })).toBe('Rent is due today.');
    expect(en({ ...base, rent: { amountCents: 1, dueDay: 28 }, owingCents: 2550 })).toBe(
      'You owe $25.50: settle up when you can.',
    );
  });

  it('then today’s events, then the next chore, else all clear', () => {
    expect(
      en({
        ...base,
        todayEvents: [
          event('Dinner', new Date(2026, 10, 21, 19)),
          event('Movie', new Date(2026, 10, 21, 21)),
        ],
        todayEventCount: 2,
      }),
    ).toBe('2 events today, starting with “Dinner”.');
    expect(
      en({ ...base, todayEvents: [event('Birthday', new Date(2026, 10, 21), true)], todayEventCount: 1 }),
    ).toBe('One event today, starting with “Birthday”.');
    // The home lists three of today's events; the sentence counts all of them.
    const evening = [19, 20, 21].map((hour) => event(`Event ${hour}`, new Date(2026, 10, 21, hour)));
    expect(en({ ...base, todayEvents: evening, todayEventCount: 5 })).toBe(
      '5 events today, starting with “Event 19”.',
    );
    expect(en({ ...base, priorityChores: [chore('Windows', new Date(2026, 10, 25, 23, 59))] })).toBe(
      'Next up: “Windows”, due in 4 days.',
    );
    expect(en({ ...base, priorityChores: [chore('Attic', new Date(2026, 11, 20, 23, 59))] })).toBe(
      'Next up: “Attic”, due on Dec 20.',
    );
    expect(en(base)).toBe('All caught up. Enjoy your day!');
  });

  it('writes German', () => {
    expect(de({ ...base, priorityChores: [chore('Bins', new Date(2026, 10, 19, 23, 59))] })).toBe(
      '„Bins“ ist seit 2 Tagen überfällig: kümmere dich zuerst darum.',
    );
    expect(
      de({ ...base, todayEvents: [event('Treffen', new Date(2026, 10, 21, 10, 30))], todayEventCount: 1 }),
    ).toBe('„Treffen“ beginnt um 10:30.');
    expect(de({ ...base, rent: { amountCents: null, dueDay: 22 } })).toBe('Die Miete ist morgen fällig.');
    expect(de({ ...base, priorityChores: [chore('Attic', new Date(2026, 11, 20, 23, 59))] })).toBe(
      'Als Nächstes: „Attic“ (fällig am 20. Dez.).',
    );
    expect(de(base)).toBe('Alles erledigt. Genieß deinen Tag!');
  });
});

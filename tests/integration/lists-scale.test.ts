// Lists that scale (issue 29): the filters and counts of GET /api/expenses and GET /api/chores,
// and GET /api/search across expenses, chores and events, on a household of some size.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertMany } from '#server/db/dialect.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { SEARCH_RESULTS_PER_KIND, SEARCH_TEXT_MAX } from '#shared/search/rules.ts';
import { type ChoreView, createChore, listChores, patchChore } from './chores-setup.ts';
import { addExpense, list, type Person, settle, setUpExpensesApp, splitOf } from './expenses-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

const t = setUpExpensesApp();
const { householdWith, rowCounts } = t;

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const get = async <T>(by: Person, url: string): Promise<T> => {
  const response = await by.client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};
const counts = (by: Person, query = '') =>
  get<{ all: number; unsettled: number; settled: number }>(by, `/api/expenses/counts${query}`);
const choreCounts = (by: Person, query = '') =>
  get<{ open: number; mine: number; done: number }>(by, `/api/chores/counts${query}`);

/** Every page of a filtered list, following `before` until a short page. */
async function allPages(by: Person, query: string): Promise<ExpenseView[]> {
  const pages: ExpenseView[] = [];
  let before = '';
  for (;;) {
    const page = await list(by, `?${query}${before ? `&before=${before}` : ''}`);
    pages.push(...page);
    if (page.length < 200) return pages;
    before = page.at(-1)!.id;
  }
}

/** An expenses row with no notes, receipt or repetition: the parts these tests vary, given. */
const expenseRow = (row: {
  id: string;
  household_id: string;
  title: string;
  amount_cents: number;
  category: string;
  paid_by: string | null;
  date: string;
  split_type: 'equal' | 'custom';
  created_by: string;
  created_at: number;
}) => ({
  ...row,
  description: null,
  notes: null,
  receipt_image_id: null,
  is_recurring: false,
  recurring_interval: null,
  recurring_end_date: null,
  next_occurrence_date: null,
  recurrence_source_id: null,
  recurrence_count: 0,
});

/**
 * Writes `count` expenses paid by `payer` and shared equally with `sharers` straight into the
 * database (an API call each would take long): `shape(i)` gives each one's title, category,
 * date and whether the others' shares are settled.
 */
async function seedExpenses(
  householdId: string,
  payer: Person,
  sharers: Person[],
  count: number,
  shape: (i: number) => { title: string; category: string; date: string; settled: boolean },
) {
  const expenses = [];
  const splits = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const { title, category, date, settled } = shape(i);
    expenses.push(
      expenseRow({
        id,
        household_id: householdId,
        title,
        amount_cents: 1000 * sharers.length,
        category,
        paid_by: payer.user.id,
        date,
        split_type: 'equal',
        created_by: payer.user.id,
        created_at: t.clock + i,
      }),
    );
    for (const sharer of sharers) {
      const own = sharer === payer;
      splits.push({
        id: randomUUID(),
        expense_id: id,
        household_id: householdId,
        user_id: sharer.user.id,
        amount_cents: 1000,
        settled: own || settled,
        settled_at: own || settled ? t.clock : null,
      });
    }
  }
  await insertMany(t.database.db, 'expenses', expenses);
  await insertMany(t.database.db, 'expense_splits', splits);
}

/** A date `days` after 2025-01-01. */
const day = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString().slice(0, 10);

describe('GET /api/expenses filters', () => {
  async function household() {
    const home = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = home.people as [Person, Person, Person];
    const rent = await addExpense(ann, [ann, ben, cat], {
      title: 'March rent',
      category: 'rent',
      date: '2026-03-01',
    });
    const pizza = await addExpense(ben, [ann, ben], {
      title: 'Pizza night',
      category: 'dining',
      description: 'Pepperoni, 50% off',
      date: '2026-03-05',
      amount: '20.00',
    });
    const doctor = await addExpense(cat, [ben, cat], {
      title: 'Ärzte Rechnung',
      category: 'other',
      notes: 'under_score',
      date: '2026-02-20',
      amount: '20.00',
    });
    const groceries = await addExpense(ann, [ann, cat], { title: 'Groceries', amount: '20.00' });
    return { ann, ben, cat, rent, pizza, doctor, groceries };
  }

  it('q: contains, ignoring case, in the title, category, description or notes; trimmed', async () => {
    const { ann, rent, pizza, doctor, groceries } = await household();
    expect(ids(await list(ann, '?q=RENT'))).toEqual([rent.id]);
    expect(ids(await list(ann, '?q=%20%20pepperoni%20'))).toEqual([pizza.id]);
    expect(ids(await list(ann, '?q=dining'))).toEqual([pizza.id]);
    expect(ids(await list(ann, `?q=${encodeURIComponent('ÄRZTE')}`))).toEqual([doctor.id]);
    expect(ids(await list(ann, `?q=${encodeURIComponent('ärzte')}`))).toEqual([doctor.id]);
    // Blank is no filter at all.
    expect(ids(await list(ann, '?q=%20'))).toEqual(ids(await list(ann)));
    expect(await list(ann, '?q=nothing-like-this')).toEqual([]);
    expect(ids(await list(ann, '?q=groc'))).toEqual([groceries.id]);
  });

  it('q: LIKE wildcards are taken literally', async () => {
    const { ann, pizza, doctor } = await household();
    expect(ids(await list(ann, '?q=50%25'))).toEqual([pizza.id]);
    expect(await list(ann, '?q=%25%25')).toEqual([]);
    expect(ids(await list(ann, '?q=under_score'))).toEqual([doctor.id]);
    expect(await list(ann, '?q=under_sc_re')).toEqual([]);
    expect(await list(ann, '?q=%5C')).toEqual([]);
  });

  it('member: what they paid or have a share in', async () => {
    const { ann, ben, cat, rent, pizza, doctor, groceries } = await household();
    expect(ids(await list(ann, `?member=${ann.user.id}`))).toEqual([groceries.id, pizza.id, rent.id]);
    expect(ids(await list(ann, `?member=${ben.user.id}`))).toEqual([pizza.id, rent.id, doctor.id]);
    expect(ids(await list(ann, `?member=${cat.user.id}`))).toEqual([groceries.id, rent.id, doctor.id]);
    expect(await list(ann, '?member=nobody-at-all')).toEqual([]);
  });

  it('category, and from/to as inclusive days', async () => {
    const { ann, rent, pizza, doctor, groceries } = await household();
    expect(ids(await list(ann, '?category=rent'))).toEqual([rent.id]);
    expect(ids(await list(ann, '?from=2026-03-01'))).toEqual([groceries.id, pizza.id, rent.id]);
    expect(ids(await list(ann, '?to=2026-03-01'))).toEqual([rent.id, doctor.id]);
    expect(ids(await list(ann, '?from=2026-03-05&to=2026-03-05'))).toEqual([pizza.id]);
    expect(ids(await list(ann, '?from=2026-02-21&to=2026-03-04'))).toEqual([rent.id]);
  });

  it('status: the tabs rule (every share but the payer own settled), and filters combined', async () => {
    const { ann, ben, cat, rent, pizza, doctor, groceries } = await household();
    expect((await settle(ann, splitOf(pizza, ann).id)).statusCode).toBe(200);
    const settled = await list(ann, '?status=settled');
    expect(ids(settled)).toEqual([pizza.id]);
    expect(settled.every((e) => e.fullySettled)).toBe(true);
    const unsettled = await list(ann, '?status=unsettled');
    expect(ids(unsettled)).toEqual([groceries.id, rent.id, doctor.id]);
    expect(unsettled.every((e) => !e.fullySettled)).toBe(true);
    expect(ids(await list(ann, `?status=unsettled&member=${ben.user.id}&from=2026-03-01`))).toEqual([
      rent.id,
    ]);
    expect(ids(await list(ann, `?member=${cat.user.id}&category=other&q=rechnung&to=2026-02-28`))).toEqual([
      doctor.id,
    ]);
    expect(await list(ann, `?member=${cat.user.id}&category=dining`)).toEqual([]);
    expect(await counts(ann)).toEqual({ all: 4, unsettled: 3, settled: 1 });
    expect(await counts(ann, `?member=${ben.user.id}`)).toEqual({ all: 3, unsettled: 2, settled: 1 });
    expect(await counts(ann, '?q=pizza&category=dining')).toEqual({ all: 1, unsettled: 0, settled: 1 });
  });
});

describe('the settled rule in SQL', () => {
  it('agrees with fullySettled on nothing owed and on shares of members who are gone', async () => {
    const home = await householdWith(['Joy Jones', 'Kim King']);
    const [joy, kim] = home.people as [Person, Person];
    // [paid by, the other share's member, its cents]: unsettled shares that may still be owed.
    const shapes: [string | null, string | null, number][] = [
      [joy.user.id, kim.user.id, 0], // nothing owed: settled
      [joy.user.id, null, 500], // the member is gone, the payer is not: still owed
      [null, null, 500], // both gone: counted as the payer's own, settled
      [null, kim.user.id, 500], // the payer is gone: still owed
    ];
    const expenses = shapes.map(([paidBy], i) =>
      expenseRow({
        id: randomUUID(),
        household_id: home.household.id,
        title: `Edge ${i}`,
        amount_cents: 1000,
        category: 'other',
        paid_by: paidBy,
        date: day(i),
        split_type: 'custom',
        created_by: joy.user.id,
        created_at: t.clock + i,
      }),
    );
    const splits = shapes.map(([, userId, cents], i) => ({
      id: randomUUID(),
      expense_id: expenses[i]!.id,
      household_id: home.household.id,
      user_id: userId,
      amount_cents: cents,
      settled: false,
      settled_at: null,
    }));
    await insertMany(t.database.db, 'expenses', expenses);
    await insertMany(t.database.db, 'expense_splits', splits);

    const every = await list(joy, '');
    expect(every).toHaveLength(4);
    expect(ids(await list(joy, '?status=settled'))).toEqual(ids(every.filter((e) => e.fullySettled)));
    expect(ids(await list(joy, '?status=unsettled'))).toEqual(ids(every.filter((e) => !e.fullySettled)));
    expect(every.filter((e) => e.fullySettled).map((e) => e.title)).toEqual(['Edge 2', 'Edge 0']);
    expect(await counts(joy)).toEqual({ all: 4, unsettled: 2, settled: 2 });
  });
});

describe('counts and pages past 200 expenses', () => {
  it('counts the whole household in the database, and pages filtered lists through before', async () => {
    const home = await householdWith(['Dee Dunn', 'Eve Ellis']);
    const [dee, eve] = home.people as [Person, Person];
    // 260 expenses over 260 days, every third one rent, every fourth one settled; dates repeat
    // for a few so that pages break ties by creation.
    await seedExpenses(home.household.id, dee, [dee, eve], 260, (i) => ({
      title: `Bill ${i}`,
      category: i % 3 === 0 ? 'rent' : 'groceries',
      date: day(Math.min(i, 250)),
      settled: i % 4 === 0,
    }));
    const settledCount = Math.ceil(260 / 4);
    expect(await counts(dee)).toEqual({ all: 260, unsettled: 260 - settledCount, settled: settledCount });
    const rentCount = Math.ceil(260 / 3);
    const rentSettled = Math.ceil(260 / 12);
    expect(await counts(eve, '?category=rent')).toEqual({
      all: rentCount,
      unsettled: rentCount - rentSettled,
      settled: rentSettled,
    });
    expect(await counts(eve, `?from=${day(100)}&to=${day(199)}`)).toEqual({
      all: 100,
      unsettled: 75,
      settled: 25,
    });

    // Every page of a filtered list: each expense once, newest first, all passing the filter.
    const every = await allPages(dee, '');
    expect(every).toHaveLength(260);
    const unsettled = await allPages(dee, 'status=unsettled');
    expect(unsettled).toHaveLength(260 - settledCount);
    expect(new Set(ids(unsettled)).size).toBe(unsettled.length);
    expect(unsettled.every((e) => !e.fullySettled)).toBe(true);
    expect(ids(unsettled)).toEqual(ids(every.filter((e) => !e.fullySettled)));
    const oldRent = await allPages(dee, `category=rent&to=${day(200)}&q=bill`);
    expect(ids(oldRent)).toEqual(ids(every.filter((e) => e.category === 'rent' && e.date <= day(200))));
    // A cursor that does not pass the filter (settled since, say) still pages on from where it stood.
    const cursor = every.find((e) => e.fullySettled)!;
    const older = every.slice(every.indexOf(cursor) + 1).filter((e) => !e.fullySettled);
    expect(ids(await list(dee, `?status=unsettled&before=${cursor.id}`))).toEqual(ids(older).slice(0, 200));
  });
});

describe('GET /api/chores filters and counts', () => {
  it('filters by assignee and title, and counts open, mine and done for the whole household', async () => {
    const home = await householdWith(['Fay Ford', 'Gus Gray']);
    const [fay, gus] = home.people as [Person, Person];
    const dishes = await createChore(fay, { title: 'Dishes' });
    const bins = await createChore(fay, { title: 'Take out the BINS', assignedTo: gus.user.id });
    const floor = await createChore(gus, { title: 'Mop the floor', assignedTo: gus.user.id });
    const oldDone = await createChore(gus, { title: 'Clean the dish rack', assignedTo: fay.user.id });
    await patchChore(fay, oldDone.id, { status: 'done' });
    await patchChore(gus, floor.id, { status: 'done' });
    const titles = (chores: ChoreView[]) => chores.map((c) => c.title).sort();

    expect(titles(await listChores(fay, `?assignee=${gus.user.id}`))).toEqual([
      'Mop the floor',
      'Take out the BINS',
    ]);
    expect(titles(await listChores(fay, '?q=dish'))).toEqual(['Clean the dish rack', 'Dishes']);
    expect(titles(await listChores(fay, `?q=bins&assignee=${gus.user.id}`))).toEqual(['Take out the BINS']);
    expect(await listChores(fay, `?q=bins&assignee=${fay.user.id}`)).toEqual([]);
    // Unfiltered, the list is as before.
    expect(titles(await listChores(fay))).toEqual(titles([dishes, bins, floor, oldDone]));

    // Done long ago: only the history (status=done) lists it; the counts count it all the same.
    t.clock += 10 * 86_400_000;
    expect(titles(await listChores(fay, '?q=dish'))).toEqual(['Dishes']);
    expect(titles(await listChores(fay, `?status=done&q=rack&assignee=${fay.user.id}`))).toEqual([
      'Clean the dish rack',
    ]);
    expect(await listChores(fay, `?status=done&q=rack&assignee=${gus.user.id}`)).toEqual([]);
    expect(await choreCounts(fay)).toEqual({ open: 2, mine: 1, done: 2 });
    expect(await choreCounts(gus)).toEqual({ open: 2, mine: 1, done: 2 });
    expect(await choreCounts(gus, '?q=dish')).toEqual({ open: 1, mine: 0, done: 1 });
    expect(await choreCounts(fay, `?assignee=${gus.user.id}`)).toEqual({ open: 1, mine: 0, done: 1 });
  });
});

describe('GET /api/search', () => {
  it('finds expenses, chores and events of the household, newest or soonest first', async () => {
    const home = await householdWith(['Hal Hart', 'Ida Irwin']);
    const [hal, ida] = home.people as [Person, Person];
    const older = await addExpense(hal, [hal, ida], {
      title: 'Garden hose',
      date: '2026-01-10',
      amount: '20.00',
    });
    const newer = await addExpense(ida, [hal, ida], {
      title: 'Garden chairs',
      date: '2026-03-02',
      amount: '20.00',
    });
    await addExpense(hal, [hal, ida], { title: 'Unrelated', amount: '20.00' });
    const later = await createChore(hal, { title: 'Water the garden', dueDate: '2026-03-20T18:00:00.000Z' });
    const sooner = await createChore(ida, { title: 'Weed the GARDEN', dueDate: '2026-03-13T18:00:00.000Z' });
    const done = await createChore(ida, { title: 'Garden tools away' });
    await patchChore(ida, done.id, { status: 'done' });
    const party = await hal.client.post('/api/calendar', {
      title: 'Garden party',
      startDate: '2026-04-01T15:00:00.000Z',
    });
    const club = await hal.client.post('/api/calendar', {
      title: 'Club',
      location: 'Community garden',
      startDate: '2026-01-05T18:00:00.000Z',
      timeZone: 'UTC',
      recurrence: 'weekly',
    });
    const past = await hal.client.post('/api/calendar', {
      title: 'Garden centre trip',
      startDate: '2026-02-01T10:00:00.000Z',
    });
    for (const created of [party, club, past]) expect(created.statusCode, created.body).toBe(201);

    const found = await get<{
      expenses: { id: string; title: string; amount: string; date: string; paidBy: string | null }[];
      chores: { id: string; status: string }[];
      events: { id: string; startDate: string; recurrence: string | null }[];
    }>(ida, '/api/search?q=%20garden%20');
    expect(ids(found.expenses)).toEqual([newer.id, older.id]);
    expect(found.expenses[0]).toMatchObject({
      title: 'Garden chairs',
      amount: '20.00',
      date: '2026-03-02',
      paidBy: ida.user.id,
    });
    expect(ids(found.chores)).toEqual([sooner.id, later.id, done.id]);
    // The weekly club's next meeting (Monday the 16th) comes before the party; the past trip last.
    expect(ids(found.events)).toEqual([club.json().id, party.json().id, past.json().id]);
    expect(found.events[0]).toMatchObject({ startDate: '2026-03-16T18:00:00.000Z', recurrence: 'weekly' });
  });

  it(`answers at most ${SEARCH_RESULTS_PER_KIND} of each kind`, async () => {
    const home = await householdWith(['Jo Jones', 'Kim King']);
    const [jo, kim] = home.people as [Person, Person];
    await seedExpenses(home.household.id, jo, [jo, kim], 30, (i) => ({
      title: `Snack ${i}`,
      category: 'groceries',
      date: day(i),
      settled: false,
    }));
    const found = await get<{ expenses: { title: string }[] }>(kim, '/api/search?q=snack');
    expect(found.expenses.map((e) => e.title)).toEqual(
      Array.from({ length: SEARCH_RESULTS_PER_KIND }, (_, i) => `Snack ${29 - i}`),
    );
  });
});

describe('bad input', () => {
  const long = 'x'.repeat(SEARCH_TEXT_MAX + 1);
  const cases: [string, number, string, Record<string, unknown>][] = [
    [`/api/expenses?q=${long}`, 400, 'filter.text_too_long', { field: 'q', max: SEARCH_TEXT_MAX }],
    [`/api/expenses/counts?q=${long}`, 400, 'filter.text_too_long', { field: 'q' }],
    ['/api/expenses?from=yesterday', 400, 'filter.date_invalid', { field: 'from' }],
    ['/api/expenses?to=2026-02-30', 400, 'filter.date_invalid', { field: 'to' }],
    ['/api/expenses/counts?from=2026-03-02&to=2026-03-01', 400, 'filter.dates_reversed', { field: 'to' }],
    ['/api/expenses?from=2026-03-02&to=2026-03-01', 400, 'filter.dates_reversed', { field: 'to' }],
    ['/api/expenses?status=open', 400, 'expense.status_invalid', { field: 'status' }],
    [`/api/chores?q=${long}`, 400, 'filter.text_too_long', { field: 'q' }],
    [`/api/chores/counts?q=${long}`, 400, 'filter.text_too_long', { field: 'q' }],
    ['/api/search', 400, 'search.text_required', { field: 'q' }],
    ['/api/search?q=%20%20', 400, 'search.text_required', { field: 'q' }],
    [`/api/search?q=${long}`, 400, 'filter.text_too_long', { field: 'q' }],
  ];

  it('answers 400 with a code naming the field, and changes nothing', async () => {
    const home = await householdWith(['Lea Lane', 'Max Moss']);
    const [lea, max] = home.people as [Person, Person];
    await addExpense(lea, [lea, max]);
    const before = await rowCounts();
    for (const [url, status, code, params] of cases) {
      const response = await lea.client.get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toMatchObject({ code, params });
      expect(typeof response.json().message).toBe('string');
    }
    // The longest text allowed is fine.
    expect((await lea.client.get(`/api/search?q=${'x'.repeat(SEARCH_TEXT_MAX)}`)).statusCode).toBe(200);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes /api/expenses/counts as the counts, not as an expense id', async () => {
    const home = await householdWith(['Ned Nash']);
    const ned = home.admin;
    expect(await counts(ned)).toEqual({ all: 0, unsettled: 0, settled: 0 });
    expect(await choreCounts(ned)).toEqual({ open: 0, mine: 0, done: 0 });
  });
});

describe('access', () => {
  const reads = [
    '/api/expenses?q=x&status=unsettled',
    '/api/expenses/counts',
    '/api/chores?assignee=x&q=x',
    '/api/chores/counts',
    '/api/search?q=x',
  ];

  it('answers 401 signed out and 404 without a household on every new read', async () => {
    const anonymous = new Client(t.app);
    const loner = await signUp(t.app);
    for (const url of reads) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      const response = await loner.client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('household.none');
    }
  });

  it('shows a member of another household nothing of this one', async () => {
    const home = await householdWith(['Oli Owen', 'Pam Park']);
    const away = await householdWith(['Quin Quill']);
    const [oli, pam] = home.people as [Person, Person];
    const secret = await addExpense(oli, [oli, pam], { title: 'Secret sofa', category: 'rent' });
    const chore = await createChore(oli, { title: 'Secret chore' });
    const ownerView = async () => [await counts(oli), await choreCounts(oli), await list(oli)];
    const secrets = [secret.id, chore.id, oli.user.id, 'Secret'];
    const outsider = away.admin.client;
    const searched = await outsider.get('/api/search?q=secret');
    expect(searched.json()).toEqual({ expenses: [], chores: [], events: [] });
    expect(await counts(away.admin, `?member=${oli.user.id}`)).toEqual({ all: 0, unsettled: 0, settled: 0 });
    expect(await list(away.admin, `?member=${oli.user.id}&q=secret`)).toEqual([]);
    expect(await choreCounts(away.admin, `?assignee=${oli.user.id}`)).toEqual({ open: 0, mine: 0, done: 0 });
    for (const url of reads) {
      const response = await outsider.get(url);
      expect(response.statusCode, url).toBe(200);
      for (const word of secrets) expect(response.body, url).not.toContain(word);
    }
    // A page of this household's expenses cannot be asked for from the outside.
    await expectIsolated({
      outsider,
      call: (c) => c.get(`/api/expenses?before=${secret.id}&q=sofa`),
      ownerView,
      secrets,
    });
  });
});
